// Two translation units define struct node with different layouts;
// llvm-link-19 keeps the first as %struct.node and renames the second
// (%struct.node.0 here, %struct.node.1 when linked the other way round).
// Each must be described from its own unit's debug information, and each
// unit's functions, globals and locals refer to its own node type. struct
// label is defined in both with the same layout and stays one type.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.main.O0.ll
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %S/Inputs/link-different-layout-lib.c -o %t.lib.O0.ll
// RUN: %llvm-link -S %t.main.O0.ll %t.lib.O0.ll -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.main.O2.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %S/Inputs/link-different-layout-lib.c -o %t.lib.O2.ll
// RUN: %llvm-link -S %t.main.O2.ll %t.lib.O2.ll -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines
//
// The other order of linking swaps the names.
// RUN: %llvm-link -S %t.lib.O0.ll %t.main.O0.ll -o %t.swapped.ll
// RUN: %dtrans annotate %t.swapped.ll -o %t.swapped.ann.ll
// RUN: %opt -passes=verify -disable-output %t.swapped.ann.ll
// RUN: %dtrans types --strict %t.swapped.ann.ll | %FileCheck %s --match-full-lines --check-prefix=SWAPPED

// CHECK-NOT: {{.}}
// CHECK: %struct.label = type { i8* }
// CHECK-NEXT: %struct.node = type { i32, %struct.label*, %struct.node* }
// CHECK-NEXT: [[TREE:%struct\.node\.[0-9]+]] = type { double, %struct.label*, [[TREE]]*, [[TREE]]* }
// CHECK-NEXT: function @list_push: %struct.node* (%struct.node*, i32)
// CHECK-NEXT: function @tree_node: [[TREE]]* (double, [[TREE]]*, [[TREE]]*)
// CHECK-NEXT: function @tree_label: i8* ([[TREE]]*)
// CHECK-NEXT: function @tree_weight: double ([[TREE]]*)
// CHECK-NEXT: global @list_head: %struct.node*
// CHECK-NEXT: global @tree_root: [[TREE]]*
// CHECK-NEXT: alloca %next.addr in @list_push: %struct.node*
// CHECK-NEXT: alloca %n in @list_push: %struct.node*
// CHECK-NEXT: alloca %l in @main: %struct.label
// CHECK-NEXT: alloca %left.addr in @tree_node: [[TREE]]*
// CHECK-NEXT: alloca %right.addr in @tree_node: [[TREE]]*
// CHECK-NEXT: alloca %n in @tree_node: [[TREE]]*
// CHECK-NEXT: alloca %n.addr in @tree_label: [[TREE]]*
// CHECK-NEXT: alloca %n.addr in @tree_weight: [[TREE]]*
// CHECK-NOT: {{.}}

// SWAPPED-NOT: {{.}}
// SWAPPED: %struct.label = type { i8* }
// SWAPPED-NEXT: %struct.node = type { double, %struct.label*, %struct.node*, %struct.node* }
// SWAPPED-NEXT: [[LIST:%struct\.node\.[0-9]+]] = type { i32, %struct.label*, [[LIST]]* }
// SWAPPED-NEXT: function @tree_node: %struct.node* (double, %struct.node*, %struct.node*)
// SWAPPED-NEXT: function @tree_label: i8* (%struct.node*)
// SWAPPED-NEXT: function @tree_weight: double (%struct.node*)
// SWAPPED-NEXT: function @list_push: [[LIST]]* ([[LIST]]*, i32)
// SWAPPED-NEXT: global @tree_root: %struct.node*
// SWAPPED-NEXT: global @list_head: [[LIST]]*
// SWAPPED: alloca %next.addr in @list_push: [[LIST]]*
// SWAPPED-NEXT: alloca %n in @list_push: [[LIST]]*
// SWAPPED-NEXT: alloca %l in @main: %struct.label
// SWAPPED-NOT: {{.}}

#include <stdlib.h>

struct label {
  char *text;
};

struct node {
  int key;
  struct label *label;
  struct node *next;
};

struct node *list_head;

struct node *list_push(struct node *next, int key) {
  struct node *n = malloc(sizeof *n);
  n->key = key;
  n->label = 0;
  n->next = next;
  return n;
}

int main(void) {
  struct label l = {"two"};
  list_head = list_push(list_push(0, 1), 2);
  list_head->label = &l;
  return list_head->next->key == 1 && list_head->label->text[0] == 't' ? 0 : 1;
}
