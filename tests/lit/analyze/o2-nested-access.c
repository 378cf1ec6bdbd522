// Accesses to a nested structure's fields through the outer one at -O2 (byte
// offsets into the nested fields): understood for both.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct vec { double x, y; };
struct body { int id; struct vec pos; struct vec vel; };
void move(struct body *b) { b->pos.x += b->vel.x; b->pos.y += b->vel.y; }

// CHECK-LABEL: %struct.body (
// CHECK-NOT: BadCasting:
// CHECK-NOT: MismatchedElementAccess:
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: BadCasting:
// CHECK-NOT: MismatchedElementAccess:
// CHECK-NOT: BadPtrManipulation:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.vec (
// CHECK-NOT: BadCasting:
// CHECK-NOT: BadPtrManipulation:
// CHECK: NestedStruct: 
// CHECK-NOT: BadCasting:
// CHECK-NOT: BadPtrManipulation:
// CHECK: legal: reorder-fields yes; delete-field yes
