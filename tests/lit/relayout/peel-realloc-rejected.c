// peel leaves a structure whose array is grown by realloc alone: a realloc
// may be of the array or of null (a second array), and the pass does not
// tell them apart yet. The program prints the same.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p peel -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
#include <stdio.h>
#include <stdlib.h>
struct item { long key; long weight; long c1, c2, c3, c4, c5, c6, c7; };
int main(void) {
  long cap = 4, n = 0;
  struct item *v = malloc(cap * sizeof *v);
  for (long i = 0; i < 1000; i++) {
    if (n == cap) {
      cap *= 2;
      v = realloc(v, cap * sizeof *v);
    }
    v[n].key = i * 7 % 13; v[n].weight = i % 5;
    v[n].c1 = i; v[n].c2 = 2 * i; v[n].c3 = 3; v[n].c4 = 4; v[n].c5 = 5; v[n].c6 = 6; v[n].c7 = i % 3;
    n++;
  }
  long s = 0;
  for (int r = 0; r < 20; r++)
    for (long i = 0; i < n; i++) s += v[i].key * v[i].weight;
  long t = 0;
  for (long i = 0; i < n; i++) t += v[i].c1 + v[i].c2 + v[i].c3 + v[i].c4 + v[i].c5 + v[i].c6 + v[i].c7;
  printf("%ld %ld\n", s, t);
  free(v);
  return 0;
}
// CHECK: "changed": []
// CHECK: "name": "%struct.item",
// CHECK-NEXT: "pass": "peel",
// CHECK-NEXT: "reason": "allocated at 2 sites (one array is needed)"
