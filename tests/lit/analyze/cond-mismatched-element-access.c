// Reading a long field as an int (through a cast) is
// MismatchedElementAccess; reading it as a long is not.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct M { long v; long w; };
struct K { long v; long w; };
int low(struct M *m) { return *(int *)&m->w; }
long full(struct K *k) { return k->w; }

// CHECK-LABEL: %struct.K (
// CHECK-NOT: MismatchedElementAccess:
// CHECK-NOT: MismatchedElementAccess:
// CHECK: legal: reorder-fields yes; delete-field yes
// CHECK-LABEL: %struct.M (
// CHECK: MismatchedElementAccess: @low:
// CHECK: legal: reorder-fields no (MismatchedElementAccess)
