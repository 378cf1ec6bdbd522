// A binary search tree: two pointers to the same structure plus a parent
// pointer; recursive functions and a pointer-to-pointer walk.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.tree = type { i32, %struct.tree*, %struct.tree*, %struct.tree* }
// CHECK-NEXT: function @insert: %struct.tree* (%struct.tree**, %struct.tree*, i32)
// CHECK-NEXT: function @depth: i32 (%struct.tree*)
// CHECK-NEXT: global @root: %struct.tree*
// CHECK-NEXT: alloca %slot.addr in @insert: %struct.tree**
// CHECK-NEXT: alloca %parent.addr in @insert: %struct.tree*
// CHECK-NEXT: alloca %t in @insert: %struct.tree*
// CHECK-NEXT: alloca %t.addr in @depth: %struct.tree*
// CHECK-NEXT: alloca %last in @main: %struct.tree*
// CHECK-NOT: {{.}}

#include <stdlib.h>

struct tree {
  int key;
  struct tree *left, *right;
  struct tree *parent;
};

static struct tree *root;

struct tree *insert(struct tree **slot, struct tree *parent, int key) {
  while (*slot) {
    parent = *slot;
    slot = key < parent->key ? &parent->left : &parent->right;
  }
  struct tree *t = calloc(1, sizeof *t);
  t->key = key;
  t->parent = parent;
  *slot = t;
  return t;
}

int depth(const struct tree *t) {
  int d = 0;
  while (t->parent) {
    t = t->parent;
    d++;
  }
  return d;
}

int main(void) {
  int keys[] = {5, 3, 8, 1, 4};
  struct tree *last = 0;
  for (int i = 0; i < 5; i++)
    last = insert(&root, 0, keys[i]);
  return depth(last) == 2 ? 0 : 1;
}
