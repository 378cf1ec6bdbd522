// A field of a structure nested in a changed one keeps its old alignment
// claim: `g[i].in.c` is an i8 load with `align 8` (the nested structure
// was at offset 16 of an 8-aligned S). delete-field removes the constant
// fields and `in` moves to offset 1, where `align 8` is false; opt-19 -O2
// used the claim and the program printed another checksum (csmith seed
// 500597, -O2 -Xclang -disable-llvm-passes). The load's address is a
// field of the nested structure, not of S, so the accesses of S's own
// fields did not see it; now every access reached through S gets at most
// its type's ABI alignment.
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.ll -p delete-field -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// MSG: delete-field: %struct.S -> %__DFT_struct.S (40 -> 2 bytes: k always 1; v always 9; w always 7)
// CHECK: %__DFT_struct.S = type { i8, %struct.In }
// CHECK: [[IN:%[0-9]+]] = getelementptr inbounds %struct.In, ptr {{%[0-9]+}}, i32 0, i32 0
// CHECK-NEXT: load i8, ptr [[IN]], align 1
#include <stdio.h>
struct In { signed char c; };
struct S { unsigned char a; long k; struct In in; long v; int w; };
static struct S g[4] = {{1, 1, {-1}, 9, 7}, {2, 1, {-2}, 9, 7}, {3, 1, {-3}, 9, 7}, {4, 1, {-4}, 9, 7}};
int main(int argc, char **argv) {
  long sum = 0;
  for (int r = 0; r < 3; r++)
    for (int i = 0; i < 4; i++) {
      g[(i + argc) % 4].a += (unsigned char)i;
      sum = sum * 31 + g[i].a + g[i].k + g[i].in.c + g[i].v + g[i].w;
    }
  printf("%ld\n", sum);
  return 0;
}
