// A constant address one past an array field (`g.arr + 3`) stays one
// past it: the field after it (at that byte before) moves elsewhere.
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
struct S { char c; int arr[3]; char d; long x; };
struct S g = {1, {10, 20, 30}, 2, 3};
int main(void) {
  int t = 0;
  for (int *p = g.arr; p != g.arr + 3; p++) t += *p;
  printf("%d %d %d %ld\n", t, g.c, g.d, g.x);
  return 0;
}
