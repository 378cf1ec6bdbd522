// Document 002's example: %struct.test01 split by aos-to-soa, and
// %struct.test01dep, which is not split but points into test01's array,
// becomes the dependent type %__SOADT_struct.test01dep = type { i16, i32,
// i32 } (the document's own), its pointer fields peeling indices. A field
// of test01 pointing to test01 (`self`) is an index in its side array;
// `dep` points to a structure that is not split and stays a pointer.
// The loops stream over the array, each reading a few fields: one array
// per field is what the cost model picks.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p aos-to-soa -o %t.O0.out.ll --report %t.O0.json 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.O0.out.ll
// RUN: %FileCheck %s --check-prefix=REPORT < %t.O0.json
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p aos-to-soa -o %t.NP.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.NP.out.ll
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// MSG: aos-to-soa: %struct.test01 -> %__SOA_struct.test01 (80 -> 8 bytes: 10 arrays, one per field (a where pointers point); 32-bit index: self (into %struct.test01))
// MSG: aos-to-soa: %struct.test01dep -> %__SOADT_struct.test01dep (24 -> 12 bytes: a dependent type (document 002); 32-bit index: first (into %struct.test01), second (into %struct.test01))
// CHECK-DAG: %__SOA_struct.test01 = type { i64 }
// CHECK-DAG: %__SOADT_struct.test01dep = type { i16, i32, i32 }
// Stores into deps[k].first: an annotated index store.
// CHECK: [[F:%[0-9]+]] = getelementptr inbounds i8, ptr {{%[0-9]+}}, i64 4
// CHECK-NEXT: call ptr @llvm.ptr.annotation.p0.p0(ptr [[F]], ptr @__DTransAOSToSOAIndexFieldName,
// CHECK: store i32 {{%[0-9]+}}, ptr [[F]], align 4
// REPORT: "new": "%__SOADT_struct.test01dep",
// REPORT: "new_layout": [
// REPORT-NEXT: "s: i16 @0",
// REPORT-NEXT: "first: i32 @4 (index into %struct.test01)",
// REPORT-NEXT: "second: i32 @8 (index into %struct.test01)"
#include <stdio.h>
#include <stdlib.h>

struct test01dep;
struct test01 {
  long a, b, c, d, e, f, g, h;
  struct test01 *self;
  struct test01dep *dep;
};

struct test01dep {
  short s;
  struct test01 *first;
  struct test01 *second;
};

#define N 4096

int main(void) {
  struct test01 *arr = malloc(N * sizeof(struct test01));
  struct test01dep *deps = malloc(64 * sizeof(struct test01dep));
  for (int i = 0; i < N; i++) {
    arr[i].a = i; arr[i].b = 2 * i; arr[i].c = i % 7; arr[i].d = i % 11;
    arr[i].e = i % 13; arr[i].f = i / 3; arr[i].g = i ^ 5; arr[i].h = i & 15;
    arr[i].self = &arr[(i * 17) % N];
    arr[i].dep = &deps[i % 64];
  }
  for (int k = 0; k < 64; k++) {
    deps[k].s = (short)k;
    deps[k].first = &arr[k * 3];
    deps[k].second = k % 5 ? &arr[N - 1 - k] : 0;
  }
  long sum = 0;
  for (int r = 0; r < 20; r++) {
    for (int i = 0; i < N; i++) sum += arr[i].a * 3 + arr[i].b;
    for (int i = 0; i < N; i++) sum += arr[i].a - arr[i].c + arr[i].d;
    for (int i = 0; i < N; i++) sum += arr[i].e ^ arr[i].f;
    for (int i = 0; i < N; i++) sum += arr[i].g + arr[i].h + (arr[i].self - arr) % 7;
    for (int i = 0; i < N; i++) sum += arr[i].dep->s;
  }
  for (int i = 0; i < 64; i++) {
    struct test01 *p = arr[i].self;
    sum += p->a + p->h;
    struct test01dep *q = arr[i].dep;
    sum += q->s + q->first->a + (q->second ? q->second->h : -1);
  }
  printf("%ld\n", sum);
  free(deps);
  free(arr);
  return 0;
}
