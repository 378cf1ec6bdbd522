// memset of a size that cuts a field in the middle (6 bytes of an int, int
// pair) is BadMemFuncSize.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <string.h>
struct S { int a; int b; long c; };
void cut(struct S *s) { memset(s, 0, 6); }

// CHECK-LABEL: %struct.S (
// CHECK: BadMemFuncSize: @cut:
// CHECK: legal: reorder-fields no (BadMemFuncSize)
