// b - a on two struct S pointers: the ptrtoints are the pointers, but the
// difference (a byte count) and the element count after the division are
// numbers, not pointers (document 001, "Sub"): they get no pointer type and
// are not reported as pointers of unknown type.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

#include <stddef.h>

struct S { long k; struct S *next; };

long f(struct S *a, struct S *b) {
  ptrdiff_t n = b - a;
  return n;
}

// O0-LABEL: function @f
// O0: %0 -> %struct.S* |
// O0: %1 -> %struct.S* |
// O0: %8 -> %struct.S* |
// O0: %9 -> %struct.S* |
// O0-NOT: %10 ->
// O0-NOT: %11 ->

// NP-LABEL: function @f
// NP: %0 -> %struct.S* |
// NP: %1 -> %struct.S* |
// NP: %8 -> %struct.S* |
// NP: %9 -> %struct.S* |
// NP-NOT: %10 ->
// NP-NOT: %11 ->

// O2-LABEL: function @f
// O2: %0 -> %struct.S* |
// O2: %1 -> %struct.S* |
// O2: %3 -> %struct.S* |
// O2: %4 -> %struct.S* |
// O2-NOT: %5 ->
// O2-NOT: %6 ->
