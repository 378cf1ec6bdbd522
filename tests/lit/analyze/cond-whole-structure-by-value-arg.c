// A structure passed by value in registers to a defined function is a whole
// structure value at the call (clang splits it into integers): the structure
// is not legal. Passing a pointer is fine.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct P { int x; int y; };
struct Q { int x; int y; };
__attribute__((noinline)) static int sum(struct P p) { return p.x + p.y; }
__attribute__((noinline)) static int sumq(const struct Q *q) { return q->x + q->y; }
int f(struct P *p, struct Q *q) { return sum(*p) + sumq(q); }

// CHECK-LABEL: %struct.P (
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.Q (
// CHECK-NOT: WholeStructureReference:
// CHECK-NOT: WholeStructureReference:
// CHECK: legal: reorder-fields yes; delete-field yes
