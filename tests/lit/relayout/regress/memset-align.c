// A memset of a field that moved claims only the field's own alignment
// (a 16-byte claim on a misaligned address crashed in movaps).
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.NP.ll
// RUN: %clang -g -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %clang -O2 %t.O0.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.O0.ll -p reorder-fields -o %t.O0.out.ll
// RUN: %clang -O2 %t.O0.out.ll -o %t.O0.new && %t.O0.new > %t.O0.txt && diff %t.base.txt %t.O0.txt
// RUN: %dtrans opt %t.NP.ll -p reorder-fields -o %t.NP.out.ll
// RUN: %clang -O2 %t.NP.out.ll -o %t.NP.new && %t.NP.new > %t.NP.txt && diff %t.base.txt %t.NP.txt
// RUN: %dtrans opt %t.O2.ll -p reorder-fields -o %t.O2.out.ll
// RUN: %clang -O2 %t.O2.out.ll -o %t.O2.new && %t.O2.new > %t.O2.txt && diff %t.base.txt %t.O2.txt
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct S { char c; long double ld; char buf[32]; short s; };
int main(int argc, char **argv) {
  struct S *p = malloc(sizeof *p);
  p->c = 1; p->ld = 2.5L; p->s = 3;
  memset(p->buf, 'x', sizeof p->buf);
  p->buf[31] = 0;
  printf("%d %Lf %d %s\n", p->c, p->ld, p->s, p->buf);
  free(p);
  return 0;
}
