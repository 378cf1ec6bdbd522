// A pointer loaded from inside a union's member, past the member's start,
// where the members hold different types (SQLite's `Table.u` holds an
// `ExprList *` in `tab` or a `VTable *` in `vtab` at one offset; QuickJS's
// `JSObject.u` a `JSValue *` or a `JSVarRef **`). The IR describes the
// union as one member, so the field found at that offset was that member's
// (`struct exprlist *`), and `vrefs`' `struct vtable *` was ambiguous.
// Now the place is bytes (`i8*`), a load from it is union storage
// (declared `i8*`, typed by its use, the members' types beside it), and
// the safety analysis checks the use: `pun` reads the place as a
// `struct other *`, which no member holds there (BadCasting with the
// site); `vrefs` and `defaults` read what their members hold (no site of
// either; `release`'s parameter, read as two structures, is a cast).
// The output is the same after the default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE --implicit-check-not="@vrefs: " --implicit-check-not="@defaults: "
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @vrefs
// CHECK: %2 -> i8* | declared: i8* | elements: %struct.anon@2{{$}}
// CHECK: %3 -> %struct.vtable* | declared: i8* | usage: %struct.vtable* | union of: %struct.exprlist*, %struct.vtable*{{$}}
// CHECK-LABEL: function @defaults
// CHECK: %3 -> %struct.exprlist* | declared: i8* | usage: %struct.exprlist*, i32* | union of: %struct.exprlist*, %struct.vtable*{{$}}
// CHECK-LABEL: function @unlock
// CHECK: %3 -> %struct.vtable* | declared: i8* | usage: i8*, %struct.vtable*, i64* | union of: %struct.exprlist*, %struct.vtable*{{$}}
// CHECK-LABEL: function @pun
// CHECK: %3 -> %struct.other* | declared: i8* | usage: %struct.other* | union of: %struct.exprlist*, %struct.vtable*{{$}}
// CHECK-LABEL: function @main
// CHECK: -> %struct.vtable** | declared: i8* | usage: i8**, %struct.vtable** | elements: %struct.anon@2{{$}}

// SAFE-LABEL: %struct.exprlist (size 16, align 8)
// SAFE: BadCasting: @pun: %3 (c-union-member-place.c:{{[0-9:]+}}): loaded from a union whose members hold %struct.exprlist* or %struct.vtable* there, used as %struct.other*
// SAFE-LABEL: %struct.other (size 16, align 8)
// SAFE: BadCasting: @pun: %3
// SAFE-LABEL: %struct.vtable (size 24, align 8)
// SAFE: also @pun: %3

#include <stdio.h>
#include <stdlib.h>
struct exprlist { int n; int *items; };
struct vtable { void *db; struct vtable *next; int nref; };
struct other { long a; long b; };
struct table {
  char *name;
  int kind;
  union {
    struct { int off; void *fk; struct exprlist *dflt; } tab;
    struct { int narg; char **args; struct vtable *p; } vtab;
  } u;
};

__attribute__((noinline)) int vrefs(struct table *t) {
  int n = 0;
  for (struct vtable *v = t->u.vtab.p; v; v = v->next)
    n += v->nref;
  return n;
}

__attribute__((noinline)) int defaults(struct table *t) {
  struct exprlist *e = t->u.tab.dflt;
  return e ? e->n : 0;
}

struct keyinfo { long refs; int n; };

/* Reads `p` by its kind: a `void *` parameter used as two structures. */
__attribute__((noinline)) long release(int kind, void *p) {
  if (kind == 1)
    return ((struct vtable *)p)->nref;
  return ((struct keyinfo *)p)->refs;
}

/* The argument is what the union's members hold there (a `VTable *`
   passed to SQLite's `sqlite3VdbeAddOp4`): it takes the parameter's uses
   only as those explain, so it is no `struct keyinfo *`. */
__attribute__((noinline)) long unlock(struct table *t) {
  struct vtable *v = t->u.vtab.p;
  return v ? release(1, v) : 0;
}

__attribute__((noinline)) long pun(struct table *t) {
  struct other *o = (struct other *)t->u.vtab.p;
  return o ? o->b : 0;
}

int main(int argc, char **argv) {
  struct table *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
  struct vtable *v = calloc(2, sizeof *v);
  v[0].next = &v[1];
  v[0].nref = 3;
  v[1].nref = argc + 4;
  a->kind = 1;
  a->u.vtab.p = v;
  struct exprlist *e = calloc(1, sizeof *e);
  e->n = 9;
  b->u.tab.dflt = e;
  struct keyinfo *k = calloc(1, sizeof *k);
  k->refs = 7;
  printf("%d %d %ld %ld %ld\n", vrefs(a), defaults(b), pun(argc > 5 ? a : b), unlock(a), release(2, k));
  return 0;
}
