// aos-to-soa: an 80-byte record whose every field the loops use, each pass
// a few of them: the most used field (`x`) stays in the record, every other
// field gets an array of its own, allocated (same count, same function)
// and freed with the record's. A field of the same size as the record's
// is found at the same byte distance from its array's start. A second
// allocation site makes another record ineligible.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p aos-to-soa -o %t.out.ll --report %t.json 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s < %t.out.ll
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
// RUN: %clang %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %clang %t.out.ll -o %t.new && %t.new > %t.new.txt
// RUN: diff %t.base.txt %t.new.txt
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.np.ll
// RUN: %dtrans opt %t.np.ll -p aos-to-soa -o %t.np.out.ll
// RUN: %clang -O2 %t.np.out.ll -o %t.np && %t.np > %t.np.txt
// RUN: diff %t.base.txt %t.np.txt
#include <stdio.h>
#include <stdlib.h>
struct p { double x, y, z, vx, vy, vz, ax, ay, az, m; };
struct q { double a, b, c, d, e, f, g, h, i; };
static void bump(struct q *r, double v) {
  r->a += v; r->b += v; r->c += v; r->d += v; r->e += v; r->f += v; r->g += v; r->h += v; r->i += v;
}
int main(void) {
  int n = 500;
  struct p *ps = malloc(n * sizeof *ps);
  struct q *q1 = calloc(n, sizeof *q1), *q2 = calloc(n, sizeof *q2);
  for (int i = 0; i < n; i++) {
    ps[i].x = i; ps[i].y = 2 * i; ps[i].z = 0; ps[i].vx = 1; ps[i].vy = 0.5; ps[i].vz = 0.25;
    ps[i].ax = 0; ps[i].ay = -1; ps[i].az = 0; ps[i].m = 1 + i % 3;
  }
  for (int s = 0; s < 10; s++) {
    for (int i = 0; i < n; i++) { ps[i].vx += ps[i].ax / ps[i].m; ps[i].vy += ps[i].ay / ps[i].m; ps[i].vz += ps[i].az; }
    for (int i = 0; i < n; i++) { ps[i].x += ps[i].vx; ps[i].y += ps[i].vy; ps[i].z += ps[i].vz; }
    for (int i = 0; i < n; i++) { bump(&q1[i], ps[i].x); bump(&q2[i], ps[i].y); }
  }
  double e = 0;
  for (int i = 0; i < n; i++) e += ps[i].x + ps[i].y + ps[i].z;
  e += q1[n - 1].a + q2[n - 1].i;
  printf("%.3f\n", e);
  free(ps); free(q1); free(q2);
  return 0;
}
// MSG: dtrans: aos-to-soa: %struct.p -> %__SOA_struct.p (80 -> 8 bytes: 10 arrays, one per field (x where pointers point))
// CHECK: %__SOA_struct.p = type { double }
// CHECK: @__SOA_struct.p.base = internal global ptr null
// CHECK: @__SOA_struct.p.y.array = internal global ptr null
// CHECK: @__SOA_struct.p.m.array = internal global ptr null
// CHECK: call noalias ptr @malloc(i64 noundef %{{[0-9]+}})
// CHECK: store ptr %{{[0-9]+}}, ptr @__SOA_struct.p.base
// CHECK-COUNT-9: store ptr %{{[0-9]+}}, ptr @__SOA_struct.p.{{[a-z]+}}.array
// One field access: `ps[i].y` at the same distance from y's array start.
// CHECK: [[B:%[0-9]+]] = load ptr, ptr @__SOA_struct.p.base
// CHECK-NEXT: [[Y:%[0-9]+]] = load ptr, ptr @__SOA_struct.p.y.array
// CHECK-NEXT: [[EI:%[0-9]+]] = ptrtoint ptr %{{[0-9]+}} to i64
// CHECK-NEXT: [[BI:%[0-9]+]] = ptrtoint ptr [[B]] to i64
// CHECK-NEXT: [[D:%[0-9]+]] = sub i64 [[EI]], [[BI]]
// CHECK-NEXT: getelementptr inbounds i8, ptr [[Y]], i64 [[D]]
// JSON: "name": "%struct.q",
// JSON-NEXT: "pass": "aos-to-soa",
// JSON-NEXT: "reason": "allocated at 2 sites (one array is needed)"
