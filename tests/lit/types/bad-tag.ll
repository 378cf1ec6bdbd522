; A type node with an unknown tag string (`!"Q"`) gives a diagnostic naming node and field; the field becomes `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.s = type { ?, i32, ? }
; CHECK-NEXT: diagnostic: %struct.s field 0: !1: unknown type tag !"Q"
; CHECK-NEXT: diagnostic: %struct.s field 2: !3: unknown type tag !"a"
; CHECK-NOT: {{.}}

%struct.s = type { ptr, i32, [2 x i32] }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 3, !1, !2, !3}
!1 = !{!"Q", i32 1}
!2 = !{i32 0, i32 0}
!3 = !{!"a", i32 2, !2}
