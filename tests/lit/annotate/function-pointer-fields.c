// Function-pointer fields with their full signatures: const void * and
// void * parameters (i8*), a char * return, a variadic printf-like hook, a
// void (void) callback and a double (double) math hook. At -O1 and up (and
// -O2 -disable-llvm-passes) clang describes the library functions called
// (`qsort`), and a prototype with a pointer more than `void *` is
// annotated too.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines --check-prefixes=CHECK,O2NP

// CHECK-NOT: {{.}}
// CHECK: %struct.hooks = type { i32 (i8*, i8*)*, void (i8*)*, i8* (i32)*, i32 (i8*, ...)*, void ()*, double (double)*, i32 }
// CHECK-NEXT: function @install: void (%struct.hooks*)
// CHECK-NEXT: function @cmp_int: i32 (i8*, i8*)
// CHECK-NEXT: function @describe_int: i8* (i32)
// O2NP-NEXT: function @qsort: void (i8*, i64, i64, i32 (i8*, i8*)*)
// CHECK-NEXT: alloca %h.addr in @install: %struct.hooks*
// CHECK-NEXT: alloca %a.addr in @cmp_int: i8*
// CHECK-NEXT: alloca %b.addr in @cmp_int: i8*
// CHECK-NEXT: alloca %h in @main: %struct.hooks
// CHECK-NEXT: call %call in @main: i8* (i32)
// CHECK-NOT: {{.}}

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct hooks {
  int (*compare)(const void *, const void *);
  void (*release)(void *);
  char *(*describe)(int);
  int (*log)(const char *, ...);
  void (*tick)(void);
  double (*scale)(double);
  int calls;
};

static int cmp_int(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}
static char *describe_int(int v) { return v ? "yes" : "no"; }
static void tick_nothing(void) {}
static double twice(double x) { return 2 * x; }

void install(struct hooks *h) {
  h->compare = cmp_int;
  h->release = free;
  h->describe = describe_int;
  h->log = printf;
  h->tick = tick_nothing;
  h->scale = twice;
  h->calls = 0;
}

int main(void) {
  struct hooks h;
  install(&h);
  int v[3] = {3, 1, 2};
  qsort(v, 3, sizeof v[0], h.compare);
  return v[0] == 1 && strcmp(h.describe(1), "yes") == 0 ? 0 : 1;
}
