// Single values from static initialization and calloc: a global instance
// initialized with 5 and never stored keeps 5; a field of calloc'd memory
// later stored 1 holds 0 or 1 (multiple); a zero-initialized field stored 0
// stays 0.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.0.ll
// RUN: %dtrans analyze %t.0.ll  | %FileCheck %s --check-prefixes=CHECK

#include <stdlib.h>
struct G { long five; long zero; };
struct C { long flag; long z; };
struct G g = { 5, 0 };
struct C *make(int k) { struct C *c = calloc(1, sizeof *c); if (k) c->flag = 1; c->z = 0; return c; }
long use(struct C *c) { g.zero = 0; return g.five + g.zero + c->flag + c->z; }

// CHECK-LABEL: %struct.C (
// CHECK: 0: i64 {{.*}} multiple
// CHECK: 1: i64 {{.*}} 0 {{ *}}top
// CHECK-LABEL: %struct.G (
// CHECK: 0: i64 {{.*}} 5 {{ *}}top
// CHECK: 1: i64 {{.*}} 0 {{ *}}top
