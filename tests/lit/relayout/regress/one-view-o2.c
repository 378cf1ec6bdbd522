// Places of full -O2 IR where `dtrans analyze` called a structure legal and
// the rewriter refused it (tests/exec/one_view.py --levels O2): the two now
// agree.
// - `h->count[i]` on a local: `getelementptr [8 x i32], ptr %h, 0, %i`, the
//   array at the start of the structure, which stays there: rewritten.
// - `strcpy(net.name, "...")` becomes a memcpy from a string into the start
//   of a global: a copy between plain bytes and part of the object, split
//   into the pieces of the new layout (delete-field removes `lbl.serial`,
//   never read: the copy into `lbl.name` moves to the start, its source
//   stays).
// - `net.a = 1` after `char name[12]`: `getelementptr (i8, @net, 12)` is one
//   past the array and the start of a; a store through it is a's.
// - `p = v ? &v->adj : &e->next` (a select of %v and %e at -O2): a merge of
//   pointers to structures standing for the addresses of their first
//   fields, which no GEP names: UnsafePtrMerge for both, with the site.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=ANALYZE
// RUN: %dtrans opt %t.ll -p reorder-fields -o %t.out.ll --report %t.json 2>&1 | %FileCheck %s --check-prefix=OPT
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %FileCheck %s --check-prefix=REPORT < %t.json
// ANALYZE: %struct.edge (
// ANALYZE: UnsafePtrMerge: @slot: {{.*}}: merges pointers to %struct.edge and %struct.vertex with addresses of what they begin with (%struct.edge**)
// ANALYZE: legal: reorder-fields no (UnsafePtrMerge
// ANALYZE: %struct.vertex (
// ANALYZE: UnsafePtrMerge: @slot:
// ANALYZE: legal: reorder-fields no (UnsafePtrMerge
// OPT-DAG: reorder-fields: %struct.hist -> %__DFR_struct.hist
// OPT-DAG: reorder-fields: %struct.net -> %__DFR_struct.net
// REPORT-NOT: cannot rewrite
// RUN: %dtrans opt %t.ll -p delete-field -o %t.del.ll 2>&1 | %FileCheck %s --check-prefix=DEL
// RUN: %clang -O2 %t.del.ll -o %t.del && %t.del > %t.del.txt && diff %t.base.txt %t.del.txt
// RUN: %FileCheck %s --check-prefix=IR < %t.del.ll
// DEL: delete-field: %struct.lbl -> %__DFT_struct.lbl
// IR: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}@lbl, ptr {{.*}}@.str{{[.0-9]*}}, i64 7, i1 false)
#include <stdio.h>
#include <string.h>

struct hist { int count[8]; char tag; long total; char flag; };
struct net { char name[12]; char a; long id; char b; long id2; int n; };
struct lbl { long serial; char name[7]; long v; char c; };
struct edge { struct edge *next; int to; };
struct vertex { struct edge *adj; char mark; long dist; char seen; };

static struct net net;
static struct lbl lbl;
static struct vertex vs[4];
static struct edge es[8];

__attribute__((noinline)) static struct edge **slot(struct vertex *v, struct edge *e) {
  return v ? &v->adj : &e->next;
}

int main(int argc, char **argv) {
  struct hist h;
  memset(&h, 0, sizeof h);
  for (int i = 0; i < 100 + argc; i++) {
    h.count[(i * 7) % 8]++;
    h.total += i;
  }
  h.tag = 'h';
  h.flag = (char)argc;
  strcpy(net.name, "network-01");
  net.n = 7;
  net.a = 'a';
  net.id = 42 + argc;
  net.b = 'b';
  net.id2 = 9;
  lbl.serial = 1;
  strcpy(lbl.name, "abcdef");
  lbl.v = argc;
  lbl.c = 'c';
  for (int i = 0; i < 8; i++) {
    es[i].to = i;
    struct edge **s = slot(i & 1 ? &vs[i / 2] : 0, &es[(i + 1) % 8]);
    es[i].next = *s;
    *s = &es[i];
  }
  long sum = 0;
  for (int v = 0; v < 4; v++)
    for (struct edge *e = vs[v].adj; e; e = e->next) sum += e->to;
  vs[1].mark = 1;
  vs[2].dist = sum;
  vs[3].seen = 1;
  printf("%d %d %ld %c %d\n", h.count[3], h.count[5], h.total, h.tag, h.flag);
  printf("%s %d %c %ld %c %ld\n", net.name, net.n, net.a, net.id, net.b, net.id2);
  printf("%s %ld %c\n", lbl.name, lbl.v, lbl.c);
  printf("%ld %d %ld %d\n", sum, vs[1].mark, vs[2].dist, vs[3].seen);
  return 0;
}
