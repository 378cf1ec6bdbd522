// Externally visible functions are assumed to be called only from the module
// (the analysis is run on whole programs, as dtrans cc internalizes all but
// main): a structure in an exported function's signature is not an escape.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct S { int a; long b; };
long api(struct S *s) { return s->a + s->b; }
int main(void) { struct S s = { 1, 2 }; return (int)api(&s); }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: AddressTaken:
// CHECK-NOT: AddressTaken:
// CHECK: legal: reorder-fields yes; delete-field yes
