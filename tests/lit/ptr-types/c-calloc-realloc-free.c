// calloc, realloc and free: the calloc result is an array of struct rec
// (fresh[1].w is at byte 24 + 8 = 32 at -O2: field 1 of the second element);
// realloc returns the block it was given, so its result is a struct rec*
// like its argument; freeing a pointer (i8*) leaves its type alone.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

#include <stdlib.h>

// rec = { long, double, rec* } (24 bytes)
struct rec { long id; double w; struct rec *link; };

struct rec *f(struct rec *old, int n) {
  struct rec *fresh = calloc(n, sizeof *fresh);
  fresh[1].w = old->w;
  free(old->link);
  struct rec *grown = realloc(old, 2 * n * sizeof *old);
  grown->link = fresh;
  return grown;
}

// O0-LABEL: function @f
// calloc, &fresh[1], &fresh[1].w
// O0: %9 -> %struct.rec* | declared: i8* |
// O0: %14 -> %struct.rec* |
// O0: %15 -> double* | {{.*}}elements: %struct.rec@1{{$}}
// freed old->link
// O0: %18 -> %struct.rec* |
// realloc
// O0: %24 -> %struct.rec* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %9 -> %struct.rec* | declared: i8* |
// NP: %14 -> %struct.rec* |
// NP: %15 -> double* | {{.*}}elements: %struct.rec@1{{$}}
// NP: %18 -> %struct.rec* |
// NP: %24 -> %struct.rec* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %4 -> %struct.rec* | declared: i8* |
// O2: %5 -> double* | {{.*}}elements: %struct.rec@1{{$}}
// calloc + 32: fresh[1].w
// O2: %7 -> double* | {{.*}}elements: %struct.rec@1{{$}}
// O2: %9 -> %struct.rec* |
// O2: %13 -> %struct.rec* |
// O2: %14 -> %struct.rec** | {{.*}}elements: %struct.rec@2{{$}}
// O2-NOT: unknown
// O2-NOT: ambiguous
