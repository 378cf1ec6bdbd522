// blocks with local arrays of the structure beside its heap arrays: an
// array on the stack (one or two dimensions) becomes an alloca of its
// whole blocks, aligned like them, element 0 at its start; lifetime
// markers of it say "whole object" (-1). A local array needs a function
// that cannot be running twice at once (each call would take its blocks
// again: up to a block and a block's alignment more stack than the
// array). Near misses, each a structure of its own: a local array in a
// recursive function, a lone local instance, a variable-length array,
// a local array under half a block.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=16384 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s --check-prefix=REPORT < %t.json
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %clang -O0 %t.out.ll -o %t.new0 && %t.new0 > %t.new0.txt && diff %t.base.txt %t.new0.txt
// RUN: %dtrans types --strict %t.out.ll > /dev/null
// Before LLVM's passes, as `dtrans cc` sees a build:
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans opt %t2.ll -p blocks --cost block-bytes=16384 -o %t2.out.ll --report %t2.json
// RUN: %FileCheck %s --check-prefix=REPORT < %t2.json
// RUN: %FileCheck %s --check-prefix=LIFE < %t2.out.ll
// RUN: %clang -O2 %t2.out.ll -o %t2.new && %t2.new > %t2.new.txt && diff %t.base.txt %t2.new.txt
// After full -O2:
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t3.ll
// RUN: %dtrans opt %t3.ll -p blocks --cost block-bytes=16384 -o %t3.out.ll --report %t3.json
// RUN: %FileCheck %s --check-prefix=O2 < %t3.json
// RUN: %clang -O2 %t3.out.ll -o %t3.new && %t3.new > %t3.new.txt && diff %t.base.txt %t3.new.txt
// REPORT: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.amp",
// REPORT-DAG: "name": "%struct.deep",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "a local array in @deep_sum, which may call itself (each call would take its blocks)"
// REPORT-DAG: "name": "%struct.lone",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "LocalInstance"
// REPORT-DAG: "name": "%struct.vla",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "LocalInstance"
// REPORT-DAG: "name": "%struct.few",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "a local array of 100 in @few_sum: less than half a block (512 elements, 12288 bytes)"
// O2: "name": "%struct.amp",{{[[:space:]]*}}"new": "%__DBL_struct.amp",
// 2700 elements in six blocks of 512 (73728 bytes), 2500 in five
// (61440), aligned to the 4096 bytes of keys.
// CHECK-LABEL: define dso_local i32 @main(
// CHECK: alloca [73728 x i8], align 4096
// CHECK-LABEL: define internal i64 @scratch(
// CHECK: alloca [61440 x i8], align 4096
// LIFE-LABEL: define internal i64 @scratch(
// LIFE: [[T:%[0-9]+]] = alloca [61440 x i8], align 4096
// LIFE: call void @llvm.lifetime.start.p0(i64 -1, ptr [[T]])
// LIFE: call void @llvm.lifetime.end.p0(i64 -1, ptr [[T]])
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct amp { double re, im; unsigned long key; };
struct deep { long a, b, c; };
struct lone { long a, b, c; };
struct vla { long a, b, c; };
struct few { long a, b, c; };

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

// A local array in a function called from a loop (not recursive).
static unsigned long scratch(struct amp *src, long n, int k) {
  struct amp tmp[2500];
  memset(tmp, 0, sizeof tmp);
  for (long i = 0; i < 2500 && i < n; i++) { tmp[i] = src[(i * 7 + k) % n]; tmp[i].key += k; }
  struct amp *p = &tmp[100];
  p[3].im = -1.5;
  return work(tmp, 2500, 2) + (unsigned long)total(tmp, 2500) + (unsigned long)(p - tmp);
}

// The near misses, each also in the heap.
static long deep_sum(struct deep *h, long n, int depth) {
  struct deep d[600];
  for (long i = 0; i < 600; i++) { d[i] = h[i % n]; d[i].b += depth; }
  long t = 0;
  for (long i = 0; i < 600; i++) t += d[i].a - d[i].b;
  return depth ? t + deep_sum(h, n, depth - 1) : t;
}

static long lone_sum(struct lone *h, long n) {
  struct lone one = h[n / 2];
  long t = one.a * 3 + one.c;
  for (long i = 0; i < n; i++) t += h[i].b;
  return t;
}

static long vla_sum(struct vla *h, long n, long m) {
  struct vla v[m];
  for (long i = 0; i < m; i++) v[i] = h[i % n];
  long t = 0;
  for (long i = 0; i < m; i++) t += v[i].c ^ v[i].a;
  return t;
}

static long few_sum(struct few *h, long n) {
  struct few f[100];
  for (long i = 0; i < 100; i++) f[i] = h[(i * 3) % n];
  long t = 0;
  for (long i = 0; i < 100; i++) t += f[i].b - f[i].c;
  return t;
}

int main(int argc, char **argv) {
  long n = 2000 + argc;
  struct amp grid[3][900] = {0};
  struct amp *h = malloc(n * sizeof *h);
  for (long i = 0; i < n; i++) { h[i].re = i * 0.5; h[i].im = i; h[i].key = i * 2654435761u; }
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 900; i++) { grid[j][i].key = j * 1000 + i; grid[j][i].re = i; grid[j][i].im = -j; }
  unsigned long s = 0;
  for (int k = 0; k < 4; k++) s += scratch(h, n, k);
  s += work(h, n, 2) + work(grid[1], 900, 2) + work(&grid[0][0], 2700, 1);
  memcpy(h + 5, &grid[2][10], 100 * sizeof *h);
  printf("%lu %.2f %.2f %.2f\n", s, total(h, n), total(grid[2], 900), total(&grid[0][0], 2700));

  struct deep *d = calloc(n, sizeof *d);
  struct lone *l = calloc(n, sizeof *l);
  struct vla *v = calloc(n, sizeof *v);
  struct few *f = calloc(n, sizeof *f);
  for (long i = 0; i < n; i++) { d[i].a = i; l[i].b = i ^ 5; v[i].c = i * 3; f[i].b = i + 1; }
  printf("%ld %ld %ld %ld\n", deep_sum(d, n, 3), lone_sum(l, n), vla_sum(v, n, 50 + argc), few_sum(f, n));
  free(h); free(d); free(l); free(v); free(f);
  return 0;
}
