// reorder-fields on the places that name sizes and offsets without a field
// index: a memset over a run of fields (split where the new layout
// separates them), a pointer difference (divided by the new size), a
// structure holding the changed one (a dependent type, new size), a whole
// copy into it, struct-path TBAA tags (rebuilt for the new layout; their
// offsets were the old ones) and the debug information (members at their
// new offsets).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans opt %t.O0.ll -p reorder-fields -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.O0.out.ll
// RUN: %clang %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.O0.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %dtrans opt %t.NP.ll -p reorder-fields -o %t.NP.out.ll
// RUN: %FileCheck %s --check-prefix=TBAA < %t.NP.out.ll
// RUN: %FileCheck %s --check-prefix=NODE < %t.NP.out.ll
// RUN: %clang -O2 %t.NP.out.ll -o %t.np && %t.np > %t.np.txt
// RUN: diff %t.base.txt %t.np.txt
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct P { char tag; long a; char b; long c; int d; };
struct H { int n; struct P p; };
long diff(struct P *x, struct P *y) { return x - y; }
int main(void) {
  struct P *v = malloc(8 * sizeof *v);
  for (int i = 0; i < 8; i++) { v[i].tag = 'a' + i; v[i].a = i; v[i].b = 1; v[i].c = 2 * i; v[i].d = 3; }
  memset(&v[2].a, 0, offsetof(struct P, d) - offsetof(struct P, a));
  struct H h; h.n = 5; h.p = v[3];
  printf("%ld %ld %d %ld %d %c\n", diff(&v[7], &v[1]), v[2].c + v[2].a, v[2].b, h.p.c, h.n + h.p.d, h.p.tag);
  free(v);
  return 0;
}
// MSG: dtrans: reorder-fields: %struct.P -> %__DFR_struct.P (40 -> 24 bytes: padding removed)
// MSG: dtrans: reorder-fields: %struct.H -> %__DFR_struct.H (48 -> 32 bytes: holds a changed structure)
// CHECK: %__DFR_struct.H = type { i32, %__DFR_struct.P }
// CHECK: %__DFR_struct.P = type { i8, i8, i32, i64, i64 }
// CHECK-LABEL: define dso_local i64 @diff(
// CHECK: sdiv exact i64 %{{[0-9]+}}, 24
// CHECK-LABEL: define dso_local i32 @main(
// CHECK: alloca %__DFR_struct.H, align 8
// CHECK: call noalias ptr @malloc(i64 noundef 192)
// The memset over a, b and c (old bytes 8 to 32) from &v[2].a: a is at 8,
// b at 1 and c at 16 now.
// CHECK: [[E:%[0-9]+]] = getelementptr inbounds %__DFR_struct.P, ptr %{{[0-9]+}}, i64 2
// CHECK-NEXT: [[A:%[0-9]+]] = getelementptr inbounds i8, ptr [[E]], i64 8
// CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 8 [[A]], i8 0, i64 8, i1 false)
// CHECK-NEXT: [[B:%[0-9]+]] = getelementptr inbounds i8, ptr [[A]], i64 -7
// CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 1 [[B]], i8 0, i64 1, i1 false)
// CHECK-NEXT: [[C:%[0-9]+]] = getelementptr inbounds i8, ptr [[A]], i64 8
// CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 8 [[C]], i8 0, i64 8, i1 false)
// `h.p = v[3]`: one whole P, at offset 8 of H.
// CHECK: [[HP:%[0-9]+]] = getelementptr inbounds i8, ptr %4, i64 8
// CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[HP]], ptr align 8 %{{[0-9]+}}, i64 24, i1 false)
// CHECK: distinct !DICompositeType(tag: DW_TAG_structure_type, name: "P", {{.*}}size: 192, elements: ![[EL:[0-9]+]])
// CHECK: ![[EL]] = !{![[MT:[0-9]+]], ![[MB:[0-9]+]], ![[MD:[0-9]+]], ![[MA:[0-9]+]], ![[MC:[0-9]+]]}
// CHECK: ![[MT]] = !DIDerivedType(tag: DW_TAG_member, name: "tag", {{.*}}size: 8)
// CHECK: ![[MB]] = !DIDerivedType(tag: DW_TAG_member, name: "b", {{.*}}size: 8, offset: 8)
// CHECK: ![[MD]] = !DIDerivedType(tag: DW_TAG_member, name: "d", {{.*}}size: 32, offset: 32)
// CHECK: ![[MA]] = !DIDerivedType(tag: DW_TAG_member, name: "a", {{.*}}size: 64, offset: 64)
// CHECK: ![[MC]] = !DIDerivedType(tag: DW_TAG_member, name: "c", {{.*}}size: 64, offset: 128)
// The struct-path tags name the new layout: `a` (old offset 8) is at 8
// still, `c` (old 24) at 16.
// TBAA: store i64 %{{[0-9]+}}, ptr %{{[0-9]+}}, align 8, !dbg !{{[0-9]+}}, !tbaa ![[TAG:[0-9]+]]
// TBAA: ![[TAG]] = !{!{{[0-9]+}}, !{{[0-9]+}}, i64 8}
// NODE: = !{!"P", ![[CHAR:[0-9]+]], i64 0, ![[CHAR]], i64 1, !{{[0-9]+}}, i64 4, ![[LONG:[0-9]+]], i64 8, ![[LONG]], i64 16}
