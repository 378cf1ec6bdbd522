// A function-pointer field whose function returns a structure pointer and
// takes the owning structure: struct obj *(*make)(struct factory *, int),
// plus a destructor hook, a field that is a pointer to such a function
// pointer, and a function returning a function pointer.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.factory = type { %struct.obj* (%struct.factory*, i32)*, void (%struct.obj*)*, %struct.obj* (%struct.factory*, i32)**, i32 }
// CHECK-NEXT: %struct.obj = type { i32, %struct.obj* }
// CHECK-NEXT: function @pick: %struct.obj* (%struct.factory*, i32)* (%struct.factory*)
// CHECK-NEXT: function @make_obj: %struct.obj* (%struct.factory*, i32)
// CHECK-NEXT: function @destroy_obj: void (%struct.obj*)
// CHECK-NEXT: alloca %f.addr in @pick: %struct.factory*
// CHECK-NEXT: alloca %backup in @main: %struct.obj* (%struct.factory*, i32)*
// CHECK-NEXT: alloca %f in @main: %struct.factory
// CHECK-NEXT: alloca %maker in @main: %struct.obj* (%struct.factory*, i32)*
// CHECK-NEXT: alloca %o in @main: %struct.obj*
// CHECK-NEXT: alloca %f.addr in @make_obj: %struct.factory*
// CHECK-NEXT: alloca %o in @make_obj: %struct.obj*
// CHECK-NEXT: alloca %o.addr in @destroy_obj: %struct.obj*
// CHECK-NEXT: call {{%call[0-9]*}} in @main: %struct.obj* (%struct.factory*, i32)
// CHECK-NEXT: call #{{[0-9]+}} in %{{[a-z.0-9]+}} in @main: void (%struct.obj*)
// CHECK-NOT: {{.}}

#include <stdlib.h>

struct obj {
  int size;
  struct obj *peer;
};

struct factory {
  struct obj *(*make)(struct factory *self, int size);
  void (*destroy)(struct obj *o);
  struct obj *(**fallback)(struct factory *self, int size);
  int made;
};

static struct obj *make_obj(struct factory *f, int size) {
  struct obj *o = malloc(sizeof *o);
  o->size = size;
  o->peer = 0;
  f->made++;
  return o;
}

static void destroy_obj(struct obj *o) { free(o); }

struct obj *(*pick(struct factory *f))(struct factory *, int) {
  return f->make ? f->make : *f->fallback;
}

int main(void) {
  struct obj *(*backup)(struct factory *, int) = make_obj;
  struct factory f = {make_obj, destroy_obj, &backup, 0};
  struct obj *(*maker)(struct factory *, int) = pick(&f);
  struct obj *o = maker(&f, 3);
  int ok = o->size == 3 && f.made == 1;
  f.destroy(o);
  return ok ? 0 : 1;
}
