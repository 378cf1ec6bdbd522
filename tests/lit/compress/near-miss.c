// compress-fields and its near misses: struct ok's fields only ever hold
// small values and are narrowed; each other structure misses by one thing
// and keeps its layout, with the reason in the report.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p compress-fields -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// The same at -O2 (LLVM's passes first):
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: %dtrans opt %t2.ll -p compress-fields -o %t2.out.ll --report %t2.json
// RUN: %FileCheck %s --check-prefix=O2 < %t2.json
// RUN: %clang -O2 %t2.out.ll -o %t2.new && %t2.new > %t2.new.txt && diff %t.base.txt %t2.new.txt
// CHECK: "changed": [
// CHECK-NEXT: {
// CHECK: "detail": "a -149..99 in i16, b 0..7 in u8",
// CHECK-NEXT: "name": "%struct.ok",
// CHECK: "rejected": [
// CHECK-DAG: "name": "%struct.addr",{{[[:space:]]*}}"pass": "compress-fields",{{[[:space:]]*}}"reason": "FieldAddressTaken
// CHECK-DAG: "name": "%struct.ones",{{[[:space:]]*}}"pass": "compress-fields",{{[[:space:]]*}}"reason": "no integer field's stored values fit a narrower integer"
// CHECK-DAG: "name": "%struct.pad",{{[[:space:]]*}}"pass": "compress-fields",{{[[:space:]]*}}"reason": "b 0..635 in u16 narrower, but the record stays 16 bytes"
// CHECK-DAG: "name": "%struct.unknown",{{[[:space:]]*}}"pass": "compress-fields",{{[[:space:]]*}}"reason": "no integer field's stored values fit a narrower integer"
// CHECK-DAG: "name": "%struct.wide",{{[[:space:]]*}}"pass": "compress-fields",{{[[:space:]]*}}"reason": "no integer field's stored values fit a narrower integer"
// O2: "name": "%struct.ok",
// O2-NEXT: "new": "%__DCF_struct.ok",
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ok { long a; long b; };          // narrowed: -149..99 (bounds of the parts) and 0..7
struct unknown { long a; long b; };     // a value read from input
struct addr { long a; long b; };        // &p->a given to a function
struct wide { long a; long b; };        // a shift past 32 bits
struct pad { long a; int b; int c; };   // b fits 16 bits, the record stays 16
struct ones { long a; long b; };        // a memset of 0xff bytes

static void set(long *p, long v) { *p = v; }

int main(int argc, char **argv) {
  int n = 100;
  long input = strtol(argc > 5 ? argv[5] : "123456789012", 0, 10);
  struct ok *o = calloc(n, sizeof *o);
  struct unknown *u = calloc(n, sizeof *u);
  struct addr *d = calloc(n, sizeof *d);
  struct wide *w = calloc(n, sizeof *w);
  struct pad *p = calloc(n, sizeof *p);
  struct ones *e = malloc(n * sizeof *e);
  memset(e, 0xff, n * sizeof *e);
  for (int i = 0; i < n; i++) {
    o[i].a = i % 100 - (i & 1) * 50;
    o[i].b = i & 7;
    u[i].a = input + i;
    u[i].b = input;
    set(&d[i].a, i & 3);
    d[i].b = i & 3;
    w[i].a = (long)i << 40;
    w[i].b = input;
    p[i].a = input;
    p[i].b = (i & 127) * 5;
    p[i].c = (int)input + i;
    if (i & 1)
      e[i].a = 1;
  }
  long s = 0;
  for (int i = 0; i < n; i++)
    s += o[i].a * o[i].b + u[i].a + u[i].b + d[i].a + d[i].b + w[i].a + w[i].b + p[i].a + p[i].b + p[i].c +
         e[i].a + e[i].b;
  printf("%ld %zu %zu %zu\n", s, sizeof(struct ok), sizeof(struct pad), sizeof(struct ones));
  free(o); free(u); free(d); free(w); free(p); free(e);
  return 0;
}
