// A pointer to a member of a larger object (an intrusive list's `link`,
// reached from the record with `container_of`) read past its own end at
// -O2 (`r->val` is `el + 32`): the bytes there are the record's, not a
// next `struct list` in an array, because the same pointer is stepped back
// by less than a whole `struct list` (`el - 24`). The load is no `struct
// list *` (it was, and ambiguous with the `struct obj *` it is used as):
// its uses name it. Offsets past the end stay unknown, so every structure
// involved stays unsafe; the output is the same after the default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types %t.ll --function walk | %FileCheck %s
// RUN: %dtrans analyze %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-DAG: %10 -> ? | usage: %struct.obj**, i64** | unknown: byte offset outside the object it points to | used as: %struct.obj**
// CHECK-DAG: %11 -> %struct.obj* | usage: %struct.obj*, i64*{{$}}
// CHECK-DAG: %14 -> ? | usage: i64* | unknown: byte offset outside the object it points to{{$}}

// SAFE-LABEL: %struct.list (size 16, align 8)
// SAFE: legal: reorder-fields no (BadPtrManipulation)
// SAFE-LABEL: %struct.obj (size 16, align 8)
// SAFE: BadPtrManipulation: @walk: %10 ({{.*}}): unknown: byte offset outside the object it points to
// SAFE-LABEL: %struct.rec (size 56, align 8)
// SAFE: legal: reorder-fields no (BadPtrManipulation)
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct list { struct list *next, *prev; };
struct obj { long weight; int tag; };
struct rec { int a; int b; long pad, pad2; struct list link; long key; struct obj *val; };

#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))

__attribute__((noinline)) long walk(struct list *head) {
  long s = 0;
  for (struct list *el = head->next; el != head; el = el->next) {
    struct rec *r = container_of(el, struct rec, link);
    struct obj *o = r->val;
    s += r->a + r->key + o->weight;
  }
  return s;
}

int main(void) {
  struct list head = {&head, &head};
  struct obj objs[4];
  for (int i = 0; i < 4; i++) {
    struct rec *r = malloc(sizeof *r);
    objs[i].weight = 10 * i; objs[i].tag = i;
    r->a = i; r->b = -i; r->pad = 0; r->pad2 = 1; r->key = 100 + i; r->val = &objs[i];
    r->link.next = head.next; r->link.prev = &head;
    head.next->prev = &r->link; head.next = &r->link;
  }
  printf("%ld\n", walk(&head));
  return 0;
}
