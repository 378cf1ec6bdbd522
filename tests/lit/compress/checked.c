// compress-fields --compress-checked: `key` holds a value read from the
// command line, which the analysis cannot bound: only with the flag is it
// stored in 32 bits, each store checked; a value that does not fit stops
// the program with a message naming the structure, the field and the flag.
// `tag` also takes a value from a memset of 0xff bytes, which no check
// sees: it stays 64 bits.
// RUN: %clang -g -O0 -S -emit-llvm %s -o %t.ll
// RUN: %dtrans opt %t.ll -p compress-fields -o %t.plain.ll 2>&1 | %FileCheck %s --check-prefix=PLAIN
// RUN: %dtrans opt %t.ll -p compress-fields --compress-checked -o %t.out.ll 2>&1 | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=IR < %t.out.ll
// RUN: %clang -O2 %t.ll -o %t.base && %clang -O2 %t.out.ll -o %t.new
// RUN: %t.base 5 > %t.base.txt && %t.new 5 > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: %t.base -2000000000 > %t.base.txt && %t.new -2000000000 > %t.new.txt && diff %t.base.txt %t.new.txt
// RUN: not --crash %t.new 3000000000 2>&1 | %FileCheck %s --check-prefix=STOP
// PLAIN: cost: struct.rec {{.*}}-> as is
// CHECK: compress-fields: %struct.rec -> %__DCF_struct.rec (24 -> 16 bytes: key in i32, checked when stored, val 0..255 in u8)
// IR: %__DCF_struct.rec = type { i32, i8, i64 }
// IR: call void @__dtrans_compress_check.struct.rec.0(i64
// IR: define internal void @__dtrans_compress_check.struct.rec.0(i64 %0)
// STOP: dtrans: %struct.rec field key: a value that does not fit in 32 bits (the program was built with --compress-checked)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { long key; long val; long tag; };

int main(int argc, char **argv) {
  long n = 1000, step = argc > 1 ? atol(argv[1]) : 5;
  struct rec *r = malloc(n * sizeof *r);
  memset(r, 0, n * sizeof *r);
  for (long i = 0; i < n; i++) {
    r[i].key = step;
    r[i].val = i & 255;
  }
  memset(&r[7].tag, 0xff, sizeof r[7].tag);
  long s = 0;
  for (long i = 0; i < n; i++)
    s += r[i].key - r[i].val + r[i].tag;
  printf("%ld\n", s);
  free(r);
  return 0;
}
