// A memset over an outer structure writes the fields of the one inside
// it: their single value is not the one stored elsewhere.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p delete-field -o %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p delete-field -o %t.NP.out.ll
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// RUN: %dtrans opt %t.O2.ll -p delete-field -o %t.O2.out.ll
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new > %t.O2.txt && diff %t.base.txt %t.O2.txt
#include <stdio.h>
struct S { long a; int b; long c; };
struct Outer { int k; struct S s; };
int main(int argc, char **argv) {
  struct S t; t.a = argc; t.b = 1; t.c = 3;
  struct Outer lo = {0};
  lo.k = argc;
  printf("%ld %d %ld\n", t.a, t.b, t.c);
  printf("%d %ld %d %ld\n", lo.k, lo.s.a, lo.s.b, lo.s.c);
  return 0;
}
