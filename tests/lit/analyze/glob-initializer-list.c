// A global instance with a non-zero initializer: HasInitializerList (the
// transformation rewrites it when reordering); a zero-initialized one has
// none.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct S { int a; long b; };
struct T { int a; long b; };
struct S gs = { 1, 2 };
struct T gt;
long get(void) { return gs.a + gs.b + gt.a + gt.b; }

// CHECK-LABEL: %struct.S (
// CHECK: HasInitializerList: @gs:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa no (HasInitializerList, GlobalInstance)
// CHECK-LABEL: %struct.T (
// CHECK-NOT: HasInitializerList:
// CHECK: GlobalInstance: @gt:
// CHECK-NOT: HasInitializerList:
// CHECK: legal: reorder-fields yes; delete-field yes
