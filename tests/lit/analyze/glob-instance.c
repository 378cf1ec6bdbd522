// A global instance (zero-initialized): GlobalInstance, which forbids
// splitting the structure into arrays but not reordering; no initializer
// list.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct S { int a; long b; };
struct S g;
long get(void) { return g.a + g.b; }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: HasInitializerList:
// CHECK: GlobalInstance: @g:
// CHECK-NOT: HasInitializerList:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa no (GlobalInstance)
