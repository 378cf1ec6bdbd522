// A field address passed to a defined function: FieldAddressTaken (forbids
// deleting fields, not reordering); a structure pointer passed to a function
// taking that type is fine.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct S { int a; long b; };
struct T { int a; long b; };
__attribute__((noinline)) static void inc(long *p) { (*p)++; }
__attribute__((noinline)) static void incT(struct T *t) { t->b++; }
void f(struct S *s, struct T *t) { inc(&s->b); incT(t); }

// CHECK-LABEL: %struct.S (
// CHECK: FieldAddressTaken: @f:
// CHECK: legal: reorder-fields yes; delete-field no (FieldAddressTaken)
// CHECK-LABEL: %struct.T (
// CHECK-NOT: FieldAddressTaken:
// CHECK-NOT: MismatchedArgUse:
// CHECK-NOT: FieldAddressTaken:
// CHECK-NOT: MismatchedArgUse:
// CHECK: legal: reorder-fields yes; delete-field yes
