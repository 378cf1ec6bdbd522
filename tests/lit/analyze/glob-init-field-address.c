// A global initialized with the address of a field of another global:
// FieldAddressTaken on that structure.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct S { int a; long b; };
struct S g = { 1, 2 };
long *pb = &g.b;
long get(void) { return *pb + g.a; }

// CHECK-LABEL: %struct.S (
// CHECK: FieldAddressTaken: @pb:
// CHECK: legal: reorder-fields yes; delete-field no
