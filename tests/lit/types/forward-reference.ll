; A structure may refer to a structure that is described later in !intel.dtrans.types (list order does not matter).
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.inner = type { i32* }
; CHECK-NEXT: %struct.outer = type { %struct.inner, %struct.inner* }
; CHECK-NOT: {{.}}

%struct.inner = type { ptr }
%struct.outer = type { %struct.inner, ptr }

!intel.dtrans.types = !{!0, !3}

!0 = !{!"S", %struct.outer zeroinitializer, i32 2, !1, !2}
!1 = !{%struct.inner zeroinitializer, i32 0}
!2 = !{%struct.inner zeroinitializer, i32 1}
!3 = !{!"S", %struct.inner zeroinitializer, i32 1, !4}
!4 = !{i32 0, i32 1}
