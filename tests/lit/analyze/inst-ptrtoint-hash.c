// Hashing a structure pointer (its integer bits, never turned back into an
// address) is safe; rebuilding an address from arithmetic on it is
// BadPtrManipulation.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stdint.h>
struct H { int a; };
struct M { int a; int b; };
unsigned hash(struct H *h) { return (unsigned)(((uintptr_t)h >> 4) * 2654435761u); }
int *mid(struct M *m) { return (int *)(((uintptr_t)m + 4) & ~(uintptr_t)3); }

// CHECK-LABEL: %struct.H (
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: BadPtrManipulation:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
// CHECK-LABEL: %struct.M (
// CHECK: BadPtrManipulation: @mid:
// CHECK: legal: reorder-fields no (BadPtrManipulation)
