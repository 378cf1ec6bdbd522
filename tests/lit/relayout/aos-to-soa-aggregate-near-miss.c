// Near misses of aos-to-soa with a complex field: every field of F, G and
// H is used in the loops; H is split, F gives its complex number's address
// to a function (FieldAddressTaken; at full -O2 the function is inlined
// and F is split too), and G's memset starts in the middle of its complex
// number and goes on into the next field: refused where it is (the pair
// would move to its own array without the field after it).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// (The loops read every field together, which one array per field does not
// make cheaper: `--cost margin=0` has the cost model split what it does not
// predict to cost more, so that the rewriting is what is tested.)
// RUN: %dtrans opt %t.ll -p aos-to-soa --cost margin=0 -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.np.ll
// RUN: %dtrans opt %t.np.ll -p aos-to-soa --cost margin=0 -o %t.np.out.ll --report %t.np.json
// RUN: %FileCheck %s < %t.np.json
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans opt %t.O2.ll -p aos-to-soa --cost margin=0 -o %t.O2.out.ll --report %t.O2.json
// RUN: %FileCheck %s --check-prefix=O2 < %t.O2.json
// RUN: %clang %t.O2.out.ll -o %t.O2 && %t.O2 > %t.O2.txt
// RUN: diff %t.base.txt %t.O2.txt
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define REST long a, b, c, d, e, f, g;
struct F { double _Complex z; REST };
struct G { double _Complex z; REST };
struct H { double _Complex z; REST };
static void scale(double _Complex *w) { *w = *w * 0.5; }
#define TOUCH(x, i) do { x[i].z = x[i].z * 0.5 + x[i].a; x[i].a += x[i].b; x[i].b ^= x[i].c; x[i].c += x[i].d; \
  x[i].d -= x[i].e; x[i].e += x[i].f; x[i].f ^= x[i].g; x[i].g += (long)creal(x[i].z); } while (0)
int main(void) {
  int n = 300;
  struct F *f = calloc(n, sizeof *f);
  struct G *g = calloc(n, sizeof *g);
  struct H *h = calloc(n, sizeof *h);
  for (int i = 0; i < n; i++) { f[i].a = g[i].a = h[i].a = i; f[i].z = g[i].z = h[i].z = i * I; }
  for (int s = 0; s < 20; s++)
    for (int i = 0; i < n; i++) { TOUCH(f, i); TOUCH(g, i); TOUCH(h, i); }
  scale(&f[3].z);
  memset((char *)&g[4].z + 8, 0, 16);
  long t = 0;
  for (int i = 0; i < n; i++) t += f[i].g + g[i].g + h[i].g + (long)cimag(f[i].z + g[i].z + h[i].z) + g[i].a;
  printf("%ld\n", t);
  free(f); free(g); free(h);
  return 0;
}
// CHECK: "changed": [
// CHECK: "name": "%struct.H",
// CHECK: "rejected": [
// CHECK: "name": "%struct.F",
// CHECK-NEXT: "pass": "aos-to-soa",
// CHECK-NEXT: "reason": "FieldAddressTaken"
// CHECK: "name": "%struct.G",
// CHECK-NEXT: "pass": "aos-to-soa",
// CHECK-NEXT: "reason": "cannot rewrite @main: call void @llvm.memset.p0.i64({{.*}}, i8 0, i64 16, i1 false){{.*}} reaches out of the field it starts in"
// O2: "changed": [
// O2: "name": "%struct.F",
// O2: "name": "%struct.H",
// O2: "rejected": [
// O2: "name": "%struct.G",
// O2-NEXT: "pass": "aos-to-soa",
// O2-NEXT: "reason": "cannot rewrite @main: {{.*}}call void @llvm.memset.p0.i64({{.*}}, i8 0, i64 16, i1 false){{.*}} reaches out of the field it starts in"
