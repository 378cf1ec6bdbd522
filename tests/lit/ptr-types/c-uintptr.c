// Pointers through integers: (uintptr_t)s and back is still the struct S*
// (ptrtoint and inttoptr are the same pointer), but (struct S *)(u + 8) is
// integer arithmetic turned into a pointer: unknown, even though it is then
// used as a struct S*.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

#include <stdint.h>

struct S { long k; struct S *next; };

struct S *f(struct S *s) {
  uintptr_t u = (uintptr_t)s;
  struct S *same = (struct S *)u;
  struct S *odd = (struct S *)(u + 8);
  odd->k = 1;
  return same->next;
}

// O0-LABEL: function @f
// ptrtoint, inttoptr of the loaded integer
// O0: %7 -> %struct.S* |
// O0: %9 -> %struct.S* |
// u + 8 and its inttoptr
// O0: %11 -> ? | {{.*}}unknown
// O0: %12 -> ? | {{.*}}unknown
// O0: %16 -> %struct.S** | {{.*}}elements: %struct.S@1{{$}}
// O0: %17 -> %struct.S* |

// NP-LABEL: function @f
// NP: %7 -> %struct.S* |
// NP: %9 -> %struct.S* |
// NP: %11 -> ? | {{.*}}unknown
// NP: %12 -> ? | {{.*}}unknown
// NP: %16 -> %struct.S** | {{.*}}elements: %struct.S@1{{$}}
// NP: %17 -> %struct.S* |

// O2-LABEL: function @f
// O2: %2 -> %struct.S* |
// O2: %3 -> ? | {{.*}}unknown
// O2: %4 -> ? | {{.*}}unknown
// O2: %5 -> %struct.S** | {{.*}}elements: %struct.S@1{{$}}
// O2: %6 -> %struct.S* |
