// A "free wrapper" that may keep the block (`if (!keep) free(p)`) is an
// ordinary function: the side arrays are freed where its inner free runs,
// and only when it runs (the array stays usable after the call here).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p peel -o %t.O0.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p peel -o %t.NP.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// RUN: %dtrans opt %t.O2.ll -p peel -o %t.O2.out.ll
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new > %t.O2.txt && diff %t.base.txt %t.O2.txt
// CHECK: %struct.item -> %__DPL_struct.item (72 -> 16 bytes: 2 groups: {key, weight} {c1, c2, c3, c4, c5, c6, c7})
#include <stdio.h>
#include <stdlib.h>
struct item { long key; long weight; long c1, c2, c3, c4, c5, c6, c7; };
static int keep; /* debug mode: leak instead of freeing */
static __attribute__((noinline)) void my_free(void *p) { if (!keep) free(p); }
int main(int argc, char **argv) {
  long n = 1000 + argc;
  keep = argc < 5;
  struct item *v = malloc(n * sizeof *v);
  for (long i = 0; i < n; i++) {
    v[i].key = i * 7 % 13; v[i].weight = i % 5;
    v[i].c1 = i; v[i].c2 = 2 * i; v[i].c3 = 3; v[i].c4 = 4; v[i].c5 = 5; v[i].c6 = 6; v[i].c7 = i % 3;
  }
  long s = 0;
  for (int r = 0; r < 20; r++)
    for (long i = 0; i < n; i++) s += v[i].key * v[i].weight;
  my_free(v);
  if (keep) {
    /* not freed: still usable */
    long *junk = malloc(n * 56);
    for (long i = 0; i < n * 7; i++) junk[i] = -1;
    long t = 0;
    for (long i = 0; i < n; i++) t += v[i].c1 + v[i].c2 + v[i].c3 + v[i].c4 + v[i].c5 + v[i].c6 + v[i].c7;
    printf("%ld %ld\n", s, t);
    free(junk);
  }
  return 0;
}
