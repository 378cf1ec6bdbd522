// Field use flags: a field only written (w), one only read (r), one read and
// written (rw), one never used (-).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.0.ll
// RUN: %dtrans analyze %t.0.ll --struct struct.S | %FileCheck %s --check-prefixes=CHECK
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.1.ll
// RUN: %dtrans analyze %t.1.ll --struct struct.S | %FileCheck %s --check-prefixes=CHECK

#include <stdlib.h>
struct S { long wonly; long ronly; long both; long unused; };
long f(struct S *s) { s->wonly = 1; s->both += s->ronly; return s->both; }

// CHECK-LABEL: %struct.S (
// CHECK: 0: i64 {{ *}}-w-
// CHECK: 1: i64 {{ *}}r--
// CHECK: 2: i64 {{ *}}rw-
// CHECK: 3: i64 {{ *}}---
