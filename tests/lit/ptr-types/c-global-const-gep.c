// Globals reached through constant-expression GEPs: arr[2].next (a
// structure GEP on an array GEP at -O0, the byte offset 104 = 2*48 + 8 at
// -O2) and gt.s (offset 8). The loaded pointers are struct S*.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

// S = { int, S*, long[4] } (48 bytes: next at 8, tab at 16); T = { long, S* }
struct S { int a; struct S *next; long tab[4]; };
struct T { long k; struct S *s; };
struct S arr[3];
struct T gt;

long f(void) {
  struct S *x = arr[2].next;
  return gt.s->tab[1] + x->next->a;
}

// O0-LABEL: function @f
// O0: %2 -> %struct.S* |
// O0: %3 -> %struct.S* |
// O0: %4 -> {{.*}}elements: %struct.S@2{{$}}
// O0: %8 -> %struct.S** | {{.*}}elements: %struct.S@1{{$}}
// O0: %9 -> %struct.S* |
// O0-NOT: unknown
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %2 -> %struct.S* |
// NP: %3 -> %struct.S* |
// NP: %4 -> {{.*}}elements: %struct.S@2{{$}}
// NP: %8 -> %struct.S** | {{.*}}elements: %struct.S@1{{$}}
// NP: %9 -> %struct.S* |
// NP-NOT: unknown
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %1 -> %struct.S* |
// O2: %2 -> %struct.S* |
// gt.s + 24 = tab[1]
// O2: %3 -> i64* | {{.*}}elements: %struct.S@2{{$}}
// O2: %5 -> %struct.S** | {{.*}}elements: %struct.S@1{{$}}
// O2: %6 -> %struct.S* |
// O2-NOT: unknown
// O2-NOT: ambiguous
