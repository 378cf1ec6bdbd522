// A pointer into a structure made by stepping over the int at its start
// (`(unsigned *)o + 1`), then used as another structure: struct U's two
// shorts are written into struct O's field x, which the program reads back.
// Neither may change (compress-fields once narrowed O.x to one byte, since
// no store named it, and U's shorts too; the sum printed changed). The
// step marks O BadPtrManipulation and U BadCasting (also as an `int *` used
// as a `struct U *`). (Found in review.)
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans analyze %t.ll | %FileCheck %s
// RUN: %clang -O0 %s -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans cc -O0 %s -o %t.o0 && %t.o0 > %t.o0.txt && diff %t.base.txt %t.o0.txt
// RUN: %dtrans cc -O2 %s -o %t.o2 && %t.o2 > %t.o2.txt && diff %t.base.txt %t.o2.txt

// CHECK-LABEL: %struct.O (size 80, align 8)
// CHECK: BadPtrManipulation: @after: {{.*}}: steps over i32 elements from a pointer to %struct.O
// CHECK: legal: reorder-fields no (BadPtrManipulation); delete-field no (BadPtrManipulation); aos-to-soa no (BadPtrManipulation); peel no (BadPtrManipulation)
// CHECK-LABEL: %struct.U (size 4, align 2)
// CHECK: BadCasting: @after: {{.*}}: declared i32*, used as %struct.U*
// CHECK-NEXT: also @after: {{.*}}: steps over i32 elements from a pointer to %struct.O

#include <stdio.h>
#include <stdlib.h>
struct U { short a; short b; };
struct O { int count; int x; char c1; long hot2; char c2; long hot3; char c3[40]; };
__attribute__((noinline)) struct U *after(struct O *o) { unsigned *h = (unsigned *)o; return (struct U *)(h + 1); }
int main(int argc, char **argv) {
  int n = 100000 + argc;
  struct O *arr = calloc(n, sizeof(struct O));
  for (int i = 0; i < n; i++) {
    arr[i].count = i; arr[i].hot2 = 2*i; arr[i].hot3 = 3*i; arr[i].c1 = i; arr[i].c2 = i; arr[i].c3[0] = i;
    struct U *u = after(&arr[i]);
    u->a = i & 0xff; u->b = 7;
  }
  long s = 0;
  for (int r = 0; r < 50; r++)
  for (int i = 0; i < n; i++) {
    s += arr[i].count + arr[i].hot2 + arr[i].hot3;
  }
  for (int i = 0; i < n; i++) {
    s += arr[i].x + arr[i].c1 + arr[i].c2 + arr[i].c3[0];
  }
  printf("%ld\n", s);
  return 0;
}
