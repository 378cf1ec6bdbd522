; Entries of !intel.dtrans.types that are not `!{!"S", %T zeroinitializer, ...}` give diagnostics and are skipped.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.ok = type { i32* }
; CHECK-NEXT: diagnostic: !intel.dtrans.types: !0: list entry is not a structure description (first operand must be !"S")
; CHECK-NEXT: diagnostic: !intel.dtrans.types: !1: list entry is not a structure description (first operand must be !"S")
; CHECK-NEXT: diagnostic: !intel.dtrans.types: !3: structure description's second operand must be `%T zeroinitializer` of a named structure
; CHECK-NEXT: diagnostic: !intel.dtrans.types: !4: structure description's second operand must be `%T zeroinitializer` of a named structure
; CHECK-NEXT: diagnostic: !intel.dtrans.types: !5: list entry is not a structure description (first operand must be !"S")
; CHECK-NOT: {{.}}

%struct.ok = type { ptr }

!intel.dtrans.types = !{!0, !1, !3, !4, !5, !6}

; A type node, an "L" node, an "S" node naming no structure, an "S" node with a literal type, an empty node.
!0 = !{i32 0, i32 1}
!1 = !{!"L", i32 1, !2}
!2 = !{i32 0, i32 0}
!3 = !{!"S", i32 0, i32 0}
!4 = !{!"S", { i32 } zeroinitializer, i32 1, !2}
!5 = !{}
!6 = !{!"S", %struct.ok zeroinitializer, i32 1, !0}
