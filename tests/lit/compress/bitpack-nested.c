// Bit-packed fields in a structure held by value in another (a field and
// an array field of it), in a local variable (uninitialized stack memory
// written field by field), in a zeroed global array, with the outer
// records copied whole by memcpy: the same outputs for several inputs.
// (`pack-access=0`: packed whatever the model says.)
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: %clang -O2 %t0.ll -o %t.base
// RUN: %dtrans opt %t0.ll -p compress-fields --cost pack-access=0 -o %t0.out.ll 2>&1 | %FileCheck %s
// RUN: %dtrans opt %t1.ll -p compress-fields --cost pack-access=0 -o %t1.out.ll 2>&1 | %FileCheck %s
// RUN: %clang -O2 %t0.out.ll -o %t0.new && %clang -O2 %t1.out.ll -o %t1.new
// RUN: %t.base 1 > %t.b1 && %t0.new 1 > %t.n1 && diff %t.b1 %t.n1 && %t1.new 1 > %t.m1 && diff %t.b1 %t.m1
// RUN: %t.base 9 > %t.b9 && %t0.new 9 > %t.n9 && diff %t.b9 %t.n9 && %t1.new 9 > %t.m9 && diff %t.b9 %t.m9
// RUN: %t.base 100 > %t.b100 && %t0.new 100 > %t.n100 && diff %t.b100 %t.n100 && %t1.new 100 > %t.m100 && diff %t.b100 %t.m100
// CHECK: compress-fields: %struct.in -> %__DCF_struct.in (16 -> 4 bytes: a 0..3 in 2 bits of a u8 (with b, c), b -2..0 in 2 bits of a u8 (with a, c), c 0..1 in 1 bit of a u8 (with a, b))
// CHECK: compress-fields: %struct.out -> %__DCF_struct.out (56 -> 24 bytes: holds a changed structure)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct in { int a; int b; int c; short big; };
struct out { long key; struct in x; struct in y[2]; };
static struct in gz[8];
static struct out go[3];
__attribute__((noinline)) static int use(struct in *p) { return p->a * 100 + p->b * 10 + p->c + p->big; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 9;
  struct out *o = malloc(n * sizeof *o);
  struct in loc;
  loc.a = n & 3; loc.b = (n & 1) - 1; loc.c = n % 5 == 0; loc.big = n * 1000;
  long s = use(&loc);
  for (int i = 0; i < n; i++) {
    o[i].key = i * 7;
    o[i].x.a = i & 3; o[i].x.b = (i & 1) - 1; o[i].x.c = i % 3 == 0; o[i].x.big = i * n;
    for (int k = 0; k < 2; k++) { o[i].y[k].a = (i + k) & 3; o[i].y[k].b = -(k & 1); o[i].y[k].c = k & 1; o[i].y[k].big = i - k; }
  }
  for (int i = 0; i < 8; i++) { gz[i].b = -(i & 1); if (i & 2) gz[i].a = 3; }
  for (int i = 0; i < 3; i++) { go[i].x.a = o[i % n].y[1].a; go[i].x.c = 1; }
  for (int i = 0; i + 1 < n; i++) { memcpy(&o[i], &o[i + 1], sizeof o[i]); o[i].x.b = (o[i].x.b + 1) % 2 - 1; }
  for (int i = 0; i < n; i++) s = s * 3 + o[i].key + use(&o[i].x) + use(&o[i].y[0]) + use(&o[i].y[1]);
  for (int i = 0; i < 8; i++) s = s * 5 + use(&gz[i]);
  for (int i = 0; i < 3; i++) s += use(&go[i].x) * (i + 1);
  printf("%ld %d %d\n", s, o[n-1].x.b, loc.b);
  free(o);
  return 0;
}
