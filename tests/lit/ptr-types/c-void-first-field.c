// A `void *` at a structure's start (hoedown's `renderer_data.opaque`,
// CRFsuite's `internal`): at -O2 `d->opaque = st` is a store at `d`'s own
// address and `d->opaque` a load from it, so `d` was also "used as" a
// `struct state **` and ambiguous (BadCasting on both structures). A
// structure beginning with a `void *` holds any pointer there (as one
// beginning with a `uintptr_t`, `c-uintptr-free-list.c`): `d` is a
// `struct rdata *`, and the load used as a `struct state *` is judged by
// the `void *` field rule, which now also sees the stores made through
// the structure's own pointer. `struct rdata` and `struct state` are legal
// in the whole program. Near miss: `struct slot` also begins with a
// `void *`, and one store puts a pointer of unknown type there (a
// `char *` buffer), so its load used as a `struct state2 *` is a cast
// (BadCasting with the site), and `struct slot` itself stays legal. The
// output is the same after the default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types --function get %t.ll | %FileCheck %s
// RUN: %dtrans analyze --whole-program %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @get
// CHECK-NEXT: %0 -> %struct.rdata* | declared: %struct.rdata* | usage: %struct.rdata*, %struct.state**, i32**{{$}}
// CHECK-NEXT: %2 -> %struct.state* | declared: i8* | usage: %struct.state*, i32*{{$}}

// SAFE-LABEL: %struct.rdata (size 16, align 8)
// SAFE: safety: no conditions
// SAFE: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
// SAFE-LABEL: %struct.slot (size 16, align 8)
// SAFE: safety: no conditions
// SAFE-LABEL: %struct.state (size 16, align 8)
// SAFE: safety: no conditions
// SAFE: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
// SAFE-LABEL: %struct.state2 (size 16, align 8)
// SAFE: BadCasting: @get2: %{{[0-9]+}} (c-void-first-field.c:{{[0-9:]+}}): void* loaded from a field, used as %struct.state2*

#include <stdio.h>
#include <stdlib.h>
struct state { int depth; long flags; };
struct rdata { void *opaque; int n; };
struct state2 { int depth; long flags; };
struct slot { void *opaque; int n; };

__attribute__((noinline)) long get(struct rdata *d) {
  struct state *st = d->opaque;
  return st->flags + st->depth + d->n;
}
__attribute__((noinline)) long get2(struct slot *s) {
  struct state2 *st = s->opaque;
  return st->flags + st->depth + s->n;
}
__attribute__((noinline)) void fill(struct slot *s, char *buf) { s->opaque = buf; }

int main(int argc, char **argv) {
  struct state *st = calloc(1, sizeof *st);
  st->depth = 3; st->flags = 40;
  struct rdata *d = calloc(1, sizeof *d);
  d->opaque = st; d->n = 2;
  struct state2 *st2 = calloc(1, sizeof *st2);
  st2->depth = 5; st2->flags = 70;
  struct slot *s = calloc(2, sizeof *s);
  s[0].opaque = st2; s[0].n = 1;
  char *buf = calloc(64, 1);
  fill(&s[1], buf);
  printf("%ld %ld %d\n", get(d), get2(&s[argc - 1]), buf[0]);
  free(s); free(buf); free(st2); free(d); free(st);
  return 0;
}
