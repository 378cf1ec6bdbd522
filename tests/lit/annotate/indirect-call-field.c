// Indirect calls through function-pointer fields: a field of a structure
// reached through a pointer, a field of a nested structure, an element of a
// global table of function pointers, a global function pointer, and a
// field of a local structure.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.anon = type { i32 (i8*, ...)* }
// CHECK-NEXT: %struct.shape = type { %struct.vtable*, double, double, %struct.anon }
// CHECK-NEXT: %struct.vtable = type { double (%struct.shape*)*, void (%struct.shape*, double)* }
// CHECK-NEXT: function @rect_area: double (%struct.shape*)
// CHECK-NEXT: function @rect_scale: void (%struct.shape*, double)
// CHECK-NEXT: function @grow: double (%struct.shape*)
// CHECK-NEXT: global @area_hooks: [2 x double (%struct.shape*)*]
// CHECK-NEXT: global @global_scale: void (%struct.shape*, double)*
// CHECK-NEXT: global @rect_vt: %struct.vtable
// CHECK-NEXT: alloca %s.addr in @rect_area: %struct.shape*
// CHECK-NEXT: alloca %s.addr in @rect_scale: %struct.shape*
// CHECK-NEXT: alloca %s.addr in @grow: %struct.shape*
// CHECK-NEXT: alloca %s in @main: %struct.shape
// CHECK-NEXT: alloca %local in @main: %struct.vtable
// CHECK-NEXT: call #{{[0-9]+}} in %entry in @grow: void (%struct.shape*, double)
// CHECK-NEXT: call #{{[0-9]+}} in %entry in @grow: void (%struct.shape*, double)
// CHECK-NEXT: call {{%call[0-9]*}} in @grow: double (%struct.shape*)
// CHECK-NEXT: call {{%call[0-9]*}} in @grow: i32 (i8*, ...)
// CHECK-NEXT: call {{%call[0-9]*}} in @grow: double (%struct.shape*)
// CHECK-NEXT: call #{{[0-9]+}} in %entry in @main: void (%struct.shape*, double)
// CHECK-NOT: {{.}}

#include <stdio.h>

struct shape;

struct vtable {
  double (*area)(const struct shape *);
  void (*scale)(struct shape *, double);
};

struct shape {
  const struct vtable *vt;
  double w, h;
  struct {
    int (*print)(const char *, ...);
  } io;
};

static double rect_area(const struct shape *s) { return s->w * s->h; }
static void rect_scale(struct shape *s, double f) { s->w *= f; s->h *= f; }
static const struct vtable rect_vt = {rect_area, rect_scale};

double (*area_hooks[2])(const struct shape *) = {0, rect_area};
void (*global_scale)(struct shape *, double) = rect_scale;

double grow(struct shape *s) {
  s->vt->scale(s, 2.0);
  global_scale(s, 0.5);
  s->io.print("%g\n", s->vt->area(s));
  return area_hooks[1](s);
}

int main(void) {
  struct shape s = {&rect_vt, 2, 3, {printf}};
  struct vtable local = rect_vt;
  local.scale(&s, 1.0);
  return grow(&s) == 24.0 ? 0 : 1;
}
