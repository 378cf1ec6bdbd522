// A pointer difference of two structure pointers used as a byte count (not
// divided by the size) is BadPtrManipulation.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

#include <stddef.h>
struct S { int a; int b; int c; };
ptrdiff_t bytes(struct S *p, struct S *q) { return (char *)q - (char *)p; }

// CHECK-LABEL: %struct.S (
// CHECK: BadPtrManipulation: @bytes:
// CHECK: legal: reorder-fields no
