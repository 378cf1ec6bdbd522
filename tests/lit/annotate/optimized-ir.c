// Fully optimized IR (-O2): struct types may disappear (byte GEPs) and
// internal functions may lose parameters (dead argument elimination), so
// the debug type of a function no longer lines up with its IR parameters.
// What must still hold: the module verifies, nothing annotated contradicts
// the IR, the surviving structures are described exactly, and a parameter
// is never given the type of a different source parameter (use_second's
// remaining parameter is the struct second *, never the struct first *).
// RUN: %clang -g -O2 -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: %dtrans annotate %t.ll -o %t.ann.ll
// RUN: %opt -passes=verify -disable-output %t.ann.ll
// RUN: %dtrans types %t.ann.ll 2>&1 | %FileCheck %s --match-full-lines
// RUN: %clang %t.ann.ll -o %t.exe
// RUN: %t.exe

// CHECK-NOT: ; no metadata
// CHECK: %struct.first = type { i32, %struct.first* }
// CHECK-NOT: ; no metadata
// CHECK: function @make: [[S:(%struct.second|i8)\*]] (i64, i8*, [[S]])
// CHECK-NEXT: function @main: i32 (i32, i8**)
// CHECK-NOT: function @use_second: {{.*}}%struct.first
// CHECK: global @global_list: [[S]]
// CHECK-NOT: does not match

#include <stdio.h>
#include <stdlib.h>

struct first {
  int a;
  struct first *self;
};

struct second {
  long b;
  char *text;
  struct second *next;
};

struct second *global_list;

__attribute__((noinline)) static int use_second(struct first *unused, struct second *s) {
  int n = 0;
  for (; s; s = s->next)
    n += (int)s->b + s->text[0];
  return n;
}

__attribute__((noinline)) struct second *make(long b, char *text, struct second *next) {
  struct second *s = malloc(sizeof *s);
  s->b = b;
  s->text = text;
  s->next = next;
  return s;
}

int main(int argc, char **argv) {
  struct first f = {argc, &f};
  global_list = make(1, argv[0], make(2, "x", 0));
  int r = use_second(&f, global_list);
  printf("%d\n", r > 0);
  return r > 0 ? 0 : 1;
}
