// peel with nested structure fields (`struct point center`, `struct span
// box`, itself two points): both are cold and move to the cold array as
// units (box at byte 0 of the 72-byte cold record, center at 32). Steps
// into them (`sh[i].box.lo.w`), whole copies in and out of them (a local
// point, `sh[8].box = sh[9].box`), a memset of an inner point, a pointer to
// an inner point kept and written through, and a whole element copied
// follow the fields' new addresses. The nested structures themselves are
// never split (NestedStruct), and the structure around them no longer
// refused for holding them (ContainsNestedStruct).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p peel -o %t.out.ll --report %t.json 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.out.ll
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.np.ll
// RUN: %dtrans opt %t.np.ll -p peel -o %t.np.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.np.out.ll -o %t.np && %t.np > %t.np.txt
// RUN: diff %t.base.txt %t.np.txt
// At full -O2 a point is copied as an `i64` and two `double`s, so its
// pointers are also `i64 *`: BadCasting, left alone (and the output the same).
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans opt %t.O2.ll -p peel -o %t.O2.out.ll --report %t.O2.json
// RUN: %FileCheck %s --check-prefix=O2 < %t.O2.json
// RUN: %clang %t.O2.out.ll -o %t.O2 && %t.O2 > %t.O2.txt
// RUN: diff %t.base.txt %t.O2.txt
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct point { int x, y; double w; };
struct span { struct point lo, hi; };
struct shape { long key; long rank; struct point center; struct span box; long c1, c2; int c3; };
int main(void) {
  int n = 900;
  struct shape *sh = calloc(n, sizeof *sh);
  for (int i = 0; i < n; i++) {
    sh[i].key = i; sh[i].rank = (i * 13) % 17;
    sh[i].center.x = i; sh[i].center.y = -i; sh[i].center.w = i / 4.0;
    struct point lo = { i, i + 1, 0.5 }, hi = { 2 * i + 3, 3 * i + 5, 1.5 };
    sh[i].box.lo = lo; sh[i].box.hi = hi;
    sh[i].c1 = i % 3; sh[i].c2 = 7; sh[i].c3 = i;
  }
  long s = 0;
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 10; b++)
      for (int i = 0; i < n; i++) s += sh[i].key * sh[i].rank + b;
  struct point q = sh[5].center;
  q.w += 1;
  sh[6].center = q;
  memset(&sh[7].box.hi, 0, sizeof sh[7].box.hi);
  sh[8].box = sh[9].box;
  struct point *pp = &sh[10].box.lo;
  pp->y = 99;
  sh[11] = sh[12];
  double t = 0;
  long c = 0;
  for (int i = 0; i < n; i++) {
    t += sh[i].center.w + sh[i].center.x - sh[i].box.lo.w * sh[i].box.hi.y;
    c += sh[i].c1 * sh[i].c3 - sh[i].c2 + sh[i].box.lo.y;
  }
  printf("%ld %.2f %ld %d\n", s, t, c, sh[20].box.hi.x - sh[20].box.lo.x);
  free(sh);
  return 0;
}
// MSG: dtrans: peel: %struct.shape -> %__DPL_struct.shape (88 -> 16 bytes: 2 groups: {key, rank} {box, center, c1, c2, c3})
// JSON: "[cold] box: %struct.span @0",
// JSON-NEXT: "[cold] center: %struct.point @32",
// JSON: "rejected": [
// JSON: "name": "%struct.point",
// JSON-NEXT: "pass": "peel",
// JSON-NEXT: "reason": "LocalInstance, NestedStruct"
// JSON: "name": "%struct.span",
// JSON-NEXT: "pass": "peel",
// JSON-NEXT: "reason": "NestedStruct"
// CHECK: %__DPL_struct.shape = type { i64, i64 }
// memset(&sh[7].box.hi, 0, 16): the second point of element 7's box.
// CHECK: [[E:%[0-9]+]] = getelementptr inbounds %__DPL_struct.shape, ptr %{{[0-9]+}}, i64 7
// CHECK-NEXT: [[B:%[0-9]+]] = load ptr, ptr @__DPL_struct.shape.base
// CHECK-NEXT: [[C:%[0-9]+]] = load ptr, ptr @__DPL_struct.shape.cold.array
// CHECK-NEXT: [[EI:%[0-9]+]] = ptrtoint ptr [[E]] to i64
// CHECK-NEXT: [[BI:%[0-9]+]] = ptrtoint ptr [[B]] to i64
// CHECK-NEXT: [[D:%[0-9]+]] = sub i64 [[EI]], [[BI]]
// CHECK-NEXT: [[I:%[0-9]+]] = sdiv exact i64 [[D]], 16
// CHECK-NEXT: [[O:%[0-9]+]] = mul i64 [[I]], 72
// CHECK-NEXT: [[BOX:%[0-9]+]] = getelementptr inbounds i8, ptr [[C]], i64 [[O]]
// CHECK-NEXT: [[HI:%[0-9]+]] = getelementptr inbounds %struct.span, ptr [[BOX]], i32 0, i32 1
// CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 1 [[HI]], i8 0, i64 16, i1 false)
// sh[8].box = sh[9].box: 32 bytes, cold record to cold record.
// CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 32, i1 false)
// pp = &sh[10].box.lo; pp->y = 99
// CHECK: [[LO:%[0-9]+]] = getelementptr inbounds %struct.span, ptr %{{[0-9]+}}, i32 0, i32 0
// CHECK-NEXT: store ptr [[LO]], ptr [[PP:%[0-9]+]]
// CHECK-NEXT: [[P:%[0-9]+]] = load ptr, ptr [[PP]]
// CHECK-NEXT: [[Y:%[0-9]+]] = getelementptr inbounds %struct.point, ptr [[P]], i32 0, i32 1
// CHECK-NEXT: store i32 99, ptr [[Y]]
// sh[11] = sh[12]
// CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 72, i1 false)
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 16, i1 false)
// O2: "name": "%struct.shape",
// O2-NEXT: "pass": "peel",
// O2-NEXT: "reason": "BadCasting"
