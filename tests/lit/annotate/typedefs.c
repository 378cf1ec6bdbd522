// Typedefs: a typedef'd anonymous structure (clang names it %struct.Point
// after the typedef), a typedef of a tagged structure, a typedef of a
// pointer to structure (typedef struct list_node *nptr), typedefs of
// function pointer and integer types, all seen through to the source type.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.Point = type { i32, i32, i64 }
// CHECK-NEXT: %struct.list_node = type { %struct.list_node*, %struct.Point* }
// CHECK-NEXT: %struct.walker = type { i32 (%struct.list_node*)*, %struct.list_node**, %struct.list_node*, i64 }
// CHECK-NEXT: function @walk: i64 (%struct.walker*)
// CHECK-NEXT: function @visit_one: i32 (%struct.list_node*)
// CHECK-NEXT: alloca %w.addr in @walk: %struct.walker*
// CHECK-NEXT: alloca %n in @walk: %struct.list_node*
// CHECK-NEXT: alloca %b in @main: %struct.list_node
// CHECK-NEXT: alloca %a in @main: %struct.list_node
// CHECK-NEXT: alloca %head in @main: %struct.list_node*
// CHECK-NEXT: alloca %w in @main: %struct.walker
// CHECK-NEXT: alloca %n.addr in @visit_one: %struct.list_node*
// CHECK-NEXT: call {{%call[0-9]*}} in @walk: i32 (%struct.list_node*)
// CHECK-NOT: {{.}}

#include <stdlib.h>

typedef long counter_t;
typedef struct { int x, y; counter_t hits; } Point;
typedef struct list_node *nptr;
typedef struct list_node { nptr next; Point *where; } ListNode;
typedef int (*visit_fn)(nptr);
typedef nptr *nptr_ref;

struct walker {
  visit_fn visit;
  nptr_ref cursor;
  ListNode *first;
  counter_t visited;
};

static int visit_one(nptr n) { return n->where ? n->where->x : 0; }

counter_t walk(struct walker *w) {
  for (nptr n = w->first; n; n = n->next)
    w->visited += w->visit(n);
  return w->visited;
}

int main(void) {
  Point p = {4, 5, 0};
  ListNode b = {0, &p}, a = {&b, &p};
  nptr head = &a;
  struct walker w = {visit_one, &head, &a, 0};
  return walk(&w) == 8 ? 0 : 1;
}
