// A structure passed and returned by value: clang passes small ones in
// registers (an integer, or a {ptr, i32} pair) and copies through memory;
// the integer view of a whole structure is WholeStructureReference at some
// level. A structure only used through pointers is legal.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

struct P { int x; int y; };
struct Q { int x; int y; };
__attribute__((noinline)) static struct P make(int a) { struct P p = { a, a + 1 }; return p; }
int sum(int a) { struct P p = make(a); return p.x + p.y; }
int qsum(struct Q *q) { return q->x + q->y; }

// CHECK-LABEL: %struct.P (
// CHECK: WholeStructureReference: 
// CHECK: legal: reorder-fields no
// CHECK-LABEL: %struct.Q (
// CHECK-NOT: WholeStructureReference:
// CHECK-NOT: WholeStructureReference:
// CHECK: legal: reorder-fields yes; delete-field yes
