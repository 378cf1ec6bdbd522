// A pointer used as several structures only through C's two idioms for
// sharing memory is ambiguous (the safety analysis sees the casts), and
// ptr-types names the type it holds beside the ambiguity (`prefix type`):
// the base every structure begins with, when the value is also used as it
// (release: `struct str` holds a `struct hdr`, `struct obj` begins with
// the fields of one; sweep: Lua's CommonHeader), or the base it is
// declared as (mark); the one derived structure a use proves, when the
// value is not declared as the base (mark_any). Two structures that share
// no start have none (mix). Not ambiguous: a structure whose union at the
// start is read as a scalar and as a pointer slot (number): the union may
// be any of its members there, and a load from it is typed by its use.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll | %FileCheck %s

// CHECK-LABEL: function @release
// CHECK-NEXT: %0 -> ? | {{.*}} | ambiguous: used as %struct.str* and %struct.obj* | prefix type: %struct.hdr*
// CHECK-LABEL: function @number
// CHECK-NEXT: %0 -> %struct.val* | declared: %struct.val* | usage: %struct.val*, double*, %struct.str**{{$}}
// CHECK: -> %struct.str* | usage: %struct.str*{{$}}
// CHECK-LABEL: function @mark
// CHECK-NEXT: %0 -> ? | declared: %struct.gco* | {{.*}} | ambiguous: used as %struct.gco* and %struct.closure* | prefix type: %struct.gco*
// CHECK-LABEL: function @mark_any
// CHECK-NEXT: %0 -> ? | declared: i8* | {{.*}} | ambiguous: used as %struct.gco* and %struct.closure* | prefix type: %struct.closure*
// CHECK-LABEL: function @mix
// CHECK-NEXT: %0 -> ? | {{.*}} | ambiguous: used as %struct.a* and %struct.b*{{$}}
// CHECK-LABEL: function @sweep
// CHECK-NEXT: %0 -> ? | {{.*}} | ambiguous: used as %struct.gco* and %struct.closure* and %struct.table* | prefix type: %struct.gco*

struct hdr { int rc; };
struct gchdr { int rc; unsigned char mark; struct gchdr *next; };
struct str { struct hdr h; int len; char s[16]; };
struct obj { struct gchdr g; int cls; void *props; };
typedef union { double d; void *p; int i; } val_u;
typedef struct { val_u u; long tag; } val;

__attribute__((noinline)) void drop_str(struct str *s) { s->len = 0; }
__attribute__((noinline)) void drop_obj(struct obj *o) { o->cls = o->g.mark; }

void release(val v) {
  struct hdr *h = v.u.p;
  if (--h->rc == 0) {
    if (v.tag == 1)
      drop_str((struct str *)h);
    else
      drop_obj((struct obj *)h);
  }
}

double number(val *v) {
  if (v->tag == 0)
    return v->u.d;
  return (double)((struct str *)v->u.p)->len;
}

#define HEADER struct gco *next; unsigned char tt
struct gco { HEADER; };
struct closure { HEADER; int nup; };
struct table { HEADER; int pad; int size; };

void mark(struct gco *o) {
  o->tt |= 1;
  if (o->tt & 2) {
    struct closure *c = (struct closure *)o;
    c->nup = 0;
  }
}

void mark_any(void *p) {
  struct gco *o = p;
  o->tt |= 1;
  if (o->tt & 2) {
    struct closure *c = p;
    c->nup = 0;
  }
}

struct a { int x; float y; };
struct b { long z; int x; };
void mix(void *p, int k) {
  struct a *pa = p;
  struct b *pb = p;
  if (k)
    pa->y = 1;
  else
    pb->x = 2;
}

void sweep(struct gco *o) {
  struct closure *c = (struct closure *)o;
  struct table *t = (struct table *)o;
  if (o->tt == 1)
    c->nup = 1;
  else
    t->size = 2;
}
