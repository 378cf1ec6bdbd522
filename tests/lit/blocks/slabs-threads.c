// blocks' slabs in a program that runs threads: four threads each make,
// grow, shrink and free thousands of short arrays of one structure at the
// same time, so they take slots of the same slabs and give them back
// concurrently; the slabs' counts and the current slab change only under
// `@__dtrans_blocks_lock` (an `atomicrmw xchg` acquire, a release store).
// Every build prints what the original prints (the sums are per thread,
// joined in order).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=16384 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s --check-prefix=REPORT < %t.json
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base -lpthread && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new -lpthread && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %clang -O0 %t.out.ll -o %t.new0 -lpthread && %t.new0 > %t.new0.txt && diff %t.base.txt %t.new0.txt
// RUN: %dtrans cc -O2 %s -o %t.cc -lpthread --cost block-bytes=16384 2>/dev/null && %t.cc > %t.cc.txt && diff %t.base.txt %t.cc.txt
// RUN: %FileCheck %s --check-prefix=OUT < %t.new.txt
// REPORT: "detail": "2 groups in blocks: {im} {re, key}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.rec",
// CHECK-LABEL: define internal ptr @__dtrans_blocks_new.struct.rec(
// CHECK-LABEL: shared:
// CHECK-NEXT: br label %lock
// CHECK-LABEL: none:
// CHECK-NEXT: store atomic i32 0, ptr @__dtrans_blocks_lock release, align 4
// CHECK-NEXT: ret ptr null
// CHECK-LABEL: carve:
// CHECK: store atomic i32 0, ptr @__dtrans_blocks_lock release, align 4
// CHECK-LABEL: lock:
// CHECK-NEXT: atomicrmw xchg ptr @__dtrans_blocks_lock, i32 1 acquire
// The array freed last, taken again, gives the lock back too; a calloc'd
// array (carved or taken again) is zeroed after the lock is given back.
// CHECK-LABEL: reuse:
// CHECK: store atomic i32 0, ptr @__dtrans_blocks_lock release, align 4
// CHECK-NEXT: br label %placed
// CHECK-LABEL: zero:
// CHECK-NEXT: call void @__dtrans_blocks_set.struct.rec(ptr %array,
// A free keeps the array under the lock.
// CHECK-LABEL: define internal ptr @__dtrans_blocks_release.struct.rec(
// CHECK-LABEL: done:
// CHECK-NEXT: store atomic i32 0, ptr @__dtrans_blocks_lock release, align 4
// CHECK-LABEL: lock:
// CHECK-NEXT: atomicrmw xchg ptr @__dtrans_blocks_lock, i32 1 acquire
// CHECK-LABEL: locked:
// CHECK-NEXT: load ptr, ptr @__dtrans_blocks_kept.struct.rec
// OUT: thread 0: keys 5280675640 re 1127095.0
// OUT: thread 3: keys
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 4
#define NODES 3000

struct rec { double re, im; unsigned long key; };
struct node { struct rec *e; long n; };

static struct node graphs[THREADS][NODES];
static unsigned long keys[THREADS];
static double res[THREADS];

static void out_of_memory(void) {
  printf("out of memory\n");
  exit(1);
}

static struct rec *make(long n, long seed, int zero) {
  struct rec *e = zero ? calloc(n, sizeof *e) : malloc(n * sizeof *e);
  if (!e)
    out_of_memory();
  if (!zero)
    for (long i = 0; i < n; i++) {
      e[i].re = (double)(seed % 7) + i;
      e[i].im = 0.5 * i;
      e[i].key = (unsigned long)(seed * 31 + i * 7);
    }
  return e;
}

static void grow(struct node *v, long n) {
  struct rec *e = realloc(v->e, n * sizeof *e);
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

static void *work(void *arg) {
  long t = (long)arg;
  struct node *g = graphs[t];
  for (int round = 0; round < 4; round++) {
    for (long v = 0; v < NODES; v++) {
      g[v].n = 2 + (v + t + round) % 19;
      g[v].e = make(g[v].n, v + t, (v + round) % 7 == 3);
    }
    for (long v = round; v < NODES; v += 31)
      grow(&g[v], g[v].n + 3 + v % 200);
    for (long v = 0; v < NODES; v++)
      for (long i = 0; i < g[v].n; i++) {
        keys[t] += g[v].e[i].key;
        res[t] += g[v].e[i].re;
      }
    for (long v = 0; v < NODES; v++)
      free(g[v].e);
  }
  return 0;
}

int main(void) {
  pthread_t th[THREADS];
  for (long t = 0; t < THREADS; t++)
    if (pthread_create(&th[t], 0, work, (void *)t))
      return 1;
  for (int t = 0; t < THREADS; t++)
    pthread_join(th[t], 0);
  for (int t = 0; t < THREADS; t++)
    printf("thread %d: keys %lu re %.1f\n", t, keys[t], res[t]);
  return 0;
}
