// aos-to-soa with two `double _Complex` fields: every field is used in
// the loops (reads of a number's parts count as reads of its field), so
// each gets an array of its own but the most used one; a complex number's
// array holds its pairs (16 bytes a record, the same distance from the
// array's start as the element's from the main array's). A memset of one
// pair, and a whole element copied (`w[4] = w[5]`: one copy per array),
// follow the field's new address.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// (The loops read every field together, which one array per field does not
// make cheaper: `--cost margin=0` has the cost model split what it does not
// predict to cost more, so that the rewriting is what is tested.)
// RUN: %dtrans opt %t.ll -p aos-to-soa --cost margin=0 -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.np.ll
// RUN: %dtrans opt %t.np.ll -p aos-to-soa --cost margin=0 -o %t.np.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.np.out.ll -o %t.np && %t.np > %t.np.txt
// RUN: diff %t.base.txt %t.np.txt
// At full -O2 the pairs are read and written as `<2 x double>` (amp's
// from each element's own address, now in amp's array); amp stays the
// most used field (the cost model counts the vector accesses):
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans opt %t.O2.ll -p aos-to-soa --cost margin=0 -o %t.O2.out.ll 2>&1 | %FileCheck %s --check-prefix=O2
// RUN: %clang %t.O2.out.ll -o %t.O2 && %t.O2 > %t.O2.txt
// RUN: diff %t.base.txt %t.O2.txt
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct wave { double _Complex amp; double phase; long id; float gain; int hits; double _Complex ref; long tag; long code; };
int main(void) {
  int n = 700;
  struct wave *w = calloc(n, sizeof *w);
  for (int i = 0; i < n; i++) {
    w[i].amp = (i % 11) + (i % 5) * I; w[i].phase = i * 0.5; w[i].id = i; w[i].gain = 0.5f;
    w[i].ref = I * (i % 3); w[i].tag = -i; w[i].code = 7 * i;
  }
  double _Complex acc = 0;
  for (int s = 0; s < 20; s++)
    for (int i = 0; i < n; i++) {
      w[i].amp = w[i].amp * w[i].gain + w[i].ref * w[i].phase;
      w[i].phase += (w[i].id & 3) * 0.25;
      w[i].hits += (int)(w[i].tag & 1) + (int)(w[i].code & 2);
      w[i].tag ^= w[i].id + w[i].hits;
      w[i].code += w[i].tag & 5;
      w[i].ref = conj(w[i].ref);
      w[i].gain = w[i].gain * 0.5f + (w[i].gain > 0.2f ? 0.25f : 0.5f);
      acc += w[i].amp * 0.001;
    }
  memset(&w[3].ref, 0, sizeof w[3].ref);
  w[4] = w[5];
  double t = 0;
  for (int i = 0; i < n; i++)
    t += creal(w[i].amp) + cimag(w[i].amp) + w[i].hits + w[i].gain + cimag(w[i].ref) + w[i].tag + w[i].code;
  printf("%.6g %.6g %.6g\n", creal(acc), cimag(acc), t);
  free(w);
  return 0;
}
// MSG: dtrans: aos-to-soa: %struct.wave -> %__SOA_struct.wave (72 -> 16 bytes: 8 arrays, one per field (amp where pointers point))
// CHECK: %__SOA_struct.wave = type { { double, double } }
// CHECK: @__SOA_struct.wave.ref.array = internal global ptr null
// The pairs' array: 16-byte records, allocated with the main array.
// CHECK: [[N:%[0-9]+]] = call noalias ptr @calloc(i64 noundef [[C:%[0-9]+]], i64 noundef 16)
// CHECK: [[A:%[0-9]+]] = call ptr @calloc(i64 [[C]], i64 16)
// CHECK-NEXT: store ptr [[A]], ptr @__SOA_struct.wave.ref.array
// memset(&w[3].ref, ...): at element 3's record of ref's array, at the
// same distance as the element from the main array's start.
// CHECK: [[E:%[0-9]+]] = getelementptr inbounds %__SOA_struct.wave, ptr %{{[0-9]+}}, i64 3
// CHECK-NEXT: [[B:%[0-9]+]] = load ptr, ptr @__SOA_struct.wave.base
// CHECK-NEXT: [[S:%[0-9]+]] = load ptr, ptr @__SOA_struct.wave.ref.array
// CHECK-NEXT: [[EI:%[0-9]+]] = ptrtoint ptr [[E]] to i64
// CHECK-NEXT: [[BI:%[0-9]+]] = ptrtoint ptr [[B]] to i64
// CHECK-NEXT: [[D:%[0-9]+]] = sub i64 [[EI]], [[BI]]
// CHECK-NEXT: [[P:%[0-9]+]] = getelementptr inbounds i8, ptr [[S]], i64 [[D]]
// CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 8 [[P]], i8 0, i64 16, i1 false)
// w[4] = w[5]: seven side arrays (in field order: phase, id, gain, hits,
// ref's pairs, tag, code), then the main one.
// CHECK-COUNT-4: call void @llvm.memcpy.p0.p0.i64(ptr align {{[48]}} %{{[0-9]+}}, ptr align {{[48]}} %{{[0-9]+}}, i64 {{[48]}}, i1 false)
// CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 16, i1 false)
// CHECK-COUNT-2: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 8, i1 false)
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 16, i1 false)
// O2: dtrans: aos-to-soa: %struct.wave -> %__SOA_struct.wave (72 -> 16 bytes: 8 arrays, one per field (amp where pointers point))
