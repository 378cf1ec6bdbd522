; A pointer level that is not an integer constant (a string, a float) gives a diagnostic naming the node; the type becomes `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.s = type { ?, ?, i32* }
; CHECK-NEXT: global @g: ?
; CHECK-NEXT: diagnostic: %struct.s field 0: !2: pointer level is not an integer constant
; CHECK-NEXT: diagnostic: %struct.s field 1: !3: pointer level is not an integer constant
; CHECK-NEXT: diagnostic: global @g: !0: pointer level is not an integer constant
; CHECK-NOT: {{.}}

%struct.s = type { ptr, ptr, ptr }

@g = global ptr null, !intel_dtrans_type !0

!intel.dtrans.types = !{!1}

!0 = !{%struct.s zeroinitializer, !"1"}
!1 = !{!"S", %struct.s zeroinitializer, i32 3, !2, !3, !4}
!2 = !{i32 0, !"1"}
!3 = !{i32 0, float 1.000000e+00}
!4 = !{i32 0, i32 1}
