// A growing array of structures through realloc and a realloc wrapper: the
// allocations are of the structure, their sizes multiples of it.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stdlib.h>
struct E { int k; long v; };
static void *grow(void *p, size_t n) { void *q = realloc(p, n); if (!q) abort(); return q; }
struct E *add(struct E *a, int *n, int *cap, int k) {
  if (*n == *cap) { *cap = *cap ? 2 * *cap : 4; a = grow(a, (size_t)*cap * sizeof *a); }
  a[*n].k = k; a[*n].v = 0; (*n)++;
  return a;
}

// CHECK-LABEL: %struct.E (
// CHECK-NOT: BadCasting:
// CHECK-NOT: BadAllocSizeArg:
// CHECK-NOT: AddressTaken:
// CHECK-NOT: BadCasting:
// CHECK-NOT: BadAllocSizeArg:
// CHECK-NOT: AddressTaken:
// CHECK: legal: reorder-fields yes; delete-field yes
