// An allocation whose size is not a whole number of the structures it
// allocates: BadAllocSizeArg. malloc(n * sizeof) and calloc(n, sizeof) are
// fine.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stdlib.h>
struct S { int a; long b; };
struct T { int a; long b; };
struct U { int a; long b; };
struct S *odd(void) { struct S *s = malloc(sizeof(struct S) + 3); s->a = 1; return s; }
struct T *many(size_t n) { struct T *t = malloc(n * sizeof *t); t->a = 1; return t; }
struct U *zeroed(size_t n) { struct U *u = calloc(n, sizeof *u); u->a = 1; return u; }

// CHECK-LABEL: %struct.S (
// CHECK: BadAllocSizeArg: @odd:
// CHECK: legal: reorder-fields no (BadAllocSizeArg)
// CHECK-LABEL: %struct.T (
// CHECK-NOT: BadAllocSizeArg:
// CHECK-NOT: BadAllocSizeArg:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.U (
// CHECK-NOT: BadAllocSizeArg:
// CHECK-NOT: BadAllocSizeArg:
// CHECK: legal: reorder-fields yes; delete-field yes
