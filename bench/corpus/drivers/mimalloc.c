/* Corpus driver for mimalloc (libmimalloc-sys crate): an allocation-heavy
   workload through mimalloc's API (binary trees, a growing vector by
   mi_realloc, zeroed and aligned blocks, first-class heaps destroyed
   whole). Prints checksums of the data, never addresses. Written for
   dtrans's corpus (bench/corpus.py). */
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include "mimalloc.h"

typedef struct node { struct node *left, *right; long value; } node;

static node *make(mi_heap_t *h, int depth, long v) {
  node *n = h ? mi_heap_malloc_tp(h, node) : mi_malloc_tp(node);
  n->value = v;
  n->left = depth ? make(h, depth - 1, 2 * v) : NULL;
  n->right = depth ? make(h, depth - 1, 2 * v + 1) : NULL;
  return n;
}
static long sum(node *n) { return n ? n->value + sum(n->left) - sum(n->right) : 0; }
static void release(node *n) { if (n) { release(n->left); release(n->right); mi_free(n); } }

int main(void) {
  long total = 0;
  /* 1. trees of malloc'ed nodes, freed one by one */
  for (int i = 0; i < 20; i++) {
    node *t = make(NULL, 14, i);
    total += sum(t);
    release(t);
  }
  printf("trees %ld\n", total);
  /* 2. first-class heaps: trees dropped with the heap */
  total = 0;
  for (int i = 0; i < 20; i++) {
    mi_heap_t *h = mi_heap_new();
    node *t = make(h, 14, i + 1);
    total += sum(t);
    mi_heap_destroy(h);
  }
  printf("heap trees %ld\n", total);
  /* 3. a vector grown by mi_realloc, strings duplicated */
  size_t cap = 1, len = 0;
  uint64_t *v = mi_malloc(sizeof *v);
  uint64_t x = 88172645463325252ULL;
  for (int i = 0; i < 2000000; i++) {
    if (len == cap) { cap = cap * 3 / 2 + 1; v = mi_realloc(v, cap * sizeof *v); }
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    v[len++] = x;
  }
  uint64_t acc = 0;
  for (size_t i = 0; i < len; i++) acc = acc * 31 + v[i];
  mi_free(v);
  printf("vector %zu %llu\n", len, (unsigned long long)acc);
  /* 4. many small blocks of mixed sizes, zeroed, aligned, freed out of order */
  enum { N = 200000 };
  unsigned char **blocks = mi_calloc(N, sizeof *blocks);
  size_t bytes = 0, zero = 1, aligned = 1;
  for (int r = 0; r < 5; r++) {
    for (int i = 0; i < N; i++) {
      size_t sz = (size_t)((i * 2654435761u + r) % 700) + 1;
      if (blocks[i]) mi_free(blocks[i]);
      if (i % 7 == 0) {
        blocks[i] = mi_malloc_aligned(sz, 64);
        aligned &= ((uintptr_t)blocks[i] % 64) == 0;
        memset(blocks[i], r, sz);
      } else if (i % 3 == 0) {
        blocks[i] = mi_zalloc(sz);
        for (size_t k = 0; k < sz; k++) zero &= blocks[i][k] == 0;
      } else {
        blocks[i] = mi_malloc(sz);
        memset(blocks[i], i & 0xff, sz);
      }
      bytes += sz;
    }
  }
  for (int i = N - 1; i >= 0; i -= 2) mi_free(blocks[i]);
  for (int i = N - 2; i >= 0; i -= 2) mi_free(blocks[i]);
  mi_free(blocks);
  char *s = mi_strdup("mimalloc corpus");
  char *t = mi_strndup(s, 8);
  printf("blocks %zu zeroed %s aligned %s %s/%s usable %zu\n", bytes, zero ? "yes" : "no", aligned ? "yes" : "no", s, t,
         (size_t)(mi_usable_size(t) >= 9));
  mi_free(s);
  mi_free(t);
  return 0;
}
