// Conditions that make a structure's memory unpredictable spread to what
// shares it by value: reading the outer structure's start as a long
// (MismatchedElementAccess) reaches the one nested in it, and reading a
// nested structure whole as a long (WholeStructureReference) reaches its
// container.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct in { int a; int b; };
struct out { struct in i; long x; };
struct in2 { int a; int b; };
struct out2 { long x; struct in2 i; };
long pun(struct out *o) { return *(long *)o + o->x; }
long pun2(struct in2 *i) { return *(long *)i; }
long use2(struct out2 *o) { return o->x + o->i.a; }

// CHECK-LABEL: %struct.in (
// CHECK: MismatchedElementAccess: propagated from %struct.out:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.out2 (
// CHECK: legal: reorder-fields no
