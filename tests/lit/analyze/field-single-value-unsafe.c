// A structure the analysis cannot follow (written to a file with fread,
// which may set any field) has no single values: every field is multiple.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.0.ll
// RUN: %dtrans analyze %t.0.ll --struct struct.S | %FileCheck %s --check-prefixes=CHECK

#include <stdio.h>
struct S { long a; long b; };
void load(FILE *f, struct S *s) { s->a = 1; fread(s, sizeof *s, 1, f); }

// CHECK-LABEL: %struct.S (
// CHECK: 0: i64 {{.*}} multiple
// CHECK: 1: i64 {{.*}} multiple
