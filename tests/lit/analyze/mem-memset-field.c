// memset of a character array field (within one field) is an access to that
// field, not to the structure as bytes.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <string.h>
struct S { int id; char name[16]; long v; };
void reset(struct S *s) { memset(s->name, 0, sizeof s->name); s->v = 0; }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: BadMemFuncSize:
// CHECK-NOT: MemFuncPartialWrite:
// CHECK-NOT: AddressTaken:
// CHECK-NOT: BadMemFuncSize:
// CHECK-NOT: MemFuncPartialWrite:
// CHECK-NOT: AddressTaken:
// CHECK: legal: reorder-fields yes; delete-field yes
