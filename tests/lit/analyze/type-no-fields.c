// A structure with no fields (GNU C allows it): NoFieldsInStruct.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct empty {};
struct full { int a; };
int f(struct empty *e, struct full *g) { return e != 0 ? g->a : 0; }

// CHECK-LABEL: %struct.empty (
// CHECK: NoFieldsInStruct: type definition:
// CHECK: legal: reorder-fields no (NoFieldsInStruct)
// CHECK-LABEL: %struct.full (
// CHECK-NOT: NoFieldsInStruct:
// CHECK-NOT: NoFieldsInStruct:
// CHECK: legal: reorder-fields yes; delete-field yes
