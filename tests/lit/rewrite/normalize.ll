; The writer repairs harmless defects: a shared non-distinct list, unused list entries and sparse indices come out distinct and compact, with no diagnostics.
; RUN: %dtrans types %s | %FileCheck %s --check-prefix=BEFORE
; RUN: %dtrans rewrite-metadata %s -o %t.out.ll
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %dtrans types %s | grep -v '^diagnostic:' > %t.a
; RUN: %dtrans types --strict %t.out.ll > %t.b
; RUN: diff %t.a %t.b
; RUN: %FileCheck %s < %t.out.ll

; BEFORE: diagnostic: function @f: !0: !intel.dtrans.func.type should be a distinct node
; BEFORE: diagnostic: function @g: !0: !intel.dtrans.func.type should be a distinct node

; CHECK: define "intel_dtrans_func_index"="1" ptr @f(ptr "intel_dtrans_func_index"="2" %p, i64 %n) !intel.dtrans.func.type ![[F:[0-9]+]] {
; CHECK: define void @g(ptr "intel_dtrans_func_index"="1" %q) !intel.dtrans.func.type ![[G:[0-9]+]] {
; CHECK-DAG: ![[F]] = distinct !{![[I32P:[0-9]+]], ![[I8PP:[0-9]+]]}
; CHECK-DAG: ![[G]] = distinct !{![[I32P]]}
; CHECK-DAG: ![[I32P]] = !{i32 0, i32 1}
; CHECK-DAG: ![[I8PP]] = !{i8 0, i32 2}
; CHECK-NOT: !{i64 0, i32 0}

define "intel_dtrans_func_index"="4" ptr @f(ptr "intel_dtrans_func_index"="2" %p, i64 %n) !intel.dtrans.func.type !0 {
  ret ptr null
}

define void @g(ptr "intel_dtrans_func_index"="4" %q) !intel.dtrans.func.type !0 {
  ret void
}

; Entries 1 and 3 are used by nobody.
!0 = !{!1, !2, !3, !4}
!1 = !{i64 0, i32 0}
!2 = !{i8 0, i32 2}
!3 = !{i16 0, i32 0}
!4 = !{i32 0, i32 1}
