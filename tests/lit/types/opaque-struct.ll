; A named opaque structure `!{!"S", %T zeroinitializer, i32 -1}` and pointers to it.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.foo = type opaque
; CHECK-NEXT: %struct.user = type { %struct.foo*, %struct.foo** }
; CHECK-NEXT: global @handle: %struct.foo*
; CHECK-NOT: {{.}}

%struct.foo = type opaque
%struct.user = type { ptr, ptr }

@handle = global ptr null, !intel_dtrans_type !0

!intel.dtrans.types = !{!1, !2}

!0 = !{%struct.foo zeroinitializer, i32 1}
!1 = !{!"S", %struct.foo zeroinitializer, i32 -1}
!2 = !{!"S", %struct.user zeroinitializer, i32 2, !0, !3}
!3 = !{%struct.foo zeroinitializer, i32 2}
