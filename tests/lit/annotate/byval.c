// A large structure passed by value: clang passes a pointer to a copy with
// the byval attribute, so the parameter's type is a pointer to the
// structure (%struct.record*).
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.record = type { i8*, %struct.record*, [3 x double] }
// CHECK-NEXT: function @total: double (%struct.record*, i32)
// CHECK-NEXT: function @pick: %struct.record* (%struct.record*, %struct.record*)
// CHECK-NEXT: alloca %b.addr in @pick: %struct.record*
// CHECK-NEXT: alloca %x in @main: %struct.record
// CHECK-NEXT: alloca %y in @main: %struct.record
// CHECK-NOT: {{.}}

struct record {
  char *key;
  struct record *link;
  double weights[3];
};

double total(struct record r, int scale) {
  return (r.weights[0] + r.weights[1] + r.weights[2]) * scale;
}

struct record *pick(struct record a, struct record *b) {
  return a.weights[0] > b->weights[0] ? a.link : b;
}

int main(void) {
  struct record x = {"x", 0, {1, 2, 3}};
  struct record y = {"y", &x, {4, 5, 6}};
  return total(x, 2) == 12.0 && pick(y, &x) == &x ? 0 : 1;
}
