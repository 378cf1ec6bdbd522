; A structure that points to itself (a linked list node) is read without looping.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.node = type { i32, %struct.node*, %struct.node** }
; CHECK-NEXT: global @head: %struct.node*
; CHECK-NOT: {{.}}

%struct.node = type { i32, ptr, ptr }

@head = global ptr null, !intel_dtrans_type !0

!intel.dtrans.types = !{!1}

!0 = !{%struct.node zeroinitializer, i32 1}
!1 = !{!"S", %struct.node zeroinitializer, i32 3, !2, !0, !3}
!2 = !{i32 0, i32 0}
!3 = !{%struct.node zeroinitializer, i32 2}
