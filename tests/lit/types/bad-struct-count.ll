; A structure whose count (3) disagrees with its field operands (2): a diagnostic, and the body falls back to the IR (pointees unknown).
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s 2>&1 | %FileCheck %s --check-prefix=STRICT

; CHECK: %struct.good = type { %struct.s* }
; CHECK-NEXT: %struct.s = type { i32, ?* }
; CHECK-NEXT: diagnostic: %struct.s: !2: field count 3 does not match the 2 field operands
; CHECK-NOT: {{.}}

; STRICT: dtrans: error: 1 metadata diagnostic(s) (--strict)

%struct.s = type { i32, ptr }
%struct.good = type { ptr }

!intel.dtrans.types = !{!0, !2}

!0 = !{!"S", %struct.good zeroinitializer, i32 1, !1}
!1 = !{%struct.s zeroinitializer, i32 1}
!2 = !{!"S", %struct.s zeroinitializer, i32 3, !3, !4}
!3 = !{i32 0, i32 0}
!4 = !{i32 0, i32 1}
