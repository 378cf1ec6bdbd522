// peel with document 002's peeling index: `next` and `prev` point to
// elements of the one array of `struct node`, whose count (1000) is a
// constant, so they are stored as 32-bit indices: (p - base) / 16 + 1, and
// 0 for null. The hot record {key, next} is 12 bytes instead of 16,
// padded to 16 (`prev`, walked once, goes to the cold record, an index
// there too).
// Each access of an index field carries the AOS-to-SOA index-field
// annotation; a load decodes the index, a store encodes the pointer.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// (A list of 1000 nodes fits in any cache: `--cost cache-bytes=16K` has the
// cost model take the cache to be small, so that peeling the hot links pays.)
// RUN: %dtrans opt %t.O0.ll -p peel --index-width 32 --cost cache-bytes=16K -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p peel --index-width 32 --cost cache-bytes=16K -o %t.NP.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// The annotation cleaner removes the annotations (dtrans cc runs it after
// the splitting passes).
// RUN: %dtrans opt %t.NP.ll -p peel,annotation-cleaner --index-width 32 --cost cache-bytes=16K -o %t.clean.ll
// RUN: %FileCheck %s --check-prefix=CLEAN < %t.clean.ll
// With --index-width 64 the pointers stay.
// RUN: %dtrans opt %t.O0.ll -p peel --cost cache-bytes=16K --index-width 64 -o %t.64.ll 2>&1 | %FileCheck %s --check-prefix=W64
// RUN: %clang -O2 %t.64.ll -o %t.64 && %t.64 > %t.64.txt && diff %t.base.txt %t.64.txt
// MSG: peel: %struct.node -> %__DPL_struct.node (96 -> 16 bytes: 2 groups: {key, next} {prev, w0, w1, w2, w3, w4, w5, w6, w7, tag}; 32-bit index: next (into %struct.node), prev (into %struct.node))
// W64: peel: %struct.node -> %__DPL_struct.node (96 -> 16 bytes: 2 groups: {key, next} {prev, w0, w1, w2, w3, w4, w5, w6, w7, tag})
// CHECK: %__DPL_struct.node = type { i64, i32 }
// CHECK: @__DTransAOSToSOAIndexFieldName = private unnamed_addr constant
// Stores of null to `next` and `prev`:
// CHECK: call ptr @llvm.ptr.annotation.p0.p0(ptr [[A0:%[0-9]+]], ptr @__DTransAOSToSOAIndexFieldName,
// CHECK-NEXT: store i32 0, ptr [[A0]], align 4
// CHECK: call ptr @llvm.ptr.annotation.p0.p0(ptr [[A1:%[0-9]+]], ptr @__DTransAOSToSOAIndexFieldName,
// CHECK-NEXT: store i32 0, ptr [[A1]], align 4
// A store of `y` into x->next:
// CHECK: call ptr @llvm.ptr.annotation.p0.p0(ptr [[ADDR:%[0-9]+]], ptr @__DTransAOSToSOAIndexFieldName,
// CHECK-NEXT: [[BASE:%[0-9]+]] = load ptr, ptr @__DPL_struct.node.base
// CHECK-NEXT: [[P:%[0-9]+]] = ptrtoint ptr [[VAL:%[0-9]+]] to i64
// CHECK-NEXT: [[B:%[0-9]+]] = ptrtoint ptr [[BASE]] to i64
// CHECK-NEXT: [[D:%[0-9]+]] = sub i64 [[P]], [[B]]
// CHECK-NEXT: [[Q:%[0-9]+]] = sdiv exact i64 [[D]], 16
// CHECK-NEXT: [[Q1:%[0-9]+]] = add i64 [[Q]], 1
// CHECK-NEXT: [[T:%[0-9]+]] = trunc i64 [[Q1]] to i32
// CHECK-NEXT: [[NULL:%[0-9]+]] = icmp eq ptr [[VAL]], null
// CHECK-NEXT: [[IDX:%[0-9]+]] = select i1 [[NULL]], i32 0, i32 [[T]]
// CHECK-NEXT: store i32 [[IDX]], ptr [[ADDR]], align 4
// And of `x` into y->prev:
// CHECK: call ptr @llvm.ptr.annotation.p0.p0(ptr [[PADDR:%[0-9]+]], ptr @__DTransAOSToSOAIndexFieldName,
// CHECK-NEXT: load ptr, ptr @__DPL_struct.node.base
// CHECK-NEXT: ptrtoint ptr
// A load of `prev` (the one past the last element is stored next):
// CHECK: call ptr @llvm.ptr.annotation.p0.p0(ptr [[LADDR:%[0-9]+]], ptr @__DTransAOSToSOAIndexFieldName,
// CHECK-NEXT: [[LBASE:%[0-9]+]] = load ptr, ptr @__DPL_struct.node.base
// CHECK-NEXT: [[I:%[0-9]+]] = load i32, ptr [[LADDR]], align 4
// CHECK-NEXT: [[W:%[0-9]+]] = zext i32 [[I]] to i64
// CHECK-NEXT: [[M:%[0-9]+]] = mul i64 [[W]], 16
// CHECK-NEXT: [[O:%[0-9]+]] = sub i64 [[M]], 16
// CHECK-NEXT: [[E:%[0-9]+]] = getelementptr i8, ptr [[LBASE]], i64 [[O]]
// CHECK-NEXT: [[Z:%[0-9]+]] = icmp eq i32 [[I]], 0
// CHECK-NEXT: select i1 [[Z]], ptr null, ptr [[E]]
// CLEAN-NOT: call ptr @llvm.ptr.annotation
// CLEAN: %__DPL_struct.node = type { i64, i32 }
// With --index-width auto (the default), `next` stays a pointer: {i64, i32}
// is padded to 16 bytes as {i64, ptr} is, so an index would save nothing
// and cost a decode at each step of the walk.
// RUN: %dtrans opt %t.NP.ll -p peel --cost cache-bytes=16K -o %t.auto.ll 2>&1 | %FileCheck %s --check-prefix=AUTO-MSG
// RUN: %FileCheck %s --check-prefix=AUTO < %t.auto.ll
// RUN: %clang -O2 %t.auto.ll -o %t.auto && %t.auto > %t.auto.txt && diff %t.base.txt %t.auto.txt
// AUTO-MSG: peel: %struct.node -> %__DPL_struct.node
// AUTO-MSG-NOT: 32-bit index
// AUTO: %__DPL_struct.node = type { i64, ptr }
// CLEAN-NOT: call ptr @llvm.ptr.annotation
#include <stdio.h>
#include <stdlib.h>

struct node {
  long key;
  struct node *next;
  struct node *prev;
  double w0, w1, w2, w3, w4, w5, w6, w7;
  long tag;
};

#define N 1000

int main(void) {
  struct node *a = malloc(N * sizeof(struct node));
  int *perm = malloc(N * sizeof(int));
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    a[i].key = i * 7 % 1000;
    a[i].tag = i;
    a[i].w0 = i; a[i].w1 = i + 1; a[i].w2 = i + 2; a[i].w3 = i + 3;
    a[i].w4 = i + 4; a[i].w5 = i + 5; a[i].w6 = i + 6; a[i].w7 = i + 7;
    a[i].next = 0;
    a[i].prev = 0;
    perm[i] = i;
  }
  for (int i = N - 1; i > 0; i--) {
    s = s * 1103515245u + 12345u;
    int j = (s >> 8) % (i + 1);
    int t = perm[i]; perm[i] = perm[j]; perm[j] = t;
  }
  // A random path through every element; the last one's `next` is null.
  for (int i = 0; i < N; i++) {
    struct node *x = &a[perm[i]];
    struct node *y = i + 1 < N ? &a[perm[i + 1]] : 0;
    x->next = y;
    if (y)
      y->prev = x;
  }
  // One past the last element is an index too.
  a[perm[N - 1]].prev->prev = a + N;
  long sum = 0;
  for (int r = 0; r < 50; r++)
    for (struct node *p = &a[perm[0]]; p; p = p->next)
      sum += p->key;
  long back = 0;
  for (struct node *p = &a[perm[N - 1]]; p && p != a + N; p = p->prev)
    back += p->key;
  double cold = 0;
  for (int i = 0; i < N; i += 10)
    cold += a[i].w3 + a[i].tag + a[i].w0 + a[i].w1 + a[i].w2 + a[i].w4 + a[i].w5 + a[i].w6 + a[i].w7;
  printf("%ld %ld %.1f %d\n", sum, back, cold, a[perm[0]].prev == 0);
  free(perm);
  free(a);
  return 0;
}
