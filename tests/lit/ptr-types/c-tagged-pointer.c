// A tag in a pointer's low bits (`p | (i & 1)`, `p & ~1`, `p ^ 2`) leaves
// the object it points to: the recovery keeps %struct.edge through the
// integers, and the safety analysis says BadPtrManipulation with the site
// (a new layout may lower the alignment the tag relies on, and an index
// field would lose it). A wider mask is ordinary arithmetic: unknown.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t0.ll --function main | %FileCheck %s --check-prefix=PTR
// RUN: %dtrans ptr-types %t2.ll --function main | %FileCheck %s --check-prefix=PTR
// RUN: %dtrans ptr-types %t0.ll --function wide | %FileCheck %s --check-prefix=WIDE
// RUN: %clang -g -O0 -DNO_WIDE -S -emit-llvm %s -o %t0n.ll
// RUN: %clang -g -O2 -DNO_WIDE -S -emit-llvm %s -o %t2n.ll
// RUN: %dtrans analyze %t0n.ll | %FileCheck %s --check-prefix=SAFETY
// RUN: %dtrans analyze %t2n.ll | %FileCheck %s --check-prefix=SAFETY
// PTR-NOT: unknown
// PTR-NOT: ambiguous
// WIDE: unknown: integer arithmetic on a pointer
// SAFETY: BadPtrManipulation: @main: {{.*}}: low bits of a pointer to %struct.edge used as a tag
// SAFETY: legal: reorder-fields no (BadPtrManipulation
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct edge { long cost; struct edge *next; int head; int unused; };

#ifndef NO_WIDE
__attribute__((noinline)) struct edge *wide(struct edge *e) {
  return (struct edge *)((uintptr_t)e & ~(uintptr_t)15);
}
#else
#define wide(e) (e)
#endif

int main(int argc, char **argv) {
  struct edge *es = calloc(100, sizeof *es);
  for (int i = 0; i < 100; i++) {
    es[i].cost = i;
    es[i].head = i % 7;
    es[i].next = (struct edge *)((uintptr_t)&es[(i + 1) % 100] | (uintptr_t)(i & 1));
  }
  long s = 0;
  struct edge *e = es;
  for (int k = 0; k < 100; k++) {
    s += e->cost * e->head;
    e = (struct edge *)((uintptr_t)e->next & ~(uintptr_t)1);
  }
  struct edge *t = (struct edge *)((uintptr_t)es ^ (uintptr_t)(argc > 5 ? 2 : 0));
  printf("%ld %ld %d\n", s, t->cost, wide(es + 1) == es);
  free(es);
  return 0;
}
