; Mutually recursive structures: %struct.A points to %struct.B and %struct.B points back to %struct.A.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.A = type { %struct.B*, i64 }
; CHECK-NEXT: %struct.B = type { %struct.A*, %struct.B* }
; CHECK-NEXT: global @a: %struct.A*
; CHECK-NOT: {{.}}

%struct.A = type { ptr, i64 }
%struct.B = type { ptr, ptr }

@a = global ptr null, !intel_dtrans_type !0

!intel.dtrans.types = !{!1, !4}

!0 = !{%struct.A zeroinitializer, i32 1}
!1 = !{!"S", %struct.A zeroinitializer, i32 2, !2, !3}
!2 = !{%struct.B zeroinitializer, i32 1}
!3 = !{i64 0, i32 0}
!4 = !{!"S", %struct.B zeroinitializer, i32 2, !0, !2}
