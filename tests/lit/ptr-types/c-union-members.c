// A union pointer stands for the structures the union's members are, and
// only those (`!intel.dtrans.unions`, which `dtrans annotate` writes from
// the debug information: a union's LLVM type holds one member). Lua 5.2
// at -O2: a `Node *` merged with a `GCObject *` was reported as a
// `GCObject *`, since a union pointer explained any type.
// - pick_node: `struct node` is no member of `union obj`: the select of the
//   two is ambiguous (was `%union.obj*`, a wrong type).
// - use_str: a `struct str *` also passed as a `union obj *` (`obj2gco`)
//   points to the member, which the union's storage holds (was the union).
// - pick_obj (near miss): a value declared as the union and as a member
//   stays the union.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans annotate %t.ll -o - | %FileCheck %s --check-prefix=MD
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// MD: !intel.dtrans.unions = !{![[U:[0-9]+]]}
// MD: ![[U]] = !{!"union.obj", !"struct.hdr", !"struct.str"}

// CHECK-LABEL: function @pick_node
// CHECK: %5 -> ? | declared: %union.obj*, %struct.node* | usage: %struct.node* | ambiguous: used as %union.obj* and %struct.node*
// CHECK-LABEL: function @use_str
// CHECK: %0 -> %struct.str* | declared: %struct.str* | usage: %union.obj*, %struct.str*
// CHECK-LABEL: function @pick_obj
// CHECK: %5 -> %union.obj* | declared: %union.obj*, %struct.str* | usage: %union.obj*

#include <stdio.h>
#include <stdlib.h>
struct hdr { struct hdr *next; int tag; };
struct str { struct hdr *next; int tag; long len; };
union obj { struct hdr h; struct str s; };
struct node { long key; long val; };

__attribute__((noinline)) long pick_node(int c, union obj *o, struct node *n) {
  struct node *p = c ? (struct node *)o : n;
  return p->val;
}
__attribute__((noinline)) long str_len(struct str *s) { return s->len; }
__attribute__((noinline)) int obj_tag(union obj *o) { return o->h.tag; }
__attribute__((noinline)) long use_str(struct str *s) {
  return obj_tag((union obj *)s) + str_len(s);
}
__attribute__((noinline)) union obj *pick_obj(int c, union obj *o, struct str *s) {
  union obj *w = c ? o : (union obj *)s;
  return w;
}
int main(int argc, char **argv) {
  union obj *o = calloc(1, sizeof *o);
  struct node *n = calloc(1, sizeof *n);
  struct str *s = calloc(1, sizeof *s);
  o->s.len = 5; o->h.tag = 2; n->val = 9; s->len = 3; s->tag = 4;
  printf("%ld %ld %d\n", pick_node(argc > 1, o, n), use_str(s), obj_tag(pick_obj(argc > 1, o, s)));
  free(o); free(n); free(s);
  return 0;
}
