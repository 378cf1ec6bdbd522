// A field address kept in a local variable and used there (a pointer to a
// field walking a structure) is not taken: it travels like a phi.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct S { long a; long b; };
long f(struct S *s, int k) { long *p = &s->a; if (k) p = &s->b; *p += 1; return *p; }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: FieldAddressTaken:
// CHECK-NOT: UnsafePtrMerge:
// CHECK-NOT: FieldAddressTaken:
// CHECK-NOT: UnsafePtrMerge:
// CHECK: legal: reorder-fields yes; delete-field yes
