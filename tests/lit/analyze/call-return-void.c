// A structure pointer returned as void* from a function that does not
// allocate: AddressTaken (callers cannot know its type). Returned as its own
// type it is fine.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct S { int a; long b; };
struct T { int a; long b; };
struct S gs;
struct T gt;
void *anon(void) { return &gs; }
struct T *typed(void) { return &gt; }

// CHECK-LABEL: %struct.S (
// CHECK: AddressTaken: @anon:
// CHECK: legal: reorder-fields no (AddressTaken)
// CHECK-LABEL: %struct.T (
// CHECK-NOT: AddressTaken:
// CHECK-NOT: AddressTaken:
// CHECK: legal: reorder-fields yes; delete-field yes
