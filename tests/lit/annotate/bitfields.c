// Bit-fields mixed with pointers. clang packs adjacent bit-fields into
// integer or byte-array storage fields that have no source member: they keep
// the IR's type (i8, [3 x i8], i64), while the pointer and ordinary members
// around them (tag is the i8 after the [3 x i8]) get their source types.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.flags = type { i8, %struct.flags*, [3 x i8], i8, i32*, i64, i8* }
// CHECK-NEXT: function @weight: i32 (%struct.flags*)
// CHECK-NEXT: alloca %f.addr in @weight: %struct.flags*
// CHECK-NEXT: alloca %f in @main: %struct.flags
// CHECK-NOT: {{.}}

struct flags {
  unsigned ready : 1;
  unsigned mode : 3;
  unsigned level : 4;
  struct flags *next;
  unsigned count : 20;
  char tag;
  int *weights;
  unsigned wide : 17;
  unsigned more : 15;
  unsigned short small : 9;
  char *name;
};

int weight(struct flags *f) {
  return f->ready && f->weights ? f->weights[f->mode] : f->count;
}

int main(void) {
  int w[8] = {5, 6, 7};
  struct flags f = {0};
  f.ready = 1;
  f.mode = 2;
  f.weights = w;
  f.next = &f;
  f.wide = 100000;
  f.small = 300;
  return weight(f.next) == 7 && f.small == 300 ? 0 : 1;
}
