// `used as`: a pointer the recovery cannot follow to its origin (a byte
// offset known only at run time, PCRE2's `heapframe` vector) but whose
// every use agrees on one structure is reported with that type beside the
// unknown mark (`ValueInfo::used_as`), and bench/ptr_types_eval.py counts
// it recovered (`by-use`). Near misses: a parameter declared `struct node
// *` and used as a `struct frame` keeps no answer (the declaration names
// the variable); a use as `struct bf`, whose fields `struct bfdec` shares,
// names neither. The safety analysis still sees the unknown value, and
// the program's output is the same after the default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s
// RUN: %dtrans ptr-types %t.ll --format json | %FileCheck %s --check-prefix=JSON
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: python3 %root/bench/ptr_types_eval.py --show --levels O2 --dtrans %dtrans %s | %FileCheck %s --check-prefix=EVAL
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @walk
// CHECK: usage: i64*, %struct.frame* | unknown: variable byte offset that is not a whole number of objects | used as: %struct.frame*
// CHECK-LABEL: function @punned
// CHECK: %3 -> ? | usage: %struct.frame* | unknown: variable byte offset {{.*}} | used as: %struct.frame*
// CHECK-LABEL: function @declared
// CHECK: %0 -> ? | declared: %struct.node* | usage: %struct.node*, %struct.frame* | ambiguous: used as %struct.node* and %struct.frame*{{$}}
// CHECK-LABEL: function @twin
// CHECK: %3 -> ? | usage: %struct.bf* | unknown: variable byte offset that is not a whole number of objects{{$}}

// JSON: "name": "punned",
// JSON: "value": "%3",
// JSON-NEXT: "declared": [],
// JSON-NEXT: "usage": [
// JSON-NEXT: "%struct.frame*"
// JSON-NEXT: ],
// JSON-NEXT: "dominant": null,
// JSON-NEXT: "used_as": "%struct.frame*",

// SAFE-LABEL: %struct.frame (size 16, align 8)
// SAFE: BadPtrManipulation: @walk: %11 ({{.*}}): unknown: variable byte offset that is not a whole number of objects

// EVAL: program {{.*}} prefix by-use recov%
// EVAL-NEXT: c-used-as O2 debug-info 11 7 0 0 1 0 0 3 2 1 0 0 0 2 63.6%
// EVAL-DAG: unknown declared %0: debug %struct.node*, dtrans - (used as %struct.node* and %struct.frame*)
// EVAL-DAG: unknown twin %3: debug %struct.bfdec*, dtrans - (variable byte offset
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct frame { long rdepth; int group; int nov; long ov[]; };
struct node { struct node *next; long key; };
struct bf { long *ctx; int sign; long expn; long len; long *tab; };
struct bfdec { long *ctx; int sign; long expn; long len; long *tab; };
struct bfdec gd;

__attribute__((noinline)) long touch(struct frame *f, int i) { f->group += i; return f->rdepth * 3 + f->group; }

/* Frames of a size known at run time, one after another (PCRE2's
   heapframe vector): `next` is a variable byte offset from `f`. */
__attribute__((noinline)) long walk(char *base, long size, int n) {
  long s = 0;
  struct frame *f = (struct frame *)base;
  for (int i = 0; i < n; i++) {
    struct frame *next = (struct frame *)((char *)f + size);
    next->rdepth = f->rdepth + 1;
    next->group = f->group;
    s += touch(next, i);
    f = next;
  }
  return s;
}

/* A variable offset from a `struct node *`, used as a `struct frame`. */
__attribute__((noinline)) long punned(struct node *p, long off) {
  struct frame *f = (struct frame *)((char *)p + off);
  return touch(f, 1);
}

/* Declared a `struct node *` (a parameter) and used as a `struct frame`:
   the declaration names the variable, the use another view of it. */
__attribute__((noinline)) long declared(struct node *p) {
  return touch((struct frame *)p, 2) + p->key;
}

/* Used only as a `struct bf`, of the same fields as `struct bfdec`: libbf
   passes a `bfdec_t *` as a `bf_t *`, so the use names neither. */
__attribute__((noinline)) long sum_bf(struct bf *a) { return a->sign + a->expn + a->len; }
__attribute__((noinline)) long twin(struct node *p, long off) {
  struct bfdec *d = (struct bfdec *)((char *)p + off);
  return sum_bf((struct bf *)d);
}

int main(void) {
  long size = sizeof(struct frame) + 4 * sizeof(long);
  char *base = calloc(9, size);
  ((struct frame *)base)->group = 2;
  printf("%ld\n", walk(base, size, 8));
  struct node *n = calloc(4, sizeof *n);
  printf("%ld\n", punned(n, 16));
  printf("%ld\n", declared(n + 1));
  gd.len = 4;
  printf("%ld\n", twin((struct node *)&gd, 0) + gd.len);
  free(base); free(n);
  return 0;
}
