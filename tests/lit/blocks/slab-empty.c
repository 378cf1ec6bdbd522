// blocks with an array of no elements in a slab: a malloc of 0 records
// right after an array that fills a fresh slab (its header and 510
// records of 512) gets the last slot for its header and starts just past
// the slab's group-0 records. Freeing it, then freeing another array,
// gives its slab's reference back: the release helper finds the slab
// from the header's word, not from the array's address (which, masked,
// is the next 4096 bytes: the reference count it would have decremented
// there is the last record of the first array). Every build prints what
// the original prints.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=16384 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s --check-prefix=REPORT < %t.json
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O0 %t.out.ll -o %t.new0 && %t.new0 > %t.new0.txt && diff %t.base.txt %t.new0.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %dtrans cc -O2 %s -o %t.cc --cost block-bytes=16384 2>/dev/null && %t.cc > %t.cc.txt && diff %t.base.txt %t.cc.txt
// RUN: %FileCheck %s --check-prefix=OUT < %t.cc.txt
// REPORT: "detail": "2 groups in blocks: {key} {re, im}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096])",{{[[:space:]]*}}"name": "%struct.rec",
// OUT: keys 18487500 re 195202.5 last 3594
#include <stdio.h>
#include <stdlib.h>

struct rec { double re, im; unsigned long key; };

static struct rec *make(long n, long seed) {
  struct rec *e = malloc(n * sizeof *e);
  if (!e && n) {
    printf("out of memory\n");
    exit(1);
  }
  for (long i = 0; i < n; i++) {
    e[i].re = (double)seed + i;
    e[i].im = 0.5 * i;
    e[i].key = (unsigned long)(seed * 31 + i * 7);
  }
  return e;
}

static unsigned long sum_keys(const struct rec *e, long n) {
  unsigned long s = 0;
  for (long i = 0; i < n; i++)
    s += e[i].key;
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  long none = argc - 1; /* 0 */
  struct rec *a = make(510, 1);  /* a fresh slab: its header and 510 slots */
  struct rec *z = make(none, 2); /* no elements: just past the slab's last slot */
  free(z);                       /* kept */
  struct rec *b = make(3, 3);    /* another slab */
  free(b);                       /* kept instead: z gives its slab's reference back */
  unsigned long keys = 0;
  for (int r = 0; r < 20; r++)
    keys += sum_keys(a, 510);
  double re = 0;
  for (long i = 0; i < 510; i++)
    re += a[i].re + a[i].im;
  printf("keys %lu re %.1f last %lu\n", keys, re, a[509].key);
  free(a);
  return 0;
}
