// memcpy of a whole structure to another of the same type is safe; memcpy
// between two different structure types is BadMemFuncManipulation for both.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

#include <string.h>
struct A { int x; long y; };
struct B { int x; long y; };
struct C { int x; long y; };
void same(struct A *d, struct A *s) { memcpy(d, s, sizeof *d); }
void diff(struct B *d, struct C *s) { memcpy(d, s, sizeof *d); }

// CHECK-LABEL: %struct.A (
// CHECK-NOT: BadMemFuncManipulation:
// CHECK-NOT: BadMemFuncSize:
// CHECK-NOT: BadMemFuncManipulation:
// CHECK-NOT: BadMemFuncSize:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.B (
// CHECK: BadMemFuncManipulation: @diff:
// CHECK: legal: reorder-fields no (BadMemFuncManipulation)
// CHECK-LABEL: %struct.C (
// CHECK: BadMemFuncManipulation: @diff:
// CHECK: legal: reorder-fields no (BadMemFuncManipulation)
