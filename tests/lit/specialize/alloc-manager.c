// A library in the style of Brotli: a memory manager holds allocator
// hooks (the library's defaults unless the caller gives its own) and the
// library allocates through its own wrapper of them, `mgr_alloc(m, n)`
// with the size as parameter 1. Two source files each compile one static
// copy of the default allocator, so the hooks may reach two functions:
// their bodies are identical, so calling either computes the same and
// specialize-calls makes the calls direct (and inlines them). The wrapper
// is then a malloc wrapper whose size is parameter 1 (and `mgr_free(m, p)`
// a free wrapper of parameter 1): the items it allocates are the
// structure's, and delete-field removes the field never read.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: bash -c 'for v in O0 NP O2; do %dtrans opt %t.$v.ll -p specialize-calls,delete-field,reorder-fields -o %t.$v.out.ll --report %t.$v.json 2> %t.$v.msg && %clang -O2 %t.$v.out.ll -o %t.$v.new && %t.$v.new > %t.$v.txt && diff %t.base.txt %t.$v.txt || exit 1; done'
// RUN: %FileCheck %s < %t.O0.msg
// RUN: %FileCheck %s < %t.NP.msg
// CHECK-DAG: delete-field: %struct.item -> %__DFT_struct.item ({{.*}}: stamp never read)
// CHECK-DAG: specialize-calls: %struct.manager field alloc: 1 call(s) made direct (by prototype) to @default_alloc_{{enc|dec}}, 1 inlined
// CHECK-DAG: specialize-calls: %struct.manager field release: 1 call(s) made direct (by prototype) to @default_free_{{enc|dec}}, 1 inlined
//
// Near misses, each printing what it printed: the two defaults differ
// (-DDIFFERENT: one clears the block, so a call may reach either and
// stays indirect: the wrapper's result is a `void *` of unknown origin);
// the wrapper also counts the bytes and the program prints the count
// (-DCOUNTS: the size reaches more than the allocation, so the wrapper is
// an ordinary function); the free wrapper frees only in some calls
// (-DKEEP). `item` is left alone in the first two; in -DKEEP the
// allocations are still the wrapper's and `mgr_free` an ordinary function
// (its body, with the hook's call made direct, is seen): `item` changes.
// RUN: bash -c 'for v in DIFFERENT COUNTS KEEP; do %clang -g -O0 -D$v -S -emit-llvm %s -o %t.$v.ll && %dtrans opt %t.$v.ll -p specialize-calls,delete-field,reorder-fields -o %t.$v.out.ll 2> %t.$v.msg && %clang -O2 %t.$v.ll -o %t.$v.base && %clang -O2 %t.$v.out.ll -o %t.$v.new && %t.$v.base > %t.$v.base.txt && %t.$v.new > %t.$v.new.txt && diff %t.$v.base.txt %t.$v.new.txt || exit 1; done'
// RUN: %FileCheck %s --check-prefix=NEAR < %t.DIFFERENT.msg
// RUN: %FileCheck %s --check-prefix=NEAR < %t.COUNTS.msg
// RUN: %FileCheck %s --check-prefix=KEEP < %t.KEEP.msg
// KEEP: delete-field: %struct.item -> %__DFT_struct.item
// NEAR-NOT: struct.item ->
// NEAR: left alone: struct.item
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *(*alloc_fn)(void *opaque, size_t n);
typedef void (*free_fn)(void *opaque, void *p);

struct manager {
  alloc_fn alloc;
  free_fn release;
  void *opaque;
#ifdef COUNTS
  size_t used;
#endif
};

struct item {
  long stamp;
  unsigned key;
  double weight;
  int rank;
};

// "encoder.c"'s copy of the default.
static void *default_alloc_enc(void *opaque, size_t n) {
  (void)opaque;
  return malloc(n);
}
static void default_free_enc(void *opaque, void *p) {
  (void)opaque;
  free(p);
}
// "decoder.c"'s copy.
static void *default_alloc_dec(void *opaque, size_t n) {
  (void)opaque;
#ifdef DIFFERENT
  return calloc(1, n);
#else
  return malloc(n);
#endif
}
static void default_free_dec(void *opaque, void *p) {
  (void)opaque;
  free(p);
}

static void init_manager(struct manager *m, alloc_fn a, free_fn f, void *opaque, int decoder) {
  if (a) {
    m->alloc = a;
    m->release = f;
  } else if (decoder) {
    m->alloc = default_alloc_dec;
    m->release = default_free_dec;
  } else {
    m->alloc = default_alloc_enc;
    m->release = default_free_enc;
  }
  m->opaque = opaque;
#ifdef COUNTS
  m->used = 0;
#endif
}

static void *mgr_alloc(struct manager *m, size_t n) {
  void *p = m->alloc(m->opaque, n);
  if (!p)
    exit(1);
#ifdef COUNTS
  m->used += n;
#endif
  return p;
}

static void mgr_free(struct manager *m, void *p) {
#ifdef KEEP
  if (m->opaque)
    return;
#endif
  m->release(m->opaque, p);
}

static struct item *make_items(struct manager *m, unsigned n, unsigned seed) {
  struct item *it = mgr_alloc(m, n * sizeof(struct item));
  for (unsigned i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    it[i].stamp = (long)i * 7;
    it[i].key = seed >> 8;
    it[i].weight = (seed & 0xff) / 16.0;
    it[i].rank = (int)(i % 5);
  }
  return it;
}

int main(int argc, char **argv) {
  (void)argv;
  struct manager enc, dec;
  init_manager(&enc, NULL, NULL, NULL, 0);
  init_manager(&dec, NULL, NULL, NULL, argc > 5);
  unsigned n = 1000 + (unsigned)argc;
  struct item *a = make_items(&enc, n, 1);
  struct item *b = make_items(&dec, n / 2, 2);
  double sum = 0;
  unsigned long keys = 0;
  for (unsigned i = 0; i < n; ++i) {
    sum += a[i].weight * a[i].rank;
    keys += a[i].key % 97;
  }
  for (unsigned i = 0; i < n / 2; ++i)
    keys ^= b[i].key;
  printf("%.3f %lu\n", sum, keys);
#ifdef COUNTS
  printf("used %zu %zu\n", enc.used, dec.used);
#endif
  mgr_free(&enc, a);
  mgr_free(&dec, b);
  return 0;
}
