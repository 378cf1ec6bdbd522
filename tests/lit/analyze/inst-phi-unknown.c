// A merge of a structure pointer with a pointer of unknown origin (an
// integer turned into an address) is an unsafe merge: the merged value is
// unknown.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stdint.h>
struct S { int a; };
struct S *pick(struct S *s, uintptr_t raw, int k) { return k ? s : (struct S *)raw; }
int use(struct S *s, uintptr_t raw, int k) { return pick(s, raw, k)->a; }

// CHECK-LABEL: %struct.S (
// CHECK: legal: reorder-fields no
