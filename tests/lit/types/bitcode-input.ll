; A bitcode (.bc) input, chosen by content, gives the same output as the .ll it was assembled from.
; RUN: %llvm-as %s -o %t.bc
; RUN: %dtrans types %s > %t.ll.txt
; RUN: %dtrans types %t.bc > %t.bc.txt
; RUN: diff %t.ll.txt %t.bc.txt
; RUN: %FileCheck %s --match-full-lines < %t.bc.txt
; Also with a misleading extension: the format is chosen by content.
; RUN: cp %t.bc %t.bitcode.ll
; RUN: %dtrans types %t.bitcode.ll | %FileCheck %s --match-full-lines

; CHECK: %struct.op = type { i32, %struct.op* }
; CHECK-NEXT: function @bitop: %struct.op* (%struct.op*, i32, i32*)
; CHECK-NEXT: global @g: [2 x %struct.op*]
; CHECK-NEXT: alloca %p in @bitop: i32 (...)**
; CHECK-NEXT: diagnostic: %struct.bad: !{{[0-9]+}}: field count 2 does not match the 1 field operands
; CHECK-NOT: {{.}}

%struct.op = type { i32, ptr }
%struct.bad = type { i32, i32 }

@g = global [2 x ptr] zeroinitializer, !intel_dtrans_type !0

define "intel_dtrans_func_index"="1" ptr @bitop(ptr "intel_dtrans_func_index"="2" %0, i32 %1, ptr "intel_dtrans_func_index"="3" %2) !intel.dtrans.func.type !5 {
  %p = alloca ptr, !intel_dtrans_type !7
  ret ptr %0
}

!intel.dtrans.types = !{!2, !4}

!0 = !{!"A", i32 2, !1}
!1 = !{%struct.op zeroinitializer, i32 1}
!2 = !{!"S", %struct.op zeroinitializer, i32 2, !3, !1}
!3 = !{i32 0, i32 0}
!4 = !{!"S", %struct.bad zeroinitializer, i32 2, !3}
!5 = distinct !{!1, !1, !6}
!6 = !{i32 0, i32 1}
!7 = !{!8, i32 2}
!8 = !{!"F", i1 true, i32 0, !3}
