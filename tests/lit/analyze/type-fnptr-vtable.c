// A field that is a function pointer: HasFnPtr (allowed); a field that
// points to a table of function pointers (a vtable-like field): HasVTable
// (forbidden).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

typedef int (*fn)(int);
struct F { fn f; int x; };
struct V { fn *vtbl; int x; };
int callf(struct F *p) { return p->f(p->x); }
int callv(struct V *p) { return p->vtbl[0](p->x); }

// CHECK-LABEL: %struct.F (
// CHECK-NOT: HasVTable:
// CHECK: HasFnPtr: type definition:
// CHECK-NOT: HasVTable:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.V (
// CHECK: HasVTable: type definition:
// CHECK: legal: reorder-fields no (HasVTable)
