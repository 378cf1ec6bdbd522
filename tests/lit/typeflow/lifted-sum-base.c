// The base of an address computed as a sum with a number (lifted code has
// no scale to tell the index for bytes: `&array[*pos >> 3]` is
// `array + (*pos >> 3)`). Here `array` (write_bits, inlined at -O0 as
// Brotli's BrotliWriteBits is) holds `storage`, which is never itself
// dereferenced: only the sum is. The sum is an address, its other operand a
// shift, so `array` and `storage` are addresses too, and the sum joins the
// base, not the index. Before, the shift (unsigned), `array` and the sum
// were one component of a pointer and an unsigned number: one cast here;
// in Brotli's lifted -O0 module, 2,664 pointer points read as integers,
// 314 with this rule. Near miss: `*pos & 7` is a mask of a number, no
// address, and stays apart.
// RUN: %clang -g -O0 -S -emit-llvm -o %t.ll %s
// RUN: %dtrans typeflow --eval --lift %t.ll | %FileCheck %s --match-full-lines
// RUN: %dtrans typeflow --lift --function emit %t.ll | %FileCheck %s --check-prefix=EMIT
// CHECK:      full: kind 34/40 (85.0%), exact 32/40 (80.0%), TIE 0.500, casts 0
// CHECK:      confusion, full (rows: truth; columns: predicted pointer, signed, unsigned, float, generic):
// CHECK-NEXT:   pointer 25 0 0 0 0
// EMIT: summary: {{.*}} 0 casts, 0 conflicts

#include <stddef.h>
#include <stdint.h>

static inline __attribute__((always_inline)) void write_bits(size_t n, uint64_t bits, size_t *pos,
                                                             uint8_t *array) {
  uint8_t *p = &array[*pos >> 3];
  uint64_t v = (uint64_t)*p;
  v |= bits << (*pos & 7);
  *p = (uint8_t)v;
  *pos += n;
}

__attribute__((noinline)) static void emit(size_t *ix, uint8_t *storage) {
  for (unsigned i = 0; i < 16; i++)
    write_bits(2, i & 3, ix, storage);
}

int main(void) {
  uint8_t buf[8] = {0};
  size_t ix = 0;
  emit(&ix, buf);
  return buf[1];
}
