// A select of pointers to two unrelated structures is UnsafePtrMerge for
// both (at -O2; at -O0 the merge goes through a void* local and is an
// ambiguous cast); a select of two pointers to the same structure is not.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct A { int a; };
struct B { double b; };
struct C { int c; };
void *pick(struct A *a, struct B *b, int k) { void *p = k ? (void *)a : (void *)b; return p; }
struct C *same(struct C *x, struct C *y, int k) { return k ? x : y; }

// CHECK-LABEL: %struct.A (
// CHECK: UnsafePtrMerge: @pick:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.B (
// CHECK: UnsafePtrMerge: @pick:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.C (
// CHECK-NOT: UnsafePtrMerge:
// CHECK-NOT: BadCasting:
// CHECK-NOT: UnsafePtrMerge:
// CHECK-NOT: BadCasting:
// CHECK: legal: reorder-fields yes; delete-field yes
