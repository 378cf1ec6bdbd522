// Addresses cross a call one way each: a parameter the callee uses as an
// address makes the arguments addresses, a returned address the results;
// not the other way. align_up takes an address at one call and a size at
// the other (C passes both through one uintptr_t): joining every argument
// and result of the function into one class of addresses (tried) made
// `size` and `left` addresses, so `left < 100` seeded no sign and both
// became pointers (unsigned 0/13). Here they stay uint64_t. (align_up's
// own x, a and result are still pointers: the graph joins the two calls'
// arguments, whatever the classes say.)
// RUN: %clang -g -O0 -S -emit-llvm -o %t.ll %s
// RUN: %dtrans typeflow --eval %t.ll | %FileCheck %s --match-full-lines
// CHECK:      full: kind 28/36 (77.8%), exact 26/36 (72.2%), TIE 1.000, casts 1
// CHECK:      confusion, full (rows: truth; columns: predicted pointer, signed, unsigned, float, generic):
// CHECK-NEXT:   pointer 17 0 0 0 0
// CHECK-NEXT:   signed 0 6 0 0 0
// CHECK-NEXT:   unsigned 8 0 5 0 0
// RUN: %dtrans typeflow --function main %t.ll | %FileCheck %s --check-prefix=SIZE
// SIZE: value %15: uint64_t

#include <stdint.h>
#include <stdlib.h>

static uintptr_t align_up(uintptr_t x, uintptr_t a) { return (x + a - 1) & ~(a - 1); }

int main(int argc, char **argv) {
  size_t size = align_up((size_t)argc * 24, 16);
  char *buf = malloc(size + 64);
  char *p = (char *)align_up((uintptr_t)buf, 64);
  p[0] = (char)argv[0][0];
  size_t left = size - 1;
  int r = left < 100;
  free(buf);
  return r;
}
