// At -O2 a structure reached through a `void *` field is addressed by
// byte offsets only; its struct-path TBAA tags say which structure it is.
// An anonymous structure named by a typedef has a base node without a
// name (`!{!"", ...}`): it is the one structure whose fields fit the
// node's members (offsets and scalar types). Two structures of one layout
// share one node, so it names neither: `twin1_t` stays an `i8*` (a guess
// would give one structure's accesses to the other).
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s

// CHECK-LABEL: function @step
// CHECK: %3 -> %struct.estate_t* | declared: i8* | usage: %struct.estate_t*
// CHECK: elements: %struct.estate_t@4
// CHECK-LABEL: function @twins
// CHECK-NOT: twin
// CHECK: %3 -> i8* | declared: i8*
// CHECK-NOT: twin
// CHECK-LABEL: function @twins2

typedef struct { void *owner; int mode; int avail; long total; short tag; } estate_t;
typedef struct { void *a; int b; int c; long d; } twin1_t;
typedef struct { void *x; int y; int z; long w; } twin2_t;
struct stream { char *next; int avail; void *state; void *other; };

int step(struct stream *s) {
  estate_t *e = s->state;
  if (!e || e->owner != s) return -1;
  e->total += e->avail + e->tag;
  return e->mode;
}

long twins(struct stream *s) {
  twin1_t *t = s->other;
  t->d += t->c;
  return t->b;
}

long twins2(twin2_t *t) { return t->w + t->z; }
