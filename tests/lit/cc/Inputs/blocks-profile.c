/* Two live arrays of a 24-byte record (an amplitude and a label), grown
 * by realloc, copied, and scanned for the labels only: blocks' shape. The
 * scans cover 300,000 elements per pass. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct amp { double re, im; unsigned long long key; };

static struct amp *grow(struct amp *a, long *cap, long n) {
  while (*cap < n) {
    *cap *= 2;
    a = realloc(a, *cap * sizeof *a);
    if (!a) exit(2);
  }
  return a;
}

static unsigned long long scan(struct amp *a, long n, int bit) {
  unsigned long long c = 0;
  for (long i = 0; i < n; i++) {
    if (a[i].key >> bit & 1) a[i].key ^= 1ULL << (bit + 1);
    c += a[i].key & 1;
  }
  return c;
}

int main(void) {
  long n = 300000, cap = 1024;
  struct amp *a = calloc(cap, sizeof *a);
  if (!a) return 2;
  a = grow(a, &cap, n);
  for (long i = 0; i < n; i++) { a[i].re = i * 0.5; a[i].im = -i; a[i].key = (unsigned long long)i * 2654435761u; }
  struct amp *b = malloc(n * sizeof *b);
  if (!b) return 2;
  memcpy(b, a, n * sizeof *b);
  unsigned long long c = 0;
  for (int r = 0; r < 12; r++) c += scan(r & 1 ? b : a, n, r % 20);
  double t = 0;
  for (long i = 0; i < n; i += 1000) t += a[i].re - b[i].im;
  printf("%llu %.1f\n", c, t);
  free(a); free(b);
  return 0;
}
