// A record whose first field is a string: `strcpy` and a `printf` `%s` of
// `n->name` are accesses to bytes at `n` itself, and `n->count` one to an
// int at offset 8, so `n` is a record's address (void *), and the string
// argument a char * of its own (before: `n` became an int8_t *).
// RUN: %clang -g -O0 -S -emit-llvm -o %t.ll %s
// RUN: %dtrans typeflow --eval --lift --function show %t.ll | %FileCheck %s --match-full-lines
// CHECK:      full: kind 7/7 (100.0%), exact 7/7 (100.0%), TIE 0.000, casts 0
// CHECK-NEXT: by kind, full: pointer 7/7 (100.0%, exact 7, TIE 0.000)

#include <stdio.h>
#include <string.h>

struct named {
  char name[8];
  int count;
};

void show(struct named *n) {
  strcpy(n->name, "x");
  n->count = 1;
  printf("%s %d\n", n->name, n->count);
}
