// zstd's HUF_DEltX2 and FSE_decode_t: two typedef'd anonymous structures
// of two files with one body. After llvm-link a local `dx2 d;` is an
// alloca of %struct.fse (the IR type of the other file). The annotator
// linked structures to debug types through such allocas "whatever the
// names", so the dx2 composite became a name of %struct.fse and every dx2
// pointer was recovered as a fse pointer (wrong against the debug types).
// Names that disagree no longer link: dx2 gets an IR type of its own, and
// the alloca and its accesses get it back (merged.rs), arrays of it too.
// RUN: %clang -g -O0 -c -emit-llvm %s -o %t.a.bc
// RUN: %clang -g -O0 -c -emit-llvm -DFILE_B %s -o %t.b.bc
// RUN: %llvm-link %t.a.bc %t.b.bc -S -o %t.ll
// RUN: %FileCheck %s --check-prefix=LINKED < %t.ll
// RUN: %dtrans ptr-types %t.ll --function make_dx2 | %FileCheck %s --check-prefix=PTR
// RUN: %dtrans ptr-types %t.ll --function use_dx2 | %FileCheck %s --check-prefix=ARRAY
// RUN: %dtrans types %t.ll | %FileCheck %s --check-prefix=TYPES
// RUN: %clang -O2 %t.ll -o %t.base && %t.base > %t.base.txt
// RUN: %dtrans opt %t.ll -p delete-field,reorder-fields -o %t.out.ll
// RUN: %clang -O2 %t.out.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
// LINKED-NOT: %struct.dx2 = type
// PTR: -> %struct.dx2* | declared: %struct.dx2*
// PTR-NOT: %struct.fse*
// ARRAY: -> %struct.dx2* | declared: [3 x %struct.dx2]* | usage: [3 x %struct.dx2]*
// TYPES-NOT: diagnostic
#include <stdio.h>
#ifndef FILE_B
typedef struct { unsigned short sym; unsigned char nb; unsigned char len; } fse;
int use_dx2(int);
int main(void) {
  fse t[4];
  int s = 0;
  for (int i = 0; i < 4; i++) {
    t[i].sym = (unsigned short)(i * 3);
    t[i].nb = (unsigned char)i;
    t[i].len = 1;
  }
  for (int i = 0; i < 4; i++) s += t[i].sym + t[i].nb;
  printf("%d %d\n", s, use_dx2(5));
  return 0;
}
#else
typedef struct { unsigned short seq; unsigned char bits; unsigned char length; } dx2;
static dx2 make_dx2(int v) {
  dx2 d;
  d.seq = (unsigned short)v;
  d.bits = (unsigned char)(v + 1);
  d.length = 2;
  return d;
}
int use_dx2(int v) {
  dx2 a = make_dx2(v);
  dx2 tab[3];
  for (int i = 0; i < 3; i++) tab[i] = make_dx2(v + i);
  return a.seq * 10 + a.bits + a.length + tab[2].seq;
}
#endif
