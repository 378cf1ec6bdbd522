// Global arrays and the splitting passes: one global array, zero at
// first, holding every instance is split (E by peel, also C, whose array
// is two-dimensional; P by aos-to-soa, whose loops read different
// fields); near misses are left alone with
// the rule that failed: two global arrays (A), a global array and an
// allocation (B), an initialized array (D: HasInitializerList, and
// GlobalInstance as clang gives it a literal structure type).
// The program prints the same after each pass.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.ll -p peel -o %t.peel.ll --report %t.peel.json
// RUN: %FileCheck %s < %t.peel.json
// RUN: %clang -O2 %t.peel.ll -o %t.peel && %t.peel > %t.peel.txt && diff %t.base.txt %t.peel.txt
// RUN: %dtrans opt %t.ll -p aos-to-soa -o %t.soa.ll 2>&1 | %FileCheck %s --check-prefix=SOA
// RUN: %clang -O2 %t.soa.ll -o %t.soa && %t.soa > %t.soa.txt && diff %t.base.txt %t.soa.txt
#include <stdio.h>
#include <stdlib.h>
#define FIELDS long hot1; long hot2; long c1, c2, c3, c4, c5, c6, c7;
struct A { FIELDS };
struct B { FIELDS };
struct C { FIELDS };
struct D { FIELDS };
struct E { FIELDS };
struct P { double x, y, z, vx, vy, vz, m, q, r; };
#define N 64
static struct A a1[N], a2[N];
static struct B b[N];
static struct C c[4][N / 4];
static struct D d[N] = {{1, 2}};
static struct E e[N];
static struct P p[N];

#define FILL(x) for (long i = 0; i < N; i++) { (x)[i].hot1 = i; (x)[i].hot2 = 2 * i; (x)[i].c1 = (x)[i].c2 = (x)[i].c3 = (x)[i].c4 = (x)[i].c5 = (x)[i].c6 = (x)[i].c7 = i % 3; }
#define SUM(x, s) for (int r = 0; r < 20; r++) for (long i = 0; i < N; i++) s += (x)[i].hot1 + (x)[i].hot2; s += (x)[1].c7;

int main(void) {
  long s = 0;
  struct B *bh = malloc(N * sizeof *bh);
  struct C *cf = &c[0][0];
  FILL(a1) FILL(a2) FILL(b) FILL(bh) FILL(cf) FILL(d) FILL(e)
  SUM(a1, s) SUM(a2, s) SUM(b, s) SUM(bh, s) SUM(cf, s) SUM(d, s) SUM(e, s)
  for (long i = 0; i < N; i++) {
    p[i].x = i; p[i].y = 2 * i; p[i].z = 3; p[i].vx = 1; p[i].vy = 0.5; p[i].vz = 0.25; p[i].m = 1 + i % 3; p[i].q = -1; p[i].r = 0.1;
  }
  double en = 0;
  for (int step = 0; step < 50; step++)
    for (long i = 0; i < N; i++) {
      p[i].x += p[i].vx * 0.01; p[i].y += p[i].vy * 0.01; p[i].z += p[i].vz * 0.01;
    }
  for (int step = 0; step < 50; step++)
    for (long i = 0; i < N; i++) {
      p[i].vx += p[i].q * p[i].r / p[i].m; p[i].vy -= p[i].q * 0.001; p[i].vz *= 0.999;
    }
  for (long i = 0; i < N; i++) en += p[i].m * (p[i].vx * p[i].vx + p[i].vy * p[i].vy + p[i].vz * p[i].vz) + p[i].x + p[i].y + p[i].z;
  printf("%ld %.6f\n", s, en);
  free(bh);
  return 0;
}
// CHECK: "changed": [
// CHECK: "name": "%struct.C",
// CHECK: "name": "%struct.E",
// CHECK: "rejected": [
// CHECK-DAG: "reason": "in 2 global arrays (one array is needed)"
// CHECK-DAG: "reason": "in a global array and allocated at 1 sites (one array is needed)"
// CHECK-DAG: "reason": "HasInitializerList, GlobalInstance"
// SOA: aos-to-soa: %struct.P -> %__SOA_struct.P
