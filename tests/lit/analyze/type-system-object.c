// FILE from the C library is a SystemObject; a program structure that holds
// a FILE* is not.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %dtrans analyze %t.O0.ll | %FileCheck %s

#include <stdio.h>
struct log { FILE *f; int lines; };
void put(struct log *l) { fputs("x\\n", l->f); l->lines++; }

// CHECK-LABEL: %struct._IO_FILE (
// CHECK: SystemObject: 
// CHECK: legal: reorder-fields no (SystemObject)
// CHECK-LABEL: %struct.log (
// CHECK-NOT: SystemObject:
// CHECK-NOT: AddressTaken:
// CHECK-NOT: SystemObject:
// CHECK-NOT: AddressTaken:
// CHECK: legal: reorder-fields yes; delete-field yes
