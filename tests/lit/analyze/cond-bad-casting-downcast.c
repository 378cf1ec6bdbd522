// A pointer to a structure at the start of another, used as the outer one (a
// downcast, as C code emulating inheritance does): BadCasting on both (and
// on what shares storage with them). The upcast (an outer structure used as
// its first field) is safe.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct base { int kind; };
struct derived { struct base b; int extra; };
struct base2 { int kind; };
struct other { struct base2 b; int extra; };
int down(struct base *b) { return ((struct derived *)b)->extra; }
int up(struct other *o) { struct base2 *b = &o->b; return b->kind + o->extra; }

// CHECK-LABEL: %struct.base (
// CHECK: BadCasting: @down:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.derived (
// CHECK: BadCasting: @down:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.other (
// CHECK-NOT: BadCasting:
// CHECK-NOT: BadCasting:
// CHECK: legal: reorder-fields yes; delete-field yes
