// Copies and sets of whole elements of a structure laid out in blocks go
// by runs that stay in one block of each array: overlapping moves both
// ways (the destination before and after the source), copies between
// arrays at different slots, sets across block boundaries, and a copy of
// whole arrays that both start a block (whole blocks at once). Blocks of
// 128 elements here, so every call crosses several. Every build prints
// what the original prints.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=4096 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %clang -O0 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O0 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %clang -O2 %t.out.ll -o %t.new2 && %t.new2 > %t.new2.txt && diff %t.base.txt %t.new2.txt
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans opt %t2.ll -p blocks --cost block-bytes=4096 -o %t2.out.ll --report %t2.json
// RUN: %FileCheck %s < %t2.json
// RUN: %clang -O2 %t2.out.ll -o %t2.new && %t2.new > %t2.new.txt && diff %t.base.txt %t2.new.txt
// CHECK: "detail": "2 groups in blocks: {key} {re, im}; blocks of 3072 bytes, 128 elements each (groups at [0, 1024])",{{[[:space:]]*}}"name": "%struct.rec",
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { double re, im; unsigned long key; };

static unsigned long sum(const struct rec *r, long n) {
  unsigned long s = 0;
  for (long i = 0; i < n; i++)
    s = s * 31 + r[i].key + (unsigned long)(r[i].re * 3 + r[i].im);
  return s;
}

static void fill(struct rec *r, long n, unsigned long seed) {
  for (long i = 0; i < n; i++) {
    r[i].key = (i + seed) * 2654435761u;
    r[i].re = (double)(i % 97);
    r[i].im = -(double)(i % 13);
  }
}

int main(void) {
  long n = 1000, m = 900;
  struct rec *a = malloc(n * sizeof *a), *b = calloc(m, sizeof *b);
  fill(a, n, 1);
  fill(b, m, 7);
  for (int r = 0; r < 20; r++)
    for (long i = 0; i < n; i++) a[i].key ^= a[i].key >> 3;
  printf("start %lu %lu\n", sum(a, n), sum(b, m));
  // Destination after the source, overlapping, not at a block's start.
  memmove(a + 5, a + 3, (n - 5) * sizeof *a);
  printf("right %lu\n", sum(a, n));
  // Destination before the source, overlapping by most of the range.
  memmove(a + 1, a + 300, 600 * sizeof *a);
  printf("left %lu\n", sum(a, n));
  // Destination after the source by more than a block.
  memmove(a + 200, a + 17, 700 * sizeof *a);
  printf("far %lu\n", sum(a, n));
  // Between arrays at different slots.
  memcpy(b + 7, a + 100, 500 * sizeof *a);
  printf("across %lu\n", sum(b, m));
  // Whole arrays, both at a block's start.
  memcpy(b, a, m * sizeof *a);
  printf("whole %lu\n", sum(b, m));
  // A set across block boundaries, and one element.
  memset(a + 120, 0, 300 * sizeof *a);
  memset(b + 899, 0, sizeof *b);
  printf("set %lu %lu\n", sum(a, n), sum(b, m));
  free(a);
  free(b);
  return 0;
}
