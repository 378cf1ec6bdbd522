// delete-field on -O2 IR (byte-offset GEPs, field 0 without a GEP):
// `stamp` and `debug` are written, never read; they go with their stores
// (the call computing a stored value stays), the calloc and the byte
// steps of the loops shrink (32 -> 24 bytes), and the program prints the
// same.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p delete-field -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
#include <stdio.h>
#include <stdlib.h>
struct rec { long stamp; long key; int debug; int val; long next; };
static int counter;
__attribute__((noinline)) static int tick(void) { return ++counter; }
__attribute__((noinline)) static struct rec *make(int n) {
  struct rec *r = calloc(n, sizeof *r);
  for (int i = 0; i < n; i++) {
    r[i].stamp = i * 3;
    r[i].key = i * 7 % 11;
    r[i].debug = tick();
    r[i].val = i;
    r[i].next = i + 1;
  }
  return r;
}
int main(void) {
  struct rec *r = make(100);
  long s = 0;
  for (int i = 0; i < 100; i++) s += r[i].key * r[i].val + r[i].next;
  printf("%ld %d\n", s, counter);
  return 0;
}
// MSG: dtrans: delete-field: %struct.rec -> %__DFT_struct.rec (32 -> 24 bytes: stamp, debug never read)
// CHECK: %__DFT_struct.rec = type { i64, i32, i64 }
// CHECK-LABEL: define dso_local {{.*}}i32 @main(
// CHECK: [[E:%[0-9]+]] = getelementptr inbounds %__DFT_struct.rec, ptr %1, i64 %{{[0-9]+}}
// CHECK-NEXT: load i64, ptr [[E]], align 8
// CHECK-NEXT: [[V:%[0-9]+]] = getelementptr inbounds i8, ptr [[E]], i64 8
// CHECK-NEXT: load i32, ptr [[V]], align 4
// CHECK: [[N:%[0-9]+]] = getelementptr inbounds i8, ptr [[E]], i64 16
// CHECK-NEXT: load i64, ptr [[N]], align 8
// CHECK-LABEL: define internal {{.*}}ptr @make(
// CHECK: call noalias ptr @calloc(i64 noundef 100, i64 noundef 24)
// CHECK: [[R:%[0-9]+]] = getelementptr inbounds %__DFT_struct.rec, ptr %1, i64 %{{[0-9]+}}
// CHECK-NOT: store
// CHECK: store i64 %{{[0-9]+}}, ptr [[R]], align 8
// CHECK-NEXT: call fastcc i32 @tick()
// CHECK-NEXT: [[VAL:%[0-9]+]] = getelementptr inbounds i8, ptr [[R]], i64 8
// CHECK-NEXT: store i32 %{{[0-9]+}}, ptr [[VAL]], align 4
// CHECK: [[NX:%[0-9]+]] = getelementptr inbounds i8, ptr [[R]], i64 16
// CHECK-NEXT: store i64 %{{[0-9]+}}, ptr [[NX]], align 8
// CHECK-NOT: store
// CHECK: ret
