// Two translation units define struct node with the same layout; after
// llvm-link-19 the module has one %struct.node, described once, and the
// functions and globals of both units refer to it.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.main.O0.ll
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %S/Inputs/link-same-layout-lib.c -o %t.lib.O0.ll
// RUN: %llvm-link -S %t.main.O0.ll %t.lib.O0.ll -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.main.O2.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %S/Inputs/link-same-layout-lib.c -o %t.lib.O2.ll
// RUN: %llvm-link -S %t.main.O2.ll %t.lib.O2.ll -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.node = type { i32, %struct.node* }
// CHECK-NEXT: function @length: i32 (%struct.node*)
// CHECK-NEXT: function @node_new: %struct.node* (i32, %struct.node*)
// CHECK-NEXT: global @free_list: %struct.node*
// CHECK-NEXT: alloca %n.addr in @length: %struct.node*
// CHECK-NEXT: alloca %list in @main: %struct.node*
// CHECK-NEXT: alloca %next.addr in @node_new: %struct.node*
// CHECK-NEXT: alloca %n in @node_new: %struct.node*
// CHECK-NOT: {{.}}

struct node {
  int key;
  struct node *next;
};

struct node *node_new(int key, struct node *next);

int length(const struct node *n) {
  int len = 0;
  for (; n; n = n->next)
    len++;
  return len;
}

int main(void) {
  struct node *list = 0;
  for (int i = 0; i < 3; i++)
    list = node_new(i, list);
  return length(list) == 3 ? 0 : 1;
}
