; A field may name a structure by its `!"S"` description node directly instead of a reference node.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.inner = type { i32*, i8 }
; CHECK-NEXT: %struct.outer = type { %struct.inner, %struct.inner* }
; CHECK-NOT: {{.}}

%struct.inner = type { ptr, i8 }
%struct.outer = type { %struct.inner, ptr }

!intel.dtrans.types = !{!0, !3}

!0 = !{!"S", %struct.inner zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 1}
!2 = !{i8 0, i32 0}
!3 = !{!"S", %struct.outer zeroinitializer, i32 2, !0, !4}
!4 = !{!0, i32 1}
