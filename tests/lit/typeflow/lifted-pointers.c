// Addresses held in integers (the lifter variant: pointers as i64 with an
// inttoptr before each use). An integer is an address when `ptrtoint`
// made it, `inttoptr` uses it, it is an offset, mask or merge of one, or it
// is loaded from a slot whose other loads are used as addresses; `p < end`
// of two such integers is an unsigned comparison that says nothing of
// sign (before: p, end and their slots became uint64_t); in `a + n * 8`
// the scaled operand is the offset, not the base (before: n became a
// pointer through the sum). Every pointer point is recovered as a pointer;
// `s += *p` is an `add nsw`, a hint that s and the loaded values are signed
// (applied after propagation, where nothing else gave them a sign), so p,
// a and end become `int64_t *`; n's sign stays unknown.
// RUN: %clang -g -O0 -S -emit-llvm -o %t.ll %s
// RUN: %dtrans typeflow --eval --lift %t.ll | %FileCheck %s --match-full-lines
// CHECK:      eval: 24 points, 0 skipped
// CHECK:      full: kind 21/24 (87.5%), exact 20/24 (83.3%), TIE 0.417, casts 0
// CHECK-NEXT: by kind, full: pointer 16/16 (100.0%, exact 15, TIE 0.062), signed 5/8 (62.5%, exact 5, TIE 1.125)
// CHECK-NEXT: confusion, full (rows: truth; columns: predicted pointer, signed, unsigned, float, generic):
// CHECK-NEXT:   pointer 16 0 0 0 0
// CHECK-NEXT:   signed 0 5 0 0 3

long sum(long *a, long n) {
  long s = 0;
  long *end = a + n;
  for (long *p = a; p < end; p++)
    s += *p;
  return s;
}
