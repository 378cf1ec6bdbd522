; Metadata describing 2 fields for an IR structure with 3 gives a diagnostic; the body is taken from the IR (pointees unknown).
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.s = type { i32, ?*, i64 }
; CHECK-NEXT: diagnostic: %struct.s: !0: metadata describes 2 fields but the IR structure has 3; using the IR's fields
; CHECK-NOT: {{.}}

%struct.s = type { i32, ptr, i64 }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{i32 0, i32 1}
