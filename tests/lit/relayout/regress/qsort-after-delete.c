// A comparator read by a second pass: delete-field lowers the comparator's
// field reads to byte offsets from its `void *` parameters, and
// reorder-fields, run next on the same module, must still see that they
// read the structure (qsort passes pointers into the array: the
// parameters point to its elements). It did not: the comparator kept
// reading the old offset after the reorder (random program arrays24 of
// tests/exec/gen_arrays.py). Also: a comparator whose address is used
// elsewhere too is no comparator the analysis vouches for.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p delete-field,reorder-fields -o %t.O0.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p delete-field,reorder-fields -o %t.NP.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// At -O2 the array qsort sorts is malloc's own `i8*` result, used as the
// structure: the comparator's parameters take what it is used as.
// RUN: %dtrans opt %t.O2.ll -p delete-field,reorder-fields -o %t.O2.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new > %t.O2.txt && diff %t.base.txt %t.O2.txt
// RUN: %dtrans analyze %t.O0.ll --struct struct.U | %FileCheck %s --check-prefix=ESCAPES
// CHECK: delete-field: %struct.S -> %__DFT_struct.S (40 -> 32 bytes: dead never read)
// CHECK: reorder-fields: %__DFT_struct.S -> %__DFR___DFT_struct.S (32 -> 24 bytes: padding removed)
// ESCAPES: AddressTaken: @main: {{.*}}sorted by @qsort with an element size that is not its size, or a comparator used elsewhere too
#include <stdio.h>
#include <stdlib.h>
struct S { char a; long dead; long x; char c; long key; };
struct U { long key; long other; };
static int cmp(const void *x, const void *y) {
  long a = ((const struct S *)x)->key, b = ((const struct S *)y)->key;
  return (a > b) - (a < b);
}
static int cmpu(const void *x, const void *y) {
  long a = ((const struct U *)x)->key, b = ((const struct U *)y)->key;
  return (a > b) - (a < b);
}
int (*volatile keep)(const void *, const void *) = cmpu;
int main(void) {
  int n = 50;
  struct S *s = malloc(n * sizeof *s);
  struct U *u = malloc(n * sizeof *u);
  if (!s || !u) return 1;
  for (int i = 0; i < n; i++) {
    s[i].a = i; s[i].dead = i; s[i].x = 3 * i; s[i].key = (i * 7) % n; s[i].c = i * i;
    u[i].key = (i * 11) % n; u[i].other = i;
  }
  qsort(s, n, sizeof *s, cmp);
  qsort(u, n, sizeof *u, cmpu);
  long t = 0;
  for (int i = 0; i < n; i++) t = t * 3 + s[i].a + s[i].x + s[i].key + s[i].c + u[i].other;
  printf("%ld %d\n", t, keep(&u[0], &u[1]));
  free(s);
  free(u);
  return 0;
}
