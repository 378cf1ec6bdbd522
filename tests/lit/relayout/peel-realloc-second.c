// The one path the rules for arrays grown by realloc let through: a
// realloc fails, the program keeps its null (the array leaks, still
// live) and grows again from null, which makes a second array. The
// original program goes on; the peeled one cannot represent two arrays
// and stops with a message instead (__dtrans_resize.struct.big).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p peel -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang %t.ll -o %t.base && %t.base | %FileCheck %s --check-prefix=BASE
// RUN: %clang %t.out.ll -o %t.new && not --crash %t.new 2>&1 | %FileCheck %s --check-prefix=NEW
// MSG: peel: %struct.big -> %__DPL_struct.big
// BASE: failed
// BASE-NEXT: 100
// NEW: dtrans: %struct.big: a second array while one is live (the program was built with its structure split into arrays, which needs one)
#include <stdio.h>
#include <stdlib.h>
struct big { long hot1; long hot2; long c1, c2, c3, c4, c5, c6, c7; };
static struct big *v;
int main(void) {
  long n = 100, s = 0;
  v = realloc(v, n * sizeof *v);
  for (long i = 0; i < n; i++) { v[i].hot1 = i; v[i].hot2 = 1; v[i].c1 = v[i].c2 = v[i].c3 = v[i].c4 = v[i].c5 = v[i].c6 = v[i].c7 = 0; }
  for (int r = 0; r < 10; r++)
    for (long i = 0; i < n; i++) s += v[i].hot1 * v[i].hot2;
  // Far more than the address space: fails, and the array stays live.
  long huge = 1L << 50;
  v = realloc(v, huge * sizeof *v);
  if (!v) { puts("failed"); fflush(stdout); }
  v = realloc(v, 10 * sizeof *v);
  for (long i = 0; i < 10; i++) { v[i].hot1 = i * 2; v[i].hot2 = v[i].c7 = 1; }
  s = 0;
  for (long i = 0; i < 10; i++) s += v[i].hot1 * v[i].hot2 + v[i].c7;
  printf("%ld\n", s);
  return 0;
}
