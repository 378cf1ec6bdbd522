; Literal structures `!{!"L", i32 N, ...}` as a field, nested in another literal, and behind a pointer.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.lit = type { { i32, i64** }, { i8, { float*, i32 } }, { i32, i64** }* }
; CHECK-NOT: {{.}}

%struct.lit = type { { i32, ptr }, { i8, { ptr, i32 } }, ptr }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.lit zeroinitializer, i32 3, !1, !4, !8}
!1 = !{!"L", i32 2, !2, !3}
!2 = !{i32 0, i32 0}
!3 = !{i64 0, i32 2}
!4 = !{!"L", i32 2, !5, !6}
!5 = !{i8 0, i32 0}
!6 = !{!"L", i32 2, !7, !2}
!7 = !{float 0.000000e+00, i32 1}
!8 = !{!1, i32 1}
