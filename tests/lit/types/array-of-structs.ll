; A field that is an array of structures `[4 x %struct.elem]` and an array of pointers to structures `[2 x %struct.elem*]`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.elem = type { i16*, i16 }
; CHECK-NEXT: %struct.table = type { [4 x %struct.elem], [2 x %struct.elem*] }
; CHECK-NOT: {{.}}

%struct.elem = type { ptr, i16 }
%struct.table = type { [4 x %struct.elem], [2 x ptr] }

!intel.dtrans.types = !{!0, !3}

!0 = !{!"S", %struct.elem zeroinitializer, i32 2, !1, !2}
!1 = !{i16 0, i32 1}
!2 = !{i16 0, i32 0}
!3 = !{!"S", %struct.table zeroinitializer, i32 2, !4, !6}
!4 = !{!"A", i32 4, !5}
!5 = !{%struct.elem zeroinitializer, i32 0}
!6 = !{!"A", i32 2, !7}
!7 = !{%struct.elem zeroinitializer, i32 1}
