// blocks and the form of its blocks. struct rec's hot loop reads key, k2
// and k3 (a 12-byte group), a cold one a, b and c (24 bytes): neither
// group's records give a power-of-two count per block, so the only
// geometry is page-sized blocks of as many elements as fit (113 of 36
// bytes per 4096), where every step over elements divides by 113. The
// default refuses it (a scan in such blocks ran 2.5 times as long as the
// original before its loops were strip-mined, as long after); with
// `block-page-form=1` the structure is laid out so, and blocks-loops
// splits the counted loops into runs as for a power-of-two count (the
// run's first slot is divided once). struct pt's hot group is 16 bytes and
// its cold one 8: first in their order the blocks would pad a quarter of
// each block, so the 8-byte group comes first (power-of-two form).
// blocks-loops splits 10 loops: 2 over struct pt, 8 over the page-sized
// blocks of struct rec (before, none of those).
// Every build prints what the original prints.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p blocks -o %t.def.ll --report %t.def.json
// RUN: %FileCheck %s --check-prefix=DEFAULT < %t.def.json
// Before LLVM's passes, as `dtrans cc` runs blocks, then opt-19 -O2 and
// blocks-loops:
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans opt %t2.ll -p blocks --cost block-page-form=1 --block-step-calls -o %t.page.ll --report %t.page.json
// RUN: %FileCheck %s --check-prefix=PAGE < %t.page.json
// RUN: %opt -O2 %t.page.ll -o %t.page.bc
// RUN: %dtrans opt %t.page.bc -p blocks-loops -o %t.split.ll --report %t.split.json
// RUN: %FileCheck %s --check-prefix=SPLIT < %t.split.json
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.def.ll -o %t.def && %t.def > %t.def.txt && diff %t.base.txt %t.def.txt
// RUN: %clang -O0 %t.page.ll -o %t.page0 && %t.page0 > %t.page0.txt && diff %t.base.txt %t.page0.txt
// RUN: %clang -O2 %t.split.ll -o %t.split && %t.split > %t.split.txt && diff %t.base.txt %t.split.txt
// RUN: %dtrans cc -O2 %s -o %t.cc 2>/dev/null && %t.cc > %t.cc.txt && diff %t.base.txt %t.cc.txt
// RUN: %dtrans cc -O2 %s -o %t.ccp --cost block-page-form=1 2>/dev/null && %t.ccp > %t.ccp.txt && diff %t.base.txt %t.ccp.txt
// DEFAULT: "detail": "2 groups in blocks: {y} {x, z}; blocks of 393216 bytes, 16384 elements each (groups at [0, 131072])",{{[[:space:]]*}}"name": "%struct.pt",
// DEFAULT: "name": "%struct.rec",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "blocks {key, k2, k3} {a, b, c}: no group's records make a power-of-two count per block (113 per 4096-byte block
// PAGE: "detail": "2 groups in blocks: {key, k2, k3} {a, b, c}; blocks of 4096 bytes, 113 elements each (groups at [0, 1360])",{{[[:space:]]*}}"name": "%struct.rec",
// SPLIT: "name": "blocks-loops",
// SPLIT-NEXT: "summary": {
// SPLIT-NEXT: "loops": 10,
#include <stdio.h>
#include <stdlib.h>

struct rec { int key, k2, k3; double a, b; float c; };
struct pt { double x; long y; double z; };

static struct rec *make(long n, long seed) {
  struct rec *r = (seed & 1) ? calloc(n, sizeof *r) : malloc(n * sizeof *r);
  if (!r)
    exit(1);
  for (long i = 0; i < n; i++) {
    r[i].key = (int)((i * 2654435761u + seed) % 1000);
    r[i].k2 = (int)i;
    r[i].k3 = (int)(seed % 5);
    r[i].a = i * 0.5;
    r[i].b = (double)seed;
    r[i].c = 1.0f;
  }
  return r;
}

static struct pt *points(long n, long seed) {
  struct pt *p = malloc(n * sizeof *p);
  if (!p)
    exit(1);
  for (long i = 0; i < n; i++) {
    p[i].x = i + seed;
    p[i].y = i % 7;
    p[i].z = 0.25 * i;
  }
  return p;
}

static long scan(struct rec *r, long n) {
  long s = 0;
  for (long i = 0; i < n; i++)
    s += r[i].key + (long)r[i].k2 * r[i].k3;
  return s;
}

static double cold(struct rec *r, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += r[i].a + r[i].b + r[i].c;
  return s;
}

static double dot(struct pt *p, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += p[i].x * p[i].z;
  return s;
}

int main(void) {
  enum { K = 40 };
  struct rec *arr[K];
  struct pt *pts[K];
  long n[K], m[K];
  for (long j = 0; j < K; j++) {
    n[j] = m[j] = 50 + 37 * j;
    arr[j] = make(n[j], j);
    pts[j] = points(m[j], j);
  }
  long total = 0;
  double w = 0, d = 0;
  for (int round = 0; round < 6; round++) {
    for (long j = round % 3; j < K; j += 3) {
      free(arr[j]);
      arr[j] = make(n[j] + round, j + round);
      n[j] += round;
    }
    for (int rep = 0; rep < 10; rep++)
      for (long j = 0; j < K; j++)
        total += scan(arr[j], n[j]);
    for (long j = 0; j < K; j += 7)
      w += cold(arr[j], n[j]);
    for (long j = 0; j < K; j++)
      d += dot(pts[j], m[j]);
  }
  long ys = 0;
  for (long j = 0; j < K; j++)
    ys += pts[j][m[j] / 2].y;
  printf("total %ld cold %.1f dot %.2f ys %ld\n", total, w, d, ys);
  for (long j = 0; j < K; j++) {
    free(arr[j]);
    free(pts[j]);
  }
  return 0;
}
