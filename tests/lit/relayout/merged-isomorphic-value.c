// The same twins as merged-isomorphic-local.c, at -O2: `dtPtr` (a `void *`
// from a `unsigned *` parameter plus 1) and `dt` (a `dx2 *`) are one SSA
// value, which the analysis declares `i32*` from the parameter, and
// llvm-link names every GEP over the table `%struct.fse`. merged.rs reads
// the `#dbg_value` of `dt`: the GEPs get %struct.dx2 back, and every
// pointer of the table is a dx2 pointer (zstd's HUF_DEltX2 table, which
// pointer recovery took for FSE_decode_t).
// RUN: %clang -g -O2 -c -emit-llvm %s -o %t.a.bc
// RUN: %clang -g -O2 -c -emit-llvm -DFILE_B %s -o %t.b.bc
// RUN: %llvm-link %t.a.bc %t.b.bc -S -o %t.ll
// RUN: %FileCheck %s --check-prefix=LINKED < %t.ll
// RUN: %dtrans ptr-types %t.ll --function sum_dx2 | %FileCheck %s --check-prefix=SUM
// RUN: %dtrans ptr-types %t.ll --function fill_dx2 | %FileCheck %s --check-prefix=FILL
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.ll -p delete-field,reorder-fields -o %t.out.ll
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// LINKED-NOT: %struct.dx2 = type
// LINKED: getelementptr inbounds %struct.fse, ptr %3
// SUM: %3 -> %struct.dx2* | declared: i32* | usage: %struct.dx2*
// SUM-NEXT: -> %struct.dx2* | declared: %struct.dx2* | usage: i16*
// SUM-NOT: %struct.fse
// FILL: -> %struct.dx2* | declared: i32* | usage: %struct.dx2*
// FILL-NOT: %struct.fse
#include <stdio.h>
#include <stdlib.h>
#ifndef FILE_B
typedef struct { unsigned short sym; unsigned char nb; unsigned char len; } fse;
unsigned sum_dx2(const unsigned *table, int n);
void fill_dx2(unsigned *table, int n);
__attribute__((noinline)) static unsigned use_fse(fse *t, int n) {
  unsigned s = 0;
  for (int i = 0; i < n; i++) { t[i].sym = (unsigned short)(i * 3); t[i].nb = (unsigned char)i; t[i].len = 1; }
  for (int i = 0; i < n; i++) s += t[i].sym + t[i].nb + t[i].len;
  return s;
}
int main(void) {
  fse *t = malloc(40 * sizeof *t);
  unsigned s = use_fse(t, 40);
  free(t);
  unsigned *table = calloc(65, sizeof(unsigned));
  fill_dx2(table, 64);
  printf("%u %u\n", s, sum_dx2(table, 64));
  free(table);
  return 0;
}
#else
typedef struct { unsigned short seq; unsigned char bits; unsigned char length; } dx2;
void fill_dx2(unsigned *table, int n) {
  void *dtPtr = table + 1;
  dx2 *dt = (dx2 *)dtPtr;
  for (int i = 0; i < n; i++) { dt[i].seq = (unsigned short)(i * 7); dt[i].bits = (unsigned char)(i & 15); dt[i].length = 3; }
  table[0] = (unsigned)n;
}
unsigned sum_dx2(const unsigned *table, int n) {
  const void *dtPtr = table + 1;
  const dx2 *dt = (const dx2 *)dtPtr;
  unsigned s = 0;
  for (int i = 0; i < n; i++) s += dt[i].seq * 3u + dt[i].bits + dt[i].length;
  return s + table[0];
}
#endif
