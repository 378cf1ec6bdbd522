// At -O1 and up clang tracks assignments: a local whose address is taken
// keeps its alloca, described by `#dbg_assign` records (not `#dbg_declare`).
// A `#dbg_assign` whose address is the alloca and whose expressions are
// empty says the alloca holds the whole variable: the alloca gets the
// variable's type, as with a declare (before, `p`'s `char *` slot was
// untyped at -O2). One record per alloca counts; the later ones (after
// each store) add nothing.
// RUN: %clang -g -O2 -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: %dtrans annotate %t.ll -o %t.ann.ll
// RUN: %opt -passes=verify -disable-output %t.ann.ll
// RUN: %dtrans types %t.ann.ll | %FileCheck %s
// CHECK-DAG: alloca %s in @main: %struct.S
// CHECK-DAG: alloca %p in @main: i8*
// CHECK-DAG: alloca %q in @main: %struct.S*
struct S { int a; long b; char *name; };
__attribute__((noinline)) void fill(struct S *s, char **out, struct S **self) {
  s->a = 1;
  s->b = 2;
  s->name = "x";
  *out = s->name;
  *self = s;
}
int main(void) {
  struct S s;
  char *p;
  struct S *q;
  fill(&s, &p, &q);
  return s.a + (int)s.b + (p != 0) + (q == &s);
}
