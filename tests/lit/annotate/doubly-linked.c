// A doubly linked list: prev/next pointers to the node type and a list
// header holding head and tail pointers.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.dlist = type { %struct.dnode*, %struct.dnode*, i32 }
// CHECK-NEXT: %struct.dnode = type { %struct.dnode*, %struct.dnode*, i64 }
// CHECK-NEXT: function @append: void (%struct.dlist*, %struct.dnode*)
// CHECK-NEXT: function @unlink_node: %struct.dnode* (%struct.dlist*, %struct.dnode*)
// CHECK-NEXT: alloca %l.addr in @append: %struct.dlist*
// CHECK-NEXT: alloca %n.addr in @append: %struct.dnode*
// CHECK-NEXT: alloca %l.addr in @unlink_node: %struct.dlist*
// CHECK-NEXT: alloca %n.addr in @unlink_node: %struct.dnode*
// CHECK-NEXT: alloca %after in @unlink_node: %struct.dnode*
// CHECK-NEXT: alloca %list in @main: %struct.dlist
// CHECK-NEXT: alloca %nodes in @main: [3 x %struct.dnode]
// CHECK-NOT: {{.}}

#include <stdlib.h>

struct dnode {
  struct dnode *prev;
  struct dnode *next;
  long payload;
};

struct dlist {
  struct dnode *head, *tail;
  unsigned count;
};

void append(struct dlist *l, struct dnode *n) {
  n->next = 0;
  n->prev = l->tail;
  if (l->tail)
    l->tail->next = n;
  else
    l->head = n;
  l->tail = n;
  l->count++;
}

struct dnode *unlink_node(struct dlist *l, struct dnode *n) {
  struct dnode *after = n->next;
  if (n->prev) n->prev->next = n->next; else l->head = n->next;
  if (n->next) n->next->prev = n->prev; else l->tail = n->prev;
  l->count--;
  return after;
}

int main(void) {
  struct dlist list = {0, 0, 0};
  struct dnode nodes[3];
  for (int i = 0; i < 3; i++) {
    nodes[i].payload = i;
    append(&list, &nodes[i]);
  }
  unlink_node(&list, &nodes[1]);
  return list.count == 2 && list.head->next == list.tail ? 0 : 1;
}
