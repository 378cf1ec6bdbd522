; Integer types i1..i128 encoded as `!{iN 0, i32 L}` at pointer levels 0 to 3.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.i1 = type { i1, i1*, i1**, i1*** }
; CHECK-NEXT: %struct.i128 = type { i128, i128*, i128**, i128*** }
; CHECK-NEXT: %struct.i16 = type { i16, i16*, i16**, i16*** }
; CHECK-NEXT: %struct.i32 = type { i32, i32*, i32**, i32*** }
; CHECK-NEXT: %struct.i64 = type { i64, i64*, i64**, i64*** }
; CHECK-NEXT: %struct.i8 = type { i8, i8*, i8**, i8*** }
; CHECK-NOT: {{.}}

%struct.i1 = type { i1, ptr, ptr, ptr }
%struct.i8 = type { i8, ptr, ptr, ptr }
%struct.i16 = type { i16, ptr, ptr, ptr }
%struct.i32 = type { i32, ptr, ptr, ptr }
%struct.i64 = type { i64, ptr, ptr, ptr }
%struct.i128 = type { i128, ptr, ptr, ptr }

!intel.dtrans.types = !{!0, !5, !10, !15, !20, !25}

!0 = !{!"S", %struct.i1 zeroinitializer, i32 4, !1, !2, !3, !4}
!1 = !{i1 false, i32 0}
!2 = !{i1 false, i32 1}
!3 = !{i1 false, i32 2}
!4 = !{i1 false, i32 3}
!5 = !{!"S", %struct.i8 zeroinitializer, i32 4, !6, !7, !8, !9}
!6 = !{i8 0, i32 0}
!7 = !{i8 0, i32 1}
!8 = !{i8 0, i32 2}
!9 = !{i8 0, i32 3}
!10 = !{!"S", %struct.i16 zeroinitializer, i32 4, !11, !12, !13, !14}
!11 = !{i16 0, i32 0}
!12 = !{i16 0, i32 1}
!13 = !{i16 0, i32 2}
!14 = !{i16 0, i32 3}
!15 = !{!"S", %struct.i32 zeroinitializer, i32 4, !16, !17, !18, !19}
!16 = !{i32 0, i32 0}
!17 = !{i32 0, i32 1}
!18 = !{i32 0, i32 2}
!19 = !{i32 0, i32 3}
!20 = !{!"S", %struct.i64 zeroinitializer, i32 4, !21, !22, !23, !24}
!21 = !{i64 0, i32 0}
!22 = !{i64 0, i32 1}
!23 = !{i64 0, i32 2}
!24 = !{i64 0, i32 3}
!25 = !{!"S", %struct.i128 zeroinitializer, i32 4, !26, !27, !28, !29}
!26 = !{i128 0, i32 0}
!27 = !{i128 0, i32 1}
!28 = !{i128 0, i32 2}
!29 = !{i128 0, i32 3}
