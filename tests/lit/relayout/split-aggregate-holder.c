// A nested structure the same pass changes: peel splits %struct.node and
// stores pointers to it as 32-bit indices, so %struct.link (which holds
// one) becomes a dependent type of 8 bytes; %struct.big holds a link by
// value and would be peeled too, its link moved as a unit in the old
// layout. It is refused as a split instead (and changes as a structure
// holding a changed one: the link's new size).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p peel -o %t.out.ll --report %t.json 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.json
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.np.ll
// RUN: %dtrans opt %t.np.ll -p peel -o %t.np.out.ll --report %t.np.json 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.np.json
// RUN: %clang -O2 %t.np.out.ll -o %t.np && %t.np > %t.np.txt
// RUN: diff %t.base.txt %t.np.txt
#include <stdio.h>
#include <stdlib.h>
struct node { long key, val; long c1, c2, c3, c4, c5, c6, c7; };
struct link { struct node *to; int w; };
struct big { long h1, h2; struct link l; long c1, c2, c3, c4, c5, c6; };
int main(void) {
  struct node *nodes = malloc(1000 * sizeof *nodes);
  struct big *bs = malloc(1000 * sizeof *bs);
  for (int i = 0; i < 1000; i++) {
    nodes[i].key = i; nodes[i].val = -i; nodes[i].c1 = nodes[i].c6 = i % 7;
    bs[i].h1 = i; bs[i].h2 = 3; bs[i].l.to = &nodes[(i * 7) % 1000]; bs[i].l.w = i % 3; bs[i].c1 = bs[i].c6 = 2;
  }
  long s = 0;
  for (int r = 0; r < 10; r++)
    for (int q = 0; q < 10; q++)
      for (int i = 0; i < 1000; i++) s += nodes[i].key * nodes[i].val + bs[i].h1 * bs[i].h2;
  for (int i = 0; i < 1000; i++) s += bs[i].l.to->c1 * bs[i].l.w + bs[i].c1 + bs[i].c6 + nodes[i].c6 + (bs[i].l.to - nodes);
  printf("%ld\n", s);
  free(nodes); free(bs);
  return 0;
}
// MSG: dtrans: peel: %struct.node -> %__DPL_struct.node (72 -> 16 bytes: 2 groups: {key, val} {c1, c2, c3, c4, c5, c6, c7})
// MSG: dtrans: peel: %struct.link -> %__SOADT_struct.link (16 -> 8 bytes: a dependent type (document 002); 32-bit index: to (into %struct.node))
// MSG: dtrans: peel: %struct.big -> %__DPL_struct.big (80 -> 72 bytes: holds a changed structure)
// CHECK: "rejected": [
// CHECK: "name": "%struct.big",
// CHECK-NEXT: "pass": "peel",
// CHECK-NEXT: "reason": "its field l holds %struct.link, which this pass changes too"
