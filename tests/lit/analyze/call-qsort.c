// qsort over an array of structures with its size as element size and a
// comparator: the comparator's void* parameters are that structure, nothing
// escapes. With another element size the array escapes.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

#include <stdlib.h>
struct S { int key; long v; };
struct T { int key; long v; };
static int cmp(const void *a, const void *b) { return ((const struct S *)a)->key - ((const struct S *)b)->key; }
static int cmpt(const void *a, const void *b) { return ((const struct T *)a)->key - ((const struct T *)b)->key; }
void sort(struct S *s, struct T *t, size_t n) { qsort(s, n, sizeof *s, cmp); qsort(t, n, 4, cmpt); }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: AddressTaken:
// CHECK-NOT: BadCasting:
// CHECK-NOT: AddressTaken:
// CHECK-NOT: BadCasting:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.T (
// CHECK: legal: reorder-fields no
