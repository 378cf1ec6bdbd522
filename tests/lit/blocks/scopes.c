// Alias scopes of `blocks` (relayout/scopes.rs): every load and store at a
// place of the blocked structure is in its scope, every one the analysis
// knows is elsewhere (the register's fields, scalars of known types) is
// `!noalias` with it (locals too), and a generic pointer's (the bytes of a
// char buffer) gets neither. clang gives the parts of a `_Complex` field no TBAA tag,
// so without the scopes LLVM reloads `r->e` and `r->n` and redoes the
// block arithmetic after storing the amplitude; with them, at -O2, the
// key is stored right after the amplitude through the same element
// address. Every build prints what the original prints.
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p blocks --cost block-bytes=4096 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.out.ll
// RUN: %opt -O2 -S %t.out.ll -o %t.o2.ll
// RUN: %FileCheck %s --check-prefix=O2 < %t.o2.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %clang -O0 %t.out.ll -o %t.new0 && %t.new0 > %t.new0.txt && diff %t.base.txt %t.new0.txt
// CHECK-LABEL: define internal void @push(
// CHECK: load i64, ptr %{{[0-9]+}}, align 8, !dbg !{{[0-9]+}}, !tbaa !{{[0-9]+}}, !noalias ![[S:[0-9]+]]
// CHECK: store double %{{[0-9]+}}, ptr %{{[0-9]+}}, align 8, !dbg !{{[0-9]+}}, !alias.scope ![[S]]
// CHECK-LABEL: define internal i32 @sum_bytes(
// CHECK: load i8, ptr %{{[0-9]+}}, align 1, !dbg !{{[0-9]+}}, !tbaa !{{[0-9]+}}{{$}}
// CHECK-DAG: ![[S]] = !{![[SC:[0-9]+]]}
// CHECK-DAG: ![[SC]] = !{!"dtrans.blocks: struct.amp", ![[D:[0-9]+]]}
// CHECK-DAG: ![[D]] = !{!"dtrans.blocks"}
// O2-LABEL: define internal fastcc void @push(
// O2: store double %2, ptr %{{[0-9]+}}, align 8, !dbg !{{[0-9]+}}, !alias.scope
// O2-NEXT: store i64 %3, ptr %{{[0-9]+}}, align 8, !dbg !{{[0-9]+}}, !tbaa !{{[0-9]+}}, !alias.scope
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct amp { double _Complex a; unsigned long long key; };
struct reg { struct amp *e; long n, cap; };

static struct reg *reg_new(long cap) {
  struct reg *r = malloc(sizeof *r);
  r->e = calloc(cap, sizeof(struct amp));
  r->n = 0;
  r->cap = cap;
  return r;
}

/* The complex store carries no TBAA tag: without the scopes LLVM reloads
   r->e and r->n for the key's store. */
static void push(struct reg *r, double _Complex a, unsigned long long key) {
  if (r->n == r->cap) {
    r->e = realloc(r->e, 2 * r->cap * sizeof(struct amp));
    r->cap *= 2;
  }
  r->e[r->n].a = a;
  r->e[r->n].key = key;
  r->n++;
}

static void scale(struct reg *r, double s) {
  for (struct amp *p = r->e; p < r->e + r->n; p++)
    p->a *= s;
}

static unsigned long long keys(const struct reg *r) {
  unsigned long long x = 0;
  for (long i = 0; i < r->n; i++)
    x = x * 3 + r->e[i].key;
  return x;
}

/* Bytes of a char buffer: generic, so no scope is claimed. */
static unsigned sum_bytes(const char *b, int n) {
  unsigned s = 0;
  for (int i = 0; i < n; i++)
    s += (unsigned char)b[i];
  return s;
}

int main(void) {
  unsigned long long k = 0;
  struct reg *x = reg_new(300), *y = reg_new(500);
  for (int i = 0; i < 1000; i++) {
    push(x, i + 0.5 * I, i * 7u);
    push(y, -i + 0.25 * I, i * 11u);
  }
  for (int t = 0; t < 100; t++)
    k += keys(x) ^ keys(y);
  scale(x, 0.5);
  scale(y, 2.0);
  double re = 0;
  for (long i = 0; i < x->n; i++) { re += creal(x->e[i].a) + cimag(y->e[i].a); k ^= x->e[i].key + y->e[i].key; }
  char buf[16];
  snprintf(buf, sizeof buf, "%llx", k);
  printf("%.3f %llx %u\n", re, k, sum_bytes(buf, (int)strlen(buf)));
  free(x->e); free(x); free(y->e); free(y);
  return 0;
}
