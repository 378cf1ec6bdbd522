// Strings in a character array field given to printf, strcpy and strlen (at
// -O2 the array at offset 0 is the structure's own address): field accesses,
// not an escape.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll | %FileCheck %s

#include <stdio.h>
#include <string.h>
struct S { char name[16]; int n; };
void show(struct S *s) { strcpy(s->name, "abc"); s->n = (int)strlen(s->name); printf("%s %d\\n", s->name, s->n); }

// CHECK-LABEL: %struct.S (
// CHECK-NOT: AddressTaken:
// CHECK-NOT: BadMemFuncSize:
// CHECK-NOT: BadMemFuncManipulation:
// CHECK-NOT: AddressTaken:
// CHECK-NOT: BadMemFuncSize:
// CHECK-NOT: BadMemFuncManipulation:
// CHECK: legal: reorder-fields yes; delete-field yes
