// peel fills the hot record's padding with cold fields that fit: `time`
// and `kind` (the hot fields) take 12 bytes, padded to 16; the cold
// 4-byte `source` fits there, so the hot record stays 16 bytes and the
// cold one is 56 bytes instead of 64 (72 an element, as before, where the
// plain split would take 80).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p peel -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// MSG: peel: %struct.event -> %__DPL_struct.event (72 -> 16 bytes: 2 groups: {time, kind, source} {v0, v1, v2, v3, v4, v5, seq})
// CHECK: %__DPL_struct.event = type { i64, i32, i32 }
// The hot array: 16 bytes an element; the cold one: 56.
// CHECK: [[N:%[0-9]+]] = load i64
// CHECK: [[HOT:%[0-9]+]] = mul i64 [[N]], 16
// CHECK-NEXT: call noalias ptr @malloc(i64 noundef [[HOT]])
// CHECK: [[COLD:%[0-9]+]] = mul i64 [[N]], 56
// CHECK-NEXT: call ptr @malloc(i64 [[COLD]])
#include <stdio.h>
#include <stdlib.h>
struct event { long time; int kind; int source; double v0, v1, v2, v3, v4, v5; long seq; };
int main(void) {
  long n = 5000;
  struct event *e = malloc(n * sizeof *e);
  if (!e) return 1;
  for (long i = 0; i < n; i++) {
    e[i].time = i * 3; e[i].kind = (int)(i % 7); e[i].source = (int)(i % 11);
    e[i].v0 = i; e[i].v1 = 1; e[i].v2 = 2; e[i].v3 = 3; e[i].v4 = 4; e[i].v5 = 5; e[i].seq = i;
  }
  long hits = 0;
  for (int s = 0; s < 20; s++)
    for (long i = 0; i < n; i++)
      if (e[i].kind == s % 7) hits += e[i].time;
  double cold = 0;
  for (long i = 0; i < n; i++) cold += e[i].v0 + e[i].v1 + e[i].v2 + e[i].v3 + e[i].v4 + e[i].v5 + e[i].seq + e[i].source;
  printf("%ld %.1f\n", hits, cold);
  free(e);
  return 0;
}
