; Metadata giving fields for an IR opaque structure, and an opaque description with extra operands, give diagnostics.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.is_opaque = type { i32* }
; CHECK-NEXT: %struct.three_ops = type opaque
; CHECK-NEXT: diagnostic: %struct.is_opaque: !0: metadata describes 1 fields but the IR structure is opaque
; CHECK-NEXT: diagnostic: %struct.three_ops: !2: opaque structure (count -1) must have 3 operands, has 4
; CHECK-NOT: {{.}}

%struct.is_opaque = type opaque
%struct.three_ops = type opaque

!intel.dtrans.types = !{!0, !2}

!0 = !{!"S", %struct.is_opaque zeroinitializer, i32 1, !1}
!1 = !{i32 0, i32 1}
!2 = !{!"S", %struct.three_ops zeroinitializer, i32 -1, !1}
