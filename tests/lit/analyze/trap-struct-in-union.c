// A structure inside a union shares storage with the other members: the
// union is never transformed (UnhandledUse at its definition) and the nested
// structure inherits it; a structure holding the union is not blocked by the
// union itself.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct in { int a; int b; };
union U { struct in s; long l; };
struct holder { int tag; union U u; };
long get(struct holder *h) { return h->tag ? h->u.l : h->u.s.a + h->u.s.b; }

// CHECK-LABEL: %struct.holder (
// CHECK-NOT: UnhandledUse:
// CHECK-NOT: UnhandledUse:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.in (
// CHECK: UnhandledUse: 
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %union.U (
// CHECK: UnhandledUse: type definition:
// CHECK: legal: reorder-fields no
