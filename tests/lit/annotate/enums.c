// Enumerations are their integer type: a plain enum is i32, an enum with a
// 64-bit enumerator is i64, a packed enum is i8; pointers to enums are
// pointers to those integers.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.pixel = type { i32, i8, i64, i32*, %struct.pixel* }
// CHECK-NEXT: function @pick: i32 (%struct.pixel*, i32*)
// CHECK-NEXT: global @current: i32*
// CHECK-NEXT: alloca %p.addr in @pick: %struct.pixel*
// CHECK-NEXT: alloca %fallback.addr in @pick: i32*
// CHECK-NEXT: alloca %px in @main: %struct.pixel
// CHECK-NOT: {{.}}

enum color { RED, GREEN, BLUE };
enum big { HUGE_VALUE = 1LL << 40 };
enum __attribute__((packed)) small { S0, S1 };

struct pixel {
  enum color c;
  enum small s;
  enum big b;
  enum color *palette;
  struct pixel *next;
};

enum color *current;

enum color pick(struct pixel *p, enum color *fallback) {
  return p->palette ? p->palette[0] : *fallback;
}

int main(void) {
  enum color pal[3] = {BLUE, RED, GREEN};
  enum color def = GREEN;
  struct pixel px = {RED, S1, HUGE_VALUE, pal, 0};
  current = &def;
  return pick(&px, current) == BLUE && px.s == S1 ? 0 : 1;
}
