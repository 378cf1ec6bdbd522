; Malformed function nodes: too few operands, a vararg flag that is not i1, a negative parameter count; each field becomes `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines

; CHECK: %struct.s = type { ?, ?, ?, i32 ()* }
; CHECK-NEXT: diagnostic: %struct.s field 0: !2: function node needs at least 4 operands, has 3
; CHECK-NEXT: diagnostic: %struct.s field 1: !4: function node's vararg flag is not an i1 constant
; CHECK-NEXT: diagnostic: %struct.s field 2: !7: function node's parameter count is not a non-negative integer constant
; CHECK-NOT: {{.}}

%struct.s = type { ptr, ptr, ptr, ptr }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 4, !1, !3, !6, !8}
!1 = !{!2, i32 1}
!2 = !{!"F", i1 false, i32 0}
!3 = !{!4, i32 1}
!4 = !{!"F", i32 0, i32 0, !5}
!5 = !{i32 0, i32 0}
!6 = !{!7, i32 1}
!7 = !{!"F", i1 false, i32 -1, !5}
!8 = !{!9, i32 1}
!9 = !{!"F", i1 false, i32 0, !5}
