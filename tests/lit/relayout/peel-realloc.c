// peel with a growing array: the realloc that grows the records' array
// grows the cold array with it (same count), and a failed realloc keeps
// the old addresses. The program prints the same.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p peel -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.np.ll
// RUN: %dtrans opt %t.np.ll -p peel -o %t.np.out.ll
// RUN: %clang -O2 %t.np.out.ll -o %t.np && %t.np > %t.np.txt
// RUN: diff %t.base.txt %t.np.txt
#include <stdio.h>
#include <stdlib.h>
struct item { long key; long weight; long c1, c2, c3, c4, c5, c6, c7; };
int main(void) {
  long cap = 4, n = 0;
  struct item *v = malloc(cap * sizeof *v);
  for (long i = 0; i < 1000; i++) {
    if (n == cap) {
      cap *= 2;
      v = realloc(v, cap * sizeof *v);
    }
    v[n].key = i * 7 % 13; v[n].weight = i % 5;
    v[n].c1 = i; v[n].c2 = 2 * i; v[n].c3 = 3; v[n].c4 = 4; v[n].c5 = 5; v[n].c6 = 6; v[n].c7 = i % 3;
    n++;
  }
  long s = 0;
  for (int r = 0; r < 20; r++)
    for (long i = 0; i < n; i++) s += v[i].key * v[i].weight;
  long t = 0;
  for (long i = 0; i < n; i++) t += v[i].c1 + v[i].c2 + v[i].c3 + v[i].c4 + v[i].c5 + v[i].c6 + v[i].c7;
  printf("%ld %ld\n", s, t);
  free(v);
  return 0;
}
// MSG: dtrans: peel: %struct.item -> %__DPL_struct.item (72 -> 16 bytes: 2 groups: {key, weight} {c1, c2, c3, c4, c5, c6, c7})
// CHECK: call noalias ptr @malloc(
// CHECK: store ptr %{{[0-9]+}}, ptr @__DPL_struct.item.cold.array
// CHECK: [[N:%[0-9]+]] = mul i64 %{{[0-9]+}}, 16
// CHECK-NEXT: [[P:%[0-9]+]] = call ptr @realloc(ptr noundef %{{[0-9]+}}, i64 noundef [[N]])
// CHECK-NEXT: [[OLD:%[0-9]+]] = load ptr, ptr @__DPL_struct.item.base
// CHECK-NEXT: [[FAILED:%[0-9]+]] = icmp eq ptr [[P]], null
// CHECK-NEXT: [[KEEP:%[0-9]+]] = select i1 [[FAILED]], ptr [[OLD]], ptr [[P]]
// CHECK-NEXT: store ptr [[KEEP]], ptr @__DPL_struct.item.base
// CHECK-NEXT: [[CN:%[0-9]+]] = mul i64 %{{[0-9]+}}, 56
// CHECK-NEXT: [[CP:%[0-9]+]] = load ptr, ptr @__DPL_struct.item.cold.array
// CHECK-NEXT: [[C:%[0-9]+]] = call ptr @realloc(ptr [[CP]], i64 [[CN]])
