; Round trip of every first-class type at pointer levels 0-3: the writer emits `!{<type> zeroinitializer, i32 L}` with the LLVM spelling of zero.
; RUN: %dtrans rewrite-metadata %s -o %t.out.ll
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %dtrans types --strict %s > %t.a
; RUN: %dtrans types --strict %t.out.ll > %t.b
; RUN: diff %t.a %t.b
; RUN: %FileCheck %s --check-prefix=TYPES --match-full-lines < %t.b
; RUN: %FileCheck %s < %t.out.ll

; TYPES: %struct.fp = type { half, float**, double***, x86_fp80, fp128* }
; TYPES-NEXT: %struct.int = type { i1, i8*, i16**, i32***, i64, i128* }
; TYPES-NEXT: %struct.void = type { void*, void***, void (i1)* }
; TYPES-NOT: {{.}}

; CHECK-DAG: !{!"S", %struct.fp zeroinitializer, i32 5, ![[HALF:[0-9]+]], ![[FLOAT:[0-9]+]], ![[DOUBLE:[0-9]+]], ![[X86:[0-9]+]], ![[FP128:[0-9]+]]}
; CHECK-DAG: ![[HALF]] = !{half 0xH0000, i32 0}
; CHECK-DAG: ![[FLOAT]] = !{float 0.000000e+00, i32 2}
; CHECK-DAG: ![[DOUBLE]] = !{double 0.000000e+00, i32 3}
; CHECK-DAG: ![[X86]] = !{x86_fp80 0xK00000000000000000000, i32 0}
; CHECK-DAG: ![[FP128]] = !{fp128 0xL00000000000000000000000000000000, i32 1}
; CHECK-DAG: !{!"S", %struct.int zeroinitializer, i32 6, ![[I1:[0-9]+]], ![[I8:[0-9]+]], ![[I16:[0-9]+]], ![[I32:[0-9]+]], ![[I64:[0-9]+]], ![[I128:[0-9]+]]}
; CHECK-DAG: ![[I1]] = !{i1 false, i32 0}
; CHECK-DAG: ![[I8]] = !{i8 0, i32 1}
; CHECK-DAG: ![[I16]] = !{i16 0, i32 2}
; CHECK-DAG: ![[I32]] = !{i32 0, i32 3}
; CHECK-DAG: ![[I64]] = !{i64 0, i32 0}
; CHECK-DAG: ![[I128]] = !{i128 0, i32 1}
; CHECK-DAG: !{!"S", %struct.void zeroinitializer, i32 3, ![[V1:[0-9]+]], ![[V3:[0-9]+]], ![[FNP:[0-9]+]]}
; CHECK-DAG: ![[V1]] = !{!"void", i32 1}
; CHECK-DAG: ![[V3]] = !{!"void", i32 3}
; CHECK-DAG: ![[FNP]] = !{![[FN:[0-9]+]], i32 1}
; CHECK-DAG: ![[FN]] = !{!"F", i1 false, i32 1, ![[V0:[0-9]+]], ![[I1]]}
; CHECK-DAG: ![[V0]] = !{!"void", i32 0}

%struct.int = type { i1, ptr, ptr, ptr, i64, ptr }
%struct.fp = type { half, ptr, ptr, x86_fp80, ptr }
%struct.void = type { ptr, ptr, ptr }

!intel.dtrans.types = !{!0, !7, !13}

!0 = !{!"S", %struct.int zeroinitializer, i32 6, !1, !2, !3, !4, !5, !6}
!1 = !{i1 false, i32 0}
!2 = !{i8 0, i32 1}
!3 = !{i16 0, i32 2}
!4 = !{i32 0, i32 3}
!5 = !{i64 0, i32 0}
!6 = !{i128 0, i32 1}
!7 = !{!"S", %struct.fp zeroinitializer, i32 5, !8, !9, !10, !11, !12}
!8 = !{half 0xH0000, i32 0}
!9 = !{float 0.000000e+00, i32 2}
!10 = !{double 0.000000e+00, i32 3}
!11 = !{x86_fp80 0xK00000000000000000000, i32 0}
!12 = !{fp128 0xL00000000000000000000000000000000, i32 1}
!13 = !{!"S", %struct.void zeroinitializer, i32 3, !14, !15, !16}
!14 = !{!"void", i32 1}
!15 = !{!"void", i32 3}
!16 = !{!17, i32 1}
!17 = !{!"F", i1 false, i32 1, !18, !1}
!18 = !{!"void", i32 0}
