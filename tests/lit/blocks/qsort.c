// qsort of arrays laid out in blocks: the call becomes the structure's sort
// helper, which has the library sort pointers to the elements with the
// program's comparison (through a trampoline that loads the two
// pointers) and copies the elements in that order through blocks of their
// own. Many keys are equal: the order the library leaves equal elements
// in is the one the original's qsort left them in (the checksums weigh
// every element by its place). Arrays span several blocks (512 elements
// per block); one sort is of a part in the middle of an array. Every
// build prints what the original prints.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=16384 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s --check-prefix=REPORT < %t.json
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O0 %t.out.ll -o %t.new0 && %t.new0 > %t.new0.txt && diff %t.base.txt %t.new0.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans opt %t2.ll -p blocks --cost block-bytes=16384 -o %t2.out.ll --report %t2.json
// RUN: %FileCheck %s --check-prefix=REPORT < %t2.json
// RUN: %clang -O2 %t2.out.ll -o %t2.new && %t2.new > %t2.new.txt && diff %t.base.txt %t2.new.txt
// (After LLVM's full -O2 the two doubles are stored by one vector store,
// which the analysis refuses: MismatchedElementAccess.)
// REPORT: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.rec",
// CHECK-LABEL: define dso_local i32 @main(
// CHECK: call void @__dtrans_blocks_sort.struct.rec(ptr %{{[0-9]+}}, i64 %{{[0-9]+}}, ptr @__dtrans_blocks_cmp.by_key)
// CHECK-NOT: call void @qsort(
// CHECK: call void @__dtrans_blocks_sort.struct.rec(ptr %{{[0-9]+}}, i64 1000, ptr @__dtrans_blocks_cmp.by_key_desc)
// CHECK-LABEL: define internal void @__dtrans_blocks_sort.struct.rec(ptr %0, i64 %1, ptr %2)
// CHECK: call void @qsort(ptr %{{[0-9]+}}, i64 %1, i64 8, ptr %2)
// CHECK-LABEL: define internal i32 @__dtrans_blocks_cmp.by_key(ptr %0, ptr %1)
// CHECK-NEXT: entry:
// CHECK-NEXT: %2 = load ptr, ptr %0
// CHECK-NEXT: %3 = load ptr, ptr %1
// CHECK-NEXT: %4 = call i32 @by_key(ptr %2, ptr %3)
// CHECK-NEXT: ret i32 %4
#include <stdio.h>
#include <stdlib.h>

struct rec { double re, im; unsigned long key; };

static int by_key(const void *a, const void *b) {
  const struct rec *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}

static int by_key_desc(const void *a, const void *b) {
  const struct rec *x = a, *y = b;
  return (x->key < y->key) - (x->key > y->key);
}

static unsigned long scan(struct rec *r, long n, int rounds) {
  unsigned long s = 0;
  for (int k = 0; k < rounds; k++)
    for (long i = 0; i < n; i++) s += r[i].key * (unsigned long)(i + k);
  return s;
}

static double weigh(struct rec *r, long n) {
  double t = 0;
  for (long i = 0; i < n; i++) t += (r[i].re - 0.5 * r[i].im) * (double)(i % 97);
  return t;
}

int main(int argc, char **argv) {
  long n = 1800 + argc;
  struct rec *a = malloc(n * sizeof *a), *b = calloc(1000, sizeof *b);
  if (!a || !b) return 2;
  unsigned long x = 12345;
  for (long i = 0; i < n; i++) {
    x = x * 6364136223846793005ul + 1442695040888963407ul;
    a[i].key = (x >> 33) % 40;  // many equal keys
    a[i].re = (double)i;
    a[i].im = (double)(x >> 40);
  }
  for (long i = 0; i < 1000; i++) { b[i].key = i % 7; b[i].re = -i; b[i].im = i * 3; }
  qsort(a, n, sizeof *a, by_key);
  qsort(a + 300, n - 700, sizeof(struct rec), by_key_desc);
  qsort(b, 1000, sizeof(struct rec), by_key_desc);
  unsigned long s = scan(a, n, 30) + scan(b, 1000, 30);
  printf("%lu %.1f %.1f\n", s, weigh(a, n), weigh(b, 1000));
  for (long i = 0; i < n; i += 211) printf("%ld: %lu %.0f\n", i, a[i].key, a[i].re);
  free(a);
  free(b);
  return 0;
}
