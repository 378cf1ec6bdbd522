; Only structures the metadata described are written to the list; undescribed ones (pointer-free or not) stay undescribed. Output to stdout with `-o -`.
; RUN: %dtrans rewrite-metadata %s -o - > %t.out.ll
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %dtrans types %s > %t.a
; RUN: %dtrans types %t.out.ll > %t.b
; RUN: diff %t.a %t.b
; RUN: %FileCheck %s --check-prefix=TYPES --match-full-lines < %t.b
; RUN: %FileCheck %s < %t.out.ll

; TYPES: %struct.nomd = type { ?*, i32 } ; no metadata
; TYPES-NEXT: %struct.point = type { i32, i32 } ; no metadata
; TYPES-NEXT: %struct.shape = type { %struct.point, %struct.point*, i8* }
; TYPES-NEXT: diagnostic: %struct.nomd: no description in !intel.dtrans.types; pointee types of its pointer fields are unknown
; TYPES-NOT: {{.}}

; CHECK: !intel.dtrans.types = !{![[SHAPE:[0-9]+]]}
; CHECK-DAG: ![[SHAPE]] = !{!"S", %struct.shape zeroinitializer, i32 3, ![[PT:[0-9]+]], ![[PTP:[0-9]+]], ![[I8P:[0-9]+]]}
; CHECK-DAG: ![[PT]] = !{%struct.point zeroinitializer, i32 0}
; CHECK-DAG: ![[PTP]] = !{%struct.point zeroinitializer, i32 1}
; CHECK-DAG: ![[I8P]] = !{i8 0, i32 1}
; CHECK-NOT: !"S"

%struct.point = type { i32, i32 }
%struct.shape = type { %struct.point, ptr, ptr }
%struct.nomd = type { ptr, i32 }

@keep = global %struct.nomd zeroinitializer

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.shape zeroinitializer, i32 3, !1, !2, !3}
!1 = !{%struct.point zeroinitializer, i32 0}
!2 = !{%struct.point zeroinitializer, i32 1}
!3 = !{i8 0, i32 1}
