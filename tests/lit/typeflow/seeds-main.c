// `main`'s prototype, fixed by C: `int main(int argc, char **argv)`. Its
// returned values and `argc` are `int32_t`, `argv` an `int8_t **` (before:
// nothing in this body says so; `argc == 3` and `!= 'x'` have no sign).
// RUN: %clang -g -O0 -S -emit-llvm -o %t0.ll %s
// RUN: %dtrans typeflow --eval %t0.ll | %FileCheck %s --match-full-lines
// RUN: %dtrans typeflow --eval --lift %t0.ll | %FileCheck %s --match-full-lines
// RUN: %clang -g -O2 -S -emit-llvm -o %t2.ll %s
// RUN: %dtrans typeflow --eval --lift %t2.ll | %FileCheck %s --match-full-lines --check-prefix=O2
// CHECK:      full: kind 9/9 (100.0%), exact 9/9 (100.0%), TIE 0.000, casts 0
// CHECK-NEXT: by kind, full: pointer 5/5 (100.0%, exact 5, TIE 0.000), signed 4/4 (100.0%, exact 4, TIE 0.000)
// O2:         full: kind 3/3 (100.0%), exact 3/3 (100.0%), TIE 0.000, casts 0

int main(int argc, char **argv) {
  if (argc == 3)
    return argv[2][0] == 'x';
  return 0;
}
