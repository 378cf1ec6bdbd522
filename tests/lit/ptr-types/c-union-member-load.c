// A pointer loaded from a union whose members are structures beginning
// with different pointers (Lua's `CallInfo.u`: `l.base`, a `TValue *`, or
// `c.k`, a function). The IR names one member (`c`), so the load was
// declared a function pointer and used as a `struct value *`: ambiguous.
// Now it is declared `i8*` and typed by its use, with the members' types
// beside it (`union of:`), and the union's storage is not itself "used as"
// what the load is used as. The safety analysis checks the use: `use` reads
// `l.base` as the `struct value *` it holds (no cast); `pun` reads it as a
// `struct other *`, which no member holds there: BadCasting on both, with
// the site. The output is the same after the default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @use
// CHECK: %5 -> %union.anon* | declared: %union.anon* | elements: %struct.frame@1{{$}}
// CHECK: %6 -> %struct.value* | declared: i8* | usage: %struct.value*, i64* | union of: %struct.value*{{$}}
// CHECK-LABEL: function @pun
// CHECK: %3 -> %struct.other* | declared: i8* | usage: %struct.other* | union of: %struct.value*{{$}}

// SAFE-LABEL: %struct.frame (size 32, align 8)
// SAFE-NOT: BadCasting
// SAFE: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
// SAFE-LABEL: %struct.other (size 16, align 8)
// SAFE: BadCasting: @pun: %3 (c-union-member-load.c:{{[0-9:]+}}): loaded from a union whose members hold %struct.value* there, used as %struct.other*
// SAFE-LABEL: %struct.value (size 16, align 8)
// SAFE: BadCasting: @pun: %3 (c-union-member-load.c:{{[0-9:]+}}): loaded from a union whose members hold %struct.value* there, used as %struct.other*

#include <stdio.h>
#include <stdlib.h>
struct value { long n; int tag; };
struct other { long a; long b; };
typedef int (*kfunc)(int);
struct frame {
  struct value *func;
  union {
    struct { struct value *base; const int *pc; } l;
    struct { kfunc k; long ctx; } c;
  } u;
  int lua;
};

static int twice(int x) { return 2 * x; }

__attribute__((noinline)) static long use(struct frame *f) {
  if (f->lua) return f->u.l.base->n + f->u.l.base[1].tag;
  return f->u.c.k((int)f->u.c.ctx);
}

__attribute__((noinline)) static long pun(struct frame *f) {
  /* A third structure read through the union: a cast. */
  struct other *o = (struct other *)f->u.l.base;
  return o->b;
}

int main(int argc, char **argv) {
  struct value *vals = calloc(4, sizeof *vals);
  for (int i = 0; i < 4; i++) { vals[i].n = 10 * i + argc; vals[i].tag = i; }
  struct frame *fs = calloc(2, sizeof *fs);
  fs[0].func = vals; fs[0].lua = 1; fs[0].u.l.base = vals + 1; fs[0].u.l.pc = NULL;
  fs[1].func = vals; fs[1].lua = 0; fs[1].u.c.k = twice; fs[1].u.c.ctx = 21;
  printf("%ld %ld %ld\n", use(&fs[0]), use(&fs[1]), argc > 5 ? pun(&fs[0]) : 0L);
  free(fs); free(vals);
  return 0;
}
