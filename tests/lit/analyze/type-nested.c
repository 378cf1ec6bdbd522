// A structure held by value in another: NestedStruct for it,
// ContainsNestedStruct for the holder; neither forbids reordering.
// NestedStruct forbids splitting into arrays (a nested instance is in no
// array of its own); ContainsNestedStruct does not (the nested structure
// moves as one unit with its field).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct in { int a; int b; };
struct out { long x; struct in i; };
int get(struct out *o) { return o->i.a + o->i.b + (int)o->x; }

// CHECK-LABEL: %struct.in (
// CHECK: NestedStruct: type definition:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa no (NestedStruct)
// CHECK-LABEL: %struct.out (
// CHECK: ContainsNestedStruct: type definition:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
