// An address made by integer arithmetic on a structure pointer (through
// uintptr_t) is BadPtrManipulation; a pointer difference divided by the
// structure size is not.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stdint.h>
#include <stddef.h>
struct S { int a; int b; };
struct T { int a; int b; };
int *hack(struct S *s) { return (int *)((uintptr_t)s + 4); }
ptrdiff_t count(struct T *p, struct T *q) { return q - p; }

// CHECK-LABEL: %struct.S (
// CHECK: BadPtrManipulation: @hack:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.T (
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: BadPtrManipulation:
// CHECK: legal: reorder-fields yes; delete-field yes
