// Near misses of peel: each structure is large, allocated once and has
// cold fields, but a field's address escapes into memory (A), or its array
// is allocated in a loop, so more than one array may exist (C). Each is
// left alone with its reason; D, which has neither, is peeled. (A pointer
// given to a function the program does not define makes it not a whole
// program: tests/lit/analyze/call-unknown-external.c.)
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p peel -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
#include <stdio.h>
#include <stdlib.h>
#define FIELDS long hot1; long hot2; long c1, c2, c3, c4, c5, c6, c7;
struct A { FIELDS };
struct C { FIELDS };
struct D { FIELDS };
long *escaped;
int main(void) {
  int n = 100;
  struct A *a = calloc(n, sizeof *a);
  struct C *c = 0;
  struct D *d = calloc(n, sizeof *d);
  for (int k = 0; k < 2; k++) { free(c); c = calloc(n, sizeof *c); }
  escaped = &a[3].c1;
  long s = 0;
  for (int r = 0; r < 50; r++)
    for (int i = 0; i < n; i++)
      s += a[i].hot1 + a[i].hot2 + c[i].hot1 + c[i].hot2 + d[i].hot1 + d[i].hot2;
  s += a[1].c7 + c[1].c7 + d[1].c7 + *escaped;
  printf("%ld\n", s);
  return 0;
}
// CHECK: "changed": [
// CHECK: "name": "%struct.D",
// CHECK: "rejected": [
// CHECK: "name": "%struct.A",
// CHECK-NEXT: "pass": "peel",
// CHECK-NEXT: "reason": "FieldAddressTaken"
// CHECK: "name": "%struct.C",
// CHECK-NEXT: "pass": "peel",
// CHECK-NEXT: "reason": "its allocation may run more than once (one array is needed)"
