// Near misses of peel for arrays grown by realloc: each structure is
// large, has cold fields and is grown by realloc, but one rule that keeps
// a single array live breaks. Each is left alone with its reason; J,
// which breaks none, is peeled. (K and L make two live arrays: the
// rewritten program would stop with a message where the original goes
// on.) The program prints the same.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p peel -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
#include <stdio.h>
#include <stdlib.h>
#define FIELDS long hot1; long hot2; long c1, c2, c3, c4, c5, c6, c7;
struct A { FIELDS };
struct B { FIELDS };
struct C { FIELDS };
struct E { FIELDS };
struct F { FIELDS };
struct G { FIELDS };
struct J { FIELDS };
struct K { FIELDS };
struct L { FIELDS };

// A: two arrays, each in its own global.
static struct A *a1, *a2;
// B: null stored without a free (the array leaks, a realloc of null
// would then make a second one).
static struct B *b;
// C: the result goes through a temporary first.
static struct C *c;
// E: a malloc that runs more than once.
static struct E *e;
// G: the home's address is taken.
static struct G *g;
static struct G **where = &g;
static struct J *j;
// K: realloc of null (a malloc) that runs more than once.
static struct K *k;
static void start_k(long n) { k = realloc(NULL, n * sizeof *k); }

// F: the home is whatever the caller points to.
static void grow_f(struct F **pp, long n) { *pp = realloc(*pp, n * sizeof **pp); }

#define FILL(p, n) for (long i = 0; i < (n); i++) { (p)[i].hot1 = i; (p)[i].hot2 = 2 * i; (p)[i].c1 = (p)[i].c2 = (p)[i].c3 = (p)[i].c4 = (p)[i].c5 = (p)[i].c6 = (p)[i].c7 = i % 3; }
#define SUM(p, n, s) for (int r = 0; r < 20; r++) for (long i = 0; i < (n); i++) s += (p)[i].hot1 + (p)[i].hot2; s += (p)[1].c7;

int main(void) {
  long n = 64, s = 0;
  // L: a local home set to null after an allocation (the first array
  // leaks, still pointed to), then grown from null: two arrays.
  struct L *l = malloc(n * sizeof *l);
  struct L *first = l;
  l = NULL;
  l = realloc(l, n * sizeof *l);
  start_k(n);
  struct K *k1 = k;
  start_k(n);
  a1 = realloc(a1, n * sizeof *a1);
  a2 = realloc(a2, n * sizeof *a2);
  b = realloc(b, n * sizeof *b);
  struct C *t = realloc(c, n * sizeof *c);
  if (t) c = t;
  for (int k = 0; k < 2; k++) { free(e); e = malloc(n * sizeof *e); }
  e = realloc(e, n * sizeof *e);
  struct F *f = 0;
  grow_f(&f, n);
  g = realloc(g, n * sizeof *g);
  j = realloc(j, n * sizeof *j);
  FILL(a1, n) FILL(a2, n) FILL(b, n) FILL(c, n) FILL(e, n) FILL(f, n) FILL(*where, n) FILL(j, n)
  FILL(k1, n) FILL(k, n) FILL(first, n) FILL(l, n)
  SUM(a1, n, s) SUM(a2, n, s) SUM(b, n, s) SUM(c, n, s) SUM(e, n, s) SUM(f, n, s) SUM(g, n, s) SUM(j, n, s)
  SUM(k1, n, s) SUM(k, n, s) SUM(first, n, s) SUM(l, n, s)
  printf("%ld\n", s);
  b = NULL;
  free(a1); free(a2); free(c); free(e); free(f); free(g); free(j); free(k1); free(k); free(first); free(l);
  return 0;
}
// CHECK: "changed": [
// CHECK: "name": "%struct.J",
// CHECK: "rejected": [
// CHECK-DAG: "reason": "realloc of pointers kept in 2 places (one place must keep the array)"
// CHECK-DAG: "reason": "null is stored into @b where its array may be live (not right after a free of it)"
// CHECK-DAG: "reason": "@c, where the array is kept, is given another pointer than its allocation"
// CHECK-DAG: "reason": "resized by realloc, and allocated by malloc more than once"
// CHECK-DAG: "reason": "the array is kept in memory reached through a pointer in @grow_f, neither a global nor a local"
// CHECK-DAG: "reason": "the address of @g, where the array is kept, is in a constant or an initializer"
// CHECK-DAG: "reason": "resized by realloc, and allocated by a realloc of null more than once"
// CHECK-DAG: "reason": "null is stored into {{.*}} in @main where its array may be live (not right after a free of it)"
