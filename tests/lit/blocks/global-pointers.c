// A global array laid out in blocks whose structure holds pointers (into
// the same array and from the heap's): after `dtrans annotate` the global
// carries a DTrans type, which no longer describes its storage (whole
// blocks of bytes), so the output leaves it undescribed; the output reads
// with `dtrans types --strict` and prints what the original prints.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans annotate %t.ll -o %t.ann.ll
// RUN: %FileCheck %s --check-prefix=IN < %t.ann.ll
// RUN: %dtrans opt %t.ann.ll -p blocks --cost block-bytes=16384 -o %t.out.ll
// RUN: %FileCheck %s < %t.out.ll
// RUN: %dtrans types --strict %t.out.ll > /dev/null
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// IN: @pool = internal global [3000 x %struct.node] zeroinitializer, align 16, !dbg !{{[0-9]+}}, !intel_dtrans_type
// CHECK: @pool = internal global [73728 x i8] zeroinitializer, align 4096, !dbg !{{[0-9]+}}{{$}}
#include <stdio.h>
#include <stdlib.h>
struct node { struct node *next; double w; long key; };
static struct node pool[3000];
__attribute__((noinline)) static long work(struct node *a, long n) { long s = 0; for (int r = 0; r < 4; r++) for (long i = 0; i < n; i++) s += a[i].key ^ r; return s; }
int main(int argc, char **argv) {
  long n = 2000 + argc;
  struct node *h = calloc(n, sizeof *h);
  for (long i = 0; i < 3000; i++) { pool[i].key = i; pool[i].next = &pool[(i + 1) % 3000]; pool[i].w = i * 0.5; }
  for (long i = 0; i < n; i++) { h[i].key = i * 3; h[i].next = &pool[i % 3000]; }
  double t = 0; for (long i = 0; i < n; i++) t += h[i].next->w + h[i].next->next->key;
  printf("%ld %.1f\n", work(pool, 3000) + work(h, n), t);
  free(h);
}
