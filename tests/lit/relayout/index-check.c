// A count known only when the program runs: `--index-width auto` (the
// default) keeps the pointers; `--index-width 32` stores them as 32-bit
// indices and checks the count after the allocation, stopping the program
// with a message when it does not fit (here 5e9 elements: the allocation
// fails and the original program says so, the checked one stops first).
// At -O0 and on the IR dtrans cc sees at -O2 (before LLVM's passes; at
// full -O2 vector accesses keep the structure whole, as in peel.c). The
// loops over the array make the split worth it to the cost model (a walk
// down the heap alone pays a miss per cell either way).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base 3000 > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p peel -o %t.auto.ll 2>&1 | %FileCheck %s --check-prefix=AUTO
// RUN: %dtrans opt %t.O0.ll -p peel --index-width 32 -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=W32
// RUN: %FileCheck %s < %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new 3000 > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: not --crash %t.O0.new 5000000000 > %t.big.txt 2> %t.big.err
// RUN: %FileCheck %s --check-prefix=STOP < %t.big.err
// RUN: %dtrans opt %t.O2.ll -p peel --index-width 32 -o %t.O2.out.ll 2>&1 | %FileCheck %s --check-prefix=W32
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new 3000 > %t.O2.txt && diff %t.base.txt %t.O2.txt
// RUN: not --crash %t.O2.new 5000000000 2>&1 | %FileCheck %s --check-prefix=STOP
// (abort: the exit is a signal.) A bad width is an error.
// RUN: not %dtrans opt %t.O0.ll -p peel --index-width 16 -o %t.bad.ll 2>&1 | %FileCheck %s --check-prefix=BAD
// AUTO: peel: %struct.cell -> %__DPL_struct.cell (80 -> 24 bytes: 2 groups: {val, left, right} {c0, c1, c2, c3, c4, c5, c6})
// W32: peel: %struct.cell -> %__DPL_struct.cell (80 -> 16 bytes: 2 groups: {val, left, right} {c0, c1, c2, c3, c4, c5, c6}; 32-bit index: left (into %struct.cell, count checked when the program runs), right (into %struct.cell, count checked when the program runs))
// CHECK: %__DPL_struct.cell = type { i64, i32, i32 }
// CHECK: call void @__dtrans_index_check.struct.cell(i64
// CHECK: define internal void @__dtrans_index_check.struct.cell(i64 %0)
// CHECK: icmp ugt i64 %0, 4294967294
// CHECK: call i64 @write(i32 2,
// CHECK: call void @abort()
// STOP: dtrans: %struct.cell: more elements than a 32-bit index holds (the program was built with --index-width 32)
// BAD: '16' is not an index width (auto, 32 or 64)
#include <stdio.h>
#include <stdlib.h>

struct cell {
  long val;
  struct cell *left, *right;
  long c0, c1, c2, c3, c4, c5, c6;
};

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100;
  struct cell *a = malloc(n * sizeof(struct cell));
  if (!a) {
    printf("no memory for %ld cells\n", n);
    return 1;
  }
  // A binary heap's links.
  for (long i = 0; i < n; i++) {
    a[i].val = (i * 37) % 101;
    a[i].left = 2 * i + 1 < n ? &a[2 * i + 1] : 0;
    a[i].right = 2 * i + 2 < n ? &a[2 * i + 2] : 0;
    a[i].c0 = i; a[i].c1 = i + 1; a[i].c2 = i + 2; a[i].c3 = i + 3;
    a[i].c4 = i + 4; a[i].c5 = i + 5; a[i].c6 = i + 6;
  }
  long sum = 0;
  for (int r = 0; r < 100; r++) {
    struct cell *p = a;
    while (p) {
      sum += p->val;
      p = (p->val & 1) ? p->left : p->right;
    }
    for (long i = 0; i < n; i++)
      if (a[i].left)
        sum += a[i].left->val;
    for (long i = 0; i < n; i++)
      sum ^= a[i].val + (a[i].right != 0);
  }
  long cold = 0;
  for (long i = 0; i < n; i++)
    cold += a[i].c0 + a[i].c1 + a[i].c2 + a[i].c3 + a[i].c4 + a[i].c5 + a[i].c6;
  printf("%ld %ld\n", sum, cold);
  free(a);
  return 0;
}
