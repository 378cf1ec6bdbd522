// An allocation wrapper that clears its block (malloc then memset) writes
// zero into every field: `b` and `c` take 0 and another value, so neither
// is a single value; `d`, never read, is still deleted.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p delete-field -o %t.O0.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p delete-field -o %t.NP.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// RUN: %dtrans opt %t.O2.ll -p delete-field -o %t.O2.out.ll
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new > %t.O2.txt && diff %t.base.txt %t.O2.txt
// CHECK: %struct.S -> %__DFT_struct.S (32 -> 24 bytes: d never read)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct S { long a; long b; long c; long d; };
static __attribute__((noinline)) void *zalloc(size_t n) {
  void *p = malloc(n);
  memset(p, 0, n);
  return p;
}
int main(void) {
  struct S *p = zalloc(sizeof *p);
  struct S *q = zalloc(sizeof *q);
  p->a = 5; p->b = 7; p->d = 1; q->a = 1;
  q->b = 7;
  printf("%ld %ld %ld %ld %ld %ld\n", p->a, p->b, p->c, q->a, q->b, q->c);
  p->c = 3;
  printf("%ld\n", p->c + q->c);
  return 0;
}
