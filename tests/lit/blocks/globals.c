// blocks with global arrays of the structure beside its heap arrays: a
// zeroed global array (and a two-dimensional one) becomes whole blocks of
// bytes aligned like the heap's, element 0 at its start; typed steps into
// it (`&grid[j][i].key`), constant addresses (`table[5].key = 99`, the
// initializer `cursor = &table[7]`), whole-array memset and memcpy from
// it, pointer differences and walks through functions that also take
// heap arrays all go through the blocks; so do the addresses in a global
// table of pointers. Near misses: a global array too
// small for half a block, a lone global instance (GlobalInstance), an
// initialized global array (HasInitializerList; clang gives it a
// structure type: GlobalInstance too).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=16384 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s --check-prefix=REPORT < %t.json
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %clang -O0 %t.out.ll -o %t.new0 && %t.new0 > %t.new0.txt && diff %t.base.txt %t.new0.txt
// Before LLVM's passes, as `dtrans cc` sees a build:
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans opt %t2.ll -p blocks --cost block-bytes=16384 -o %t2.out.ll --report %t2.json
// RUN: %FileCheck %s --check-prefix=REPORT < %t2.json
// RUN: %clang -O2 %t2.out.ll -o %t2.new && %t2.new > %t2.new.txt && diff %t.base.txt %t2.new.txt
// After full -O2 (constant addresses folded into loads and stores):
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t3.ll
// RUN: %dtrans opt %t3.ll -p blocks --cost block-bytes=16384 -o %t3.out.ll --report %t3.json
// RUN: %FileCheck %s --check-prefix=O2 < %t3.json
// RUN: %clang -O2 %t3.out.ll -o %t3.new && %t3.new > %t3.new.txt && diff %t.base.txt %t3.new.txt
// RUN: %dtrans types --strict %t.out.ll > /dev/null
// REPORT: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.amp",
// REPORT-DAG: "name": "%struct.few",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "global @fews: less than half a block (512 elements, 12288 bytes)"
// REPORT-DAG: "name": "%struct.lone",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "GlobalInstance"
// REPORT-DAG: "name": "%struct.init",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "HasInitializerList, GlobalInstance"
// O2: "name": "%struct.amp",{{[[:space:]]*}}"new": "%__DBL_struct.amp",
// 3000 elements: six blocks of 512 (73728 bytes), aligned to the 4096
// bytes of keys; element 7 is slot 7 of block 0 (7 * 8 = 56); element 5's
// key (group 0, at 0 in its record) is at 40; the copy from table + 10
// starts at slot 10 (80).
// CHECK: @table = internal global [73728 x i8] zeroinitializer, align 4096
// CHECK: @grid = internal global [73728 x i8] zeroinitializer, align 4096
// CHECK: @cursor = internal global ptr getelementptr (i8, ptr @table, i64 56)
// Elements 1, 600 (block 1, slot 88), 2105 of grid (block 4, slot 57)
// and 2999 (block 5, slot 439):
// CHECK: @picks = internal global [4 x ptr] [ptr getelementptr (i8, ptr @table, i64 8), ptr getelementptr (i8, ptr @table, i64 12992), ptr getelementptr (i8, ptr @grid, i64 49608), ptr getelementptr (i8, ptr @table, i64 64952)]
// CHECK-LABEL: define dso_local i32 @main(
// CHECK: call void @__dtrans_blocks_copy.struct.amp(ptr %{{[0-9]+}}, ptr getelementptr inbounds (i8, ptr @table, i64 80), i64 500)
// CHECK: store i64 99, ptr getelementptr inbounds (i8, ptr @table, i64 40)
// CHECK: call void @__dtrans_blocks_set.struct.amp(ptr @table, i32 0, i64 3000)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct amp { double re, im; unsigned long key; };
struct few { long a, b, c; };
struct lone { long a, b, c; };
struct init { long a, b, c; };

#define NG 3000
static struct amp table[NG];
static struct amp grid[4][700];
static struct amp *cursor = &table[7];
static struct amp *picks[4] = {&table[1], &table[600], &grid[3][5], table + 2999};
static struct few fews[100];
static struct lone one;
static struct init inits[600] = {{1, 2, 3}, {4, 5, 6}};

static unsigned long work(struct amp *a, long n, int rounds) {
  unsigned long s = 0;
  for (int r = 0; r < rounds; r++)
    for (long i = 0; i < n; i++)
      if (a[i].key & 1) a[i].key ^= (unsigned long)r; else s += a[i].key;
  return s;
}

static double total(struct amp *a, long n) {
  double t = 0;
  for (long i = 0; i < n; i++) t += a[i].re - a[i].im;
  return t;
}

int main(int argc, char **argv) {
  long n = 2000 + argc;
  struct amp *h = malloc(n * sizeof *h);
  struct amp *h2 = calloc(n, sizeof *h2);
  for (long i = 0; i < NG; i++) { table[i].re = i * 0.5; table[i].im = i; table[i].key = i * 2654435761u; }
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 700; i++) { grid[j][i].key = j * 1000 + i; grid[j][i].re = i; grid[j][i].im = -j; }
  for (long i = 0; i < n; i++) { h[i] = table[i % NG]; h[i].key += 1; }
  memcpy(h2, table + 10, 500 * sizeof *h2);
  table[5].key = 99;
  cursor->im = 3.25;
  cursor[1].re = cursor->im * 2;
  unsigned long s = work(table, NG, 3) + work(h, n, 2) + work(h2, n, 2) + work(grid[2], 700, 2) + work(&grid[0][0], 2800, 1);
  printf("%lu %.2f %.2f %.2f %.2f\n", s, total(table, NG), total(h, n), total(h2, n), total(grid[1], 700));
  printf("%lu %lu %.2f %ld\n", table[5].key, cursor[1].key, table[8].re, (long)(cursor - table));
  for (int k = 0; k < 4; k++)
    printf("%lu %.1f %ld\n", picks[k]->key, picks[k]->im, (long)(picks[k] - (k == 2 ? grid[0] : table)));
  memset(table, 0, sizeof table);
  printf("%.2f %lu\n", total(table, NG), work(table, NG, 1));

  struct few *f = calloc(n, sizeof *f);
  struct lone *l = calloc(n, sizeof *l);
  struct init *q = calloc(n, sizeof *q);
  long t = 0;
  for (long i = 0; i < 100; i++) { fews[i].a = i; fews[i].c = i * i; }
  one.b = 17;
  for (long i = 0; i < n; i++) {
    f[i].a = i; l[i].b = i ^ 5; q[i].c = i + inits[i % 600].b;
    t += f[i].a * 3 + l[i].b * 5 + q[i].c * 7;
  }
  for (long i = 0; i < 100; i++) t += fews[i].a - fews[i].c + inits[i].a;
  printf("%ld %ld\n", t, one.b);
  free(h); free(h2); free(f); free(l); free(q);
  return 0;
}
