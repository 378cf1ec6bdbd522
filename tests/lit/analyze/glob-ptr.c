// A global pointer to a structure: GlobalPtr, which forbids nothing.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

#include <stdlib.h>
struct S { int a; long b; };
struct S *g;
void init(void) { g = malloc(sizeof *g); g->a = 1; }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: GlobalInstance:
// CHECK: GlobalPtr: @g:
// CHECK-NOT: GlobalInstance:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
