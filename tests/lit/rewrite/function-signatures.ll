; The writer gives each function its own distinct list and numbers the indices 1..N over the pointer-typed return and parameters in order.
; RUN: %dtrans rewrite-metadata %s -o %t.out.ll
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %dtrans types --strict %s > %t.a
; RUN: %dtrans types --strict %t.out.ll > %t.b
; RUN: diff %t.a %t.b
; RUN: %FileCheck %s --check-prefix=TYPES --match-full-lines < %t.b
; RUN: %FileCheck %s < %t.out.ll

; TYPES: %struct.s = type { i32 }
; TYPES-NEXT: function @swap: void (%struct.s**, float, %struct.s**, double*)
; TYPES-NEXT: function @same1: i8* (i8*)
; TYPES-NEXT: function @same2: i8* (i8*)
; TYPES-NEXT: function @vararg: i32 (i8*, ...)
; TYPES-NEXT: function @ext: void (i32)* (i64, [4 x i16*]*)
; TYPES-NOT: {{.}}

; The input shares entries ("2" twice) and lists them out of order: the writer renumbers.
; CHECK: define void @swap(ptr "intel_dtrans_func_index"="1" %a, float %f, ptr "intel_dtrans_func_index"="2" %b, ptr "intel_dtrans_func_index"="3" %d) !intel.dtrans.func.type ![[SWAP:[0-9]+]] {
; Identical signatures still get one distinct list each.
; CHECK: define "intel_dtrans_func_index"="1" ptr @same1(ptr "intel_dtrans_func_index"="2" %p) !intel.dtrans.func.type ![[SAME1:[0-9]+]] {
; CHECK: define "intel_dtrans_func_index"="1" ptr @same2(ptr "intel_dtrans_func_index"="2" %p) !intel.dtrans.func.type ![[SAME2:[0-9]+]] {
; CHECK: define i32 @vararg(ptr "intel_dtrans_func_index"="1" %fmt, ...) !intel.dtrans.func.type ![[VA:[0-9]+]] {
; CHECK: declare !intel.dtrans.func.type ![[EXT:[0-9]+]] "intel_dtrans_func_index"="1" ptr @ext(i64, ptr "intel_dtrans_func_index"="2")
; CHECK-DAG: ![[SWAP]] = distinct !{![[SPP:[0-9]+]], ![[SPP]], ![[DP:[0-9]+]]}
; CHECK-DAG: ![[SPP]] = !{%struct.s zeroinitializer, i32 2}
; CHECK-DAG: ![[DP]] = !{double 0.000000e+00, i32 1}
; CHECK-DAG: ![[SAME1]] = distinct !{![[I8P:[0-9]+]], ![[I8P]]}
; CHECK-DAG: ![[SAME2]] = distinct !{![[I8P]], ![[I8P]]}
; CHECK-DAG: ![[I8P]] = !{i8 0, i32 1}
; CHECK-DAG: ![[VA]] = distinct !{![[I8P]]}
; CHECK-DAG: ![[EXT]] = distinct !{![[FNP:[0-9]+]], ![[ARRP:[0-9]+]]}
; CHECK-DAG: ![[FNP]] = !{![[FN:[0-9]+]], i32 1}
; CHECK-DAG: ![[FN]] = !{!"F", i1 false, i32 1, ![[VOID:[0-9]+]], ![[I32:[0-9]+]]}
; CHECK-DAG: ![[VOID]] = !{!"void", i32 0}
; CHECK-DAG: ![[I32]] = !{i32 0, i32 0}
; CHECK-DAG: ![[ARRP]] = !{![[ARR:[0-9]+]], i32 1}
; CHECK-DAG: ![[ARR]] = !{!"A", i32 4, ![[I16P:[0-9]+]]}
; CHECK-DAG: ![[I16P]] = !{i16 0, i32 1}
; CHECK-NOT: distinct

%struct.s = type { i32 }

define void @swap(ptr "intel_dtrans_func_index"="2" %a, float %f, ptr "intel_dtrans_func_index"="2" %b, ptr "intel_dtrans_func_index"="1" %d) !intel.dtrans.func.type !2 {
  ret void
}

define "intel_dtrans_func_index"="1" ptr @same1(ptr "intel_dtrans_func_index"="1" %p) !intel.dtrans.func.type !5 {
  ret ptr %p
}

define "intel_dtrans_func_index"="1" ptr @same2(ptr "intel_dtrans_func_index"="1" %p) !intel.dtrans.func.type !5 {
  ret ptr %p
}

define i32 @vararg(ptr "intel_dtrans_func_index"="1" %fmt, ...) !intel.dtrans.func.type !7 {
  ret i32 0
}

declare !intel.dtrans.func.type !8 "intel_dtrans_func_index"="1" ptr @ext(i64, ptr "intel_dtrans_func_index"="2")

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 1, !1}
!1 = !{i32 0, i32 0}
!2 = distinct !{!3, !4}
!3 = !{double 0.000000e+00, i32 1}
!4 = !{%struct.s zeroinitializer, i32 2}
!5 = distinct !{!6}
!6 = !{i8 0, i32 1}
!7 = distinct !{!6}
!8 = distinct !{!9, !13}
!9 = !{!10, i32 1}
!10 = !{!"F", i1 false, i32 1, !11, !1}
!11 = !{!"void", i32 0}
!12 = !{i16 0, i32 1}
!13 = !{!14, i32 1}
!14 = !{!"A", i32 4, !12}
