// The cost model decides (crates/dtrans-transforms/src/relayout/cost.rs):
// `struct arc` is 64 bytes, one cache line, and the hot loop streams over
// 28 of them (cost, tail, head, ident): peel is predicted to halve the
// lines streamed, and the 4-byte `flow` fills the hot record's padding.
// `struct body` is read whole by random visits: a split would fetch a line
// per record (rejected with what was predicted); `struct node`'s random
// visits fetch one line however it is split. The margin is a parameter,
// the predictions are in the report with the layouts given to
// --cost-eval, and one `cost:` line per structure goes to stderr.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.ll -p peel,aos-to-soa -o %t.out.ll --report %t.json --cost-eval 'hand:struct.arc={cost, tail, head, ident}{*}' 2>&1 | %FileCheck %s
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
// RUN: %dtrans opt %t.ll -p peel -o %t.m.ll --report %t.m.json --cost margin=0.9 2>&1 | %FileCheck %s --check-prefix=MARGIN
// RUN: %FileCheck %s --check-prefix=MJSON < %t.m.json
// RUN: not %dtrans opt %t.ll -p peel -o %t.bad.ll --cost margin=2 2>&1 | %FileCheck %s --check-prefix=BAD
// RUN: not %dtrans opt %t.ll -p peel -o %t.bad.ll --cost nope=1 2>&1 | %FileCheck %s --check-prefix=UNKNOWN
// CHECK: dtrans: peel: %struct.arc -> %__DPL_struct.arc (64 -> 32 bytes: 2 groups: {cost, tail, head, ident, flow} {org, next, cap, id, seen})
// CHECK: dtrans: cost: struct.arc (static estimate): peel 0.53 -> peel; hottest: loop in @main line {{[0-9]+}} (stream): 28 of 64 bytes per visit, 1.00 lines
// CHECK: dtrans: cost: struct.body (static estimate): peel 1.44, aos-to-soa 1.44 -> as is
// CHECK: dtrans: cost: struct.node (static estimate): peel 1.00, aos-to-soa 1.00 -> as is
// JSON: "rejected": [
// JSON-DAG: "reason": "peel {x, y, z, vy, vz, fx, fy, m, q} {vx}: predicted 44% more traffic (hottest: loop in @main line {{[0-9]+}} (random): 80 of 80 bytes per visit, 2.00 lines)"
// JSON-DAG: "reason": "one array per field: predicted 388% more traffic (hottest: loop in @main line {{[0-9]+}} (random): 80 of 80 bytes per visit, 2.00 lines)"
// JSON-DAG: "reason": "peel {pot} {depth}: predicted saving 0%, below the 5% margin (hottest: {{.*}}"
// JSON: "predictions": [
// JSON: "name": "%struct.arc",
// JSON-NEXT: "pass": "peel",
// JSON-NEXT: "frequencies": "static estimate",
// JSON-NEXT: "count": null,
// JSON: "kind": "evaluated hand",
// JSON-NEXT: "layout": "{cost, tail, head, ident} {org, next, cap, flow, id, seen}",
// JSON: "choice": "peel",
// MARGIN-NOT: dtrans: peel:
// MARGIN: dtrans: cost: struct.arc (static estimate): peel 0.53 -> as is
// MJSON: "reason": "peel {cost, tail, head, ident, flow} {org, next, cap, id, seen}: predicted saving 47%, below the 90% margin
// BAD: cost parameter margin: '2' is not a share below 1
// UNKNOWN: unknown cost parameter 'nope' (known: line, loop-weight, max-depth, cache-bytes, hit, random-line, side-visit, margin, overlap, hot-regions, max-groups, soa-streams, block-bytes, block-bytes-max, block-runs, block-page-form, block-min, prefetch-lines, run-align, pack-access)
#include <stdio.h>
#include <stdlib.h>
struct node { long pot; long depth; };
struct arc { long cost; struct node *tail, *head; int ident; int flow; long org; struct arc *next; int id; int seen; long cap; };
struct body { double x, y, z, vx, vy, vz, fx, fy, m, q; };
int main(int argc, char **argv) {
  int n = 1000 + argc;
  struct arc *a = malloc(n * sizeof *a);
  struct node *nd = malloc(n * sizeof *nd);
  struct body *b = malloc(n * sizeof *b);
  for (int i = 0; i < n; i++) {
    a[i].cost = i % 100; nd[i].pot = i % 10; nd[i].depth = i; a[i].tail = &nd[(i * 7) % n]; a[i].head = &nd[(i * 13) % n]; a[i].ident = i & 1;
    a[i].flow = 0; a[i].org = i; a[i].next = &a[(i + 1) % n]; a[i].id = i; a[i].seen = -1; a[i].cap = 1 + i % 5;
    b[i].x = i; b[i].y = 2 * i; b[i].z = 3; b[i].vx = b[i].vy = b[i].vz = 0; b[i].fx = b[i].fy = 0; b[i].m = 1 + i % 3; b[i].q = i & 1 ? 1 : -1;
  }
  long best = 0;
  unsigned s = 1;
  for (int r = 0; r < 20; r++) {
    for (int i = 0; i < n; i++)
      if (a[i].ident && a[i].cost - a[i].tail->pot + a[i].head->pot < best)
        best = a[i].cost - a[i].tail->pot + a[i].head->pot;
    for (int k = 0; k < n; k++) {
      s = s * 1103515245u + 12345u;
      struct body *p = &b[(s >> 8) % n];
      double d = p->x * p->y + p->z + p->vx * p->vy + p->vz + p->fx + p->fy;
      p->vx += d / (p->m * p->q * 1e6);
    }
  }
  long cold = 0;
  for (int i = 0; i < n; i++) cold += a[i].flow + a[i].org + (a[i].next - a) + a[i].id + a[i].seen + a[i].cap;
  double e = 0;
  for (int i = 0; i < n; i++) e += b[i].vx + nd[i].depth;
  printf("%ld %ld %.6f\n", best, cold, e);
  return 0;
}
