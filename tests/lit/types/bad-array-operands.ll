; An array node with 2 operands (no element type) and a vector node with a non-integer count give diagnostics; the fields become `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines

; CHECK: %struct.s = type { ?, ?, [2 x i32] }
; CHECK-NEXT: diagnostic: %struct.s field 0: !1: array node must have 3 operands, has 2
; CHECK-NEXT: diagnostic: %struct.s field 1: !2: vector element count is not a non-negative integer constant
; CHECK-NOT: {{.}}

%struct.s = type { [20 x ptr], <4 x i32>, [2 x i32] }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 3, !1, !2, !4}
!1 = !{!"A", i32 20}
!2 = !{!"V", !"4", !3}
!3 = !{i32 0, i32 0}
!4 = !{!"A", i32 2, !3}
