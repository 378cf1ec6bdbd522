// A void* that holds either a struct A* or a struct B*: the merged value
// (the select at -O2, the phi and the slot of `v` at -O0) is ambiguous, but
// the two parameters and their stack slots are not: each holds only its own
// type, and being converted to void* (i8*) says nothing new about them.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function g | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function g | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function g | %FileCheck %s --check-prefix=O2

struct A { int x; int y; };
struct B { double d; };

void *g(struct A *a, struct B *b, int k) {
  void *v = k ? (void *)a : (void *)b;
  return v;
}

// O0-LABEL: function @g
// O0: %0 -> %struct.A* |
// O0: %1 -> %struct.B* |
// O0: %4 -> %struct.A** |
// O0: %5 -> %struct.B** |
// the phi
// O0: %15 -> ? | {{.*}}ambiguous

// NP-LABEL: function @g
// NP: %0 -> %struct.A* |
// NP: %1 -> %struct.B* |
// NP: %4 -> %struct.A** |
// NP: %5 -> %struct.B** |

// O2-LABEL: function @g
// O2: %0 -> %struct.A* |
// O2: %1 -> %struct.B* |
// O2: %5 -> ? | {{.*}}ambiguous: used as %struct.A* and %struct.B*
