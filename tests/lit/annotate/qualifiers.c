// const, volatile and restrict qualifiers on members, on pointees and on
// the pointers themselves are dropped: const struct cfg * is %struct.cfg*,
// a const pointer to volatile int is i32*, const char *const * is i8**.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.cfg = type { i32, i32, %struct.cfg*, %struct.cfg*, i32*, i8**, double* }
// CHECK-NEXT: function @depth: i32 (%struct.cfg*)
// CHECK-NEXT: function @first_name: i8* (%struct.cfg*)
// CHECK-NEXT: global @main.names: [1 x i8*]
// CHECK-NEXT: global @root_cfg: %struct.cfg*
// CHECK-NEXT: alloca %c.addr in @depth: %struct.cfg*
// CHECK-NEXT: alloca %c.addr in @first_name: %struct.cfg*
// CHECK-NEXT: alloca %base in @main: %struct.cfg
// CHECK-NEXT: alloca %child in @main: %struct.cfg
// CHECK-NOT: {{.}}

struct cfg {
  const int version;
  volatile unsigned ticks;
  const struct cfg *parent;
  struct cfg *const self;
  volatile int *const counter;
  const char *const *names;
  const volatile double *restrict gauge;
};

const struct cfg *root_cfg;
volatile int hits;

int depth(const struct cfg *c) {
  int d = 0;
  while (c->parent) {
    c = c->parent;
    d++;
  }
  return d;
}

const char *first_name(const struct cfg *restrict c) { return c->names[0]; }

int main(void) {
  static const char *const names[] = {"base"};
  double g = 1.0;
  const struct cfg base = {1, 0, 0, 0, &hits, names, &g};
  const struct cfg child = {2, 0, &base, 0, &hits, names, &g};
  root_cfg = &child;
  return depth(root_cfg) == 1 && first_name(&child)[0] == 'b' ? 0 : 1;
}
