// Interprocedural arguments: static helpers whose parameter is a void*
// (declared i8*) are only called with a struct S*, so the parameter is a
// struct S* (get_b also casts it; is_null only compares it). In the other
// direction, a malloc result passed to a helper taking a struct S* is a
// struct S*.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll | %FileCheck %s --check-prefix=O2

#include <stdlib.h>

struct S { int a; long b; };

__attribute__((noinline)) static long get_b(void *p) {
  return ((struct S *)p)->b;
}

__attribute__((noinline)) static int is_null(void *p) { return p == 0; }

__attribute__((noinline)) static void fill(struct S *s) { s->b = 1; }

long f(struct S *s) {
  return get_b(s) + is_null(s);
}

void *g(unsigned n) {
  void *m = malloc(n);
  fill(m);
  return m;
}

// O0-LABEL: function @f
// O0: %0 -> %struct.S* |
// O0-LABEL: function @get_b
// O0: %0 -> %struct.S* | declared: {{.*}}i8*
// O0-LABEL: function @is_null
// O0: %0 -> %struct.S* | declared: {{.*}}i8*
// O0-LABEL: function @g
// O0: %6 -> %struct.S* | declared: i8* |
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %0 -> %struct.S* |
// NP-LABEL: function @get_b
// NP: %0 -> %struct.S* | declared: {{.*}}i8*
// NP-LABEL: function @is_null
// NP: %0 -> %struct.S* | declared: {{.*}}i8*
// NP-LABEL: function @g
// NP: %6 -> %struct.S* | declared: i8* |
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %0 -> %struct.S* |
// O2-LABEL: function @get_b
// O2: %0 -> %struct.S* | declared: {{.*}}i8*
// O2-LABEL: function @is_null
// O2: %0 -> %struct.S* | declared: {{.*}}i8*
// O2-LABEL: function @g
// O2: %3 -> %struct.S* | declared: i8* |
// O2-NOT: ambiguous
