// An allocation in a `main` that calls itself may run more than once: no
// one array holds every object, so the structure is not split.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p peel -o %t.O0.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// CHECK: "changed": 0
// CHECK: "name": "%struct.item"
// CHECK-NEXT: "pass": "peel"
// CHECK-NEXT: "reason": "its allocation may run more than once (one array is needed)"
#include <stdio.h>
#include <stdlib.h>
struct item { long key; long weight; long c1, c2, c3, c4, c5, c6, c7; };
static struct item *keep;
int main(int argc, char **argv) {
  long n = 100;
  struct item *v = malloc(n * sizeof *v);
  for (long i = 0; i < n; i++) {
    v[i].key = i * 7 % 13 + argc; v[i].weight = i % 5;
    v[i].c1 = i + argc; v[i].c2 = 2 * i; v[i].c3 = 3; v[i].c4 = 4; v[i].c5 = 5; v[i].c6 = 6; v[i].c7 = i % 3;
  }
  long s = 0;
  for (int r = 0; r < 20; r++)
    for (long i = 0; i < n; i++) s += v[i].key * v[i].weight;
  long t = 0;
  for (long i = 0; i < n; i++) t += v[i].c1 + v[i].c2 + v[i].c3 + v[i].c4 + v[i].c5 + v[i].c6 + v[i].c7;
  if (keep) t += keep[3].c1 + keep[5].key;
  keep = v;
  printf("%ld %ld\n", s, t);
  if (argc < 3) return main(argc + 1, argv);
  return 0;
}
