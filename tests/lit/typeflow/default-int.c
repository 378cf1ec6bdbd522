// --default-int: after propagation, the 32-bit integers still without a
// sign become C's `int`. Nothing in the IR tells the sign of `flag` and
// `print_hash_value` (csmith's idiom: only tested against zero), so
// propagation leaves them `generic32_t`; with the option they are `int32_t`,
// as in the source. It is a default, not evidence (on real programs the
// value is `unsigned` in the source more often than not), so it is off
// unless asked. Near misses: `n`, divided unsigned, stays `uint32_t`;
// `wide` (64 bits, only xor-ed) stays `generic64_t`; no cast is added.
// RUN: %clang -g -O0 -S -emit-llvm -o %t.ll %s
// RUN: %dtrans typeflow --function report %t.ll | %FileCheck %s --check-prefix=OFF
// RUN: %dtrans typeflow --function main %t.ll | %FileCheck %s --check-prefix=OFFMAIN
// RUN: %dtrans typeflow --default-int --function report %t.ll | %FileCheck %s --check-prefix=ON
// RUN: %dtrans typeflow --default-int --function main %t.ll | %FileCheck %s --check-prefix=ONMAIN
// RUN: %dtrans typeflow --default-int %t.ll | %FileCheck %s --check-prefix=CASTS
// RUN: %dtrans typeflow --eval --default-int %t.ll | %FileCheck %s --check-prefix=EVAL --match-full-lines
// RUN: not %dtrans typeflow --default-int --no-propagate %t.ll 2>&1 | %FileCheck %s --check-prefix=CONFLICT
// OFF:      value %1: generic32_t
// OFFMAIN:  value %6: generic32_t *
// OFFMAIN:  value %7: uint32_t *
// OFFMAIN:  value %8: generic64_t *
// ON:       value %1: int32_t
// ONMAIN:   value %6: int32_t *
// ONMAIN:   value %7: uint32_t *
// ONMAIN:   value %8: generic64_t *
// CASTS:    propagation: 1 casts, at least 1 {{.*}}
// EVAL:     full: kind 25/30 (83.3%), exact 24/30 (80.0%), TIE 0.500, casts 1
// CONFLICT: error: the argument '--default-int' cannot be used with '--no-propagate'

int printf(const char *, ...);

static void report(unsigned long crc, int flag) {
  if (flag)
    printf("checksum = %lX\n", crc);
}

int main(int argc, char **argv) {
  int print_hash_value = 0;
  unsigned n = (unsigned)argc;
  long long wide = 0;
  if (argc == 2 && argv[1][0] == '1')
    print_hash_value = 1;
  report(n / 3u, print_hash_value);
  wide ^= 5;
  return (int)(wide == 2);
}
