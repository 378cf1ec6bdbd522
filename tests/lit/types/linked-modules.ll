; After llvm-link concatenates the !intel.dtrans.types lists of two modules, a structure both describe identically is read once, without diagnostics.
; RUN: split-file %s %t
; RUN: %llvm-link %t/a.ll %t/b.ll -S -o %t/linked.ll
; RUN: %dtrans types --strict %t/linked.ll | %FileCheck %s --match-full-lines
; RUN: %FileCheck %s --check-prefix=LIST < %t/linked.ll

; CHECK: %struct.node = type { i32, %struct.node* }
; CHECK-NEXT: %struct.only_a = type { %struct.node** }
; CHECK-NEXT: %struct.only_b = type { i8*, %struct.node }
; CHECK-NEXT: function @use_a: void (%struct.only_a*)
; CHECK-NEXT: function @use_b: %struct.node* (%struct.only_b*)
; CHECK-NOT: {{.}}

; The shared description appears twice in the linked list (the IRMover concatenates).
; LIST: !intel.dtrans.types = !{![[NODE:[0-9]+]], ![[A:[0-9]+]], ![[NODE]], ![[B:[0-9]+]]}

;--- a.ll
%struct.node = type { i32, ptr }
%struct.only_a = type { ptr }

define void @use_a(ptr "intel_dtrans_func_index"="1" %a) !intel.dtrans.func.type !5 {
  ret void
}

!intel.dtrans.types = !{!0, !3}

!0 = !{!"S", %struct.node zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{%struct.node zeroinitializer, i32 1}
!3 = !{!"S", %struct.only_a zeroinitializer, i32 1, !4}
!4 = !{%struct.node zeroinitializer, i32 2}
!5 = distinct !{!6}
!6 = !{%struct.only_a zeroinitializer, i32 1}

;--- b.ll
%struct.node = type { i32, ptr }
%struct.only_b = type { ptr, %struct.node }

define "intel_dtrans_func_index"="1" ptr @use_b(ptr "intel_dtrans_func_index"="2" %b) !intel.dtrans.func.type !6 {
  ret ptr null
}

!intel.dtrans.types = !{!0, !3}

!0 = !{!"S", %struct.node zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{%struct.node zeroinitializer, i32 1}
!3 = !{!"S", %struct.only_b zeroinitializer, i32 2, !4, !5}
!4 = !{i8 0, i32 1}
!5 = !{%struct.node zeroinitializer, i32 0}
!6 = distinct !{!2, !7}
!7 = !{%struct.only_b zeroinitializer, i32 1}
