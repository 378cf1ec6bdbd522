// A field address stored in a global variable: FieldAddressTaken (deleting
// fields is forbidden, reordering is not).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct S { int a; long b; };
long *last;
void remember(struct S *s) { last = &s->b; }

// CHECK-LABEL: %struct.S (
// CHECK: FieldAddressTaken: @remember:
// CHECK: legal: reorder-fields yes; delete-field no (FieldAddressTaken)
