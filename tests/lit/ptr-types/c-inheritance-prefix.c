// C-style inheritance: struct cnode and struct bnode begin with the fields
// of struct node and are handled through struct node *. A value used as
// two of them is ambiguous (the safety analysis sees a cast: BadCasting on
// all three), and the recovery names the one it is declared as when the
// others begin with it or are begun by it: `prefix type: %struct.node*`
// for the list's links, `%struct.cnode*` for mk's local returned as a node.
// Two unrelated structures are no prefix of each other: no prefix type.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function main | %FileCheck %s --check-prefix=MAIN
// RUN: %dtrans ptr-types %t0.ll --function mk | %FileCheck %s --check-prefix=MK
// RUN: %dtrans ptr-types %t0.ll --function other | %FileCheck %s --check-prefix=OTHER
// RUN: %dtrans analyze %t0.ll | %FileCheck %s --check-prefix=SAFETY
// MAIN: -> ? | declared: %struct.node* | usage: {{.*}}ambiguous: used as %struct.node* and %struct.cnode* and %struct.bnode* | prefix type: %struct.node*
// MK: -> ? | declared: %struct.cnode** | usage: {{.*}}ambiguous: used as %struct.node** and %struct.cnode** | prefix type: %struct.cnode**
// OTHER: ambiguous: used as
// OTHER-NOT: prefix type
// SAFETY: %struct.bnode (
// SAFETY: legal: reorder-fields no (BadCasting
// SAFETY: %struct.cnode (
// SAFETY: legal: reorder-fields no (BadCasting
// SAFETY: %struct.node (
// SAFETY: legal: reorder-fields no (BadCasting
#include <stdio.h>
#include <stdlib.h>

struct node { int kind; struct node *next; };
struct cnode { int kind; struct node *next; long value; long pad; };
struct bnode { int kind; struct node *next; double w; int cold1; int cold2; };
struct pair { double x; double y; };

static struct node *mk(int i) {
  if (i & 1) {
    struct cnode *c = malloc(sizeof *c);
    c->kind = 1;
    c->value = i;
    c->pad = 0;
    return (struct node *)c;
  }
  struct bnode *b = malloc(sizeof *b);
  b->kind = 2;
  b->w = i * 0.5;
  b->cold1 = b->cold2 = 0;
  return (struct node *)b;
}

__attribute__((noinline)) static double other(struct pair *p, int i) {
  struct cnode *c = (struct cnode *)p;
  return i > 100 ? (double)c->value : p->x + p->y;
}

int main(void) {
  struct node *head = 0;
  for (int i = 0; i < 100; i++) {
    struct node *n = mk(i);
    n->next = head;
    head = n;
  }
  long s = 0;
  double w = 0;
  for (struct node *n = head; n; n = n->next) {
    if (n->kind == 1)
      s += ((struct cnode *)n)->value;
    else
      w += ((struct bnode *)n)->w;
  }
  struct pair pr = { 1, 2 };
  printf("%ld %g %g\n", s, w, other(&pr, 3));
  while (head) {
    struct node *n = head->next;
    free(head);
    head = n;
  }
  return 0;
}
