; Round trip of arrays, vectors (also of pointers), literal and packed structures, structures by value and quoted names.
; RUN: %dtrans rewrite-metadata %s -o %t.out.ll
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %dtrans types --strict %s > %t.a
; RUN: %dtrans types --strict %t.out.ll > %t.b
; RUN: diff %t.a %t.b
; RUN: %FileCheck %s --check-prefix=TYPES --match-full-lines < %t.b
; RUN: %FileCheck %s < %t.out.ll

; TYPES: %"class.std::vector" = type { i32*, i32*, i32* }
; TYPES-NEXT: %struct.agg = type { [8 x [20 x i64**]], <4 x float>, <2 x i8*>, { i32, i64** }, <{ i8, %"class.std::vector"* }>, %"class.std::vector", [3 x i8]* }
; TYPES-NEXT: %struct.pk = type <{ i8, i32* }>
; TYPES-NOT: {{.}}

; CHECK-DAG: !{!"S", %"class.std::vector" zeroinitializer, i32 3, ![[I32P:[0-9]+]], ![[I32P]], ![[I32P]]}
; CHECK-DAG: !{!"S", %struct.agg zeroinitializer, i32 7, ![[A8:[0-9]+]], ![[V4:[0-9]+]], ![[V2:[0-9]+]], ![[L:[0-9]+]], ![[PL:[0-9]+]], ![[VEC:[0-9]+]], ![[ARRP:[0-9]+]]}
; CHECK-DAG: ![[A8]] = !{!"A", i32 8, ![[A20:[0-9]+]]}
; CHECK-DAG: ![[A20]] = !{!"A", i32 20, ![[I64PP:[0-9]+]]}
; CHECK-DAG: ![[I64PP]] = !{i64 0, i32 2}
; CHECK-DAG: ![[V4]] = !{!"V", i32 4, ![[FLOAT:[0-9]+]]}
; CHECK-DAG: ![[FLOAT]] = !{float 0.000000e+00, i32 0}
; CHECK-DAG: ![[V2]] = !{!"V", i32 2, ![[I8P:[0-9]+]]}
; CHECK-DAG: ![[I8P]] = !{i8 0, i32 1}
; CHECK-DAG: ![[L]] = !{!"L", i32 2, ![[I32:[0-9]+]], ![[I64PP]]}
; The packed literal is written as a plain "L" node: packing is the IR's.
; CHECK-DAG: ![[PL]] = !{!"L", i32 2, ![[I8:[0-9]+]], ![[VECP:[0-9]+]]}
; CHECK-DAG: ![[VECP]] = !{%"class.std::vector" zeroinitializer, i32 1}
; CHECK-DAG: ![[VEC]] = !{%"class.std::vector" zeroinitializer, i32 0}
; CHECK-DAG: ![[ARRP]] = !{![[A3:[0-9]+]], i32 1}
; CHECK-DAG: ![[A3]] = !{!"A", i32 3, ![[I8]]}
; CHECK-DAG: ![[I8]] = !{i8 0, i32 0}
; CHECK-DAG: !{!"S", %struct.pk zeroinitializer, i32 2, ![[I8]], ![[I32P]]}

%"class.std::vector" = type { ptr, ptr, ptr }
%struct.agg = type { [8 x [20 x ptr]], <4 x float>, <2 x ptr>, { i32, ptr }, <{ i8, ptr }>, %"class.std::vector", ptr }
%struct.pk = type <{ i8, ptr }>

!intel.dtrans.types = !{!0, !2, !16}

!0 = !{!"S", %"class.std::vector" zeroinitializer, i32 3, !1, !1, !1}
!1 = !{i32 0, i32 1}
!2 = !{!"S", %struct.agg zeroinitializer, i32 7, !3, !6, !8, !10, !12, !14, !15}
!3 = !{!"A", i32 8, !4}
!4 = !{!"A", i32 20, !5}
!5 = !{i64 0, i32 2}
!6 = !{!"V", i32 4, !7}
!7 = !{float 0.000000e+00, i32 0}
!8 = !{!"V", i32 2, !9}
!9 = !{i8 0, i32 1}
!10 = !{!"L", i32 2, !11, !5}
!11 = !{i32 0, i32 0}
!12 = !{!"L", i32 2, !17, !13}
!13 = !{%"class.std::vector" zeroinitializer, i32 1}
!14 = !{%"class.std::vector" zeroinitializer, i32 0}
!15 = !{!18, i32 1}
!16 = !{!"S", %struct.pk zeroinitializer, i32 2, !17, !1}
!17 = !{i8 0, i32 0}
!18 = !{!"A", i32 3, !17}
