// A pointer that may be either of two structures passed to a function:
// AmbiguousPointerTarget (and the helper, whose void* parameter then holds
// both, makes it a cast). A helper that only ever receives one structure is
// fine for it.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct A { int a; };
struct B { double b; };
struct C { int c; };
__attribute__((noinline)) void take(void *p) { *(char *)p = 0; }
__attribute__((noinline)) void take_c(void *p) { ((struct C *)p)->c = 0; }
void call(struct A *a, struct B *b, struct C *c, int k) { take(k ? (void *)a : (void *)b); take_c(c); }

// CHECK-LABEL: %struct.A (
// CHECK: AmbiguousPointerTarget: @call:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.B (
// CHECK: AmbiguousPointerTarget: @call:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.C (
// CHECK-NOT: AmbiguousPointerTarget:
// CHECK-NOT: MismatchedArgUse:
// CHECK-NOT: BadCasting:
// CHECK-NOT: AmbiguousPointerTarget:
// CHECK-NOT: MismatchedArgUse:
// CHECK-NOT: BadCasting:
// CHECK: legal: reorder-fields yes; delete-field yes
