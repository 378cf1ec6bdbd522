// An address held as an integer constant (the lifter variant stores and
// returns `ptrtoint (ptr getelementptr (%struct.S, ptr @g, i32 0, i32 1) to
// i64)`) is the same address as the pointer constant: its uses are chained
// with the uses of the field's address, so `p` is the `int32_t *` that the
// division of `g.b` says (before: the integer constant was an address of its
// own, and `p` and the return stayed generic64_t).
// RUN: %clang -g -O0 -S -emit-llvm -o %t.ll %s
// RUN: %dtrans typeflow --eval --lift --function addr %t.ll | %FileCheck %s --match-full-lines
// CHECK:      full: kind 4/4 (100.0%), exact 4/4 (100.0%), TIE 0.000, casts 0
// CHECK-NEXT: by kind, full: pointer 4/4 (100.0%, exact 4, TIE 0.000)

struct S {
  double d;
  int b;
};

struct S g;

int half(void) { return g.b / 2; }

int *addr(void) {
  int *p = &g.b;
  return p;
}
