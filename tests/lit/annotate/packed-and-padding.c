// Packed structures and explicit padding: a packed structure is an LLVM
// packed struct <{ ... }> (printed the same way); an over-aligned member
// makes clang insert a padding byte array with no source member, which
// keeps its IR type; long double is x86_fp80 and a vector member keeps its
// vector type.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.aligned = type { i8, [31 x i8], %struct.aligned*, x86_fp80, <4 x float>, [16 x i8] }
// CHECK-NEXT: %struct.half_packed = type <{ i8, i8, i8*, %struct.wire* }>
// CHECK-NEXT: %struct.wire = type <{ i8, %struct.wire*, i32*, i16 }>
// CHECK-NEXT: function @wire_len: i32 (%struct.wire*, %struct.aligned*, %struct.half_packed*)
// CHECK-NEXT: alloca %w.addr in @wire_len: %struct.wire*
// CHECK-NEXT: alloca %a.addr in @wire_len: %struct.aligned*
// CHECK-NEXT: alloca %h.addr in @wire_len: %struct.half_packed*
// CHECK-NEXT: alloca %w in @main: %struct.wire
// CHECK-NEXT: alloca %a in @main: %struct.aligned
// CHECK-NEXT: alloca %h in @main: %struct.half_packed
// CHECK-NOT: {{.}}

struct __attribute__((packed)) wire {
  char kind;
  struct wire *next;
  int *payload;
  short len;
};

struct aligned {
  char tag;
  struct aligned *link __attribute__((aligned(32)));
  long double precise;
  float vec __attribute__((vector_size(16)));
};

#pragma pack(push, 2)
struct half_packed {
  char c;
  char *text;
  struct wire *w;
};
#pragma pack(pop)

int wire_len(struct wire *w, struct aligned *a, struct half_packed *h) {
  return w->len + (a->link != 0) + (h->text != 0) + (int)a->precise + (int)a->vec[1];
}

int main(void) {
  struct wire w = {1, 0, 0, 5};
  struct aligned a = {0};
  struct half_packed h = {0, "x", &w};
  a.link = &a;
  a.precise = 2.0L;
  return wire_len(&w, &a, &h) == 9 ? 0 : 1;
}
