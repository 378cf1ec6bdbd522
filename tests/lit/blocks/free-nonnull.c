// blocks on a module LLVM has optimized: the program frees each array
// after checking it is not null, so the optimizer marks the argument of
// those frees `nonnull`. blocks gives free the block an array came in,
// which is null for an array in a shared block (a slab); the attribute
// must go, or LLVM takes the slab path for undefined and drops it, and the
// slabs' lock with it: the program then spins forever in its first free
// (random array program multi952038). Every build prints what the original
// prints, within a time limit.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %FileCheck %s --check-prefix=INPUT < %t.ll
// RUN: %dtrans opt %t.ll -p blocks -o %t.out.ll
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && timeout 20 %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %dtrans cc -O2 %s -o %t.cc 2>/dev/null && timeout 20 %t.cc > %t.cc.txt && diff %t.base.txt %t.cc.txt
// INPUT: call void @free(ptr noundef nonnull
// CHECK-LABEL: define {{.*}} @main(
// CHECK: [[RAW:%[0-9a-z.]+]] = call ptr @__dtrans_blocks_release.struct.rec(
// CHECK-NEXT: call void @free(ptr [[RAW]])
#include <stdio.h>
#include <stdlib.h>

struct rec { double re, im; long key; };

static void fill(struct rec *r, long n, long seed) {
#pragma clang loop vectorize(disable) interleave(disable)
  for (long i = 0; i < n; i++) {
    r[i].re = i + seed;
    r[i].im = 0.5 * i;
    r[i].key = (i * 7 + seed) % 1000;
  }
}

static long keys(const struct rec *r, long n) {
  long s = 0;
  for (int rep = 0; rep < 20; rep++)
#pragma clang loop vectorize(disable) interleave(disable)
    for (long i = 0; i < n; i++)
      s = s * 3 + r[i].key;
  return s;
}

int main(void) {
  long sum = 0;
  double w = 0;
  struct rec *a = NULL;
  for (int r = 0; r < 3; r++) {
    free(a);
    long n = 97 + 37 * r;
    a = malloc(n * sizeof *a);
    if (!a)
      return 2;
    fill(a, n, r);
    sum += keys(a, n);
    w += a[n / 2].re + a[n - 1].im;
  }
  struct rec *b = calloc(300, sizeof *b);
  if (!b)
    return 2;
  fill(b, 150, 9);
  sum += keys(b, 300);
  w += b[10].re;
  printf("sum %ld w %.1f\n", sum, w);
  free(a);
  free(b);
  return 0;
}
