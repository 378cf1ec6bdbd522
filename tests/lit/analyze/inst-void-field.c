// A structure pointer kept in a void* field and later read back as the
// structure: a cast the analysis cannot check where the field is read
// (BadCasting). Kept in a typed field it is fine.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct ctx { int n; };
struct owned { int n; };
struct holder { void *any; struct owned *typed; };
__attribute__((noinline)) void put(struct holder *h, struct ctx *c, struct owned *o) { h->any = c; h->typed = o; }
__attribute__((noinline)) int get(struct holder *h) { return ((struct ctx *)h->any)->n + h->typed->n; }

// CHECK-LABEL: %struct.ctx (
// CHECK: BadCasting: @get:
// CHECK: legal: reorder-fields no (BadCasting)
// CHECK-LABEL: %struct.owned (
// CHECK-NOT: BadCasting:
// CHECK-NOT: BadCasting:
// CHECK: legal: reorder-fields yes; delete-field yes
