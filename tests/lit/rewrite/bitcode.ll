; Metadata writer with bitcode: a .bc output (chosen by the extension) and a .bc input both round-trip to the same types.
; RUN: %dtrans types --strict %s > %t.a
; RUN: %dtrans rewrite-metadata %s -o %t.out.bc
; RUN: %opt -passes=verify -disable-output %t.out.bc
; RUN: llvm-bcanalyzer %t.out.bc > /dev/null
; RUN: %dtrans types --strict %t.out.bc > %t.b
; RUN: diff %t.a %t.b
; RUN: %llvm-as %s -o %t.in.bc
; RUN: %dtrans rewrite-metadata %t.in.bc -o %t.out2.ll
; RUN: %dtrans types --strict %t.out2.ll > %t.c
; RUN: diff %t.a %t.c
; RUN: %FileCheck %s --match-full-lines < %t.b
; RUN: %FileCheck %s --check-prefix=IR < %t.out2.ll

; CHECK: %struct.op = type { i32, %struct.op* }
; CHECK-NEXT: function @bitop: %struct.op* (%struct.op*, i32, i32*)
; CHECK-NEXT: global @g: [2 x %struct.op*]
; CHECK-NEXT: alloca %p in @bitop: i32 (...)**
; CHECK-NOT: {{.}}

; IR: @g = global [2 x ptr] zeroinitializer, !intel_dtrans_type ![[G:[0-9]+]]
; IR: define "intel_dtrans_func_index"="1" ptr @bitop(ptr "intel_dtrans_func_index"="2" %0, i32 %1, ptr "intel_dtrans_func_index"="3" %2) !intel.dtrans.func.type ![[SIG:[0-9]+]] {
; IR: !intel.dtrans.types = !{![[OP:[0-9]+]]}
; IR-DAG: ![[G]] = !{!"A", i32 2, ![[OPP:[0-9]+]]}
; IR-DAG: ![[OPP]] = !{%struct.op zeroinitializer, i32 1}
; IR-DAG: ![[OP]] = !{!"S", %struct.op zeroinitializer, i32 2, ![[I32:[0-9]+]], ![[OPP]]}
; IR-DAG: ![[SIG]] = distinct !{![[OPP]], ![[OPP]], ![[I32P:[0-9]+]]}

%struct.op = type { i32, ptr }

@g = global [2 x ptr] zeroinitializer, !intel_dtrans_type !0

define "intel_dtrans_func_index"="1" ptr @bitop(ptr "intel_dtrans_func_index"="2" %0, i32 %1, ptr "intel_dtrans_func_index"="3" %2) !intel.dtrans.func.type !5 {
  %p = alloca ptr, !intel_dtrans_type !7
  ret ptr %0
}

!intel.dtrans.types = !{!2}

!0 = !{!"A", i32 2, !1}
!1 = !{%struct.op zeroinitializer, i32 1}
!2 = !{!"S", %struct.op zeroinitializer, i32 2, !3, !1}
!3 = !{i32 0, i32 0}
!5 = distinct !{!1, !1, !6}
!6 = !{i32 0, i32 1}
!7 = !{!8, i32 2}
!8 = !{!"F", i1 true, i32 0, !3}
