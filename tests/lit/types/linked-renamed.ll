; When llvm-link renames a clashing structure (%struct.node.0), the metadata follows the rename and both structures read correctly.
; RUN: split-file %s %t
; RUN: %llvm-link %t/a.ll %t/b.ll -S -o %t/linked.ll
; RUN: %dtrans types --strict %t/linked.ll | %FileCheck %s --match-full-lines

; CHECK: %struct.node = type { i32, %struct.node* }
; CHECK-NEXT: %struct.node.0 = type { i64, %struct.node.0* }
; CHECK-NEXT: global @ga: %struct.node*
; CHECK-NEXT: global @gb: %struct.node.0*
; CHECK-NOT: {{.}}

;--- a.ll
%struct.node = type { i32, ptr }

@ga = global ptr null, !intel_dtrans_type !2

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.node zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{%struct.node zeroinitializer, i32 1}

;--- b.ll
%struct.node = type { i64, ptr }

@gb = global ptr null, !intel_dtrans_type !2

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.node zeroinitializer, i32 2, !1, !2}
!1 = !{i64 0, i32 0}
!2 = !{%struct.node zeroinitializer, i32 1}
