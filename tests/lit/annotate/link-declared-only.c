// A structure only declared in one unit (`struct handle;`: an opaque
// handle, as `lua_State` is to Lua's auxiliary library) and defined in
// another: C makes the declared tag compatible with the definition, so
// the declared unit's pointers are pointers to the defined structure (not
// to an opaque twin, which the analyses take for `void *`). A tag defined
// differently in two units (`struct other`) has no one definition: its
// declared pointers stay opaque.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.main.ll
// RUN: %clang -g -O0 -S -emit-llvm %S/Inputs/link-declared-only-lib.c -o %t.lib.ll
// RUN: %clang -g -O0 -S -emit-llvm %S/Inputs/link-declared-only-other.c -o %t.other.ll
// RUN: %llvm-link -S %t.main.ll %t.lib.ll %t.other.ll -o %t.ll
// RUN: %dtrans annotate %t.ll -o %t.ann.ll
// RUN: %opt -passes=verify -disable-output %t.ann.ll
// RUN: %dtrans types %t.ann.ll | %FileCheck %s --check-prefix=TYPES
// RUN: %dtrans analyze --whole-program %t.ll | %FileCheck %s
// TYPES-DAG: function @twice: i32 (%struct.handle*)
// TYPES-DAG: function @other_twice: i32 (%struct.other.{{[0-9]+}}*)
// TYPES-DAG: %struct.other.{{[0-9]+}} = type opaque
// CHECK-LABEL: %struct.handle (
// CHECK-NOT: BadCasting
// CHECK: legal: reorder-fields yes; delete-field yes
#include <stdio.h>

typedef struct handle handle;
struct handle {
  long unused;
  int value;
};
struct other {
  int i;
};

int twice(struct handle *h);
int other_twice(struct other *o);
__attribute__((noinline)) int handle_get(struct handle *h) { return h->value; }
__attribute__((noinline)) int other_get(struct other *o) { return o->i; }

int main(int argc, char **argv) {
  (void)argv;
  struct handle h = {0, argc + 20};
  struct other o = {argc};
  printf("%d %d\n", twice(&h), other_twice(&o));
  return 0;
}
