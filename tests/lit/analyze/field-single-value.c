// Field Single Value: a field only ever stored the constant 7 is single 7;
// stored 1 and 2 it is multiple; stored a computed value it is multiple;
// never stored, no-value.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.0.ll
// RUN: %dtrans analyze %t.0.ll --struct struct.S | %FileCheck %s --check-prefixes=CHECK
// At -O2 the SLP vectorizer reads all four fields with one vector load, a
// MismatchedElementAccess that leaves no single value:
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.1.ll
// RUN: %dtrans analyze %t.1.ll --struct struct.S | %FileCheck %s --check-prefixes=O2

#include <stdlib.h>
struct S { long seven; long two; long computed; long never; };
struct S *make(long x) {
  struct S *s = malloc(sizeof *s);
  s->seven = 7; s->two = 1; s->computed = x * 3;
  return s;
}
void again(struct S *s) { s->seven = 7; s->two = 2; }
long read(struct S *s) { return s->seven + s->two + s->computed + s->never; }

// CHECK-LABEL: %struct.S (
// CHECK: 0: i64 {{.*}} 7 {{ *}}top
// CHECK: 1: i64 {{.*}} multiple
// CHECK: 2: i64 {{.*}} multiple
// CHECK: 3: i64 {{.*}} no-value
// O2-LABEL: %struct.S (
// O2: 0: i64 {{.*}} multiple
// O2: MismatchedElementAccess: @read:
