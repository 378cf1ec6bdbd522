// peel: a 72-byte record whose loops read `key` and `val` many times and
// the other fields once. The hot fields stay in the record (16 bytes, where
// pointers point), the cold ones move to a parallel array of 56-byte
// records allocated with it and freed with it; a cold field is found at
// the element's index: (p - base) / 16 * 56. At full -O2 the vectorizer's
// wide accesses keep it whole (MismatchedElementAccess).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p peel -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans opt %t.O2.ll -p peel -o %t.O2.out.ll --report %t.json
// RUN: %FileCheck %s --check-prefix=O2 < %t.json
#include <stdio.h>
#include <stdlib.h>
struct rec { long key; long val; long c1; long c2; long c3; long c4; long c5; long c6; int c7; };
int main(void) {
  int n = 1000;
  struct rec *r = malloc(n * sizeof(struct rec));
  for (int i = 0; i < n; i++) { r[i].key = i; r[i].val = i * 3; r[i].c1 = 1; r[i].c2 = 2; r[i].c3 = 3; r[i].c4 = 4; r[i].c5 = 5; r[i].c6 = 6; r[i].c7 = 7; }
  long s = 0;
  for (int k = 0; k < 100; k++)
    for (int i = 0; i < n; i++) s += r[i].key * r[i].val + k;
  long t = 0;
  for (int i = 0; i < n; i++) t += r[i].c1 + r[i].c2 + r[i].c3 + r[i].c4 + r[i].c5 + r[i].c6 + r[i].c7;
  printf("%ld %ld\n", s, t);
  free(r);
  return 0;
}
// MSG: dtrans: peel: %struct.rec -> %__DPL_struct.rec (72 -> 16 bytes: 2 groups: {key, val} {c1, c2, c3, c4, c5, c6, c7})
// CHECK: %__DPL_struct.rec = type { i64, i64 }
// CHECK: @__DPL_struct.rec.base = internal global ptr null
// CHECK: @__DPL_struct.rec.cold.array = internal global ptr null
// CHECK: [[N:%[0-9]+]] = sext i32 %{{[0-9]+}} to i64
// CHECK: [[HOT:%[0-9]+]] = mul i64 [[N]], 16
// CHECK-NEXT: [[P:%[0-9]+]] = call noalias ptr @malloc(i64 noundef [[HOT]])
// CHECK-NEXT: store ptr [[P]], ptr @__DPL_struct.rec.base
// CHECK-NEXT: [[COLD:%[0-9]+]] = mul i64 [[N]], 56
// CHECK-NEXT: [[Q:%[0-9]+]] = call ptr @malloc(i64 [[COLD]])
// CHECK-NEXT: store ptr [[Q]], ptr @__DPL_struct.rec.cold.array
// The first cold store, c1 = 1:
// CHECK: [[B:%[0-9]+]] = load ptr, ptr @__DPL_struct.rec.base
// CHECK-NEXT: [[S:%[0-9]+]] = load ptr, ptr @__DPL_struct.rec.cold.array
// CHECK-NEXT: [[EI:%[0-9]+]] = ptrtoint ptr %{{[0-9]+}} to i64
// CHECK-NEXT: [[BI:%[0-9]+]] = ptrtoint ptr [[B]] to i64
// CHECK-NEXT: [[D:%[0-9]+]] = sub i64 [[EI]], [[BI]]
// CHECK-NEXT: [[I:%[0-9]+]] = sdiv exact i64 [[D]], 16
// CHECK-NEXT: [[O:%[0-9]+]] = mul i64 [[I]], 56
// CHECK-NEXT: [[A:%[0-9]+]] = getelementptr inbounds i8, ptr [[S]], i64 [[O]]
// CHECK-NEXT: store i64 1, ptr [[A]]
// The free of the array frees the cold array (only that array: a free of
// another pointer, null say, frees nothing more) and forgets both.
// CHECK: call i32 (ptr, ...) @printf(
// CHECK: [[P:%[0-9]+]] = load ptr, ptr %{{[0-9]+}}
// CHECK-NEXT: [[B:%[0-9]+]] = load ptr, ptr @__DPL_struct.rec.base
// CHECK-NEXT: [[IS:%[0-9]+]] = icmp eq ptr [[P]], [[B]]
// CHECK-NEXT: [[NN:%[0-9]+]] = icmp ne ptr [[P]], null
// CHECK-NEXT: [[ARR:%[0-9]+]] = select i1 [[IS]], i1 [[NN]], i1 false
// CHECK-NEXT: [[F:%[0-9]+]] = load ptr, ptr @__DPL_struct.rec.cold.array
// CHECK-NEXT: [[G:%[0-9]+]] = select i1 [[ARR]], ptr [[F]], ptr null
// CHECK-NEXT: call void @free(ptr [[G]])
// CHECK: call void @free(ptr noundef [[P]])
// O2: "name": "%struct.rec",
// O2-NEXT: "pass": "peel",
// O2-NEXT: "reason": "MismatchedElementAccess"
