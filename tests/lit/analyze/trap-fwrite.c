// A structure written to a file with fwrite: its layout escapes
// (AddressTaken) and it may not be relaid out; the same structure used only
// through field loads may. FILE is a SystemObject, not AddressTaken.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stdio.h>
struct rec { int id; double v; };
struct tmp { int id; double v; };
void save(FILE *f, struct rec *r) { fwrite(r, sizeof *r, 1, f); }
double use(struct tmp *t) { return t->v + t->id; }

// CHECK-LABEL: %struct._IO_FILE (
// CHECK-NOT: AddressTaken:
// CHECK: SystemObject: 
// CHECK-NOT: AddressTaken:
// CHECK: legal: reorder-fields no (SystemObject)
// CHECK-LABEL: %struct.rec (
// CHECK: AddressTaken: @save:
// CHECK: legal: reorder-fields no (AddressTaken)
// CHECK-LABEL: %struct.tmp (
// CHECK-NOT: AddressTaken:
// CHECK-NOT: AddressTaken:
// CHECK: legal: reorder-fields yes; delete-field yes
