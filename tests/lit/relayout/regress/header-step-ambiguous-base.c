// A header struct T followed by a struct U in one block filled from bytes,
// reached by `(struct U *)(b + 1)` where b may also point to a struct Z
// (an ambiguous base). U must stay as written: delete-field once removed
// its unused field, since the header step typed the result as a clean U*
// and the ambiguous base's check returned before U was marked; the value
// printed from U's last field changed. (Found in review.)
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans analyze %t.ll | %FileCheck %s
// RUN: %clang -O0 %s -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans cc -O0 %s -o %t.o0 && %t.o0 > %t.o0.txt && diff %t.base.txt %t.o0.txt
// RUN: %dtrans cc -O2 %s -o %t.o2 && %t.o2 > %t.o2.txt && diff %t.base.txt %t.o2.txt

// CHECK-LABEL: %struct.U (size 24, align 8)
// CHECK: legal: reorder-fields no ({{.*}}); delete-field no ({{.*}}); aos-to-soa no ({{.*}}); peel no ({{.*}})

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* A header T followed by a record U in one block, loaded from bytes. */
struct T { int kind; int len; };
struct U { long a; long unused; long c; };
struct Z { long q; long r; };
struct Z gz = {5, 6};
static const long blob[4] = { 0x0000000200000001L, 111, 222, 333 };

int main(int argc, char **argv) {
  size_t n = sizeof(struct T) + sizeof(struct U);
  unsigned char *h = malloc(n);
  memcpy(h, blob, n);
  struct T *b = argc > 100 ? (struct T *)&gz : (struct T *)h;
  struct U *u = (struct U *)(b + 1);
  printf("%d %d %ld %ld\n", b->kind, b->len, u->a, u->c);
  return 0;
}
