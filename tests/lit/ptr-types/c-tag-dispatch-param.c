// A callee that reads its `void *` parameter as what a tag says (SQLite's
// `freeP4(db, type, p4)`: a `KeyInfo *`, a `FuncDef *`, a `CollSeq *`,
// ...). The parameter is declared as every caller's type and used as each:
// ambiguous, and the safety analysis marks both structures at it. The
// arguments are used as what the callee uses the parameter as only where
// their own type explains it: `k` stays a `struct key *`, `c` a `struct
// coll *` (each was ambiguous between both, as was every argument of
// SQLite's `sqlite3VdbeAddOp4` through it). The output is the same after
// the default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @main
// CHECK: %5 -> %struct.key* | declared: %struct.key* |
// CHECK: %7 -> %struct.coll* | declared: %struct.coll* |
// CHECK-LABEL: function @release
// CHECK: %1 -> ? | declared: i8*, %struct.key*, %struct.coll* | usage: i8*, %struct.key*, %struct.coll* | ambiguous: used as %struct.key* and %struct.coll*

// SAFE-LABEL: %struct.coll (size 16, align 8)
// SAFE: BadCasting: @release: %1: ambiguous: used as %struct.key* and %struct.coll*
// SAFE-LABEL: %struct.key (size 16, align 8)
// SAFE: BadCasting: @release: %1: ambiguous: used as %struct.key* and %struct.coll*

#include <stdio.h>
#include <stdlib.h>
struct key { int n; int refs; long mask; };
struct coll { char *name; int enc; };

static long released;

/* Reads its `void *` as what `type` says (SQLite's freeP4). */
__attribute__((noinline)) static void release(int type, void *p) {
  if (type == 1) { struct key *k = p; released += k->mask; if (--k->refs == 0) free(k); }
  else if (type == 2) { struct coll *c = p; released += c->enc; free(c); }
}

__attribute__((noinline)) static struct key *make_key(long mask) {
  struct key *k = malloc(sizeof *k); k->n = 3; k->refs = 1; k->mask = mask; return k;
}

__attribute__((noinline)) static struct coll *make_coll(char *name) {
  struct coll *c = malloc(sizeof *c); c->name = name; c->enc = 2; return c;
}

int main(int argc, char **argv) {
  struct key *k = make_key(40 + argc);
  struct coll *c = make_coll(argv[0]);
  k->n += c->enc;
  printf("%d\n", k->n);
  release(1, k);
  release(2, c);
  printf("%ld\n", released);
  return 0;
}
