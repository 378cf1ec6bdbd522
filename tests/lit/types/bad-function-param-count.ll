; A function node whose parameter count (2) disagrees with its parameter operands (1) gives a diagnostic; the type becomes `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.s = type { ?, i32 (i32)* }
; CHECK-NEXT: diagnostic: %struct.s field 0: !2: function node declares 2 parameters but has 1 parameter operands
; CHECK-NOT: {{.}}

%struct.s = type { ptr, ptr }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 2, !1, !4}
!1 = !{!2, i32 1}
!2 = !{!"F", i1 false, i32 2, !3, !3}
!3 = !{i32 0, i32 0}
!4 = !{!5, i32 1}
!5 = !{!"F", i1 false, i32 1, !3, !3}
