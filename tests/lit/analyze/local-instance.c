// A local variable of a structure type: LocalInstance (forbids aos-to-soa
// only); a local pointer: LocalPtr.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct S { int a; long b; };
struct T { int a; long b; };
long use(struct T *t) { struct S s; s.a = t->a; s.b = t->b; struct T *p = t; return s.a + s.b + p->a; }

// CHECK-LABEL: %struct.S (
// CHECK: LocalInstance: @use:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa no (LocalInstance)
// CHECK-LABEL: %struct.T (
// CHECK-NOT: LocalInstance:
// CHECK: LocalPtr: @use:
// CHECK-NOT: LocalInstance:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
