// An atomic read-modify-write on a field is not understood: UnhandledUse. A
// plain increment is fine.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct S { int a; long count; };
struct T { int a; long count; };
void inc(struct S *s) { __atomic_fetch_add(&s->count, 1, __ATOMIC_SEQ_CST); }
void inct(struct T *t) { t->count++; }

// CHECK-LABEL: %struct.S (
// CHECK: UnhandledUse: @inc:
// CHECK: legal: reorder-fields no (UnhandledUse)
// CHECK-LABEL: %struct.T (
// CHECK-NOT: UnhandledUse:
// CHECK-NOT: UnhandledUse:
// CHECK: legal: reorder-fields yes; delete-field yes
