// An array of structures allocated once and walked by index and by pointer
// (loop strength reduction at -O2 turns the walk into byte offsets): legal
// for everything.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stdlib.h>
struct P { double x; double v; int alive; };
struct P *make(int n) { return calloc((size_t)n, sizeof(struct P)); }
void step(struct P *p, int n) { for (int i = 0; i < n; i++) if (p[i].alive) p[i].x += p[i].v; }
double total(struct P *p, int n) { double t = 0; for (struct P *q = p; q < p + n; q++) t += q->x; return t; }

// CHECK-LABEL: %struct.P (
// CHECK-NOT: BadCasting:
// CHECK-NOT: UnhandledUse:
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: BadAllocSizeArg:
// CHECK-NOT: BadCasting:
// CHECK-NOT: UnhandledUse:
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: BadAllocSizeArg:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
