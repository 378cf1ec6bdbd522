// reorder-fields at -O0: the padded structure is packed, its first field
// kept first (char, short, int, double: 24 -> 16 bytes); typed GEPs become byte
// offsets of the new layout, the array step stays typed (new stride), the
// malloc size, the memset and memcpy lengths and the static initializer
// follow the new layout, and the program prints the same.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p reorder-fields -o %t.out.ll --report %t.json 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.out.ll
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct S { char c; double d; int i; short s; };
struct S gs = { 'a', 2.5, 7, 3 };
double sum(struct S *p, int n) {
  double t = 0;
  for (int k = 0; k < n; k++) t += p[k].d + p[k].i + p[k].c + p[k].s;
  return t;
}
int main(void) {
  struct S *a = malloc(4 * sizeof(struct S));
  memset(a, 0, 4 * sizeof(struct S));
  a[1].c = 'b'; a[1].d = 1.0; a[1].i = 2; a[1].s = 3;
  memcpy(&a[2], &a[1], sizeof(struct S));
  printf("%g %g\n", sum(a, 4), gs.d + gs.c);
  free(a);
  return 0;
}
// MSG: dtrans: reorder-fields: %struct.S -> %__DFR_struct.S (24 -> 16 bytes: padding removed)
// CHECK: %__DFR_struct.S = type { i8, i16, i32, double }
// CHECK: @gs = dso_local global %__DFR_struct.S { i8 97, i16 3, i32 7, double 2.500000e+00 }
// CHECK-LABEL: define dso_local double @sum(
// CHECK: [[E:%[0-9]+]] = getelementptr inbounds %__DFR_struct.S, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}
// CHECK-NEXT: [[D:%[0-9]+]] = getelementptr inbounds i8, ptr [[E]], i64 8
// CHECK-NEXT: load double, ptr [[D]], align 8
// CHECK: [[E2:%[0-9]+]] = getelementptr inbounds %__DFR_struct.S, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}
// CHECK-NEXT: [[I:%[0-9]+]] = getelementptr inbounds i8, ptr [[E2]], i64 4
// CHECK-NEXT: load i32, ptr [[I]], align
// CHECK: [[E3:%[0-9]+]] = getelementptr inbounds %__DFR_struct.S, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}
// CHECK-NEXT: load i8, ptr [[E3]], align 1
// CHECK: getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 2
// CHECK-NEXT: load i16
// CHECK-LABEL: define dso_local i32 @main(
// CHECK: call noalias ptr @malloc(i64 noundef 64)
// CHECK: call void @llvm.memset.p0.i64(ptr align 8 %{{[0-9]+}}, i8 0, i64 64, i1 false)
// CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 16, i1 false)
// CHECK: load double, ptr getelementptr inbounds (i8, ptr @gs, i64 8), align 8
// CHECK-NEXT: load i8, ptr @gs, align 1
// JSON: "name": "%struct.S",
// JSON: "new_layout": [
// JSON-NEXT: "c: i8 @0",
// JSON-NEXT: "s: i16 @2",
// JSON-NEXT: "i: i32 @4",
// JSON-NEXT: "d: double @8"
// JSON: "new_size": 16,
// JSON: "old_layout": [
// JSON-NEXT: "c: i8 @0",
// JSON-NEXT: "d: double @8",
// JSON-NEXT: "i: i32 @16",
// JSON-NEXT: "s: i16 @20"
