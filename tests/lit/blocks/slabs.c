// blocks with many short arrays: one array of records per graph node (a
// malloc of 3 to 17 records each), some grown by realloc to 300 records
// (a slab of their own, which stays aside: the current slab keeps more
// room) or past a block (blocks of their own), or shrunk to nothing, some
// calloc'd (zeroed). An array that fits in one block with its header (here
// 511 of 512) takes the next slots of a shared block (a slab) instead of
// blocks of its own: 2000 nodes would otherwise take 2000 blocks of 12 KiB. The
// library's malloc, calloc and realloc become calls of the structure's
// helpers; a free is given what the structure's release helper says
// (null for an array in a slab, which is kept for the next array its slots
// fit, the one kept before giving its slab's reference back: the slab
// counts its arrays and is freed with the last).
// Every build prints what the original prints.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=16384 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s --check-prefix=REPORT < %t.json
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %clang -O0 %t.out.ll -o %t.new0 && %t.new0 > %t.new0.txt && diff %t.base.txt %t.new0.txt
// Before LLVM's passes, as `dtrans cc` sees a build, and `dtrans cc -O2`:
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans opt %t2.ll -p blocks --cost block-bytes=16384 -o %t2.out.ll --report %t2.json
// RUN: %FileCheck %s --check-prefix=REPORT < %t2.json
// RUN: %clang -O2 %t2.out.ll -o %t2.new && %t2.new > %t2.new.txt && diff %t.base.txt %t2.new.txt
// RUN: %dtrans cc -O2 %s -o %t.cc --cost block-bytes=16384 2>/dev/null && %t.cc > %t.cc.txt && diff %t.base.txt %t.cc.txt
// RUN: %FileCheck %s --check-prefix=OUT < %t.new.txt
// REPORT: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.rec",
// CHECK-LABEL: define {{.*}} @main(
// CHECK: call ptr @__dtrans_blocks_release.struct.rec(
// CHECK-NEXT: call void @free(
// CHECK-LABEL: define {{.*}} @zeroed(
// CHECK: call ptr @__dtrans_blocks_new.struct.rec(i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i1 true)
// CHECK-LABEL: define {{.*}} @make(
// CHECK: call ptr @__dtrans_blocks_new.struct.rec(i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i1 false)
// CHECK-LABEL: define {{.*}} @grow(
// CHECK: call ptr @__dtrans_blocks_resize.struct.rec(ptr %{{[0-9a-z.]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}})
// The new helper: at most 511 elements in the current slab when the
// array and its 8-byte header (one 8-byte record) fit in its 512 slots,
// else in a fresh slab of one block (12288 + 4096 + 16 bytes), which
// becomes current only when it keeps more free slots than the current
// one; the header, the word before the array, holds the count with the
// sign bit set (where an array with blocks of its own has its block); the
// slab is the block that word is in (its address with the low 12 bits
// cleared).
// First, under the slabs' lock, the array the program freed last, when
// it holds at least n and at most 2n elements, is taken again.
// CHECK-LABEL: define internal ptr @__dtrans_blocks_new.struct.rec(
// CHECK: icmp ule i64 %0, 511
// CHECK: call ptr @calloc(i64 1, i64 %2)
// CHECK: call ptr @malloc(i64 %2)
// CHECK: call ptr @__dtrans_blocks_place(ptr %block, i64 4096, i64 %1)
// CHECK-LABEL: fresh:
// CHECK-NEXT: call ptr @malloc(i64 16400)
// CHECK: call ptr @__dtrans_blocks_place(ptr %{{[0-9]+}}, i64 4096, i64 12288)
// CHECK: icmp ugt i64 %{{[0-9]+}}, %{{[0-9]+}}
// CHECK-LABEL: carve:
// CHECK: %[[SIGNED:[0-9]+]] = add i64 %0, -9223372036854775808
// CHECK-NEXT: %[[HEAD:[0-9]+]] = getelementptr i8, ptr %{{[0-9]+}}, i64 -8
// CHECK-NEXT: store i64 %[[SIGNED]], ptr %[[HEAD]], align 1
// CHECK-NEXT: getelementptr i8, ptr %slab, i64 -16
// (Under the slabs' lock: blocks/slabs-threads.c.)
// CHECK-LABEL: locked:
// CHECK-NEXT: load ptr, ptr @__dtrans_blocks_kept.struct.rec
// CHECK-LABEL: kept:
// CHECK: and i64 %{{[0-9]+}}, 9223372036854775807
// CHECK-LABEL: reuse:
// CHECK-NEXT: store ptr null, ptr @__dtrans_blocks_kept.struct.rec
// CHECK: add i64 %0, -9223372036854775808
// CHECK-LABEL: slabs:
// CHECK: add i64 %0, 1
// CHECK: icmp ule i64 %{{[0-9]+}}, 512
// A calloc'd array, taken again or carved, is zeroed after the lock.
// CHECK-LABEL: placed:
// CHECK-NEXT: %array = phi ptr [ %{{[0-9]+}}, %reuse ], [ %{{[0-9]+}}, %carve ]
// CHECK-LABEL: make.current:
// CHECK: store i64 1, ptr %{{[0-9]+}}
// CHECK-LABEL: aside:
// CHECK-NEXT: store i64 0, ptr %{{[0-9]+}}
// CHECK: call void @__dtrans_blocks_set.struct.rec(ptr %array, i32 0, i64 %0)
// A free of an array in a slab keeps it (its block to the library: null)
// and the one kept before gives its slab's reference back; the last
// reference frees the slab's block.
// CHECK-LABEL: define internal ptr @__dtrans_blocks_release.struct.rec(
// CHECK: %[[H:[0-9]+]] = getelementptr i8, ptr %0, i64 -8
// CHECK-NEXT: load i64, ptr %[[H]], align 1
// CHECK: icmp slt i64 %{{[0-9]+}}, 0
// CHECK-LABEL: old:
// CHECK-NEXT: %[[W:[0-9]+]] = getelementptr i8, ptr %{{[0-9]+}}, i64 -8
// CHECK-NEXT: %[[A:[0-9]+]] = ptrtoint ptr %[[W]] to i64
// CHECK-NEXT: %[[LOW:[0-9]+]] = and i64 %[[A]], 4095
// CHECK-NEXT: %[[BACK:[0-9]+]] = sub i64 0, %[[LOW]]
// CHECK-NEXT: %[[SLAB:[0-9]+]] = getelementptr i8, ptr %[[W]], i64 %[[BACK]]
// CHECK-NEXT: %[[COUNT:[0-9]+]] = getelementptr i8, ptr %[[SLAB]], i64 -16
// CHECK-NEXT: load i64, ptr %[[COUNT]]
// CHECK: sub i64 %{{[0-9]+}}, 1
// CHECK-LABEL: done:
// CHECK: ret ptr null
// CHECK-LABEL: locked:
// CHECK-NEXT: load ptr, ptr @__dtrans_blocks_kept.struct.rec
// CHECK-NEXT: store ptr %0, ptr @__dtrans_blocks_kept.struct.rec
// CHECK-LABEL: slab.free:
// CHECK: call void @free(
// CHECK-LABEL: define internal ptr @__dtrans_blocks_resize.struct.rec(
// CHECK: call ptr @realloc(
// CHECK: call ptr @__dtrans_blocks_moved(
// CHECK: call void @__dtrans_blocks_copy.struct.rec(
// OUT: keys 9498119494 re 133515.0 im 28189.5
#include <stdio.h>
#include <stdlib.h>

struct rec { double re, im; unsigned long key; };
struct node { struct rec *e; long n; };

static void out_of_memory(void) {
  printf("out of memory\n");
  exit(1);
}

static struct rec *make(long n, long seed) {
  struct rec *e = malloc(n * sizeof *e);
  if (!e)
    out_of_memory();
  for (long i = 0; i < n; i++) {
    e[i].re = (double)(seed % 7) + i;
    e[i].im = 0.5 * i;
    e[i].key = (unsigned long)(seed * 31 + i * 7);
  }
  return e;
}

/* Grows (or shrinks to nothing) node v's array; the new records are set. */
static void grow(struct node *v, long n) {
  struct rec *e = realloc(v->e, n * sizeof *e);
  if (n == 0) {
    v->e = 0;
    v->n = 0;
    return;
  }
  if (!e)
    out_of_memory();
  for (long i = v->n; i < n; i++) {
    e[i].re = 1.0;
    e[i].im = -1.0;
    e[i].key = (unsigned long)(i * 3);
  }
  v->e = e;
  v->n = n;
}

static struct rec *zeroed(long n) {
  struct rec *e = calloc(n, sizeof *e);
  if (!e)
    out_of_memory();
  return e;
}

int main(void) {
  long nodes = 2000;
  struct node *g = malloc(nodes * sizeof *g);
  if (!g)
    out_of_memory();
  for (long v = 0; v < nodes; v++) {
    g[v].n = 3 + v % 15;
    g[v].e = v % 5 == 4 ? zeroed(g[v].n) : make(g[v].n, v);
  }
  for (long v = 0; v < nodes; v += 97)
    grow(&g[v], v % 2 ? 300 + v % 3 : 700 + v % 3); /* a slab aside; past a block */
  for (long v = 1; v < nodes; v += 89)
    grow(&g[v], 0);
  for (long v = 2; v < nodes; v += 53)
    grow(&g[v], g[v].n + 5); /* stays small */
  unsigned long keys = 0;
  for (int r = 0; r < 20; r++)
    for (long v = 0; v < nodes; v++)
      for (long i = 0; i < g[v].n; i++)
        keys += g[v].e[i].key ^ (unsigned long)r;
  double re = 0, im = 0;
  for (long v = 0; v < nodes; v++)
    for (long i = 0; i < g[v].n; i++) {
      re += g[v].e[i].re;
      im += g[v].e[i].im;
    }
  printf("keys %lu re %.1f im %.1f\n", keys, re, im);
  for (long v = 0; v < nodes; v++)
    free(g[v].e);
  free(g);
  return 0;
}
