// Type punning through a cast: a struct A pointer read as a struct B.
// At -O0 the pointer is used as both types: BadCasting for both. At -O2
// the read of B's long is a load of all 8 bytes of A: a whole A read as
// one integer, WholeStructureReference (B is gone from the module). A
// pointer read as its own first field (an int at offset 0) is fine.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s --check-prefixes=CHECK,O0
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s --check-prefixes=CHECK,O2

struct A { int x; int y; };
struct B { long z; };
struct C { int first; double rest; };
long pun(struct A *a) { return ((struct B *)a)->z; }
int first(struct C *c) { return *(int *)c + (int)c->rest; }

// CHECK-LABEL: %struct.A (
// O0: BadCasting: @pun:
// O2: WholeStructureReference: @pun:
// CHECK: legal: reorder-fields no
// O0-LABEL: %struct.B (
// O0: BadCasting: @pun:
// O0: legal: reorder-fields no
// CHECK-LABEL: %struct.C (
// CHECK-NOT: BadCasting
// CHECK: legal: reorder-fields yes; delete-field yes
