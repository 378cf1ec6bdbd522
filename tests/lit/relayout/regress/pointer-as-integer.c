// A structure whose pointer becomes an integer that the program uses as a
// number is not changed: a field read only through an address made again
// from that integer (`*(long *)((char *)h + 8)`) is invisible to the field
// analysis, so delete-field would think `y` never read. Three ways the
// integer travels: a call argument (g1), a global array of `uintptr_t`
// (g2), and an argument that holds pointers to two structures (g3, g4: the
// analysis sees both types in one value). Each read of y counts in the sum
// printed.
// RUN: %clang -O0 %s -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans cc -O0 %s -o %t.o0 2> %t.o0.err && %t.o0 > %t.o0.txt && diff %t.base.txt %t.o0.txt
// RUN: %dtrans cc -O2 -Xclang -disable-llvm-passes %s -o %t.np 2> %t.np.err && %t.np > %t.np.txt && diff %t.base.txt %t.np.txt
// RUN: %dtrans cc -O2 %s -o %t.o2 --report %t.json && %t.o2 > %t.o2.txt && diff %t.base.txt %t.o2.txt
// RUN: %FileCheck %s < %t.json
// RUN: %FileCheck %s --check-prefix=SAME < %t.json
// RUN: %FileCheck %s --check-prefix=ERR < %t.o0.err
// RUN: %FileCheck %s --check-prefix=ERR < %t.np.err

// SAME-NOT: "new": "%__D{{.*}}struct.g{{[1-4]}}"
// CHECK-DAG: "reason": "cannot rewrite @main: the address {{.*}} = ptrtoint ptr {{.*}} is used as a number by {{.*}}call i64 @peek(
// CHECK-DAG: "reason": "cannot rewrite @main: the address {{.*}} = ptrtoint ptr {{.*}} is used as a number by store i64
// CHECK-DAG: "reason": "BadCasting, {{.*}}"
// ERR-NOT: struct.g{{[1-4]}}: {{[0-9]+}} -> {{[0-9]+}} bytes

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct g1 { long x; long y; long z; };
struct g2 { long x; long y; long z; };
struct g3 { long x; long y; long z; };
struct g4 { int k; int m; };

static uintptr_t slots[100];

__attribute__((noinline)) static long peek(uintptr_t h) { return *(long *)((char *)h + 8); }

__attribute__((noinline)) static long either(uintptr_t h, int kind) {
  if (kind)
    return ((struct g4 *)h)->k;
  return *(long *)((char *)h + 8);
}

int main(int argc, char **argv) {
  int n = 100;
  struct g1 *a = malloc(n * sizeof *a);
  struct g2 *b = malloc(n * sizeof *b);
  struct g3 *c = malloc(n * sizeof *c);
  struct g4 *d = malloc(n * sizeof *d);
  for (int i = 0; i < n; i++) {
    a[i].x = i, a[i].y = 3 * i + argc, a[i].z = 0;
    b[i].x = i, b[i].y = 5 * i + argc, b[i].z = 0;
    c[i].x = i, c[i].y = 7 * i + argc, c[i].z = 0;
    d[i].k = i, d[i].m = 1;
    slots[i] = (uintptr_t)&b[i];
  }
  long s = 0;
  for (int i = 0; i < n; i++)
    s += a[i].x + a[i].z + peek((uintptr_t)&a[i]) + b[i].x + b[i].z + peek(slots[i]) + c[i].x + c[i].z +
         d[i].m + either((uintptr_t)&c[i], 0) + either((uintptr_t)&d[i], 1);
  printf("%ld\n", s);
  free(a), free(b), free(c), free(d);
  return 0;
}
