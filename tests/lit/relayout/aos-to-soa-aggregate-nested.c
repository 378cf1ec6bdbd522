// aos-to-soa with nested structure fields (two `struct vec`): every field
// is used in the loops, each but the most used (vel) gets an array of its
// own, the first field (pos) among them: a copy of a whole pos
// (`c[4].pos = c[5].pos`, a memcpy from each element's own address) goes
// to pos's array, a memset of vel stays in the main array, and a whole
// element copied copies every array.
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
// At full -O2 a vec's two doubles are read as one `<2 x double>`: the
// lanes read two fields of struct vec at once (MismatchedElementAccess,
// which a nested structure shares with the one around it).
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans opt %t.O2.ll -p aos-to-soa --cost margin=0 -o %t.O2.out.ll --report %t.O2.json
// RUN: %FileCheck %s --check-prefix=O2 < %t.O2.json
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct vec { double x, y; };
struct cell { struct vec pos; struct vec vel; long id; int alive; float heat; long gen; double mass; long seed; };
int main(void) {
  int n = 500;
  struct cell *c = malloc(n * sizeof *c);
  for (int i = 0; i < n; i++) {
    c[i].pos.x = i; c[i].pos.y = i * 0.5; c[i].vel.x = 1; c[i].vel.y = -0.25;
    c[i].id = i; c[i].alive = i % 3 != 0; c[i].heat = 0; c[i].gen = 0; c[i].mass = 1 + i % 4; c[i].seed = 17 * i;
  }
  for (int s = 0; s < 25; s++)
    for (int i = 0; i < n; i++) {
      c[i].pos.x += c[i].vel.x * c[i].alive;
      c[i].pos.y += c[i].vel.y * c[i].heat;
      c[i].vel.y -= 0.01 * (c[i].id & 1);
      c[i].heat = c[i].heat * 0.5f + (float)c[i].vel.x;
      c[i].alive = (c[i].gen + c[i].id) % 5 != 0;
      c[i].gen += c[i].alive;
      c[i].id ^= c[i].gen & 2;
      c[i].mass *= 1.0 + 0.001 * c[i].alive;
      c[i].seed = c[i].seed * 1103515245 % 2147483647 + (c[i].seed & 1);
    }
  memset(&c[3].vel, 0, sizeof c[3].vel);
  c[4].pos = c[5].pos;
  c[6] = c[7];
  double e = 0;
  long g = 0;
  for (int i = 0; i < n; i++) { e += c[i].pos.x + c[i].pos.y + c[i].vel.y + c[i].heat + c[i].mass; g += c[i].gen + c[i].id + c[i].alive + c[i].seed; }
  printf("%.4f %ld\n", e, g);
  free(c);
  return 0;
}
// MSG: dtrans: aos-to-soa: %struct.cell -> %__SOA_struct.cell (72 -> 16 bytes: 8 arrays, one per field (vel where pointers point))
// CHECK: %__SOA_struct.cell = type { %struct.vec }
// CHECK: @__SOA_struct.cell.pos.array = internal global ptr null
// memset(&c[3].vel, 0, 16): vel is where element 3 is.
// CHECK: [[E3:%[0-9]+]] = getelementptr inbounds %__SOA_struct.cell, ptr %{{[0-9]+}}, i64 3
// CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 8 [[E3]], i8 0, i64 16, i1 false)
// c[4].pos = c[5].pos: from the elements' addresses to their records in
// pos's array (16 bytes, as the main array's records: same distance).
// CHECK: [[E4:%[0-9]+]] = getelementptr inbounds %__SOA_struct.cell, ptr %{{[0-9]+}}, i64 4
// CHECK-NEXT: [[B:%[0-9]+]] = load ptr, ptr @__SOA_struct.cell.base
// CHECK-NEXT: [[A:%[0-9]+]] = load ptr, ptr @__SOA_struct.cell.pos.array
// CHECK-NEXT: [[EI:%[0-9]+]] = ptrtoint ptr [[E4]] to i64
// CHECK-NEXT: [[BI:%[0-9]+]] = ptrtoint ptr [[B]] to i64
// CHECK-NEXT: [[D:%[0-9]+]] = sub i64 [[EI]], [[BI]]
// CHECK-NEXT: [[P4:%[0-9]+]] = getelementptr inbounds i8, ptr [[A]], i64 [[D]]
// CHECK: [[P5:%[0-9]+]] = getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[P4]], ptr align 8 [[P5]], i64 16, i1 false)
// c[6] = c[7]: the seven side arrays, then the main one.
// CHECK-COUNT-7: call void @llvm.memcpy.p0.p0.i64(
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 16, i1 false)
// O2: "name": "%struct.cell",
// O2-NEXT: "pass": "aos-to-soa",
// O2-NEXT: "reason": "MismatchedElementAccess"
