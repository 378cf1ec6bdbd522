// A pointer that may be either of two structures passed to a function:
// AmbiguousPointerTarget; a pointer of one type passed is not.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct A { int a; };
struct B { double b; };
struct C { int c; };
__attribute__((noinline)) void take(void *p);
void call(struct A *a, struct B *b, struct C *c, int k) { take(k ? (void *)a : (void *)b); take(c); }
void take(void *p) { (void)p; }

// CHECK-LABEL: %struct.A (
// CHECK: AmbiguousPointerTarget: @call:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.B (
// CHECK: AmbiguousPointerTarget: @call:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.C (
// CHECK-NOT: AmbiguousPointerTarget:
// CHECK-NOT: AmbiguousPointerTarget:
