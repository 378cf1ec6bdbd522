// A structure the IR no longer has (SROA turned `struct pair p` into two
// registers at -O2; only its debug description is left) gets an LLVM type
// from the annotator, named by metadata only. No pass may claim to change
// it: it was once reported as `8 -> 2 bytes (a 0..0 in u8, b 0..0 in u8)`
// by compress-fields, a change of nothing, counted among the structures
// changed on the real-program corpus.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt --whole-program -p delete-field,compress-fields,reorder-fields %t.ll -o %t.out.ll --report %t.json 2>&1 | %FileCheck %s --check-prefix=ERR
// RUN: %FileCheck %s < %t.json
// RUN: %opt -passes=verify -disable-output %t.out.ll

// ERR-NOT: struct.pair ->
// CHECK-NOT: "new": "%__D{{..}}_struct.pair"
// CHECK: "name": "%struct.pair",
// CHECK-NEXT: "pass": "delete-field",
// CHECK-NEXT: "reason": "no instruction or global uses it (a type known from debug information only)"
// CHECK-NOT: "new": "%__D{{..}}_struct.pair"

#include <stdio.h>
#include <stdlib.h>
struct pair { int a, b; };
struct rec { long key; int hits; int unused; };
static int area(int x) {
  struct pair p = { x, x + 1 };
  return p.a * p.b;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  struct rec *r = calloc(n, sizeof *r);
  for (int i = 0; i < n; i++) { r[i].key = i; r[i].hits = area(i); }
  long s = 0;
  for (int i = 0; i < n; i++) s += r[i].key + r[i].hits;
  printf("%ld\n", s);
  free(r);
  return 0;
}
