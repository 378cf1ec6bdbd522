// A flexible array member (a zero-sized array at the end) fixes the layout:
// HasZeroSizedArray. A fixed array field is fine.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

#include <stdlib.h>
struct flex { int n; int data[]; };
struct fixed { int n; int data[4]; };
int sum(struct flex *f, struct fixed *g) { return f->data[0] + f->n + g->data[1] + g->n; }

// CHECK-LABEL: %struct.fixed (
// CHECK-NOT: HasZeroSizedArray:
// CHECK-NOT: HasZeroSizedArray:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.flex (
// CHECK: HasZeroSizedArray: type definition:
// CHECK: legal: reorder-fields no (HasZeroSizedArray)
