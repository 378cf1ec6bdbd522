// Allocation wrappers and `void *` prototypes. A function that returns
// only what an allocator returns (a declared function whose prototype
// returns `void *`, or another wrapper; through a local slot, casts, phi and
// select) returns fresh memory each caller types its own way: its call
// sites are not joined to its return, and so not to each other; the result
// is seeded `void *`. Likewise the call sites of a declared function are
// not chained at a position its prototype gives as `void *` (`malloc`'s
// results, `free`'s argument). Before, `n` (a `struct node *`) and `s` (a
// `char *`) met in `xmalloc`'s return and all of them became
// `generic8_t *`, lifted or not; now only `s` is (nothing says the sign of
// its characters) and `n`, a record's address, is `void *`.
// RUN: %clang -g -O0 -S -emit-llvm -o %t.ll %s
// RUN: %dtrans typeflow --eval %t.ll | %FileCheck %s --match-full-lines
// RUN: %dtrans typeflow --eval --lift %t.ll | %FileCheck %s --match-full-lines
// CHECK:      full: kind 28/31 (90.3%), exact 21/31 (67.7%), TIE 0.516, casts 0
// CHECK-NEXT: by kind, full: pointer 21/21 (100.0%, exact 14, TIE 0.333), signed 4/7 (57.1%, exact 4, TIE 1.286), unsigned 3/3 (100.0%, exact 3, TIE 0.000)
#include <stdlib.h>

struct node {
  int key;
  double w;
  struct node *next;
};

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    abort();
  return p;
}

struct node *mk(int k) {
  struct node *n = xmalloc(sizeof *n);
  n->key = k;
  n->w = 1.0;
  n->next = 0;
  return n;
}

char *buf(int len) {
  char *s = xmalloc(len + 1);
  s[0] = 'a';
  s[len] = 0;
  return s;
}
