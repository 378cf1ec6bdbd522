// Structures nested by value two levels deep (c contains b contains a), an
// array of nested structures, and pointers into the nested parts.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.a = type { i32, i8* }
// CHECK-NEXT: %struct.b = type { %struct.a, double, %struct.a* }
// CHECK-NEXT: %struct.c = type { %struct.b, [2 x %struct.b], %struct.c*, i16 }
// CHECK-NEXT: function @inner_name: i8* (%struct.c*)
// CHECK-NEXT: function @second_a: %struct.a* (%struct.c*)
// CHECK-NEXT: global @top: %struct.c
// CHECK-NEXT: alloca %p.addr in @inner_name: %struct.c*
// CHECK-NEXT: alloca %p.addr in @second_a: %struct.c*
// CHECK-NEXT: alloca %pb in @main: %struct.b*
// CHECK-NOT: {{.}}

struct a {
  int x;
  char *s;
};

struct b {
  struct a first;
  double d;
  struct a *pa;
};

struct c {
  struct b inner;
  struct b pair[2];
  struct c *up;
  short tag;
};

struct c top;

char *inner_name(struct c *p) { return p->inner.first.s; }

struct a *second_a(struct c *p) { return &p->pair[1].first; }

int main(void) {
  top.inner.first.s = "x";
  top.pair[1].pa = &top.inner.first;
  struct b *pb = &top.pair[0];
  pb->d = 1.5;
  return inner_name(&top)[0] == 'x' && second_a(&top) == &top.pair[1].first ? 0 : 1;
}
