// A linked list walked and built at -O2 (field 0 has no GEP, the next field
// is a byte offset): every access understood, legal for everything.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stdlib.h>
struct node { long val; struct node *next; int tag; };
struct node *push(struct node *h, long v) { struct node *n = malloc(sizeof *n); n->val = v; n->next = h; n->tag = 0; return n; }
long sum(struct node *h) { long s = 0; for (; h; h = h->next) s += h->val + h->tag; return s; }
void drop(struct node *h) { while (h) { struct node *n = h->next; free(h); h = n; } }

// CHECK-LABEL: %struct.node (
// CHECK-NOT: BadCasting:
// CHECK-NOT: UnhandledUse:
// CHECK-NOT: MismatchedElementAccess:
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: BadCasting:
// CHECK-NOT: UnhandledUse:
// CHECK-NOT: MismatchedElementAccess:
// CHECK-NOT: BadPtrManipulation:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
