// void * stays i8* (fields, parameters, returns, globals, locals); void **
// is i8**; a pointer to a function returning void * is i8* (i64)*.
// RUN: %clang -g -O0 -fno-discard-value-names -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans annotate %t.O0.ll -o %t.O0.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O0.ann.ll
// RUN: %dtrans types --strict %t.O0.ann.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -fno-discard-value-names -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans annotate %t.O2.ll -o %t.O2.ann.ll
// RUN: %opt -passes=verify -disable-output %t.O2.ann.ll
// RUN: %dtrans types --strict %t.O2.ann.ll | %FileCheck %s --match-full-lines

// CHECK-NOT: {{.}}
// CHECK: %struct.arena = type { i8*, i8**, i8* (i64)*, i64 }
// CHECK-NEXT: function @arena_take: i8* (%struct.arena*, i64)
// CHECK-NEXT: function @copy_into: void (i8*, i8*, i64)
// CHECK-NEXT: global @scratch: i8*
// CHECK-NEXT: alloca %a.addr in @arena_take: %struct.arena*
// CHECK-NEXT: alloca %p in @arena_take: i8*
// CHECK-NEXT: alloca %dst.addr in @copy_into: i8*
// CHECK-NEXT: alloca %src.addr in @copy_into: i8*
// CHECK-NEXT: alloca %a in @main: %struct.arena
// CHECK-NEXT: alloca %blocks in @main: [2 x i8*]
// CHECK-NEXT: call {{%call[0-9]*}} in @main: i8* (i64)
// CHECK-NOT: {{.}}

#include <stdlib.h>
#include <string.h>

struct arena {
  void *base;
  void **blocks;
  void *(*alloc)(size_t);
  size_t used;
};

void *scratch;

void *arena_take(struct arena *a, size_t n) {
  void *p = (char *)a->base + a->used;
  a->used += n;
  return p;
}

void copy_into(void *dst, const void *src, size_t n) { memcpy(dst, src, n); }

int main(void) {
  struct arena a = {0, 0, malloc, 0};
  a.base = a.alloc(64);
  void *blocks[2] = {a.base, 0};
  a.blocks = blocks;
  scratch = arena_take(&a, 8);
  copy_into(scratch, "abc", 4);
  int ok = ((char *)a.blocks[0])[2] == 'c';
  free(a.base);
  return ok ? 0 : 1;
}
