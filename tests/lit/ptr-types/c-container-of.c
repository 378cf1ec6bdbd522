// container_of: a negative byte offset from an embedded list member. From
// &it->link (a field address, element item@1) subtracting 8 gives the item
// itself; from a list* loaded out of memory nothing says it is embedded:
// the result is unknown (a `struct list` alone has nothing before it), and
// the safety analysis treats that as pointer manipulation.
// At -O2 clang folds container_of(l)->w into l + 16: that is the item's w
// field, not "the next struct list after l", so it must not be called a
// struct list*.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %dtrans ptr-types %t0.ll --function f | %FileCheck %s --check-prefix=O0
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %dtrans ptr-types %t1.ll --function f | %FileCheck %s --check-prefix=NP
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans ptr-types %t2.ll --function f | %FileCheck %s --check-prefix=O2

#include <stddef.h>

// item = { int, list, double }: link at 8, w at 24; list = { list*, list* }
struct list { struct list *next, *prev; };
struct item { int key; struct list link; double w; };
#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))

double f(struct item *it) {
  struct list *l = it->link.next;
  struct item *nx = container_of(l, struct item, link);
  struct item *self = container_of(&it->link, struct item, link);
  return nx->w + self->w;
}

// O0-LABEL: function @f
// O0: %7 -> %struct.list* | {{.*}}elements: %struct.item@1{{$}}
// O0: %9 -> %struct.list* |
// O0: %11 -> ? | {{.*}}unknown: byte offset before the object it points to
// O0: %13 -> %struct.list* | {{.*}}elements: %struct.item@1{{$}}
// O0: %14 -> %struct.item* |
// O0-NOT: %14 -> {{.*}}elements
// O0: %16 -> double* | {{.*}}elements: %struct.item@2{{$}}
// O0-NOT: ambiguous

// NP-LABEL: function @f
// NP: %7 -> %struct.list* | {{.*}}elements: %struct.item@1{{$}}
// NP: %9 -> %struct.list* |
// NP: %11 -> ? | {{.*}}unknown: byte offset before the object it points to
// NP: %13 -> %struct.list* | {{.*}}elements: %struct.item@1{{$}}
// NP: %14 -> %struct.item* |
// NP-NOT: %14 -> {{.*}}elements
// NP: %16 -> double* | {{.*}}elements: %struct.item@2{{$}}
// NP-NOT: ambiguous

// O2-LABEL: function @f
// O2: %2 -> %struct.list* | {{.*}}elements: %struct.item@1{{$}}
// O2: %3 -> %struct.list* |
// O2-NOT: %4 -> %struct.list*
// O2: %4 -> {{\?|double\*}} |
// O2: %6 -> double* | {{.*}}elements: %struct.item@2{{$}}
