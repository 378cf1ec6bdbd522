// A singly linked list: a structure that points to its own type, a global
// head pointer, functions taking and returning node pointers, and local
// pointer variables.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.node = type { i32, %struct.node* }
// CHECK-NEXT: function @push: %struct.node* (%struct.node*, i32)
// CHECK-NEXT: function @sum: i32 (%struct.node*)
// CHECK-NEXT: global @head: %struct.node*
// CHECK-NEXT: alloca %list.addr in @push: %struct.node*
// CHECK-NEXT: alloca %n in @push: %struct.node*
// CHECK-NEXT: alloca %list.addr in @sum: %struct.node*
// CHECK-NEXT: alloca %p in @sum: %struct.node*
// CHECK-NOT: {{.}}
#include <stdlib.h>

struct node {
  int value;
  struct node *next;
};

struct node *head;

struct node *push(struct node *list, int value) {
  struct node *n = malloc(sizeof *n);
  n->value = value;
  n->next = list;
  return n;
}

int sum(const struct node *list) {
  int total = 0;
  for (const struct node *p = list; p; p = p->next)
    total += p->value;
  return total;
}

int main(void) {
  for (int i = 0; i < 4; i++)
    head = push(head, i);
  return sum(head) == 6 ? 0 : 1;
}
