// memset of n whole structures (n * sizeof) is safe; memset of a variable
// size that is not a multiple is BadMemFuncSize.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <string.h>
#include <stdlib.h>
struct S { int a; long b; };
struct T { int a; long b; };
void clear(struct S *s, size_t n) { memset(s, 0, n * sizeof *s); }
void clear_bytes(struct T *t, size_t n) { memset(t, 0, n); }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: BadMemFuncSize:
// CHECK-NOT: BadMemFuncSize:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.T (
// CHECK: BadMemFuncSize: @clear_bytes:
// CHECK: legal: reorder-fields no (BadMemFuncSize)
