// Near miss of the dependent types: `struct head` holds a pointer into the
// peeled array of `struct node`, but the address of that field is passed
// to @set, which stores a whole pointer through it where the pass does not
// see which field it is. The analysis's verdict for delete-field (no field
// address taken) is required of a dependent type: `head` keeps its
// pointer (under reorder-fields' verdict, which allows it, @set wrote 8
// bytes into a 4-byte index). `node`'s own `next` still becomes an index.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// (A list of 1000 nodes fits in any cache: `--cost cache-bytes=16K` has the
// cost model take the cache to be small, so that peeling the hot links pays.)
// RUN: %dtrans opt %t.O0.ll -p peel --index-width 32 --cost cache-bytes=16K -o %t.O0.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p peel --index-width 32 --cost cache-bytes=16K -o %t.NP.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// CHECK: peel: %struct.node -> %__DPL_struct.node (88 -> 16 bytes: 2 groups: {key, next} {w0, w1, w2, w3, w4, w5, w6, w7, tag}; 32-bit index: next (into %struct.node))
// CHECK-NOT: __SOADT_
#include <stdio.h>
#include <stdlib.h>
struct node {
  long key;
  struct node *next;
  double w0, w1, w2, w3, w4, w5, w6, w7;
  long tag;
};
struct head { struct node *first; int count; };
__attribute__((noinline)) static void set(struct node **pp, struct node *v) { *pp = v; }
#define N 1000
int main(void) {
  struct node *a = malloc(N * sizeof(struct node));
  struct head *h = malloc(sizeof(struct head));
  h->first = 0; h->count = 0;
  for (int i = 0; i < N; i++) {
    a[i].key = i % 13; a[i].next = i + 1 < N ? &a[i + 1] : 0;
    a[i].w0 = i; a[i].w1 = i; a[i].w2 = i; a[i].w3 = i; a[i].w4 = i; a[i].w5 = i; a[i].w6 = i; a[i].w7 = i; a[i].tag = i;
  }
  set(&h->first, &a[3]);
  long sum = 0;
  for (int r = 0; r < 10; r++)
    for (struct node *p = h->first; p; p = p->next) sum += p->key;
  double c = 0;
  for (int i = 0; i < N; i++) c += a[i].w0 + a[i].w1 + a[i].w2 + a[i].w3 + a[i].w4 + a[i].w5 + a[i].w6 + a[i].w7 + a[i].tag;
  printf("%ld %.1f\n", sum, c);
  free(h); free(a);
  return 0;
}
