// container_of: subtracting offsetof from a member's address to get the
// container. From a bare `struct list *` (a parameter) nothing says what
// is before it. Here the offset (8) is also the size of a list, so the
// recovery reads it as "the list before" and then finds it used as an item
// (-O0) or an int (-O2): an ambiguous cast, BadCasting, on the list and
// (at -O0; at -O2 the item type is gone) the item. With another offset it
// is not understood at all: BadPtrManipulation (cond-bad-ptr-manipulation).
// A structure reached only through its own pointers is untouched.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s --check-prefixes=CHECK,O0
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stddef.h>
struct list { struct list *next; };
struct item { int key; struct list link; };
struct plain { int key; struct plain *next; };
#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))
int key_of(struct list *l) { return container_of(l, struct item, link)->key; }
int plain_key(struct plain *p) { return p->next->key; }

// O0-LABEL: %struct.item (
// O0: BadCasting: @key_of:
// O0: legal: reorder-fields no (BadCasting
// CHECK-LABEL: %struct.list (
// CHECK: BadCasting: @key_of:
// CHECK: legal: reorder-fields no (BadCasting
// CHECK-LABEL: %struct.plain (
// CHECK-NOT: BadPtrManipulation
// CHECK-NOT: BadCasting
// CHECK: legal: reorder-fields yes; delete-field yes
