; A cycle through non-structure nodes (`!{!B, i32 1}` <-> `!{!A, i32 1}`, an array containing itself) gives a diagnostic instead of looping; the cyclic part becomes `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s 2>&1 | %FileCheck %s --check-prefix=STRICT

; CHECK: %struct.s = type { ?, [2 x ?], i32 }
; CHECK-NEXT: diagnostic: %struct.s field 0: !1: cycle through non-structure metadata nodes
; CHECK-NEXT: diagnostic: %struct.s field 1: !3: cycle through non-structure metadata nodes
; CHECK-NOT: {{.}}

; STRICT: dtrans: error: 2 metadata diagnostic(s) (--strict)

%struct.s = type { ptr, [2 x ptr], i32 }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 3, !1, !3, !4}
!1 = !{!2, i32 1}
!2 = !{!1, i32 1}
!3 = distinct !{!"A", i32 2, !3}
!4 = !{i32 0, i32 0}
