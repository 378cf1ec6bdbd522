// Clearing a structure with memset of its size, or an array of them with n
// times its size, is safe at -O0 and -O2.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <string.h>
#include <stdlib.h>
struct S { int a; long b; char c[12]; };
void clear(struct S *s) { memset(s, 0, sizeof *s); }
void clear_n(struct S *s, int n) { memset(s, 0, (size_t)n * sizeof *s); }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: BadMemFuncSize:
// CHECK-NOT: MemFuncPartialWrite:
// CHECK-NOT: BadMemFuncSize:
// CHECK-NOT: MemFuncPartialWrite:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
