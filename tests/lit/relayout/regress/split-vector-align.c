// A complex field copied as `<2 x double>` at -O2 in a global array of
// 120-byte records, where the old layout gave some of those accesses
// `align 16`. peel moves it to 104-byte cold records, where it is 8-byte
// aligned only: an access keeps no more than its field's alignment there
// (a 16-byte aligned vector move crashed; found by gen_arrays).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %FileCheck %s --check-prefix=BEFORE < %t.O2.ll
// RUN: %dtrans opt %t.O2.ll -p peel -o %t.O2.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.O2.out.ll
// RUN: %clang %t.O2.out.ll -o %t.O2 && %t.O2 > %t.O2.txt
// RUN: diff %t.base.txt %t.O2.txt
#include <complex.h>
#include <stdio.h>
struct rec { long key; long val; char tag[16]; long mid; double _Complex z; long c1, c2, c3, c4, c5, c6, c7, c8; };
static struct rec store[97];
int main(void) {
  for (int i = 0; i < 97; i++) {
    store[i].key = i; store[i].val = 2 * i; store[i].z = i + (i % 5) * I;
    store[i].c1 = 1; store[i].c8 = i; store[i].mid = -i;
  }
  long s = 0;
  for (int a = 0; a < 8; a++)
    for (int b = 0; b < 8; b++)
      for (int i = 0; i < 97; i++) s += store[i].key * store[i].val + b;
  for (int r = 0; r < 5; r++) store[(r + 1) % 97].z = store[(r + 2) % 97].z;
  double t = 0;
  for (int i = 0; i < 97; i++) t += creal(store[i].z) + cimag(store[i].z) * 3 + store[i].c1 + store[i].c8 + store[i].mid;
  printf("%ld %.1f\n", s, t);
  return 0;
}
// BEFORE: load <2 x double>, ptr getelementptr inbounds (i8, ptr @store, i64 400), align 16
// MSG: dtrans: peel: %struct.rec -> %__DPL_struct.rec (120 -> 16 bytes: 2 groups: {key, val} {z, mid, c1, c2, c3, c4, c5, c6, c7, c8, tag}; a global array, side arrays global too)
// CHECK: load <2 x double>, ptr getelementptr inbounds (i8, ptr @__DPL_struct.rec.cold, i64 {{[0-9]+}}), align 8
// CHECK-NOT: x double>{{.*}}, align 16
