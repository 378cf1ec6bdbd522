; Round trip of self- and mutually recursive structures: references are written as `!{%T zeroinitializer, i32 L}` reference nodes, not the bodies.
; RUN: %dtrans rewrite-metadata %s -o %t.out.ll
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %dtrans types --strict %s > %t.a
; RUN: %dtrans types --strict %t.out.ll > %t.b
; RUN: diff %t.a %t.b
; RUN: %FileCheck %s --check-prefix=TYPES --match-full-lines < %t.b
; RUN: %FileCheck %s < %t.out.ll

; TYPES: %struct.list = type { %struct.node*, %struct.node*, i64 }
; TYPES-NEXT: %struct.node = type { %struct.node*, %struct.node*, %struct.list*, i32 }
; TYPES-NEXT: %struct.tree = type { [2 x %struct.tree*], %struct.tree** }
; TYPES-NOT: {{.}}

; CHECK: !intel.dtrans.types = !{![[LIST:[0-9]+]], ![[NODE:[0-9]+]], ![[TREE:[0-9]+]]}
; CHECK-DAG: ![[LIST]] = !{!"S", %struct.list zeroinitializer, i32 3, ![[NODEP:[0-9]+]], ![[NODEP]], ![[I64:[0-9]+]]}
; CHECK-DAG: ![[NODEP]] = !{%struct.node zeroinitializer, i32 1}
; CHECK-DAG: ![[NODE]] = !{!"S", %struct.node zeroinitializer, i32 4, ![[NODEP]], ![[NODEP]], ![[LISTP:[0-9]+]], ![[I32:[0-9]+]]}
; CHECK-DAG: ![[LISTP]] = !{%struct.list zeroinitializer, i32 1}
; CHECK-DAG: ![[TREE]] = !{!"S", %struct.tree zeroinitializer, i32 2, ![[ARR:[0-9]+]], ![[TREEPP:[0-9]+]]}
; CHECK-DAG: ![[ARR]] = !{!"A", i32 2, ![[TREEP:[0-9]+]]}
; CHECK-DAG: ![[TREEP]] = !{%struct.tree zeroinitializer, i32 1}
; CHECK-DAG: ![[TREEPP]] = !{%struct.tree zeroinitializer, i32 2}
; CHECK-DAG: ![[I64]] = !{i64 0, i32 0}
; CHECK-DAG: ![[I32]] = !{i32 0, i32 0}

%struct.node = type { ptr, ptr, ptr, i32 }
%struct.list = type { ptr, ptr, i64 }
%struct.tree = type { [2 x ptr], ptr }

!intel.dtrans.types = !{!0, !5, !7}

!0 = !{!"S", %struct.node zeroinitializer, i32 4, !1, !1, !2, !3}
!1 = !{%struct.node zeroinitializer, i32 1}
!2 = !{%struct.list zeroinitializer, i32 1}
!3 = !{i32 0, i32 0}
!4 = !{i64 0, i32 0}
!5 = !{!"S", %struct.list zeroinitializer, i32 3, !1, !1, !4}
!6 = !{%struct.tree zeroinitializer, i32 1}
!7 = !{!"S", %struct.tree zeroinitializer, i32 2, !8, !9}
!8 = !{!"A", i32 2, !6}
!9 = !{%struct.tree zeroinitializer, i32 2}
