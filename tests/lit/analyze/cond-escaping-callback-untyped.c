// A structure passed through a function pointer call that has no type
// information (an old-style declaration with no prototype): AddressTaken.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct S { int n; };
struct T { int n; };
void (*volatile hook)();
void call(struct S *s, struct T *t) { hook(s); t->n = 0; }

// CHECK-LABEL: %struct.S (
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.T (
// CHECK-NOT: AddressTaken:
// CHECK-NOT: AddressTaken:
// CHECK: legal: reorder-fields yes; delete-field yes
