// Near misses of peel with aggregate fields. Each structure is large,
// allocated once, and has cold fields with an aggregate among them; E,
// with none of the problems below, is peeled (its complex number memset
// alone: MemFuncPartialWrite inside one field, which does not forbid it).
// A: the complex field's address is given to a function (FieldAddressTaken).
// B: a byte offset into the middle of the complex field, copied 16 bytes
//    from there: it straddles the field and the next one.
// C: a memset from the name over the field after it: at -O0 the planner
//    refuses it; at -O2 the analysis sees a partial write over two fields
//    (MemFuncPartialWrite across fields forbids splitting).
// D: a difference of two addresses inside the name (`p - d[i].name`):
//    the name's records have another stride once moved, and such a
//    difference is not told apart from one between two elements' names.
// With -DESCAPE the field's address also goes to a function the program
// does not define: not a whole program, nothing changes.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p peel -o %t.out.ll --report %t.json
// RUN: %FileCheck %s < %t.json
// RUN: %dtrans analyze %t.ll --struct struct.E | %FileCheck %s --check-prefix=E
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.np.ll
// RUN: %dtrans opt %t.np.ll -p peel -o %t.np.out.ll --report %t.np.json
// RUN: %FileCheck %s < %t.np.json
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze %t.O2.ll --struct struct.C | %FileCheck %s --check-prefix=O2C
// RUN: %clang -g -O0 -DESCAPE -S -emit-llvm %s -o %t.esc.ll
// RUN: %dtrans opt %t.esc.ll -p peel -o %t.esc.out.ll --report %t.esc.json
// RUN: %FileCheck %s --check-prefix=ESC < %t.esc.json
// RUN: %dtrans analyze %t.esc.ll --struct struct.A | %FileCheck %s --check-prefix=ESCA
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define COLD long c1, c2, c3, c4, c5, c6;
struct A { long h1, h2; double _Complex z; COLD };
struct B { long h1, h2; double _Complex z; long after; COLD };
struct C { long h1, h2; char name[16]; long tail; COLD };
struct D { long h1, h2; char name[16]; COLD };
struct E { long h1, h2; double _Complex z; COLD };
static void twice(double _Complex *w) { *w *= 2; }
extern void sink(double _Complex *w);
int main(void) {
  int n = 100;
  struct A *a = malloc(n * sizeof *a);
  struct B *b = malloc(n * sizeof *b);
  struct C *c = malloc(n * sizeof *c);
  struct D *d = malloc(n * sizeof *d);
  struct E *e = malloc(n * sizeof *e);
  for (int i = 0; i < n; i++) {
    a[i].h1 = b[i].h1 = c[i].h1 = d[i].h1 = e[i].h1 = i;
    a[i].h2 = b[i].h2 = c[i].h2 = d[i].h2 = e[i].h2 = 2 * i;
    a[i].z = b[i].z = e[i].z = i;
    b[i].after = i;
    memset(c[i].name, 'c', sizeof c[i].name + sizeof c[i].tail);
    c[i].name[i % 15] = 0;
    strcpy(d[i].name, "abc");
    a[i].c1 = b[i].c1 = c[i].c1 = d[i].c1 = e[i].c1 = 1;
  }
  long s = 0;
  for (int r = 0; r < 10; r++)
    for (int q = 0; q < 10; q++)
      for (int i = 0; i < n; i++)
        s += a[i].h1 * a[i].h2 + b[i].h1 * b[i].h2 + c[i].h1 * c[i].h2 + d[i].h1 * d[i].h2 + e[i].h1 * e[i].h2;
  double t = 0;
  char buf[16];
  for (int i = 0; i < n; i++) {
    twice(&a[i].z);
    memcpy(buf, (char *)&b[i].z + 8, 16);
    double x;
    memcpy(&x, buf, sizeof x);
    t += x + __real__ a[i].z + __imag__ e[i].z + c[i].tail;
    char *p = d[i].name;
    while (*p) p++;
    s += p - d[i].name + a[i].c1 + b[i].c1 + c[i].c1 + d[i].c1 + e[i].c1;
  }
  memset(&e[1].z, 0, sizeof e[1].z);
#ifdef ESCAPE
  sink(&a[2].z);
#endif
  printf("%ld %.1f\n", s, t + __real__ e[1].z);
  free(a); free(b); free(c); free(d); free(e);
  return 0;
}
// CHECK: "changed": [
// CHECK: "name": "%struct.E",
// CHECK: "rejected": [
// CHECK: "name": "%struct.A",
// CHECK-NEXT: "pass": "peel",
// CHECK-NEXT: "reason": "FieldAddressTaken"
// CHECK: "name": "%struct.C",
// CHECK-NEXT: "pass": "peel",
// CHECK-NEXT: "reason": "cannot rewrite @main: call void @llvm.memset.p0.i64({{.*}}, i8 99, i64 24, i1 false){{.*}} reaches out of the field it starts in"
// CHECK: "name": "%struct.B",
// CHECK-NEXT: "pass": "peel",
// CHECK-NEXT: "reason": "cannot rewrite @main: call void @llvm.memcpy.p0.p0.i64({{.*}}, i64 16, i1 false){{.*}} reaches out of the field it starts in"
// CHECK: "name": "%struct.D",
// CHECK-NEXT: "pass": "peel",
// CHECK-NEXT: "reason": "cannot rewrite @main: %{{[0-9]+}} = sub i64 %{{[0-9]+}}, %{{[0-9]+}}{{.*}}: a difference of addresses inside fields"
// E: MemFuncPartialWrite: @main: call @llvm.memset.p0.i64 ({{.*}}): memset of 16 bytes at offset 16 covers some fields
// E: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
// O2C: MemFuncPartialWrite: @main: call @llvm.memset.p0.i64 ({{.*}}): memset of 24 bytes at offset 16 covers some fields
// O2C: legal: reorder-fields yes; delete-field yes; aos-to-soa no (MemFuncPartialWrite); peel no (MemFuncPartialWrite)
// ESC: "changed": [],
// ESC: "name": "%struct.A",
// ESC-NEXT: "pass": "peel",
// ESC-NEXT: "reason": "AddressTaken, FieldAddressTaken"
// ESC: "name": "%struct.E",
// ESC-NEXT: "pass": "peel",
// ESC-NEXT: "reason": "not a whole program"
// ESCA: not whole: @sink is not defined and sees %struct.A
// ESCA: FieldAddressTaken: @main: {{.*}}
// ESCA: @main: call @sink ({{.*}}): passed to the unknown external function @sink
