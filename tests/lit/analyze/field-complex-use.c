// ComplexUse: a field whose address is passed to a function (not just loaded
// or stored through) is marked c; the others are not.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.0.ll
// RUN: %dtrans analyze %t.0.ll --struct struct.S | %FileCheck %s --check-prefixes=CHECK

__attribute__((noinline)) static void bump(long *p) { (*p)++; }
struct S { long a; long b; };
long f(struct S *s) { bump(&s->b); return s->a; }

// CHECK-LABEL: %struct.S (
// CHECK: 0: i64 {{ *}}r--
// CHECK: 1: i64 {{ *}}--c
