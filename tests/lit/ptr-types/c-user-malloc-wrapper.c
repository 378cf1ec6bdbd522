// A user malloc wrapper (void *xmalloc(size_t): malloc or exit) is an
// allocation function: each call's result is typed by its own uses, one a
// struct seg*, the other a struct pt*, and the two do not mix through the
// wrapper's return value.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

#include <stdio.h>
#include <stdlib.h>

struct pt { double x, y, z; };
struct seg { struct pt *a, *b; };

__attribute__((noinline)) static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p) { fputs("out of memory\n", stderr); exit(1); }
  return p;
}

struct seg *f(void) {
  struct seg *s = xmalloc(sizeof *s);
  struct pt *p = xmalloc(sizeof *p);
  p->y = 1.0;
  s->a = s->b = p;
  return s;
}

// O0-LABEL: function @f
// O0: %3 -> %struct.seg* | declared: i8* |
// O0: %4 -> %struct.pt* | declared: i8* |
// O0: %6 -> double* | {{.*}}elements: %struct.pt@1{{$}}
// O0: %9 -> %struct.pt** | {{.*}}elements: %struct.seg@1{{$}}
// O0: %11 -> %struct.pt** | {{.*}}elements: %struct.seg@0{{$}}
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %3 -> %struct.seg* | declared: i8* |
// NP: %4 -> %struct.pt* | declared: i8* |
// NP: %6 -> double* | {{.*}}elements: %struct.pt@1{{$}}
// NP: %9 -> %struct.pt** | {{.*}}elements: %struct.seg@1{{$}}
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %1 -> %struct.seg* | declared: i8* |
// O2: %2 -> %struct.pt* | declared: i8* |
// O2: %3 -> double* | {{.*}}elements: %struct.pt@1{{$}}
// O2: %4 -> %struct.pt** | {{.*}}elements: %struct.seg@1{{$}}
// O2-NOT: ambiguous
