// --apply leaves a structure as written where the C change would not mean
// what dtrans's change means (found in review): a brace initializer with
// values computed when the program runs (positional: it would follow the
// new order), a dead field's write through a macro (its expansion is not
// seen) or reading a volatile object. struct plain is applied (its field
// `gone` and its write removed); the copy prints what the original prints.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/p.c && cd %t
// RUN: %dtrans advise -O2 p.c --apply out -o /dev/null 2> apply.err
// RUN: %FileCheck %s < apply.err
// CHECK: dtrans: advise: 1 structure(s) changed (struct plain), left as written:
// CHECK-SAME: struct init: {{.*}}p.c:38: a brace initializer, compound literal or offsetof (would follow the new order)
// CHECK-SAME: struct viamacro: the write of dead at {{.*}}p.c:41: the macro NEXT on the line
// CHECK-SAME: struct viavol: the write of dead at {{.*}}p.c:43: hw, declared volatile, on the line
// RUN: %clang -O2 p.c -o base && ./base > base.txt
// RUN: %clang -O2 out/p.c -o new && ./new > new.txt && diff base.txt new.txt
#include <stdio.h>
#include <stdlib.h>

struct plain { char k; long v; char u; long gone; };
struct init { char k; long v; char u; long dead; };
struct viamacro { char k; long v; char u; long dead; };
struct viavol { char k; long v; char u; long dead; };

static long counter;
static volatile long hw = 5;
#define NEXT (++counter)

int main(int argc, char **argv) {
  int n = 64 + argc;
  struct plain *p = malloc(n * sizeof *p), *p2 = malloc(2 * sizeof *p2);
  struct init *q = malloc(n * sizeof *q), *q2 = malloc(2 * sizeof *q2);
  struct viamacro *r = malloc(n * sizeof *r), *r2 = malloc(2 * sizeof *r2);
  struct viavol *s = malloc(n * sizeof *s), *s2 = malloc(2 * sizeof *s2);
  long sum = 0;
  for (int i = 0; i < n; i++) {
    p[i].k = (char)i; p[i].v = i * 3000000007L; p[i].u = (char)(i & 1); p[i].gone = i;
    q[i].k = (char)i; q[i].v = i * 5000000007L; q[i].u = (char)(i & 3); q[i].dead = i;
    struct init local = {(char)n, sum, 1, 2};
    q[i].v += local.v + local.u;
    r[i].k = (char)i; r[i].v = i * 7000000007L; r[i].u = (char)(i & 5);
    r[i].dead = NEXT;
    s[i].k = (char)i; s[i].v = i * 9000000007L; s[i].u = (char)(i & 7);
    s[i].dead = hw;
  }
  p2[0].v = p[1].v; q2[0].v = q[1].v; r2[0].v = r[1].v; s2[0].v = s[1].v;
  for (int i = 0; i < n; i++)
    sum += p[i].v * p[i].u + q[i].v * q[i].u + r[i].v * r[i].u + s[i].v * s[i].u + p[i].k;
  printf("%ld %ld %ld\n", sum, counter, p2[0].v + q2[0].v + r2[0].v + s2[0].v);
  return 0;
}
