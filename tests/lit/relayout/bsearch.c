// bsearch returns null or an element of the array it searches: pointer
// type recovery gives its result the array's type, so a structure found by
// bsearch is no longer taken for memory of unknown origin (BadCasting) and
// reorder-fields changes its layout (the size argument of qsort and
// bsearch follows). Every build prints what the original prints.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll --function find | %FileCheck %s --check-prefix=PTR
// RUN: %dtrans opt %t.ll -p reorder-fields -o %t.out.ll --report %t.json
// RUN: %FileCheck %s --check-prefix=REPORT < %t.json
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// PTR: %15 -> %struct.entry* | declared: %struct.entry* | usage: %struct.entry*
// REPORT: "name": "%struct.entry",{{[[:space:]]*}}"new": "%__DFR_struct.entry",
// CHECK-LABEL: define internal ptr @find(
// CHECK: call ptr @bsearch(ptr noundef %{{[0-9]+}}, ptr noundef %{{[0-9]+}}, i64 noundef %{{[0-9]+}}, i64 noundef 16, ptr noundef @by_key)
#include <stdio.h>
#include <stdlib.h>

struct entry { char tag; double weight; int key; char flag; };

static int by_key(const void *a, const void *b) {
  const struct entry *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}

static struct entry *find(struct entry *t, size_t n, int key) {
  struct entry want = { 0, 0, key, 0 };
  return bsearch(&want, t, n, sizeof *t, by_key);
}

int main(void) {
  size_t n = 500;
  struct entry *t = malloc(n * sizeof *t);
  if (!t) return 2;
  for (size_t i = 0; i < n; i++) {
    t[i].key = (int)((i * 37) % n) * 3;
    t[i].tag = (char)('a' + i % 26);
    t[i].weight = 0.25 * (double)i;
    t[i].flag = (char)(i & 1);
  }
  qsort(t, n, sizeof *t, by_key);
  double w = 0;
  int hits = 0;
  for (int k = 0; k < 1500; k += 7) {
    struct entry *e = find(t, n, k);
    if (e) { w += e->weight; hits += e->tag + e->flag; }
  }
  printf("%d %.2f\n", hits, w);
  free(t);
  return 0;
}
