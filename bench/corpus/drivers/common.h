/* Small helpers shared by the corpus drivers (bench/corpus.py): read a
   whole file, a 64-bit FNV-1a hash for printing data deterministically.
   Written for dtrans's corpus. */
#ifndef CORPUS_COMMON_H
#define CORPUS_COMMON_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *corpus_read(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) { fprintf(stderr, "cannot open %s\n", path); exit(2); }
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = malloc(cap);
  for (;;) {
    if (n == cap) { cap *= 2; buf = realloc(buf, cap); }
    size_t r = fread(buf + n, 1, cap - n, f);
    if (r == 0) break;
    n += r;
  }
  fclose(f);
  *len = n;
  return buf;
}

static unsigned long long corpus_hash(const unsigned char *p, size_t n) {
  unsigned long long h = 1469598103934665603ULL;
  for (size_t i = 0; i < n; i++) { h ^= p[i]; h *= 1099511628211ULL; }
  return h;
}

static const char *corpus_base(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}
#endif
