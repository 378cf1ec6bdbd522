// A callback whose parameter is typed (not void*) receives the structure
// through a function pointer whose type says so: no cast, nothing is set.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct S { int n; };
typedef void (*visit_fn)(struct S *);
static void inc(struct S *s) { s->n++; }
void apply(struct S *s, visit_fn f) { f(s); }
void run(struct S *s) { apply(s, inc); }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: BadCasting:
// CHECK-NOT: AddressTaken:
// CHECK-NOT: BadCasting:
// CHECK-NOT: AddressTaken:
// CHECK: legal: reorder-fields yes; delete-field yes
