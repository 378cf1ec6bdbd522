// bench/ptr_types_eval.py's columns apart from `wrong`: a value that -O2
// made two source variables (`merged`, the answer the other one's type), a
// `void *` answer (`generic`), and a pointer to the scalar a structure
// begins with (`inner`). The eval exits 1 when a point is wrong.
// RUN: python3 %root/bench/ptr_types_eval.py --show --levels O2 --dtrans %dtrans %s | %FileCheck %s
// CHECK: program {{.*}} merged generic
// CHECK-NEXT: eval-columns O2 debug-info 4 1 0 0 1 1 1 0 0 0 0 0 0 0 25.0%
// CHECK-DAG: inner fill %{{[0-9]+}}: debug %struct.hash*, dtrans i32*
// CHECK-DAG: generic keep %{{[0-9]+}}: debug %struct.obj*, dtrans i8*
// CHECK-DAG: merged usable %0: debug %struct.blk*, dtrans i8*
struct blk { struct blk *next; long size; };
struct common { int a; int b; };
struct hash { unsigned buckets[64]; };
struct obj { int kind; long payload; };

extern long sink(void *p);
extern void consume(void *p);
static char arena[4096];

/* merged: `p` and `b` are one SSA value at -O2 (a record for each); the
   analysis answers `i8*`, the type of `p`. */
long usable(void *p) {
  struct blk *b = (struct blk *)p;
  return sink(b);
}

/* generic: `o` is the `void *` result of `get`, never used as an `obj`. */
__attribute__((noinline)) void *get(int n) { return arena + n; }
void keep(int n) {
  struct obj *o = get(n);
  consume(o);
}

/* inner: `h` follows the header in one block; the IR shows only the
   `unsigned [64]` array `struct hash` is. */
void fill(struct common *c, int i, unsigned v) {
  struct hash *h = (struct hash *)(c + 1);
  h->buckets[i & 63] = v;
}
