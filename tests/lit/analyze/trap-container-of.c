// container_of: subtracting offsetof from a member address gives the
// container back; the analysis does not follow arithmetic that leaves the
// member, so the container is BadPtrManipulation (or BadCasting through the
// unknown result). A structure only reached normally is untouched.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stddef.h>
struct list { struct list *next; };
struct item { int key; struct list link; };
struct plain { int key; struct plain *next; };
#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))
int key_of(struct list *l) { return container_of(l, struct item, link)->key; }
int plain_key(struct plain *p) { return p->next->key; }

// CHECK-LABEL: %struct.item (
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.plain (
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: BadCasting:
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: BadCasting:
// CHECK: legal: reorder-fields yes; delete-field yes
