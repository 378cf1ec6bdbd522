// Storing a struct A pointer where a struct B pointer goes (through a cast
// of the slot) is UnsafePointerStore for both; storing an A pointer in an A
// slot is not.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

struct A { int a; };
struct B { long b; };
struct H { struct A *pa; struct B *pb; };
void bad(struct H *h, struct A *a) { *(struct A **)&h->pb = a; }
void good(struct H *h, struct A *a) { h->pa = a; }

// CHECK-LABEL: %struct.A (
// CHECK: UnsafePointerStore: @bad:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.B (
// CHECK: UnsafePointerStore: @bad:
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.H (
// CHECK-NOT: UnsafePointerStore:
// CHECK-NOT: UnsafePointerStore:
