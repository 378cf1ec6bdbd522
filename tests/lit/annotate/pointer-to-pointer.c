// Pointer-to-pointer fields and parameters: an array of item pointers
// (struct item **), an argv-like char **, a triple pointer, and main's argv.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.item = type { i32, %struct.item* }
// CHECK-NEXT: %struct.registry = type { %struct.item**, i8**, i32***, i32 }
// CHECK-NEXT: function @add: void (%struct.registry*, %struct.item*, i8*)
// CHECK-NEXT: function @find: %struct.item** (%struct.registry*, i32)
// CHECK-NEXT: function @main: i32 (i32, i8**)
// CHECK-NEXT: alloca %r.addr in @add: %struct.registry*
// CHECK-NEXT: alloca %it.addr in @add: %struct.item*
// CHECK-NEXT: alloca %name.addr in @add: i8*
// CHECK-NEXT: alloca %r.addr in @find: %struct.registry*
// CHECK-NEXT: alloca %pp in @find: %struct.item**
// CHECK-NEXT: alloca %end in @find: %struct.item**
// CHECK-NEXT: alloca %argv.addr in @main: i8**
// CHECK-NEXT: alloca %r in @main: %struct.registry
// CHECK-NEXT: alloca %a in @main: %struct.item
// CHECK-NEXT: alloca %hit in @main: %struct.item**
// CHECK-NOT: {{.}}

#include <stdlib.h>

struct item {
  int id;
  struct item *next;
};

struct registry {
  struct item **slots;
  char **names;
  int ***cube;
  int n;
};

void add(struct registry *r, struct item *it, char *name) {
  r->slots = realloc(r->slots, (r->n + 1) * sizeof *r->slots);
  r->names = realloc(r->names, (r->n + 1) * sizeof *r->names);
  r->slots[r->n] = it;
  r->names[r->n] = name;
  r->n++;
}

struct item **find(struct registry *r, int id) {
  struct item **pp = r->slots, **end = r->slots + r->n;
  while (pp != end && (*pp)->id != id)
    pp++;
  return pp != end ? pp : 0;
}

int main(int argc, char **argv) {
  struct registry r = {0, 0, 0, 0};
  struct item a = {1, 0};
  add(&r, &a, argv[0]);
  struct item **hit = find(&r, 1);
  return hit && *hit == &a && argc > 0 ? 0 : 1;
}
