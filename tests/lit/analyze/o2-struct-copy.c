// Copying one structure into another of the same type (`*d = *s`, a memcpy
// or one wide load and store) is a whole-object copy, safe.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct S { int a; int b; };
struct T { long a; long b; long c; };
void cs(struct S *d, struct S *s) { *d = *s; }
void ct(struct T *d, struct T *s) { *d = *s; }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: WholeStructureReference:
// CHECK-NOT: BadMemFuncManipulation:
// CHECK-NOT: WholeStructureReference:
// CHECK-NOT: BadMemFuncManipulation:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.T (
// CHECK-NOT: WholeStructureReference:
// CHECK-NOT: BadMemFuncManipulation:
// CHECK-NOT: BadMemFuncSize:
// CHECK-NOT: WholeStructureReference:
// CHECK-NOT: BadMemFuncManipulation:
// CHECK-NOT: BadMemFuncSize:
// CHECK: legal: reorder-fields yes; delete-field yes
