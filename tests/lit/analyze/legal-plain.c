// The simplest legal structure: allocated with malloc, reached only through
// typed pointers and field loads and stores. Legal for every transformation
// at every level.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %dtrans analyze %t.NP.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stdlib.h>
struct S { char c; long l; short s; };
struct S *make(void) { struct S *p = malloc(sizeof *p); p->c = 1; p->l = 2; p->s = 3; return p; }
long get(struct S *p) { return p->c + p->l + p->s; }
void done(struct S *p) { free(p); }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: BadCasting:
// CHECK-NOT: AddressTaken:
// CHECK-NOT: UnhandledUse:
// CHECK-NOT: BadCasting:
// CHECK-NOT: AddressTaken:
// CHECK-NOT: UnhandledUse:
// CHECK: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
