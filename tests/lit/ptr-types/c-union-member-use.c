// A value made by `malloc`, passed as a union and used as one of its
// members (Lua 5.1's `obj2gco`: a `Closure *` linked as a `GCObject *`) is
// that member, not the union: nothing declares it the union. A value
// loaded as the union (`o` in `count`, read as a member in the loop) stays
// the union. The member's safety sees the union-sized allocation and the
// call that passes it as the union.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @new_closure
// CHECK-NEXT: %2 -> %struct.closure* | declared: i8* | usage: %union.object*, %struct.closure*{{$}}
// CHECK-LABEL: function @count
// CHECK-NEXT: %2 -> %union.object* | declared: %union.object*,

// SAFE-LABEL: %struct.closure (size 24, align 8)
// SAFE-DAG: BadAllocSizeArg: @new_closure: %2 ({{.*}}): size is not a multiple of the structure's
// SAFE-DAG: MismatchedArgUse: @new_closure: call @link_object ({{.*}}): argument 0 of @link_object is used as another type
#include <stdio.h>
#include <stdlib.h>

struct header { struct header *next; int tt; };
struct table { struct header *next; int tt; long size; long *slots; };
struct closure { struct header *next; int tt; int nup; void *f; };
union object { struct header h; struct table t; struct closure c; };

static union object *all;

__attribute__((noinline)) void link_object(union object *o, int tt) {
  o->h.next = (struct header *)all;
  o->h.tt = tt;
  all = o;
}

/* Made by malloc, passed as the union (Lua 5.1's `obj2gco`), used as the
   one member: the value is a `struct closure *`. */
__attribute__((noinline)) struct closure *new_closure(int nup) {
  struct closure *c = malloc(sizeof(union object));
  link_object((union object *)c, 6);
  c->nup = nup;
  c->f = 0;
  return c;
}

/* Loaded as the union and read as one member in the loop: stays the union. */
__attribute__((noinline)) long count(int tt) {
  long n = 0;
  for (union object *o = all; o; o = (union object *)o->h.next)
    if (o->h.tt == tt) n += o->c.nup;
  return n;
}

int main(void) {
  for (int i = 0; i < 5; i++) new_closure(i);
  printf("%ld\n", count(6));
  return 0;
}
