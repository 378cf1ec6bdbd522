// A wrapper that clears its block with a constant length (the old size of
// the one type it allocates) is no allocation wrapper: after deletion the
// block is smaller and the memset wrote past it.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -O0 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p delete-field -o %t.O0.out.ll
// RUN: %clang -O0 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p delete-field -o %t.NP.out.ll
// RUN: %clang -O0 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct S { long a; long b, c, d, e, f, g, h; };
/* clears the block by a constant length (the object size it is used for) */
static __attribute__((noinline)) void *zalloc_s(size_t n) {
  void *p = malloc(n);
  memset(p, 0, 64);
  return p;
}
int main(int argc, char **argv) {
  struct S *p = zalloc_s(sizeof *p);
  long *guard = malloc(8);
  *guard = 42;
  struct S *q = zalloc_s(sizeof *q);
  p->a = argc; p->b = 1; q->a = 2; q->c = 3;
  printf("%ld %ld %ld\n", p->a, q->a, *guard);
  free(q); free(guard); free(p);
  return 0;
}
