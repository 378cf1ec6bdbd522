// aos-to-soa with array fields (`float pos[3]`, `float vel[3]`, `char
// code[8]`): every field is used in the loops, each gets an array of its
// own but the most used one; an array field's records are the arrays
// themselves (12 bytes for pos, found at (p - base) / 4 * 12). Indexing
// inside them at a variable index (`pos[k]`, `code[(s + i) % 7]`), a
// memcpy into one, a memset of one and a whole element copy follow the
// field's new address. At full -O2, where the first field is indexed from
// the element's own address (`getelementptr [3 x float], p, 0, k`) and
// the second one is reached at byte 12 (one past pos, or vel: only read
// and written through, so vel), the same.
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
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans opt %t.O2.ll -p aos-to-soa --cost margin=0 -o %t.O2.out.ll 2>&1 | %FileCheck %s --check-prefix=O2
// RUN: %clang %t.O2.out.ll -o %t.O2 && %t.O2 > %t.O2.txt
// RUN: diff %t.base.txt %t.O2.txt
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct body { float pos[3]; float vel[3]; double mass; long steps; char code[8]; int flags; long id; double drag; };
int main(void) {
  int n = 600;
  struct body *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 3; k++) { b[i].pos[k] = i + k; b[i].vel[k] = (k - 1) * 0.5f; }
    b[i].mass = 1 + i % 4; b[i].steps = 0; b[i].flags = i & 3; b[i].id = i; b[i].drag = 0.01 * (i % 5);
    memcpy(b[i].code, "abcdefg", 8);
  }
  for (int s = 0; s < 30; s++)
    for (int i = 0; i < n; i++) {
      int k = s % 3;
      b[i].pos[k] += b[i].vel[k] / (float)b[i].mass;
      b[i].vel[k] *= 0.99f - (float)b[i].drag;
      b[i].mass += 0.001 * b[i].flags;
      b[i].steps += b[i].code[s % 7] & 1;
      b[i].code[(s + i) % 7] ^= (char)(b[i].id & 1);
      b[i].flags = (b[i].flags + (int)b[i].steps) & 7;
      b[i].drag *= 1.0001;
      b[i].id += b[i].flags;
    }
  memset(b[9].vel, 0, sizeof b[9].vel);
  b[10] = b[11];
  double e = 0;
  long c = 0;
  for (int i = 0; i < n; i++) {
    e += b[i].pos[0] + b[i].pos[1] * 2 + b[i].pos[2] * 3 + b[i].vel[0] + b[i].mass + b[i].drag;
    c += b[i].steps + b[i].flags + b[i].code[i % 8] + b[i].id;
  }
  printf("%.3f %ld %s\n", e, c, b[3].code);
  free(b);
  return 0;
}
// MSG: dtrans: aos-to-soa: %struct.body -> %__SOA_struct.body (72 -> 4 bytes: 8 arrays, one per field (flags where pointers point))
// O2: dtrans: aos-to-soa: %struct.body -> %__SOA_struct.body (72 -> 8 bytes: 8 arrays, one per field (code where pointers point))
// CHECK: %__SOA_struct.body = type { i32 }
// CHECK: @__SOA_struct.body.pos.array = internal global ptr null
// CHECK: @__SOA_struct.body.code.array = internal global ptr null
// b[i].pos[k] = i + k: element i's 12-byte record in pos's array, then
// the float at index k in it.
// CHECK: [[E:%[0-9]+]] = getelementptr inbounds %__SOA_struct.body, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}
// CHECK-NEXT: [[B:%[0-9]+]] = load ptr, ptr @__SOA_struct.body.base
// CHECK-NEXT: [[A:%[0-9]+]] = load ptr, ptr @__SOA_struct.body.pos.array
// CHECK-NEXT: [[EI:%[0-9]+]] = ptrtoint ptr [[E]] to i64
// CHECK-NEXT: [[BI:%[0-9]+]] = ptrtoint ptr [[B]] to i64
// CHECK-NEXT: [[D:%[0-9]+]] = sub i64 [[EI]], [[BI]]
// CHECK-NEXT: [[I:%[0-9]+]] = sdiv exact i64 [[D]], 4
// CHECK-NEXT: [[O:%[0-9]+]] = mul i64 [[I]], 12
// CHECK-NEXT: [[R:%[0-9]+]] = getelementptr inbounds i8, ptr [[A]], i64 [[O]]
// CHECK-NEXT: [[K:%[0-9]+]] = load i32, ptr
// CHECK-NEXT: [[KK:%[0-9]+]] = sext i32 [[K]] to i64
// CHECK-NEXT: [[P:%[0-9]+]] = getelementptr inbounds [3 x float], ptr [[R]], i64 0, i64 [[KK]]
// CHECK-NEXT: store float %{{[0-9]+}}, ptr [[P]]
// memcpy(b[i].code, "abcdefg", 8): into code's array.
// CHECK: load ptr, ptr @__SOA_struct.body.code.array
// CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 1 %{{[0-9]+}}, ptr align 1 @.str, i64 8, i1 false)
// memset(b[9].vel, 0, 12)
// CHECK: load ptr, ptr @__SOA_struct.body.vel.array
// CHECK: call void @llvm.memset.p0.i64(ptr align 1 %{{[0-9]+}}, i8 0, i64 12, i1 false)
// b[10] = b[11]: one copy per side array (12, 12, 8, 8, 8, 8, 8), then the main one (4).
// CHECK-COUNT-7: call void @llvm.memcpy.p0.p0.i64(
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 4 %{{[0-9]+}}, ptr align 4 %{{[0-9]+}}, i64 4, i1 false)
