// A void* helper used with one structure inside, called with another:
// MismatchedArgUse (document 001: the argument's type does not match what
// the function does with it).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct A { int a; };
struct B { long b; };
__attribute__((noinline)) static int geta(void *p) { return ((struct A *)p)->a; }
int call(struct A *a, struct B *b) { return geta(a) + geta(b); }

// CHECK-LABEL: %struct.A (
// CHECK: MismatchedArgUse: @call:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.B (
// CHECK: MismatchedArgUse: @call:
// CHECK: legal: reorder-fields no
