// peel of a global array whose first field is cold: loads and stores
// through a constant address of an element (`nodes[0].w0` is `@nodes`
// itself, `nodes[7].tag` a constant GEP) reach a moved field, and become
// constant addresses in the cold records' global array.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p peel -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p peel -o %t.NP.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// MSG: peel: %struct.node -> %__DPL_struct.node (80 -> 8 bytes: 2 groups: {key} {w0, w1, w2, w3, w4, w5, w6, w7, tag}; a global array, side arrays global too)
// nodes[0].w0 = 11: element 0 of the cold records, w0 at 0.
// CHECK: store i64 11, ptr @__DPL_struct.node.cold,
// nodes[7].tag = 5: element 7 (72-byte records), tag at 64.
// CHECK: store i32 5, ptr getelementptr inbounds (i8, ptr @__DPL_struct.node.cold, i64 568)
#include <stdio.h>
#define N 5000
struct node { long w0; long key; long w1, w2, w3, w4, w5, w6, w7; int tag; };
static struct node nodes[N];
int main(void) {
  for (long i = 0; i < N; i++) nodes[i].key = i * 7 % 1001;
  nodes[0].w0 = 11;
  nodes[7].tag = 5;
  long s = 0;
  for (int r = 0; r < 100; r++)
    for (long i = 0; i < N; i++) s += nodes[i].key;
  printf("%ld %ld %d %d %ld\n", s, nodes[0].w0, nodes[7].tag, nodes[6].tag, nodes[1].w0);
  return 0;
}
