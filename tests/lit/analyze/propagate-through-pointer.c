// An escape (AddressTaken) spreads through pointer fields: unknown code that
// sees a structure can follow its pointers. A structure pointing to the
// escaping one is not affected.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct leaf { int v; };
struct root { struct leaf *l; int n; };
struct user { struct root *r; };
extern void sink(struct root *r);
void give(struct root *r) { sink(r); }
int look(struct user *u) { return u->r->n; }

// CHECK-LABEL: %struct.leaf (
// CHECK: AddressTaken: propagated from %struct.root:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.root (
// CHECK: AddressTaken: @give:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.user (
// CHECK-NOT: AddressTaken:
// CHECK-NOT: AddressTaken:
