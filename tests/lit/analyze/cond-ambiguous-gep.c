// A field address computed from a pointer that may be either of two
// structures: AmbiguousGEP on both. From a pointer of one type: nothing.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct A { long x; int y; };
struct B { int p; long q; };
struct C { long x; int y; };
int f(struct A *a, struct B *b, struct C *c, int k) {
  char *base = k ? (char *)a : (char *)b;
  return *(int *)(base + 8) + c->y;
}

// CHECK-LABEL: %struct.A (
// CHECK: AmbiguousGEP: @f:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.B (
// CHECK: AmbiguousGEP: @f:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.C (
// CHECK-NOT: AmbiguousGEP:
// CHECK-NOT: AmbiguousGEP:
// CHECK: legal: reorder-fields yes; delete-field yes
