// Returning a field's address: FieldAddressTaken (deleting fields is
// forbidden, reordering is not). Returning the structure pointer itself is
// fine.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct S { int a; long b; };
struct T { int a; long b; };
__attribute__((noinline)) long *field(struct S *s) { return &s->b; }
__attribute__((noinline)) struct T *self(struct T *t) { return t; }
long use(struct S *s, struct T *t) { return *field(s) + self(t)->b; }

// CHECK-LABEL: %struct.S (
// CHECK: FieldAddressTaken: @field:
// CHECK: legal: reorder-fields yes; delete-field no (FieldAddressTaken)
// CHECK-LABEL: %struct.T (
// CHECK-NOT: FieldAddressTaken:
// CHECK-NOT: AddressTaken:
// CHECK-NOT: FieldAddressTaken:
// CHECK-NOT: AddressTaken:
// CHECK: legal: reorder-fields yes; delete-field yes
