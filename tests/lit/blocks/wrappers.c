// blocks with the program's own allocation functions: a wrapper whose size
// is its second parameter (the first is the program's allocator state,
// like `BrotliAllocate(m, n)`), a wrapper of that wrapper, and a free
// wrapper. Each call asks for whole blocks; the wrappers keep their bodies
// and their other effects (the allocator counts its calls, not bytes).
// Every build prints what the original prints.
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
// REPORT: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.amp",
// A count known only when the program runs is rounded up to whole blocks
// there; the wrapper of the wrapper, asked for a constant 1500 elements,
// gets three blocks of 512 (36864 bytes) + 4096 + 16; the free wrapper is
// given the block the array came in.
// CHECK-LABEL: define dso_local i32 @main(
// CHECK: [[A:%[0-9]+]] = call ptr @pool_alloc(ptr noundef @pool, i64 noundef %{{[0-9]+}})
// CHECK-NEXT: call ptr @__dtrans_blocks_place(ptr [[A]], i64 4096, i64 %{{[0-9]+}})
// CHECK: [[B:%[0-9]+]] = call ptr @amp_alloc(i64 noundef 40976)
// CHECK-NEXT: call ptr @__dtrans_blocks_place(ptr [[B]], i64 4096, i64 36864)
// CHECK: [[R:%[0-9]+]] = call ptr @__dtrans_blocks_release.struct.amp(ptr %{{[0-9]+}})
// CHECK-NEXT: call void @pool_free(ptr @pool, ptr [[R]])
#include <stdio.h>
#include <stdlib.h>

struct pool { unsigned long calls, frees; };
struct amp { double re, im; unsigned long key; };

static struct pool pool;

static void *pool_alloc(struct pool *m, size_t n) {
  m->calls++;
  void *p = malloc(n);
  if (!p) exit(3);
  return p;
}

static void pool_free(struct pool *m, void *p) {
  if (!p) return;
  m->frees++;
  free(p);
}

static void *amp_alloc(size_t n) { return pool_alloc(&pool, n); }

static unsigned long work(struct amp *a, long n, int rounds) {
  unsigned long s = 0;
  for (int r = 0; r < rounds; r++)
    for (long i = 0; i < n; i++)
      if (a[i].key & 1) a[i].key ^= (unsigned long)r; else s += a[i].key;
  return s;
}

int main(void) {
  long n = 1500;
  struct amp *a = pool_alloc(&pool, n * sizeof *a);
  struct amp *b = amp_alloc(1500 * sizeof(struct amp));
  for (long i = 0; i < n; i++) {
    a[i].key = (unsigned long)i * 2654435761u; a[i].re = i; a[i].im = -i;
    b[i].key = (unsigned long)i ^ 0x5a5a; b[i].re = 1; b[i].im = 0.5 * i;
  }
  unsigned long s = work(a, n, 40) + work(b, n, 40);
  double t = 0;
  for (long i = 0; i < n; i++) t += a[i].re - b[i].im + a[i].im;
  pool_free(&pool, a);
  pool_free(&pool, b);
  printf("%lu %.2f calls %lu frees %lu\n", s, t, pool.calls, pool.frees);
  return 0;
}
