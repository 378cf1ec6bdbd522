// blocks and its near misses: struct ok lives in two arrays (calloc,
// realloc, memcpy and memmove of whole elements, pointer walks and
// differences) and is laid out in blocks, and so are structures allocated
// by wrappers of malloc (one that fills its block with 0xaa too: the
// never-written elements read the same bytes) and of calloc, one an
// array of which is sorted by qsort (blocks/qsort.c), and one whose
// arrays of 200 and 600 the library's calloc makes (each shares a block:
// a slab; struct few, the same made by a wrapper of calloc, would take a
// block of 512 for 200 and is refused); each other
// structure misses by one thing and keeps its layout, with the reason in
// the report. Every build prints what the original prints.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=16384 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s --check-prefixes=CHECK,BOTH < %t.json
// RUN: %FileCheck %s --check-prefix=IR < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// The same at -O2 (LLVM's passes first):
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans opt %t2.ll -p blocks --cost block-bytes=16384 -o %t2.out.ll --report %t2.json
// RUN: %FileCheck %s --check-prefixes=O2,BOTH < %t2.json
// RUN: %clang -O2 %t2.out.ll -o %t2.new && %t2.new > %t2.new.txt && diff %t.base.txt %t2.new.txt
// BOTH: "changed": [
// O2: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.counted",
// BOTH: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.cwrapped",
// BOTH: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.filled",
// BOTH: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.ok",
// O2: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.searched",
// BOTH: "detail": "3 groups in blocks: {key} {re} {im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096, 8192])",{{[[:space:]]*}}"name": "%struct.shared",
// BOTH: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.sorted",
// BOTH: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.wrapped",
// CHECK: "rejected": [
// CHECK-DAG: "name": "%struct.big",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "a record of 2048 bytes: fewer than 16 fit in a block of 16384 bytes"
// CHECK-DAG: "name": "%struct.node",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "an allocation of 1 in @main: less than half a block (at least 16 elements)"
// CHECK-DAG: "name": "%struct.few",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "an allocation of 200 in @main: less than half a block (512 elements, 12288 bytes)"
// CHECK-DAG: "name": "%struct.one",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "one array holds every object: peel's or aos-to-soa's form applies"
// CHECK-DAG: "name": "%struct.row",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "allocated in a loop in @main (many small arrays would each take a whole block)"
// CHECK-DAG: "name": "%struct.searched",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "cannot rewrite @main: @bsearch of a structure laid out in blocks"
// A wrapper is called for whole blocks plus the alignment and 16 bytes
// (1000 elements: two blocks of 512, 24576 + 4096 + 16), a calloc
// wrapper with the count 1 and the bytes, and the array is placed in
// what it returns; the wrappers themselves are unchanged (the fill's
// memset covers the whole block):
// IR: [[F:%[0-9]+]] = call ptr @xfilled(i64 noundef 28688)
// IR-NEXT: call ptr @__dtrans_blocks_place(ptr [[F]], i64 4096, i64 24576)
// IR: [[C:%[0-9]+]] = call ptr @xcalloc(i64 noundef 1, i64 noundef 28688)
// IR-NEXT: call ptr @__dtrans_blocks_place(ptr [[C]], i64 4096, i64 24576)
// IR-LABEL: define internal ptr @xfilled(i64 noundef %0)
// IR: call void @llvm.memset.p0.i64(ptr align 1 %{{[0-9]+}}, i8 -86, i64 %{{[0-9]+}}, i1 false)
// A realloc wrapper may hand back a fresh block while the old array
// stays (refused at -O0, where it is called; at -O2 it is inlined into
// the library's realloc and malloc, and the count is known no more):
// CHECK-DAG: "name": "%struct.regrown",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "allocated by UserRealloc in @main (blocks need the library's malloc, calloc or realloc, or a wrapper of malloc or calloc)"
// A function that counts the bytes it allocates is no wrapper (it would
// count other bytes): the structure's memory comes from a function the
// analysis does not know.
// CHECK-DAG: "name": "%struct.counted",{{[[:space:]]*}}"pass": "blocks",{{[[:space:]]*}}"reason": "BadCasting"
// At -O2 the pointer walk over struct ok is a byte offset from its key
// field's address (a step from inside a field), and the counting function
// is inlined: the count it adds is a constant apart from the malloc, and
// struct counted is laid out in blocks as well; so is struct searched,
// whose bsearch is glibc's inline one (a loop in @main).
// The calloc of 2^62 elements fails in both builds (its count is passed
// on as it was when whole blocks would not fit in 2^62 bytes):
// RUN: %FileCheck %s --check-prefix=OUT < %t.new.txt
// OUT: huge calloc refused
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ok { double re, im; unsigned long key; };            // two arrays: in blocks
struct one { double re, im; unsigned long key; };           // one array: peel's
struct wrapped { double re, im; unsigned long key; };       // allocated by a wrapper: in blocks too
struct filled { double re, im; unsigned long key; };        // a wrapper fills its block with 0xaa: too
struct cwrapped { double re, im; unsigned long key; };      // a wrapper of calloc: too
struct regrown { double re, im; unsigned long key; };       // grown by a realloc wrapper
struct counted { double re, im; unsigned long key; };       // by a function that counts its bytes
struct node { double re, im; unsigned long key; struct node *next; };  // one node per malloc
struct sorted { double re, im; unsigned long key; };        // qsort of an array: in blocks too
struct searched { double re, im; unsigned long key; };      // bsearch in an array
struct big { double re, im; unsigned long key; char pad[2024]; };  // 2048 bytes
struct row { double re, im; unsigned long key; };           // many small arrays, allocated in a loop
struct few { double re, im; unsigned long key; };           // 200 elements by a wrapper: under half a block
struct shared { double re, im; unsigned long key; };        // 200 by calloc: shares a block (slab)

static struct ok *kept;

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p) abort();
  return p;
}

static void *xfilled(size_t n) {
  void *p = malloc(n);
  if (!p) abort();
  memset(p, 0xaa, n);
  return p;
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n, size);
  if (!p) abort();
  return p;
}

static void *xrealloc(void *q, size_t n) {
  void *p = realloc(q, n);
  if (!p) abort();
  return p;
}

static unsigned long counted_bytes;

static void *counting(size_t n) {
  counted_bytes += n;
  return malloc(n);
}

static int searched_key(const void *a, const void *b) {
  const struct searched *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}

static int by_key(const void *a, const void *b) {
  const struct sorted *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}

int main(void) {
  unsigned long s = 0;
  double t = 0;
  long n = 1000, m = 700;
  struct ok *a = calloc(n, sizeof *a), *b = malloc(m * sizeof *b);
  for (long i = 0; i < n; i++) { a[i].key = i * 2654435761u; a[i].re = i; a[i].im = -0.5 * i; }
  for (long i = 0; i < m; i++) { b[i].key = i ^ 0x5555; b[i].re = 1; b[i].im = 2 + i; }
  for (int r = 0; r < 50; r++)
    for (long i = 0; i < n; i++) if (a[i].key & 1) a[i].key ^= r; else s += a[i].key;
  a = realloc(a, (n + m) * sizeof *a);
  memcpy(a + n, b, m * sizeof *b);
  n += m;
  memmove(a + 10, a + 11, (n - 11) * sizeof *a);
  n--;
  for (struct ok *p = a; p < a + n; p++) s += p->key * (unsigned long)(p - a);
  struct ok *q = &a[500];
  q -= 171;
  s += q[-1].key + q[340].key;
  for (long i = 0; i < n; i++) t += a[i].re - a[i].im;
  free(a);
  free(b);

  struct one *o = calloc(500, sizeof *o);
  for (int i = 0; i < 500; i++) o[i].key = i * 7;
  for (int r = 0; r < 50; r++) for (int i = 0; i < 500; i++) s += o[i].key;
  for (int i = 0; i < 500; i++) t += o[i].re + o[i].im;

  struct wrapped *w1 = xmalloc(1000 * sizeof *w1), *w2 = xmalloc(1000 * sizeof *w2);
  for (int i = 0; i < 300; i++) { w1[i].key = i; w2[i].key = 2 * i; w1[i].re = w2[i].re = w1[i].im = w2[i].im = i; }
  for (int r = 0; r < 50; r++) for (int i = 0; i < 300; i++) s += w1[i].key + w2[i].key;
  for (int i = 0; i < 300; i++) t += w1[i].re + w2[i].im;

  struct filled *f1 = xfilled(1000 * sizeof *f1), *f2 = xfilled(1200 * sizeof *f2);
  for (int i = 0; i < 300; i++) { f1[i].key = i; f1[i].re = f1[i].im = i; }
  for (int r = 0; r < 50; r++) for (int i = 0; i < 300; i++) s += f1[i].key + f2[i].key;
  for (int i = 0; i < 300; i++) t += f1[i].re + f2[i].im;

  struct cwrapped *c1 = xcalloc(700, sizeof *c1), *c2 = xcalloc(sizeof *c2, 900);
  for (int i = 0; i < 300; i++) { c1[i].key = 3 * i; c2[i].key = i; c1[i].re = c2[i].re = c1[i].im = c2[i].im = i; }
  for (int r = 0; r < 50; r++) for (int i = 0; i < 600; i++) s += c1[i].key + c2[i].key;
  for (int i = 0; i < 700; i++) t += c1[i].re + c2[i].im;

  struct regrown *g = xrealloc(0, 600 * sizeof *g), *h = xrealloc(0, 700 * sizeof *h);
  for (int i = 0; i < 600; i++) { g[i].key = i; g[i].re = g[i].im = 1; h[i].key = i; }
  g = xrealloc(g, 1200 * sizeof *g);
  for (int i = 600; i < 1200; i++) { g[i].key = i * 3; g[i].re = g[i].im = 2; }
  for (int r = 0; r < 50; r++) for (int i = 0; i < 1200; i++) s += g[i].key + h[i % 600].key;
  for (int i = 0; i < 1200; i++) t += g[i].re + g[i].im;

  struct counted *k1 = counting(800 * sizeof *k1), *k2 = counting(900 * sizeof *k2);
  for (int i = 0; i < 800; i++) { k1[i].key = i; k2[i].key = i + 1; k1[i].re = k2[i].im = i; k1[i].im = k2[i].re = 0; }
  for (int r = 0; r < 50; r++) for (int i = 0; i < 800; i++) s += k1[i].key + k2[i].key;
  for (int i = 0; i < 800; i++) t += k1[i].re + k2[i].im;
  printf("counted %lu bytes\n", counted_bytes);

  struct node *head = 0;
  for (int i = 0; i < 100; i++) {
    struct node *x = malloc(sizeof *x);
    x->key = i; x->re = i; x->im = 1; x->next = head; head = x;
  }
  for (int r = 0; r < 50; r++) for (struct node *x = head; x; x = x->next) s += x->key;
  for (struct node *x = head; x; x = x->next) t += x->re + x->im;

  struct sorted *z1 = calloc(500, sizeof *z1), *z2 = calloc(500, sizeof *z2);
  for (int i = 0; i < 500; i++) { z1[i].key = (i * 37) % 500; z2[i].key = i; z1[i].re = i; }
  qsort(z1, 500, sizeof *z1, by_key);
  for (int r = 0; r < 50; r++) for (int i = 0; i < 500; i++) s += z1[i].key * i + z2[i].key;
  for (int i = 0; i < 500; i++) t += z1[i].re + z2[i].im;

  struct searched *y1 = calloc(600, sizeof *y1), *y2 = calloc(600, sizeof *y2);
  for (int i = 0; i < 600; i++) { y1[i].key = 3 * i; y2[i].key = i; y1[i].re = y2[i].im = i; }
  for (int r = 0; r < 50; r++) for (int i = 0; i < 600; i++) s += y1[i].key + y2[i].key;
  for (int i = 0; i < 600; i++) t += y1[i].re + y2[i].im;
  struct searched *found = bsearch(&y2[300], y1, 600, sizeof *y1, searched_key);
  s += found ? (unsigned long)(found - y1) : 7;

  struct big *g1 = calloc(64, sizeof *g1), *g2 = calloc(64, sizeof *g2);
  for (int i = 0; i < 64; i++) { g1[i].key = i; g2[i].key = i + 1; g1[i].pad[i] = 1; }
  for (int r = 0; r < 50; r++) for (int i = 0; i < 64; i++) s += g1[i].key + g2[i].key;
  for (int i = 0; i < 64; i++) t += g1[i].re + g2[i].pad[i];

  struct few *e1 = xcalloc(200, sizeof *e1), *e2 = xcalloc(600, sizeof *e2);
  for (int i = 0; i < 200; i++) { e1[i].key = i; e2[i].key = i + 3; e1[i].re = e2[i].im = i; }
  for (int r = 0; r < 50; r++) for (int i = 0; i < 200; i++) s += e1[i].key + e2[i].key;
  for (int i = 0; i < 200; i++) t += e1[i].re + e2[i].im;

  struct shared *h1 = calloc(200, sizeof *h1), *h2 = calloc(600, sizeof *h2);
  for (int i = 0; i < 200; i++) { h1[i].key = i; h2[i].key = i + 5; h1[i].re = h2[i].im = i; }
  for (int r = 0; r < 50; r++) for (int i = 0; i < 200; i++) s += h1[i].key + h2[i].key;
  for (int i = 0; i < 200; i++) t += h1[i].re + h2[i].im;

  struct row *rows[200];
  for (int i = 0; i < 200; i++) {
    rows[i] = malloc((1 + i % 3) * sizeof(struct row));
    for (int k = 0; k < 1 + i % 3; k++) { rows[i][k].key = i * k; rows[i][k].re = k; rows[i][k].im = i; }
  }
  for (int r = 0; r < 50; r++) for (int i = 0; i < 200; i++) s += rows[i][0].key;
  for (int i = 0; i < 200; i++) { t += rows[i][0].re + rows[i][0].im; free(rows[i]); }

  // A count whose blocks would not fit: refused as before.
  // (Kept in a global: LLVM may drop an allocation nothing keeps, and
  // take it to have succeeded.)
  volatile unsigned long huge = 1UL << 62;
  kept = calloc(huge, sizeof(struct ok));
  printf("huge calloc %s\n", kept ? "allocated" : "refused");
  free(kept);

  printf("%lu %.2f\n", s, t);
  return 0;
}
