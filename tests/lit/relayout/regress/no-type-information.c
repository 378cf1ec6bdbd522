// A module with neither debug information nor DTrans metadata: the types
// come from the IR alone, where a pointer's structure is known only from
// its uses. Here the arrays' pointers are loaded from their slots and
// given to memcpy as bytes, so the copy was not seen as one of struct r:
// compress-fields narrowed r from 16 to 8 bytes and rescaled malloc's size
// but not memcpy's (n * 16 bytes copied into 8n: a crash). Without type
// information no layout pass changes a structure now, and each says why.
// (Found in review; `dtrans cc` always compiles with -g.)
// RUN: %clang -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p delete-field,compress-fields,reorder-fields,aos-to-soa,peel -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// CHECK: "changed": []
// CHECK: "name": "%struct.r",
// CHECK-NEXT: "pass": "delete-field",
// CHECK-NEXT: "reason": "no type information (no debug information or DTrans metadata: compile with -g)"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct r { long id; int a; int b; };

int main(int argc, char **argv) {
  int n = (1 << 16) + argc;
  struct r *v = malloc(n * sizeof *v);
  struct r *w = malloc(n * sizeof *w);
  for (int i = 0; i < n; i++) {
    v[i].id = i;
    v[i].a = i & 1;
    v[i].b = i & 3;
  }
  memcpy(w, v, n * sizeof *v);
  long t = 0;
  for (int i = 0; i < n; i++)
    t += w[i].id + w[i].a + w[i].b;
  printf("%ld\n", t);
  free(v);
  free(w);
  return 0;
}
