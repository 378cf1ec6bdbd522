// A global's address is a constant in lifted code (`ptrtoint (ptr @table to
// i64)`): `start` only ever receives such constants and is never itself
// dereferenced, so it holds addresses because what is stored to its slot
// is one. Then `p - start` is a difference of two addresses, a number
// joined to neither, and `off` is unsigned (its comparison with 10).
// Before the classes (a search four levels deep): off generic64_t, 82.5%;
// with the classes but without constant stores: one cast.
// RUN: %clang -g -O0 -S -emit-llvm -o %t.ll %s
// RUN: %dtrans typeflow --eval --lift %t.ll | %FileCheck %s --match-full-lines
// CHECK:      full: kind 37/40 (92.5%), exact 32/40 (80.0%), TIE 0.350, casts 0
// CHECK-NEXT: by kind, full: pointer 20/20 (100.0%, exact 15, TIE 0.250), signed 10/13 (76.9%, exact 10, TIE 0.692), unsigned 7/7 (100.0%, exact 7, TIE 0.000)

#include <stddef.h>

static unsigned char table[64];

static size_t find(unsigned char c, int skip) {
  unsigned char *start = table;
  if (skip)
    start = table + 2;
  unsigned char *p = table + 8;
  while (*p != c && p < table + 63)
    p++;
  size_t off = (size_t)(p - start);
  if (off < 10)
    return 0;
  return off;
}

int main(int argc, char **argv) {
  (void)argv;
  for (int i = 0; i < 64; i++)
    table[i] = (unsigned char)i;
  return (int)find(40, argc > 3);
}
