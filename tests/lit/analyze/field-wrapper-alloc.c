// A user allocation wrapper (a malloc wrapper with its size as the only
// parameter) is an allocating function: the field holds memory from
// @xmalloc, and the allocation of the structure through it is checked for
// size.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.0.ll
// RUN: %dtrans analyze %t.0.ll --struct struct.S | %FileCheck %s --check-prefixes=CHECK
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.1.ll
// RUN: %dtrans analyze %t.1.ll --struct struct.S | %FileCheck %s --check-prefixes=CHECK

#include <stdlib.h>
#include <stdio.h>
static void *xmalloc(size_t n) { void *p = malloc(n); if (!p) { fputs("oom", stderr); exit(1); } return p; }
struct S { long *data; long n; };
struct S *make(long n) { struct S *s = xmalloc(sizeof *s); s->data = xmalloc(n * sizeof(long)); s->n = n; return s; }

// CHECK-LABEL: %struct.S (
// CHECK: 0: i64* {{.*}} {{@xmalloc|@malloc}}
// CHECK-NOT: BadAllocSizeArg
// CHECK-NOT: BadCasting
// CHECK: legal: reorder-fields yes
