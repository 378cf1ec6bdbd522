// Addresses followed through memory, however far (the lifter variant at
// -O0 keeps every pointer in a stack slot and copies it from slot to
// slot): header's address reaches iend through three slots and an add, so
// `iend - 4` is an address minus a constant and `size`, added to istart,
// is the offset. Before (a search four levels deep), iend was not known
// as an address: the sum joined size to the pointer, and the parameter
// `size` and its slot became `uint8_t *` (3 unsigned points read as
// pointers, and a cast). Near miss: `iend - ip` is a difference of two
// addresses, a number (unsigned: compared with `<` to a constant); it
// joins neither pointer.
// RUN: %clang -g -O0 -S -emit-llvm -o %t.ll %s
// RUN: %dtrans typeflow --eval --lift %t.ll | %FileCheck %s --match-full-lines
// RUN: %dtrans typeflow --lift --function sum_words %t.ll | %FileCheck %s --check-prefix=TYPES
// CHECK:      eval: 32 points, 1 skipped (1 aggregate)
// CHECK:      full: kind 23/32 (71.9%), exact 17/32 (53.1%), TIE 0.875, casts 0
// CHECK:      confusion, full (rows: truth; columns: predicted pointer, signed, unsigned, float, generic):
// CHECK-NEXT:   pointer 22 0 0 0 0
// CHECK-NEXT:   signed 0 1 0 0 0
// CHECK-NEXT:   unsigned 0 6 0 0 3
// TYPES:      function @sum_words
// TYPES-NEXT:   value %0: uint8_t *
// TYPES-NEXT:   value %1: generic64_t
// TYPES:      summary: {{.*}} 0 casts, 0 conflicts

#include <stddef.h>

static unsigned sum_words(const void *header, size_t size) {
  const unsigned char *const istart = (const unsigned char *)header;
  const unsigned char *const iend = istart + size;
  const unsigned char *ip = istart;
  unsigned n = 0;
  while (ip < iend - 4) {
    n += ip[0];
    ip += 4;
  }
  if ((size_t)(iend - ip) < 2)
    return n;
  return n + ip[1];
}

int main(void) {
  unsigned char buf[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  return (int)sum_words(buf, sizeof buf);
}
