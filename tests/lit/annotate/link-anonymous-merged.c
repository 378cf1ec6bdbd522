// llvm-link-19 maps an anonymous structure of another unit onto a named one
// of the same layout (any `{ ptr, ptr }` becomes `%struct.list_head`). The
// named IR structure keeps its own source structure; the anonymous one gets
// a structure of its own. (The global's array of the anonymous structure
// was once taken as the description of `list_head`: `{ i8*, i8* }`, and the
// real `list_head` became `list_head.0`.)
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.main.ll
// RUN: %clang -g -O0 -S -emit-llvm %S/Inputs/link-anonymous-merged-lib.c -o %t.lib.ll
// RUN: %llvm-link -S %t.main.ll %t.lib.ll -o %t.ll
// RUN: %dtrans annotate %t.ll -o %t.ann.ll
// RUN: %opt -passes=verify -disable-output %t.ann.ll
// RUN: %dtrans types %t.ann.ll | %FileCheck %s

// CHECK-DAG: %struct.anon = type { i8*, i8* }
// CHECK-DAG: %struct.list_head = type { %struct.list_head*, %struct.list_head* }
// CHECK-DAG: function @add: void (%struct.list_head*, %struct.list_head*)
// CHECK-NOT: list_head.0

struct list_head { struct list_head *prev, *next; };
void add(struct list_head *h, struct list_head *n) {
  n->next = h->next;
  n->prev = h;
  h->next->prev = n;
  h->next = n;
}
