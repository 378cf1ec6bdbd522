// delete-field with Field Single Value: `flag` is read but only ever holds
// calloc's zero, so its reads become the constant 0 and it goes with
// `pad_w` (written, never read). `kind` and `scale` are stored once each
// but calloc's zero may be read before: several values, they stay.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p delete-field -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
#include <stdio.h>
#include <stdlib.h>
struct Q { long key; int kind; double scale; long pad_w; char flag; };
int main(void) {
  int n = 50;
  struct Q *q = calloc(n, sizeof *q);
  for (int i = 0; i < n; i++) { q[i].key = i * 13 % 7; q[i].kind = 3; q[i].scale = 0.5; q[i].pad_w = i; }
  long s = 0; double t = 0;
  for (int i = 0; i < n; i++) { s += q[i].key * q[i].kind + q[i].flag; t += q[i].scale; }
  printf("%ld %g\n", s, t);
  free(q);
  return 0;
}
// MSG: dtrans: delete-field: %struct.Q -> %__DFT_struct.Q (40 -> 24 bytes: pad_w never read; flag always 0)
// CHECK: %__DFT_struct.Q = type { i64, i32, double }
// CHECK: call noalias ptr @calloc(i64 noundef %{{[0-9]+}}, i64 noundef 24)
// CHECK: sext i8 0 to i64
