// Library unit of link-merged-field.c: `struct state` has the body of the
// main unit's `struct pair`.
#include <stdlib.h>
struct state { long count; const char *name; };
struct item { int tag; };
struct other { double d; };
union slot { struct item *it; struct other *ot; long raw; };
struct holder { char flag; struct state st[2]; int n; union slot u; };
struct holder *holder_new(int n) {
  struct holder *h = calloc(1, sizeof *h);
  h->n = n;
  h->st[0].count = n;
  h->st[1].count = 2 * n;
  h->st[1].name = "x";
  struct item *it = malloc(sizeof *it);
  it->tag = 7;
  h->u.it = it;
  return h;
}
long holder_sum(struct holder *h) {
  return h->st[0].count + h->st[1].count + h->n + h->u.it->tag + (h->st[1].name != 0);
}
