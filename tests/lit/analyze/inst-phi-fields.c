// A phi or select of addresses of two fields of the same type in one
// structure is a field address like any other: safe for the structure.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct S { long a; long b; };
long pick(struct S *s, int k) { long *p = k ? &s->a : &s->b; return *p; }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: UnsafePtrMerge:
// CHECK-NOT: BadCasting:
// CHECK-NOT: MismatchedElementAccess:
// CHECK-NOT: UnsafePtrMerge:
// CHECK-NOT: BadCasting:
// CHECK-NOT: MismatchedElementAccess:
// CHECK: legal: reorder-fields yes; delete-field yes
