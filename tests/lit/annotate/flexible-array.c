// Flexible array members: int data[] becomes [0 x i32], an array of
// structure pointers at the end becomes [0 x %struct.blob*].
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.blob = type { i32, %struct.blob*, [0 x i32] }
// CHECK-NEXT: %struct.index = type { i32, [0 x %struct.blob*] }
// CHECK-NEXT: function @blob_new: %struct.blob* (i32)
// CHECK-NEXT: alloca %b in @blob_new: %struct.blob*
// CHECK-NEXT: alloca %ix in @main: %struct.index*
// CHECK-NOT: {{.}}

#include <stdlib.h>

struct blob {
  unsigned len;
  struct blob *next;
  int data[];
};

struct index {
  int n;
  struct blob *items[];
};

struct blob *blob_new(unsigned len) {
  struct blob *b = malloc(sizeof *b + len * sizeof b->data[0]);
  b->len = len;
  b->next = 0;
  for (unsigned i = 0; i < len; i++)
    b->data[i] = (int)i;
  return b;
}

int main(void) {
  struct index *ix = malloc(sizeof *ix + 2 * sizeof ix->items[0]);
  ix->n = 2;
  ix->items[0] = blob_new(3);
  ix->items[1] = blob_new(4);
  int s = ix->items[0]->data[2] + ix->items[1]->data[3];
  free(ix->items[0]);
  free(ix->items[1]);
  free(ix);
  return s == 5 ? 0 : 1;
}
