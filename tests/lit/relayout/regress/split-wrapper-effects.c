// The side arrays of a split structure allocated and freed through user
// wrappers come from the library's malloc, calloc and free: the wrappers'
// own effects (counting, printing) run once, as before.
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
// CHECK-DAG: %struct.item -> %__DPL_struct.item (72 -> 16 bytes: 2 groups: {key, weight} {c1, c2, c3, c4, c5, c6, c7})
// CHECK-DAG: %struct.zitem -> %__DPL_struct.zitem (72 -> 16 bytes: 3 groups: {key, weight} {c2, c3, c4, c5, c6, c7} {c1})
#include <stdio.h>
#include <stdlib.h>
struct item { long key; long weight; long c1, c2, c3, c4, c5, c6, c7; };
struct zitem { long key; long weight; long c1, c2, c3, c4, c5, c6, c7; };
static long frees, mallocs, callocs;
static __attribute__((noinline)) void *my_malloc(size_t n) { mallocs++; printf("malloc\n"); return malloc(n); }
static __attribute__((noinline)) void *my_calloc(size_t n, size_t s) { callocs++; printf("calloc\n"); return calloc(n, s); }
static __attribute__((noinline)) void my_free(void *p) { frees++; printf("free\n"); free(p); }
int main(int argc, char **argv) {
  long n = 1000 + argc;
  struct item *v = my_malloc(n * sizeof *v);
  struct zitem *z = my_calloc(n, sizeof *z);
  for (long i = 0; i < n; i++) {
    v[i].key = i * 7 % 13; v[i].weight = i % 5;
    v[i].c1 = i; v[i].c2 = 2 * i; v[i].c3 = 3; v[i].c4 = 4; v[i].c5 = 5; v[i].c6 = 6; v[i].c7 = i % 3;
    if (i % 2) { z[i].key = i; z[i].weight = 3; z[i].c1 = i; }
  }
  long s = 0, w = 0;
  for (int r = 0; r < 20; r++)
    for (long i = 0; i < n; i++) { s += v[i].key * v[i].weight; w += z[i].key * z[i].weight; }
  long t = 0;
  for (long i = 0; i < n; i++) {
    t += v[i].c1 + v[i].c2 + v[i].c3 + v[i].c4 + v[i].c5 + v[i].c6 + v[i].c7;
    t += z[i].c1 + z[i].c2 + z[i].c3 + z[i].c4 + z[i].c5 + z[i].c6 + z[i].c7;
  }
  printf("%ld %ld %ld\n", s, w, t);
  my_free(v);
  my_free(z);
  printf("%ld %ld %ld\n", mallocs, callocs, frees);
  return 0;
}
