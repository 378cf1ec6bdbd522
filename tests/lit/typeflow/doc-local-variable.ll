; Document 004, "Reading and assign to a local variable": local -- store2,
; A -- store1, store1 -- store2, local -- load1, load1 -- c, c -- ret1
; (store.1, store.0, %c.0 here). The two sides of the store, and the load's
; address and result, are dereference edges: `*` marks the pointer side,
; which carries one more pointer level (the document's TODO).
; The alloca's element count is not a node.
; RUN: %dtrans typeflow %s --dot %t.dot | %FileCheck %s --match-full-lines
; RUN: %FileCheck %s --check-prefix=DOT < %t.dot

; CHECK:      function @func
; CHECK-NEXT:   value %a: generic32_t
; CHECK-NEXT:   value %local: generic32_t *
; CHECK-NEXT:   use store.0: generic32_t
; CHECK-NEXT:   use store.1: generic32_t *
; CHECK-NEXT:   use %c.0: generic32_t *
; CHECK-NEXT:   value %c: generic32_t
; CHECK-NEXT:   use ret.0: generic32_t
; CHECK-NEXT:   edge %a -- store.0
; CHECK-NEXT:   edge %local -- store.1
; CHECK-NEXT:   edge %local -- %c.0
; CHECK-NEXT:   edge store.0 -- *store.1
; CHECK-NEXT:   edge *%c.0 -- %c
; CHECK-NEXT:   edge %c -- ret.0
; CHECK-NEXT:   summary: 7 nodes, 6 edges, 0 casts, 0 conflicts
; CHECK-NEXT: total: 7 nodes, 6 edges, 0 casts, 0 conflicts
; CHECK-NEXT: propagation: 0 casts, at least 0 (0 parts exact by a minimum cut, 0 improved by it; 0 parts of 3 or more types by expansion moves, 0 improved by them)
; CHECK-EMPTY:

; Values are ellipses, uses boxes; pointers orange, generic grey.
; DOT:      graph typeflow {
; DOT:        label="@func";
; DOT-NEXT:   n0 [label="%a\ngeneric32_t", shape=ellipse, fillcolor="#e0e0e0"];
; DOT-NEXT:   n1 [label="%local\ngeneric32_t *", shape=ellipse, fillcolor="#ffc078"];
; DOT-NEXT:   n2 [label="store.0\ngeneric32_t", shape=box, fillcolor="#e0e0e0"];
; DOT-NEXT:   n3 [label="store.1\ngeneric32_t *", shape=box, fillcolor="#ffc078"];
; DOT:      n0 -- n2;
; DOT-NEXT: n1 -- n3;
; DOT-NEXT: n1 -- n4;
; DOT-NEXT: n2 -- n3 [style=dashed, headlabel="*"];
; DOT-NEXT: n4 -- n5 [style=dashed, taillabel="*"];
; DOT-NEXT: n5 -- n6;
; DOT-NEXT: }

define i32 @func(i32 %a) {
  %local = alloca i32
  store i32 %a, ptr %local
  %c = load i32, ptr %local
  ret i32 %c
}
