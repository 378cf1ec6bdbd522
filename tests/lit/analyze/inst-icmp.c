// Comparing structure pointers (with null or each other) is safe: ICmp sets
// nothing.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct S { int a; struct S *next; };
int same(struct S *x, struct S *y) { return x == y || x->next == 0 || x < y; }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: BadCasting:
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: UnhandledUse:
// CHECK-NOT: BadCasting:
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: UnhandledUse:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
