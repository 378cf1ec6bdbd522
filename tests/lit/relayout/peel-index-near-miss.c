// Near miss of the peeling index: the address of a link field is kept in
// a variable (`pp`), where a load through it could not tell an index from
// a pointer. The analysis marks those fields' addresses as used otherwise
// than by loads and stores; the structure is still peeled, those fields
// stay pointers, and the report says why. (peel-index-int-copy.test: a
// near miss the analysis accepts and the planner refuses.)
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// (A list of 1000 nodes fits in any cache: `--cost cache-bytes=16K` has the
// cost model take the cache to be small, so that peeling the hot links pays.)
// RUN: %dtrans opt %t.O0.ll -p peel --cost cache-bytes=16K -o %t.O0.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p peel --cost cache-bytes=16K -o %t.NP.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// CHECK: peel: %struct.node -> %__DPL_struct.node (96 -> 16 bytes: 2 groups: {key, next} {prev, w0, w1, w2, w3, w4, w5, w6, w7, tag}; pointers stay in next, prev (an address of the field is used otherwise than by loads and stores))
#include <stdio.h>
#include <stdlib.h>

struct node {
  long key;
  struct node *next;
  struct node *prev;
  double w0, w1, w2, w3, w4, w5, w6, w7;
  long tag;
};

#define N 1000

int main(void) {
  struct node *a = malloc(N * sizeof(struct node));
  for (int i = 0; i < N; i++) {
    a[i].key = i * 7 % 100;
    a[i].next = i + 1 < N ? &a[i + 1] : 0;
    a[i].prev = i > 0 ? &a[i - 1] : 0;
    a[i].w0 = i; a[i].w1 = i + 1; a[i].w2 = i + 2; a[i].w3 = i + 3;
    a[i].w4 = i + 4; a[i].w5 = i + 5; a[i].w6 = i + 6; a[i].w7 = i + 7;
    a[i].tag = i;
  }
  long sum = 0;
  for (int r = 0; r < 20; r++)
    for (struct node *p = a; p; p = p->next)
      sum += p->key;
  // A pointer to either link field.
  for (int i = 0; i < N; i += 7) {
    struct node **pp = (i & 8) ? &a[i].next : &a[i].prev;
    if (*pp)
      sum += (*pp)->key;
  }
  double cold = 0;
  for (int i = 0; i < N; i += 10)
    cold += a[i].w0 + a[i].w1 + a[i].w2 + a[i].w3 + a[i].w4 + a[i].w5 + a[i].w6 + a[i].w7 + a[i].tag;
  printf("%ld %.1f\n", sum, cold);
  free(a);
  return 0;
}
