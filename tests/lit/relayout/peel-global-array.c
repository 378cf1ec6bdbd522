// peel of a structure whose every instance is in one global array, zero
// at first. The array keeps the hot records; the cold ones go to a new
// global array of the same count, and the bases are constants that loads
// fold to. Constant addresses of moved fields (nodes[5].w3) point into
// the cold array at the same element. The count is a constant, so `next`
// becomes a 32-bit index. Full -O2 too: nothing there stops it.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p peel --index-width 32 -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p peel --index-width 32 -o %t.NP.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.NP.out.ll
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// RUN: %dtrans opt %t.O2.ll -p peel --index-width 32 -o %t.O2.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new > %t.O2.txt && diff %t.base.txt %t.O2.txt
// Once optimized, the bases are gone: accesses address the arrays.
// RUN: %opt -O2 %t.NP.out.ll -S | %FileCheck %s --check-prefix=FOLD
// MSG: peel: %struct.node -> %__DPL_struct.node (88 -> 16 bytes: 2 groups: {key, next} {w0, w1, w2, w3, w4, w5, w6, w7, tag}; a global array, side arrays global too; 32-bit index: next (into %struct.node))
// CHECK: @nodes = internal global [5000 x %__DPL_struct.node] zeroinitializer
// CHECK: @__DPL_struct.node.base = internal constant ptr @nodes
// CHECK: @__DPL_struct.node.cold = internal global [5000 x %__DPL_struct.node.cold] zeroinitializer
// CHECK: @__DPL_struct.node.cold.array = internal constant ptr @__DPL_struct.node.cold
// nodes[5].w3 = 77: element 5 of the cold records (72 bytes), w3 at 24.
// CHECK: store i64 77, ptr getelementptr inbounds (i8, ptr @__DPL_struct.node.cold, i64 384)
// FOLD-NOT: @__DPL_struct.node.base
// FOLD-NOT: @__DPL_struct.node.cold.array
// FOLD: store i64 77, ptr getelementptr inbounds (i8, ptr @__DPL_struct.node.cold, i64 384)
#include <stdio.h>

#define N 5000
struct node {
  long key;
  struct node *next;
  long w0, w1, w2, w3, w4, w5, w6, w7;
  int tag;
};

static struct node nodes[N];
static struct node *head;

int main(void) {
  for (long i = 0; i < N; i++) {
    nodes[i].key = i * 7 % 1001;
    nodes[i].next = i + 1 < N ? &nodes[(i * 13 + 5) % N] : 0;
    nodes[i].w0 = i; nodes[i].w7 = i * 3; nodes[i].tag = (int)(i & 7);
  }
  head = &nodes[0];
  nodes[5].w3 = 77;
  nodes[N - 1].w6 = nodes[2].w0 + 5;
  nodes[0].tag = 9;
  long s = 0;
  for (int r = 0; r < 100; r++)
    for (long i = 0; i < N; i++) s += nodes[i].key + (nodes[i].next ? nodes[i].next->key : 0);
  struct node *p = head;
  long c = 0;
  for (int k = 0; k < 1000 && p; k++, p = p->next) c += p->key;
  long t = 0;
  for (long i = 0; i < N; i++) t += nodes[i].w0 + nodes[i].w7 + nodes[i].tag + nodes[i].w3;
  printf("%ld %ld %ld\n", s, c, t);
  printf("%ld %ld %d %ld %ld\n", nodes[5].w3, nodes[N - 1].w6, nodes[0].tag, nodes[4].w3, nodes[6].w3);
  return 0;
}
