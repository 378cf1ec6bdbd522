; Round trip of the specification's examples: the rewritten metadata reads back to the same types and uses the spec's encodings.
; RUN: %dtrans rewrite-metadata %s -o %t.out.ll
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %dtrans types --strict %s > %t.a
; RUN: %dtrans types --strict %t.out.ll > %t.b
; RUN: diff %t.a %t.b
; RUN: %FileCheck %s --check-prefix=TYPES --match-full-lines < %t.b
; RUN: %FileCheck %s < %t.out.ll

; TYPES: %struct.bar = type { i32 (...)**, i32, i64** }
; TYPES-NEXT: %struct.bar2 = type { %struct.bar, i32, { i32, i64** } }
; TYPES-NEXT: %struct.empty = type {}
; TYPES-NEXT: %struct.foo = type opaque
; TYPES-NEXT: %struct.op = type { i32, %struct.op* }
; TYPES-NEXT: function @bitop: %struct.op* (%struct.op*, i32, i32*)
; TYPES-NEXT: global @gbar: %struct.bar*
; TYPES-NEXT: global @table: [8 x [20 x i64**]]
; TYPES-NEXT: alloca %p in @bitop: %struct.bar*
; TYPES-NEXT: call %r in @bitop: i32 (...)
; TYPES-NOT: {{.}}

; CHECK: @gbar = global ptr null, !intel_dtrans_type ![[BARP:[0-9]+]]
; CHECK-NEXT: @table = global [8 x [20 x ptr]] zeroinitializer, !intel_dtrans_type ![[A8:[0-9]+]]
; CHECK: define "intel_dtrans_func_index"="1" ptr @bitop(ptr "intel_dtrans_func_index"="2" %0, i32 %1, ptr "intel_dtrans_func_index"="3" %2) !intel.dtrans.func.type ![[SIG:[0-9]+]] {
; CHECK-NEXT: %p = alloca ptr, align 8, !intel_dtrans_type ![[BARP]]
; CHECK: %r = call i32 (...) %fp(i32 1), !intel_dtrans_type ![[VARF:[0-9]+]]
; CHECK: !intel.dtrans.types = !{![[BAR:[0-9]+]], ![[BAR2:[0-9]+]], ![[EMPTY:[0-9]+]], ![[FOO:[0-9]+]], ![[OP:[0-9]+]]}
; CHECK-DAG: ![[BARP]] = !{%struct.bar zeroinitializer, i32 1}
; CHECK-DAG: ![[A8]] = !{!"A", i32 8, ![[A20:[0-9]+]]}
; CHECK-DAG: ![[A20]] = !{!"A", i32 20, ![[I64PP:[0-9]+]]}
; CHECK-DAG: ![[I64PP]] = !{i64 0, i32 2}
; CHECK-DAG: ![[BAR]] = !{!"S", %struct.bar zeroinitializer, i32 3, ![[VARFPP:[0-9]+]], ![[I32:[0-9]+]], ![[I64PP]]}
; CHECK-DAG: ![[VARFPP]] = !{![[VARF]], i32 2}
; CHECK-DAG: ![[VARF]] = !{!"F", i1 true, i32 0, ![[I32]]}
; CHECK-DAG: ![[I32]] = !{i32 0, i32 0}
; CHECK-DAG: ![[BAR2]] = !{!"S", %struct.bar2 zeroinitializer, i32 3, ![[BARV:[0-9]+]], ![[I32]], ![[LIT:[0-9]+]]}
; CHECK-DAG: ![[BARV]] = !{%struct.bar zeroinitializer, i32 0}
; CHECK-DAG: ![[LIT]] = !{!"L", i32 2, ![[I32]], ![[I64PP]]}
; CHECK-DAG: ![[EMPTY]] = !{!"S", %struct.empty zeroinitializer, i32 0}
; CHECK-DAG: ![[FOO]] = !{!"S", %struct.foo zeroinitializer, i32 -1}
; CHECK-DAG: ![[OP]] = !{!"S", %struct.op zeroinitializer, i32 2, ![[I32]], ![[OPP:[0-9]+]]}
; CHECK-DAG: ![[OPP]] = !{%struct.op zeroinitializer, i32 1}
; CHECK-DAG: ![[SIG]] = distinct !{![[OPP]], ![[OPP]], ![[I32P:[0-9]+]]}
; CHECK-DAG: ![[I32P]] = !{i32 0, i32 1}

%struct.foo = type opaque
%struct.empty = type {}
%struct.bar = type { ptr, i32, ptr }
%struct.bar2 = type { %struct.bar, i32, { i32, ptr } }
%struct.op = type { i32, ptr }

@gbar = global ptr null, !intel_dtrans_type !14
@table = global [8 x [20 x ptr]] zeroinitializer, !intel_dtrans_type !6

define "intel_dtrans_func_index"="1" ptr @bitop(ptr "intel_dtrans_func_index"="2" %0, i32 %1, ptr "intel_dtrans_func_index"="3" %2) !intel.dtrans.func.type !20 {
  %p = alloca ptr, !intel_dtrans_type !14
  %fp = load ptr, ptr %p
  %r = call i32 (...) %fp(i32 1), !intel_dtrans_type !8
  ret ptr %0
}

!intel.dtrans.types = !{!9, !10, !11, !12, !21}

; Numbered as in the specification's text.
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 2}
!5 = !{!"A", i32 20, !2}
!6 = !{!"A", i32 8, !5}
!8 = !{!"F", i1 true, i32 0, !1}
!9 = !{!"S", %struct.foo zeroinitializer, i32 -1}
!10 = !{!"S", %struct.empty zeroinitializer, i32 0}
!11 = !{!"S", %struct.bar zeroinitializer, i32 3, !15, !1, !2}
!12 = !{!"S", %struct.bar2 zeroinitializer, i32 3, !16, !1, !13}
!13 = !{!"L", i32 2, !1, !2}
!14 = !{%struct.bar zeroinitializer, i32 1}
!15 = !{!8, i32 2}
!16 = !{%struct.bar zeroinitializer, i32 0}
!17 = !{%struct.op zeroinitializer, i32 1}
!18 = !{i32 0, i32 1}
!20 = distinct !{!17, !17, !18}
!21 = !{!"S", %struct.op zeroinitializer, i32 2, !1, !17}
