// An `int` workspace used as an array of a structure of ints (PCRE2's
// `(stateblock *)(workspace + 2)`): the pointer is declared `int *` and
// used as `struct sb *`. A pointer to a structure is also a pointer to its
// first field, so the recovery names the structure; the memory is the
// workspace's, which the program also reads as ints. BadCasting: before,
// nothing was set, delete-field removed the never-read `data` and the
// workspace's checksum changed. Near miss (-DOWN): the same loops over a
// real array of `struct sb`: legal, `data` is deleted, same output.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %dtrans analyze --whole-program %t.O0.ll | %FileCheck %s
// RUN: %dtrans analyze --whole-program %t.NP.ll | %FileCheck %s
// RUN: %dtrans analyze --whole-program %t.O2.ll | %FileCheck %s
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: bash -c 'for v in O0 NP O2; do %dtrans opt %t.$v.ll -p delete-field,reorder-fields -o %t.$v.out.ll 2>/dev/null && %clang -O2 %t.$v.out.ll -o %t.$v.new && %t.$v.new > %t.$v.txt && diff %t.base.txt %t.$v.txt || exit 1; done'
// RUN: %clang -g -O2 -DOWN -S -emit-llvm %s -o %t.own.ll
// RUN: %dtrans opt %t.own.ll -p delete-field -o %t.own.out.ll 2> %t.own.msg
// RUN: %FileCheck %s --check-prefix=OWN < %t.own.msg
// RUN: %clang -O2 %t.own.ll -o %t.own.base && %clang -O2 %t.own.out.ll -o %t.own.new && %t.own.base > %t.own.base.txt && %t.own.new > %t.own.new.txt && diff %t.own.base.txt %t.own.new.txt
// CHECK-LABEL: %struct.sb (
// CHECK: BadCasting: @run: {{.*}}declared i32*, used as %struct.sb*
// CHECK: legal: reorder-fields no (BadCasting); delete-field no (BadCasting)
// OWN: delete-field: %struct.sb -> %__DFT_struct.sb (12 -> 8 bytes: data never read)
#include <stdio.h>

typedef struct sb { int offset; int count; int data; } sb;

#ifdef OWN
typedef sb space;
#define AT(ws) (ws)
#else
typedef int space;
#define AT(ws) ((sb *)((ws) + 2))
#endif

__attribute__((noinline)) int run(space *ws, int n) {
  sb *a = AT(ws);
  int s = 0;
  for (int i = 0; i < n; i++) {
    a[i].offset = i;
    a[i].count = 2 * i;
    a[i].data = 3 * i;
  }
  for (int i = 0; i < n; i++)
    s += a[i].offset + a[i].count;
  return s;
}

int main(void) {
  static space ws[64];
  int s = run(ws, 10);
  unsigned t = 0;
#ifdef OWN
  for (int i = 0; i < 10; i++)
    t = t * 31 + (unsigned)ws[i].offset + (unsigned)ws[i].count;
#else
  for (int i = 0; i < 64; i++)
    t = t * 31 + (unsigned)ws[i];
#endif
  printf("%d %u\n", s, t);
  return 0;
}
