// peel of a structure kept in a two-dimensional global array: its
// elements are contiguous, so it is one array of 5000 cells, and the cold
// records are one global array of 5000. Rows taken as pointers
// (`grid[7]`), differences across rows and constant addresses of moved
// fields (grid[2][5].w3: element 205 of the 72-byte cold records, w3 at
// 24) follow. -O0, -O2 without LLVM's passes, and full -O2.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p peel --index-width 32 -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p peel --index-width 32 -o %t.NP.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// RUN: %dtrans opt %t.O2.ll -p peel --index-width 32 -o %t.O2.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new > %t.O2.txt && diff %t.base.txt %t.O2.txt
// MSG: peel: %struct.cell -> %__DPL_struct.cell (88 -> 16 bytes: 2 groups: {key, next} {w0, w1, w2, w3, w4, w5, w6, w7, tag}; a global array, side arrays global too; 32-bit index: next (into %struct.cell))
// CHECK: @grid = internal global [50 x [100 x %__DPL_struct.cell]] zeroinitializer
// CHECK: @__DPL_struct.cell.cold = internal global [5000 x %__DPL_struct.cell.cold] zeroinitializer
// CHECK: store i64 77, ptr getelementptr inbounds (i8, ptr @__DPL_struct.cell.cold, i64 14784)
// CHECK-NEXT: store i64 5, ptr getelementptr inbounds (i8, ptr @__DPL_struct.cell.cold, i64 8)
#include <stdio.h>
#define R 50
#define C 100
struct cell { long key; struct cell *next; long w0, w1, w2, w3, w4, w5, w6, w7; int tag; };
static struct cell grid[R][C];
int main(void) {
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) {
      struct cell *p = &grid[r][c];
      p->key = (r * 31 + c) % 97; p->w0 = r; p->w7 = c; p->tag = r ^ c;
      p->next = &grid[(r + 3) % R][(c * 7 + 1) % C];
    }
  grid[2][5].w3 = 77;
  grid[0][0].w1 = 5;
  long s = 0;
  for (int k = 0; k < 200; k++)
    for (int r = 0; r < R; r++)
      for (int c = 0; c < C; c++) s += grid[r][c].key + grid[r][c].next->key;
  struct cell *row = grid[7];
  for (int c = 0; c < C; c++) s += row[c].key * (row + c - &grid[0][0]);
  long t = 0;
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) t += grid[r][c].w0 + grid[r][c].w7 + grid[r][c].tag + grid[r][c].w3 + grid[r][c].w1;
  printf("%ld %ld %ld %ld %ld\n", s, t, grid[2][5].w3, grid[2][4].w3, grid[0][0].w1);
  return 0;
}
