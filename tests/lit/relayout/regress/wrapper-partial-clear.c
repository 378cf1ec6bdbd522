// A wrapper that clears less than its block (a constant length, 16 here)
// is no allocation wrapper: the length depends on the layout and nothing
// rewrites it inside the wrapper (field b moved out of the cleared bytes).
// The structure is then left alone, and the program prints the same.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -O0 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p reorder-fields -o %t.O0.out.ll --report %t.O0.json
// RUN: %FileCheck %s < %t.O0.json
// RUN: %clang -O0 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p reorder-fields -o %t.NP.out.ll
// RUN: %clang -O0 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// CHECK: "changed": []
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct S { long a; char b; long c; char d; };
/* clears only a header of the block */
static __attribute__((noinline)) void *zhdr(size_t n) {
  void *p = malloc(n);
  memset(p, 0, 16);
  return p;
}
int main(int argc, char **argv) {
  void *j1 = malloc(24), *j2 = malloc(32);
  memset(j1, 0x55, 24); memset(j2, 0x55, 32);
  free(j1); free(j2);
  struct S *p = zhdr(sizeof *p);
  p->c = argc; p->d = 3;
  printf("%ld %d %ld %d\n", p->a, p->b, p->c, p->d);
  p->a = 4; p->b = 5;
  printf("%ld %d\n", p->a + p->c, p->b + p->d);
  free(p);
  return 0;
}
