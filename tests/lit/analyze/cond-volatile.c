// A volatile access to a field marks its structure VolatileData; the same
// access without volatile does not.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct V { int a; int b; };
struct N { int a; int b; };
int rv(struct V *v) { return *(volatile int *)&v->b; }
int rn(struct N *n) { return n->b; }

// CHECK-LABEL: %struct.N (
// CHECK-NOT: VolatileData:
// CHECK-NOT: VolatileData:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.V (
// CHECK: VolatileData: @rv:
// CHECK: legal: reorder-fields no (VolatileData)
