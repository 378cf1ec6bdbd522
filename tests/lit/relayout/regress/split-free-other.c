// A free of another pointer of the structure's type (null here) frees
// nothing more: only the array's own free frees the side arrays.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p peel -o %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p peel -o %t.NP.out.ll
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// RUN: %dtrans opt %t.O2.ll -p peel -o %t.O2.out.ll
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new > %t.O2.txt && diff %t.base.txt %t.O2.txt
#include <stdio.h>
#include <stdlib.h>
struct S { long key; long v1; long v2; long c1; long c2; long c3; long c4; long c5; long c6; };
struct S *spare; /* never allocated */
int main(int argc, char **argv) {
  int n = 20 + argc;
  struct S *s = malloc(n * sizeof *s);
  for (int i = 0; i < n; i++) { s[i].key = i; s[i].v1 = i; s[i].v2 = 2*i; s[i].c1 = 100 + i; s[i].c2 = 200+i; s[i].c3 = i; s[i].c4 = i; s[i].c5 = i; s[i].c6 = i;}
  long t = 0;
  for (int r = 0; r < 10; r++) for (int r2 = 0; r2 < 2; r2++) for (int i = 0; i < n; i++) t += s[i].key * s[i].v1 + s[i].v2;
  free(spare); spare = NULL;
  void *junk = malloc(n * 48); /* reuses freed memory */
  for (int i = 0; i < n * 6; i++) ((long *)junk)[i] = -1;
  for (int i = 0; i < n; i++) printf("%ld %ld %ld %ld %ld\n", s[i].key, s[i].v1, s[i].v2, s[i].c1, s[i].c2 + s[i].c3 + s[i].c4 + s[i].c5 + s[i].c6);
  printf("%ld\n", t);
  free(junk);
  free(s);
  return 0;
}
