// aos-to-soa of a global array whose first field is an array (`double
// g[2]`) copied between two fixed elements (`memcpy(a[1].g, a[2].g, 16)`):
// at full -O2 the copy's addresses are constants (`@store + 80`, `+ 160`),
// which become constants in the side records' global array, as a load's
// would (before: the rewrite tried to put an instruction in a constant's
// place and the pass failed). Every build prints what the original prints.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %FileCheck %s --check-prefix=IN < %t.ll
// RUN: %dtrans opt %t.ll -p aos-to-soa --cost margin=0 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %FileCheck %s --check-prefix=OUT < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %clang -O0 %t.out.ll -o %t.new0 && %t.new0 > %t.new0.txt && diff %t.base.txt %t.new0.txt
// IN: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}getelementptr inbounds (i8, ptr @store, i64 24), ptr {{.*}}getelementptr inbounds (i8, ptr @store, i64 48), i64 16, i1 false)
// CHECK: "detail": "2 arrays, one per field (k where pointers point); a global array, side arrays global too",{{[[:space:]]*}}"name": "%struct.rec",
// The copy reaches the g records of elements 1 and 2 in their own array.
// OUT: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}getelementptr inbounds (i8, ptr @__SOA_struct.rec.g, i64 16), ptr {{.*}}getelementptr inbounds (i8, ptr @__SOA_struct.rec.g, i64 32), i64 16, i1 false)
#include <stdio.h>
#include <string.h>

struct rec { double g[2]; long k; };

static struct rec store[64];

int main(void) {
  for (int i = 0; i < 64; i++) { store[i].g[0] = i; store[i].g[1] = -i; store[i].k = 3 * i; }
  double s = 0;
  for (int r = 0; r < 100; r++) {
    memcpy(store[1].g, store[2].g, sizeof store[1].g);
    for (int i = 0; i < 64; i++) store[i].k += (long)store[i].g[(i + r) & 1];
  }
  for (int i = 0; i < 64; i++) s += store[i].g[0] + store[i].g[1] + store[i].k;
  printf("%.1f\n", s);
  return 0;
}
