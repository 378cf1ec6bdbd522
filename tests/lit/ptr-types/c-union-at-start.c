// A structure that begins with a union (SQLite's `sqlite3_value` begins
// with `MemValue`: a `double`, an `i64`, an `int nZero`, ...): at -O2
// `v->u.nzero` is an `i32` load at the value's own address, so the value
// was also "used as" an `i32 *` and ambiguous (and the `struct val **`
// it came from). The union's storage at the structure's start may be any
// of its members, so the value is a `struct val *`, and `struct val` is
// legal (the union moved as one field). The output is the same after the
// default pipeline.
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans ptr-types --function bytes %t.ll | %FileCheck %s
// RUN: %dtrans analyze --whole-program %t.ll | %FileCheck %s --check-prefix=SAFE
// RUN: %clang -O2 %s -o %t.ref && %t.ref > %t.ref.txt
// RUN: %dtrans cc -O2 %s -o %t.bin && %t.bin > %t.bin.txt
// RUN: diff %t.ref.txt %t.bin.txt

// CHECK-LABEL: function @bytes
// CHECK-NEXT: %1 -> %struct.val** | declared: %struct.val** | usage: %struct.val**, i32**{{$}}
// CHECK-NEXT: %3 -> %struct.val* | declared: %struct.val* | usage: %struct.val*, i32*{{$}}

// SAFE-LABEL: %struct.val (size 24, align 8)
// SAFE-NOT: BadCasting
// SAFE: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes

#include <stdio.h>
#include <stdlib.h>
struct val {
  union { double r; long long i; int nzero; const char *ptype; } u;
  char *z;
  int n;
  unsigned short flags;
};
__attribute__((noinline)) long bytes(int argc, struct val **argv) {
  struct val *v = argv[0];
  if (v->flags & 2)
    return (long)v->n + v->u.nzero;
  return v->n;
}
int main(int argc, char **args) {
  struct val *vs = calloc(2, sizeof *vs);
  vs[0].u.nzero = 7; vs[0].n = 5; vs[0].flags = 2;
  vs[1].u.r = 2.5; vs[1].n = 3;
  struct val *pv[2] = { &vs[0], &vs[1] };
  printf("%ld %ld %g\n", bytes(argc, pv), bytes(argc, pv + 1), vs[1].u.r);
  free(vs);
  return 0;
}
