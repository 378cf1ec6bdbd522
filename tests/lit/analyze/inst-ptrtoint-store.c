// A pointer stored as an integer (ptrtoint then a store of the integer into
// a pointer field) keeps its type: nothing is set.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

#include <stdint.h>
struct S { int a; uintptr_t link; };
void link(struct S *s, struct S *t) { s->link = (uintptr_t)t; }
struct S *follow(struct S *s) { return (struct S *)s->link; }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: UnhandledUse:
// CHECK-NOT: UnsafePointerStore:
// CHECK-NOT: BadPtrManipulation:
// CHECK-NOT: UnhandledUse:
// CHECK-NOT: UnsafePointerStore:
