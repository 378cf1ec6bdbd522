// Single Alloc Function: a pointer field assigned only malloc results (and
// null) points to memory from @malloc; one also assigned another pointer is
// bottom; one never assigned is top.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.0.ll
// RUN: %dtrans analyze %t.0.ll --struct struct.S | %FileCheck %s --check-prefixes=CHECK
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.1.ll
// RUN: %dtrans analyze %t.1.ll --struct struct.S | %FileCheck %s --check-prefixes=CHECK

#include <stdlib.h>
struct S { int *buf; int *other; int *never; };
void init(struct S *s, int *x) {
  s->buf = 0;
  s->buf = malloc(16);
  s->other = malloc(16);
  s->other = x;
}
int use(struct S *s) { return s->buf[0] + s->other[0] + (s->never != 0); }

// CHECK-LABEL: %struct.S (
// CHECK: 0: i32* {{.*}} @malloc
// CHECK: 1: i32* {{.*}} bottom
// CHECK: 2: i32* {{.*}} top
