// memset over a prefix of the fields (a run of whole fields) is
// MemFuncPartialWrite: reordering splits it per field, so it stays legal for
// reordering but not for aos-to-soa; memset of the whole structure is
// nothing.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

#include <string.h>
#include <stddef.h>
struct S { int a; int b; long c; long d; };
struct T { int a; int b; long c; };
void clear_head(struct S *s) { memset(s, 0, offsetof(struct S, c)); }
void clear_all(struct T *t) { memset(t, 0, sizeof *t); }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: BadMemFuncSize:
// CHECK: MemFuncPartialWrite: @clear_head:
// CHECK-NOT: BadMemFuncSize:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa no (MemFuncPartialWrite)
// CHECK-LABEL: %struct.T (
// CHECK-NOT: MemFuncPartialWrite:
// CHECK-NOT: BadMemFuncSize:
// CHECK-NOT: MemFuncPartialWrite:
// CHECK-NOT: BadMemFuncSize:
// CHECK: legal: reorder-fields yes; delete-field yes
