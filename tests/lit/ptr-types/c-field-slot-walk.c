// Pointers to pointer fields. `pp` starts as `&v->adj` (at -O2 the vertex
// itself: `adj` is at offset 0) and moves along `&e->next` (offset 8 of an
// edge): the phi is an `edge **`, not a `vertex *` (no vertex is at
// `&e->next`). A malloc result indexed as `ptr` (-O2) and given `edge *`s
// is an `edge **`, and the allocation an array of `struct edge *`.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll | %FileCheck %s --check-prefix=O2

#include <stdlib.h>
struct edge { int to; int w; struct edge *next; };
struct vertex { struct edge *adj; int dist; };

/* Insert sorted: pp walks from &v->adj (the vertex itself at -O2) along
   &e->next (an edge field at offset 8). */
void insert(struct vertex *v, struct edge *n) {
  struct edge **pp = &v->adj;
  while (*pp && (*pp)->to < n->to)
    pp = &(*pp)->next;
  n->next = *pp;
  *pp = n;
}

/* An array of pointers from malloc, indexed as `ptr` at -O2. */
struct edge **collect(struct vertex *v, int n) {
  struct edge **out = malloc(n * sizeof *out);
  int k = 0;
  for (struct edge *e = v->adj; e && k < n; e = e->next)
    out[k++] = e;
  return out;
}

// O0-LABEL: function @insert
// O0: %7 -> %struct.edge** | declared: %struct.edge** | usage: %struct.edge** | elements: %struct.vertex@0
// O0: %26 -> %struct.edge** | declared: %struct.edge** | usage: %struct.edge** | elements: %struct.edge@2
// O0-LABEL: function @collect
// O0: %11 -> %struct.edge** | declared: i8* | usage: %struct.edge**
// O0: allocation %11 (Malloc): %struct.edge*, size multiple
// O0-NOT: ambiguous

// O2-LABEL: function @insert
// O2: %0 -> %struct.vertex* | declared: %struct.vertex* | usage: %struct.vertex*, %struct.edge**
// O2: %21 -> %struct.edge** | declared: %struct.vertex*, %struct.edge** | {{.*}}elements: %struct.edge@2
// O2-LABEL: function @collect
// O2: %5 -> %struct.edge** | declared: i8* | usage: %struct.edge**
// O2: %15 -> %struct.edge** | declared: %struct.edge** |
// O2: allocation %5 (Malloc): %struct.edge*, size multiple
// O2-NOT: ambiguous
