// A volatile field (declared volatile in the structure) keeps its volatile
// accesses at -O2: VolatileData.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct dev { volatile int status; int data; };
int poll(struct dev *d) { while (!(d->status & 1)) ; return d->data; }

// CHECK-LABEL: %struct.dev (
// CHECK: VolatileData: @poll:
// CHECK: legal: reorder-fields no (VolatileData)
