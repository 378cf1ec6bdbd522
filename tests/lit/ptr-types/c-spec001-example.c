// Document 001's example (Local Pointer Type Analysis) in C: a void* that is
// either the struct S* argument or a fresh malloc(16) (sizeof(struct S)) is
// returned as a struct S*. At -O2 it is the document's phi of the argument
// and the malloc result. The merged value and the allocation are struct S*.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

#include <stdlib.h>

struct S { long a; long *b; };

struct S *f(struct S *p, int flag) {
  void *tmp = p;
  if (flag)
    tmp = malloc(16);
  return (struct S *)tmp;
}

// O0-LABEL: function @f
// the slot of tmp (void **), the malloc, the returned value
// O0: %5 -> %struct.S** |
// O0: %10 -> %struct.S* | declared: i8* |
// O0: %12 -> %struct.S* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %5 -> %struct.S** |
// NP: %10 -> %struct.S* | declared: i8* |
// NP: %12 -> %struct.S* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %0 -> %struct.S* |
// O2: %5 -> %struct.S* | declared: i8* |
// O2: %7 -> %struct.S* |
// O2-NOT: unknown
// O2-NOT: ambiguous
