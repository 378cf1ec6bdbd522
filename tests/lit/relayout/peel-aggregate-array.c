// peel with array fields (`char name[20]`, `int tags[3]`): they move to
// the cold array as units (the name at byte 30 of its 56-byte cold
// record), and everything inside them follows: a typed step into the array
// at a variable index (`name[j]`), the array's address given to snprintf,
// strcpy and strlen (which read and write its bytes only), a pointer into
// it kept and written through (`p = name + 2`), a memcpy of a whole name
// and a memset of the tags, and a whole element copied (`it[7] = it[8]`).
// At full -O2 the same: typed steps into the array from an element's
// index, byte offsets into its middle.
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
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans opt %t.O2.ll -p peel -o %t.O2.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang %t.O2.out.ll -o %t.O2 && %t.O2 > %t.O2.txt
// RUN: diff %t.base.txt %t.O2.txt
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct item { long id; long weight; char name[20]; long c1; int tags[3]; long c2; short c3; };
int main(void) {
  int n = 800;
  struct item *it = malloc(n * sizeof *it);
  for (int i = 0; i < n; i++) {
    it[i].id = i; it[i].weight = (i * 37) % 101;
    snprintf(it[i].name, sizeof it[i].name, "item-%d", i);
    for (int k = 0; k < 3; k++) it[i].tags[k] = i * k;
    it[i].c1 = i % 9; it[i].c2 = -i; it[i].c3 = (short)i;
  }
  long s = 0;
  for (int z = 0; z < 4; z++)
  for (int a = 0; a < 10; a++)
    for (int b = 0; b < 10; b++)
      for (int i = 0; i < n; i++) s += it[i].id * it[i].weight + b;
  memcpy(it[1].name, it[2].name, sizeof it[1].name);
  memset(it[3].tags, 0, sizeof it[3].tags);
  strcpy(it[4].name, "renamed");
  it[5].name[0] = 'X';
  char *p = it[6].name + 2;
  *p = '#';
  it[7] = it[8];
  unsigned h = 0;
  long t = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 20 && it[i].name[j]; j++) h = h * 31 + (unsigned char)it[i].name[j];
    t += it[i].tags[1] + it[i].tags[2] - it[i].c1 * it[i].c3 + it[i].c2;
    h += (unsigned)strlen(it[i].name);
  }
  printf("%ld %u %ld %s %s %s %s\n", s, h, t, it[1].name, it[4].name, it[5].name, it[6].name);
  free(it);
  return 0;
}
// MSG: dtrans: peel: %struct.item -> %__DPL_struct.item (80 -> 16 bytes: 2 groups: {id, weight} {c1, c2, tags, c3, name})
// JSON: "[cold] tags: [3 x i32] @16",
// JSON-NEXT: "[cold] c3: i16 @28",
// JSON-NEXT: "[cold] name: [20 x i8] @30"
// CHECK: %__DPL_struct.item = type { i64, i64 }
// snprintf(it[i].name, ...): the name in the element's cold record.
// CHECK: [[C:%[0-9]+]] = load ptr, ptr @__DPL_struct.item.cold.array
// CHECK: [[I:%[0-9]+]] = sdiv exact i64 %{{[0-9]+}}, 16
// CHECK-NEXT: [[O:%[0-9]+]] = mul i64 [[I]], 56
// CHECK-NEXT: [[R:%[0-9]+]] = getelementptr inbounds i8, ptr [[C]], i64 [[O]]
// CHECK-NEXT: [[NAME:%[0-9]+]] = getelementptr inbounds i8, ptr [[R]], i64 30
// CHECK-NEXT: [[S:%[0-9]+]] = getelementptr inbounds [20 x i8], ptr [[NAME]], i64 0, i64 0
// CHECK: call i32 (ptr, i64, ptr, ...) @snprintf(ptr noundef [[S]], i64 noundef 20,
// memcpy(it[1].name, it[2].name, 20) and memset(it[3].tags, 0, 12): inside
// the cold records.
// CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 1 %{{[0-9]+}}, ptr align 1 %{{[0-9]+}}, i64 20, i1 false)
// CHECK: [[T:%[0-9]+]] = getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 16
// CHECK-NEXT: [[T0:%[0-9]+]] = getelementptr inbounds [3 x i32], ptr [[T]], i64 0, i64 0
// CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 1 [[T0]], i8 0, i64 12, i1 false)
// CHECK: call ptr @strcpy(
// it[7] = it[8]: 56 cold bytes, then 16 hot ones.
// CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 56, i1 false)
// CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %{{[0-9]+}}, ptr align 8 %{{[0-9]+}}, i64 16, i1 false)
// it[i].name[j]: a variable step inside the name, from its new address.
// CHECK: [[NAME:%[0-9]+]] = getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 30
// CHECK-NEXT: [[J:%[0-9]+]] = load i32, ptr
// CHECK-NEXT: [[JJ:%[0-9]+]] = sext i32 [[J]] to i64
// CHECK-NEXT: [[CH:%[0-9]+]] = getelementptr inbounds [20 x i8], ptr [[NAME]], i64 0, i64 [[JJ]]
// CHECK-NEXT: load i8, ptr [[CH]]
