// The layout view shows each field with its offset and size, the holes
// between fields and the padding at the end, as pahole does, and a marker
// where a new cache line (64 bytes) starts.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans analyze %t.ll --struct struct.S | %FileCheck %s

struct S { char c; long l; short s; char big[60]; int tail; };
long get(struct S *p) { return p->c + p->l + p->s + p->big[0] + p->tail; }

// CHECK-LABEL: %struct.S (size 88, align 8)
// CHECK-NEXT: offset  size  field
// CHECK-NEXT: 0     1  0: i8
// CHECK-NEXT: 1     7  /* hole */
// CHECK-NEXT: 8     8  1: i64
// CHECK-NEXT: 16     2  2: i16
// CHECK-NEXT: 18    60  3: [60 x i8]
// CHECK-NEXT: 78     2  /* hole */
// CHECK-NEXT: /* cache line 1 (byte 64) */
// CHECK-NEXT: 80     4  4: i32
// CHECK-NEXT: 84     4  /* padding */
