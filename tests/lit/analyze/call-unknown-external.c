// A structure pointer given to a function the module does not define (and
// the C library table does not know): AddressTaken, and the program is not
// whole.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct S { int a; long b; };
struct T { int a; long b; };
extern void sink(void *p);
void give(struct S *s) { sink(s); }
long keep(struct T *t) { return t->a + t->b; }

// CHECK-LABEL: %struct.S (
// CHECK: AddressTaken: @give:
// CHECK: legal: reorder-fields no (AddressTaken)
// CHECK-LABEL: %struct.T (
// CHECK-NOT: AddressTaken:
// CHECK-NOT: AddressTaken:
// CHECK: legal: reorder-fields no (not a whole program)
