// bench/ptr_types_eval.py's `outer` for an anonymous union: the analysis
// names it itself (`%union.anon`), and `ptr-types --format json` lists
// what each union may hold, so the scorer knows that `m` pointing to the
// union is a view of the `struct mf` at its start (wrong before the list).
// RUN: python3 %root/bench/ptr_types_eval.py --show --levels O2 --dtrans %dtrans %s | %FileCheck %s
// RUN: %clang -O2 -g -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll --format json | %FileCheck %s --check-prefix=JSON
// CHECK: program {{.*}} merged generic
// CHECK-NEXT: eval-views O2 debug-info 2 1 0 1 0 0 0 0 0 0 0 0 0 0 50.0%
// CHECK: outer heads %{{[0-9]+}}: debug %struct.mf*, dtrans %union.anon*
// JSON: "unions": {
// JSON-NEXT: "%union.anon": [
// JSON-NEXT: "%struct.anon",
// JSON-NEXT: "%struct.anon.0",
// JSON-NEXT: "%struct.mf",
// JSON-NEXT: "%struct.mf2"
#include <string.h>
struct mf { int heads[1024]; int tail; };
struct mf2 { short heads[512]; long tail; };
struct comp {
  int level;
  union {
    struct { struct mf a; int x1; } x;
    struct { struct mf2 b; long y1; } y;
  } u;
};

int heads(struct comp *c, int i) {
  struct mf *m = &c->u.x.a;
  memset(m, 0, sizeof *m);
  return m->heads[i & 1023] + m->tail + c->level;
}
