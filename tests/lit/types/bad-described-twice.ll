; A structure described twice, differently, gives a diagnostic naming both nodes; the first description is used.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.s = type { i32*, i64 }
; CHECK-NEXT: diagnostic: %struct.s: !3: structure is described twice (first by !0); the first description is used
; CHECK-NOT: {{.}}

%struct.s = type { ptr, i64 }

; The same description listed twice is the same (uniqued) node: no diagnostic.
!intel.dtrans.types = !{!0, !0, !3}

!0 = !{!"S", %struct.s zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 1}
!2 = !{i64 0, i32 0}
!3 = !{!"S", %struct.s zeroinitializer, i32 2, !4, !2}
!4 = !{i8 0, i32 1}
