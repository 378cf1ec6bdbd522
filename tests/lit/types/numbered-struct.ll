; Numbered identified structures (`%0 = type { ... }`) are named structures too: they can be described and are printed as %0.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %0 = type { %0*, i32 }
; CHECK-NEXT: %struct.user = type { %0* }
; CHECK-NEXT: global @g: %0*
; CHECK-NOT: {{.}}

%0 = type { ptr, i32 }
%struct.user = type { ptr }

@g = global ptr null, !intel_dtrans_type !0

!intel.dtrans.types = !{!1, !3}

!0 = !{%0 zeroinitializer, i32 1}
!1 = !{!"S", %0 zeroinitializer, i32 2, !0, !2}
!2 = !{i32 0, i32 0}
!3 = !{!"S", %struct.user zeroinitializer, i32 1, !0}
