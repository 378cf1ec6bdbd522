// Globals laid out by their initializer: clang gives a structure with a
// bit-field the literal type `{ i8, i8, i8, i32 }` instead of %struct.S1
// (and an array of them a packed literal). Pointers to them are still
// %struct.S1*: a literal structure of the structure's size is another view
// of the same storage (the safety analysis judges the layout).
// Bit-fields packed into `[3 x i8]` storage are read and written as one
// i24: the structure pointer is used as an i24*, another view of it.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll | %FileCheck %s

struct S1 { unsigned a : 24; int b; };
struct S1 g = { 5, 6 };
struct S1 arr[2][3] = { { { 1, 2 } } };

#pragma pack(push, 1)
struct P { unsigned a : 20; unsigned b : 4; char c; };
#pragma pack(pop)

int h(struct P *p) { p->a = 3; return p->a + p->c; }

int get(int k) {
  struct S1 *p = k ? &g : &arr[1][2];
  return p->b + p->a;
}

// CHECK-LABEL: function @h
// CHECK: %0 -> %struct.P* | declared: %struct.P* | usage: %struct.P*, i24*
// CHECK-NOT: ambiguous
// CHECK-LABEL: function @get
// The slot of p, then the phi of &g and &arr[1][2].
// CHECK: %3 -> %struct.S1** | declared: %struct.S1** | usage: %struct.S1**, { i8, i8, i8, i32 }**
// CHECK: %8 -> %struct.S1* | declared: %struct.S1*, { i8, i8, i8, i32 }* |
// CHECK-NOT: ambiguous
