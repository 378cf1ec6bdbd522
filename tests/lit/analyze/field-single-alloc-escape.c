// The escape check of Single Alloc Function: a pointer loaded from the field
// and stored somewhere else may be changed behind the field, so the field is
// bottom; one only read through is still @malloc.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.0.ll
// RUN: %dtrans analyze %t.0.ll --struct struct.S | %FileCheck %s --check-prefixes=CHECK

#include <stdlib.h>
struct S { int *kept; int *leaked; };
int *global_alias;
void init(struct S *s) { s->kept = malloc(8); s->leaked = malloc(8); }
int use(struct S *s) { global_alias = s->leaked; return s->kept[0]; }

// CHECK-LABEL: %struct.S (
// CHECK: 0: i32* {{.*}} @malloc
// CHECK: 1: i32* {{.*}} bottom
