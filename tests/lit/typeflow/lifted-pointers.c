// Addresses held in integers (the lifter variant: pointers as i64 with an
// inttoptr before each use). An integer is an address when `ptrtoint`
// made it, `inttoptr` uses it, it is an offset, mask or merge of one, or it
// holds the same addresses as one (a slot's stores and loads, a call's
// arguments and parameters: `RecordClasses`' classes); `p < end`
// of two such integers is an unsigned comparison that says nothing of
// sign (before: p, end and their slots became uint64_t); in `a + n * 8`
// the scaled operand is the offset, not the base (before: n became a
// pointer through the sum). Every pointer point is recovered as a pointer;
// what they point to has no sign: `s += *p` is an `add nsw` in the IR (a
// hint of signed), but machine code has no such flag and the lifter
// variant drops it, so s, n and the loaded values stay `generic64_t` and
// p, a and end `generic64_t *`.
// RUN: %clang -g -O0 -S -emit-llvm -o %t.ll %s
// RUN: %dtrans typeflow --eval --lift %t.ll | %FileCheck %s --match-full-lines
// CHECK:      eval: 24 points, 0 skipped
// CHECK:      full: kind 16/24 (66.7%), exact 0/24 (0.0%), TIE 1.667, casts 0
// CHECK-NEXT: by kind, full: pointer 16/16 (100.0%, exact 0, TIE 1.000), signed 0/8 (0.0%, exact 0, TIE 3.000)
// CHECK-NEXT: confusion, full (rows: truth; columns: predicted pointer, signed, unsigned, float, generic):
// CHECK-NEXT:   pointer 16 0 0 0 0
// CHECK-NEXT:   signed 0 0 0 0 8

long sum(long *a, long n) {
  long s = 0;
  long *end = a + n;
  for (long *p = a; p < end; p++)
    s += *p;
  return s;
}
