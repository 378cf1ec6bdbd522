// The whole-program precondition: an unknown external function that sees a
// structure pointer makes the program not whole, with the function named;
// calls to C library functions in the table do not.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

#include <stdio.h>
#include <string.h>
struct S { char name[8]; int n; };
extern void sink(struct S *s);
void f(struct S *s) { printf("%s %zu\\n", s->name, strlen(s->name)); sink(s); }

// CHECK-LABEL: %struct.S (
// CHECK: AddressTaken: @f:
