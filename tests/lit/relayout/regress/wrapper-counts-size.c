// An allocation wrapper that also counts the bytes it is asked for is not
// a plain malloc wrapper: delete-field would shrink the size the program
// asks for, and the count it prints would change (it printed used=8000
// for used=24000). struct rec, allocated by such a wrapper, is left alone
// (its pointer comes from a function the analysis does not know as an
// allocation); struct plain, allocated by a wrapper that only allocates,
// still loses its dead field. The output is the same at -O0 and -O2.
// RUN: %clang -O0 %s -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans cc -O0 %s -o %t.o0 --report %t.o0.json && %t.o0 > %t.o0.txt && diff %t.base.txt %t.o0.txt
// RUN: %dtrans cc -O2 %s -o %t.o2 --report %t.o2.json && %t.o2 > %t.o2.txt && diff %t.base.txt %t.o2.txt
// RUN: %FileCheck %s < %t.o0.json
// RUN: %FileCheck %s < %t.o2.json
// RUN: %FileCheck %s --check-prefix=OUT < %t.base.txt
// CHECK: "changed": [
// CHECK: "name": "%struct.plain",
// CHECK: "rejected": [
// CHECK: "name": "%struct.rec",{{[[:space:]]*}}"pass": "delete-field",{{[[:space:]]*}}"reason": "BadCasting"
// OUT: 199800000 used=24000 plain=21090
#include <stdio.h>
#include <stdlib.h>

static size_t used;

static void *counting(size_t n) {
  used += n;
  void *p = malloc(n);
  if (!p) abort();
  return p;
}

static void *plain_alloc(size_t n) {
  void *p = malloc(n);
  if (!p) abort();
  return p;
}

struct rec { long key; long dead; long val; };
struct plain { long key; long dead; };

int main(void) {
  int n = 1000;
  struct rec *r = counting(n * sizeof *r);
  struct plain *q = plain_alloc(20 * sizeof *q);
  for (int i = 0; i < n; i++) { r[i].key = i; r[i].dead = 7; r[i].val = i * 3; }
  for (int i = 0; i < 20; i++) { q[i].key = i * 111; q[i].dead = 1; }
  long s = 0, t = 0;
  for (int k = 0; k < 100; k++) for (int i = 0; i < n; i++) s += r[i].key + r[i].val;
  for (int k = 0; k < 10; k++) for (int i = 0; i < 20; i++) t += q[i].key;
  printf("%ld used=%zu plain=%ld\n", s, used, t / 10);
  free(r);
  free(q);
  return 0;
}
