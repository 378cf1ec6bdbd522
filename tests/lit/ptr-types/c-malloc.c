// A malloc result (an i8* by declaration) becomes a struct node* through its
// uses: stored to the `n` slot at -O0, written field by field (byte offsets)
// and returned at -O2.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

#include <stdlib.h>

struct node { int v; struct node *next; };

struct node *f(int v, struct node *rest) {
  struct node *n = malloc(sizeof *n);
  n->v = v;
  n->next = rest;
  return n;
}

// O0-LABEL: function @f
// O0: %6 -> %struct.node* | declared: i8* |
// O0: %12 -> %struct.node** | {{.*}}elements: %struct.node@1{{$}}
// O0: %13 -> %struct.node* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %6 -> %struct.node* | declared: i8* |
// NP: %12 -> %struct.node** | {{.*}}elements: %struct.node@1{{$}}
// NP: %13 -> %struct.node* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %3 -> %struct.node* | declared: i8* |
// O2: %4 -> %struct.node** | {{.*}}elements: %struct.node@1{{$}}
// O2-NOT: unknown
// O2-NOT: ambiguous
