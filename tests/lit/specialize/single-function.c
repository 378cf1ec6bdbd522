// specialize-calls: a function-pointer field that only ever holds one
// function; every call through it becomes a direct call (the load stays for
// its other uses). Near misses, each left alone with the reason: a second
// function stored (TWO), objects from calloc not all given the function
// (ZEROED: null is a value too), the field's address passed to a function
// that stores another through it (ADDR), the
// structure written by a memcpy from bytes (BYTES).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p specialize-calls -o %t.O0.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p specialize-calls -o %t.NP.out.ll 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.NP.out.ll
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// MSG: specialize-calls: %struct.shape field area: 2 call(s) made direct to @rect_area
// CHECK: call {{.*}}double @rect_area(
// CHECK-NOT: call {{.*}}double %
//
// RUN: %clang -g -O0 -DTWO -S -emit-llvm %s -o %t.two.ll
// RUN: %dtrans opt %t.two.ll -p specialize-calls -o %t.two.out.ll --report %t.two.json
// RUN: %FileCheck %s --check-prefix=TWO < %t.two.json
// TWO: "calls_specialized": 0
// TWO: "name": "%struct.shape",
// TWO-NEXT: "pass": "specialize-calls",
// TWO-NEXT: "reason": "field 2 holds several values"
//
// RUN: %clang -g -O0 -DZEROED -S -emit-llvm %s -o %t.zeroed.ll
// RUN: %dtrans opt %t.zeroed.ll -p specialize-calls -o %t.zeroed.out.ll --report %t.zeroed.json
// RUN: %FileCheck %s --check-prefix=TWO < %t.zeroed.json
//
// RUN: %clang -g -O0 -DADDR -S -emit-llvm %s -o %t.addr.ll
// RUN: %dtrans opt %t.addr.ll -p specialize-calls -o %t.addr.out.ll --report %t.addr.json
// RUN: %FileCheck %s --check-prefixes=BLOCKED,ADDR < %t.addr.json
//
// RUN: %clang -g -O0 -DBYTES -S -emit-llvm %s -o %t.bytes.ll
// RUN: %dtrans opt %t.bytes.ll -p specialize-calls -o %t.bytes.out.ll --report %t.bytes.json
// RUN: %FileCheck %s --check-prefixes=BLOCKED,BYTES < %t.bytes.json
// BLOCKED: "calls_specialized": 0
// BLOCKED: "name": "%struct.shape",
// BLOCKED-NEXT: "pass": "specialize-calls",
// ADDR-NEXT: "reason": "FieldAddressTaken"
// BYTES-NEXT: "reason": "BadMemFuncManipulation"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct shape {
  double w, h;
  double (*area)(const struct shape *);
  int kind;
};

static double rect_area(const struct shape *s) { return s->w * s->h; }
#ifdef TWO
static double tri_area(const struct shape *s) { return s->w * s->h / 2; }
#endif

#ifdef ADDR
static double half_area(const struct shape *s) { return s->w * s->h / 2; }
static void set_area(double (**slot)(const struct shape *)) { *slot = half_area; }
#endif

static double total(struct shape *v, int n) {
  double t = 0;
  for (int i = 0; i < n; i++)
    if (v[i].area)
      t += v[i].area(&v[i]);
  return t;
}

int main(int argc, char **argv) {
  int n = 100 + argc;
#ifdef ZEROED
  struct shape *v = calloc(n, sizeof *v);
#else
  struct shape *v = malloc(n * sizeof *v);
#endif
  for (int i = 0; i < n; i++) {
    v[i].w = i % 7;
    v[i].h = i % 5 + 0.5;
    v[i].kind = 1;
#ifdef ZEROED
    if (i % 2)
#endif
      v[i].area = rect_area;
#ifdef TWO
    if (i % 3 == 0)
      v[i].area = tri_area;
#endif
  }
#ifdef ADDR
  set_area(&v[1].area);
#endif
#ifdef BYTES
  char buf[sizeof(struct shape)];
  memcpy(buf, &v[0], sizeof buf);
  memcpy(&v[2], buf, sizeof buf);
#endif
  printf("%.1f %.1f\n", total(v, n), v[0].area(&v[0]));
  free(v);
  (void)argv;
  return 0;
}
