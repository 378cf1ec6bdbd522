// A structure holding an array of a changed structure is a dependent whose
// array field is rebuilt around the new element type (it was left with the
// old one, and the layout check stopped the pass).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p reorder-fields -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=REORDER
// RUN: %FileCheck %s --check-prefix=IR < %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p delete-field -o %t.NP.out.ll 2>&1 | %FileCheck %s --check-prefix=DELETE
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// REORDER: %struct.In -> %__DFR_struct.In (16 -> 12 bytes: padding removed)
// REORDER: %struct.Out -> %__DFR_struct.Out (68 -> 52 bytes: holds a changed structure)
// IR: %__DFR_struct.Out = type { i32, [4 x %__DFR_struct.In] }
// DELETE: %struct.In -> %__DFT_struct.In (16 -> 12 bytes: q never read)
// DELETE: %struct.Out -> %__DFT_struct.Out (68 -> 52 bytes: holds a changed structure)
#include <stdio.h>
struct In { int x; char pad; int y; char q; };
struct Out { int k; struct In arr[4]; };
struct Out g;
int main(void) {
  for (int i = 0; i < 4; i++) { g.arr[i].x = i; g.arr[i].y = 2 * i; g.arr[i].pad = 1; g.arr[i].q = 2; }
  g.k = 9;
  int s = 0;
  for (int i = 0; i < 4; i++) s += g.arr[i].x * g.arr[i].y + g.arr[i].pad;
  printf("%d %d\n", s, g.k);
  return 0;
}
