// A pointer difference built from other arithmetic on the addresses
// (`end - 12 - p` after -O2's loop rewriting, or written so in the
// source) counts bytes of the old layout: the structure is left alone.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p reorder-fields -o %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p reorder-fields -o %t.NP.out.ll
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// RUN: %dtrans opt %t.O2.ll -p reorder-fields -o %t.O2.out.ll
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new > %t.O2.txt && diff %t.base.txt %t.O2.txt
#include <stdio.h>
#include <stdlib.h>
struct S { char a; int b; char c; };
__attribute__((noinline)) long count(struct S *p, struct S *end) {
  long n = 0;
  for (; p != end; p++) n++;
  return n;
}
int main(int argc, char **argv) {
  int n = 10 + argc;
  struct S *s = malloc(n * sizeof *s);
  for (int i = 0; i < n; i++) { s[i].a = i; s[i].b = 2 * i; s[i].c = 3; }
  long t = 0; for (int i = 0; i < n; i++) t += s[i].a + s[i].b + s[i].c;
  printf("%ld %ld\n", t, count(s, s + n));
  free(s);
  return 0;
}
