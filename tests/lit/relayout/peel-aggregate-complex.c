// peel with a `double _Complex` field (a `{ double, double }` in the IR):
// the cold fields, the complex number among them, move to the cold array,
// and the complex field moves as one unit. Everything that reaches inside
// it follows its new address: a store of its two parts (typed steps into
// the pair at -O0), a whole load and store (`<2 x double>` at -O2), a
// memset and a memcpy of the field alone, its imaginary part through a
// `double *`, and a copy of a whole element (`r[11] = r[12]`: the hot and
// the cold records each copied). The analysis counts reads of the parts as
// reads of the field (so it is cold here: read outside the hot loops).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p peel -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.np.ll
// RUN: %dtrans opt %t.np.ll -p peel -o %t.np.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.np.out.ll -o %t.np && %t.np > %t.np.txt
// RUN: diff %t.base.txt %t.np.txt
// At full -O2 the pair is read and written as `<2 x double>` (lanes that
// are the field's two scalars: no mismatched access), and the field's
// memset, memcpy and the element copy stay calls:
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans opt %t.O2.ll -p peel -o %t.O2.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s --check-prefix=O2 < %t.O2.out.ll
// RUN: %clang %t.O2.out.ll -o %t.O2 && %t.O2 > %t.O2.txt
// RUN: diff %t.base.txt %t.O2.txt
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct rec { long key; long val; double _Complex z; long c1, c2, c3, c4, c5; int c7; };
int main(void) {
  int n = 1000;
  struct rec *r = malloc(n * sizeof *r);
  for (int i = 0; i < n; i++) {
    r[i].key = i; r[i].val = 3 * i; r[i].z = i + (i % 7) * I;
    r[i].c1 = 1; r[i].c2 = 2; r[i].c3 = 3; r[i].c4 = 4; r[i].c5 = i % 5; r[i].c7 = i;
  }
  long s = 0;
  for (int j = 0; j < 10; j++)
    for (int k = 0; k < 10; k++)
      for (int i = 0; i < n; i++) s += r[i].key * r[i].val + k;
  double _Complex t = r[5].z;
  r[6].z = t * 2;
  memset(&r[7].z, 0, sizeof r[7].z);
  memcpy(&r[8].z, &r[9].z, sizeof r[8].z);
  double *parts = (double *)&r[10].z;
  parts[1] = 42;
  r[11] = r[12];
  double re = 0, im = 0;
  long c = 0;
  for (int i = 0; i < n; i++) {
    re += creal(r[i].z) * (i % 3);
    im += cimag(r[i].z) * r[i].c7;
    c += r[i].c1 - r[i].c4 * r[i].c7 + (r[i].c2 ^ r[i].c5);
  }
  printf("%ld %.1f %.1f %ld %.1f\n", s, re, im, c, cimag(r[10].z) + creal(r[6].z));
  free(r);
  return 0;
}
// MSG: dtrans: peel: %struct.rec -> %__DPL_struct.rec (80 -> 16 bytes: 2 groups: {key, val} {z, c1, c2, c3, c4, c5, c7})
// CHECK: %__DPL_struct.rec = type { i64, i64 }
// The first store into the pair: its cold record (z is first in it), then
// the two parts inside it.
// CHECK: [[C:%[0-9]+]] = load ptr, ptr @__DPL_struct.rec.cold.array
// CHECK: [[I:%[0-9]+]] = sdiv exact i64 %{{[0-9]+}}, 16
// CHECK-NEXT: [[O:%[0-9]+]] = mul i64 [[I]], 64
// CHECK-NEXT: [[Z:%[0-9]+]] = getelementptr inbounds i8, ptr [[C]], i64 [[O]]
// CHECK-NEXT: [[RE:%[0-9]+]] = getelementptr inbounds { double, double }, ptr [[Z]], i32 0, i32 0
// CHECK-NEXT: [[IM:%[0-9]+]] = getelementptr inbounds { double, double }, ptr [[Z]], i32 0, i32 1
// CHECK-NEXT: store double %{{[0-9]+}}, ptr [[RE]]
// CHECK-NEXT: store double %{{[0-9]+}}, ptr [[IM]]
// memset(&r[7].z, ...): at element 7's cold record.
// CHECK: [[E7:%[0-9]+]] = getelementptr inbounds %__DPL_struct.rec, ptr %{{[0-9]+}}, i64 7
// CHECK-NEXT: [[B:%[0-9]+]] = load ptr, ptr @__DPL_struct.rec.base
// CHECK-NEXT: [[C:%[0-9]+]] = load ptr, ptr @__DPL_struct.rec.cold.array
// CHECK-NEXT: [[EI:%[0-9]+]] = ptrtoint ptr [[E7]] to i64
// CHECK-NEXT: [[BI:%[0-9]+]] = ptrtoint ptr [[B]] to i64
// CHECK-NEXT: [[D:%[0-9]+]] = sub i64 [[EI]], [[BI]]
// CHECK-NEXT: [[I:%[0-9]+]] = sdiv exact i64 [[D]], 16
// CHECK-NEXT: [[O:%[0-9]+]] = mul i64 [[I]], 64
// CHECK-NEXT: [[Z:%[0-9]+]] = getelementptr inbounds i8, ptr [[C]], i64 [[O]]
// CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 8 [[Z]], i8 0, i64 16, i1 false)
// memcpy(&r[8].z, &r[9].z, ...): cold record to cold record.
// CHECK: [[Z8:%[0-9]+]] = getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}
// CHECK: [[Z9:%[0-9]+]] = getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[Z8]], ptr align 8 [[Z9]], i64 16, i1 false)
// parts[1] = 42: one double into the pair, from the pointer kept in `parts`.
// CHECK: [[P:%[0-9]+]] = getelementptr inbounds double, ptr %{{[0-9]+}}, i64 1
// CHECK-NEXT: store double 4.200000e+01, ptr [[P]]
// r[11] = r[12]: the 64-byte cold records, then the 16-byte hot ones.
// CHECK: [[E11:%[0-9]+]] = getelementptr inbounds %__DPL_struct.rec, ptr %{{[0-9]+}}, i64 11
// CHECK: [[E12:%[0-9]+]] = getelementptr inbounds %__DPL_struct.rec, ptr %{{[0-9]+}}, i64 12
// CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 64, i1 false)
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[E11]], ptr align 8 [[E12]], i64 16, i1 false)
// O2: load <2 x double>
// O2: store <2 x double>
// O2: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 64, i1 false)
// O2-NEXT: call void @llvm.memcpy.p0.p0.i64({{.*}}, i64 16, i1 false)
