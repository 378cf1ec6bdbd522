// Records in lifted code (pointers as i64, a field's address `p + C`).
// An address plus a constant is a field's address: a pointer of its own,
// not joined to the base (as a byte-offset GEP is not); both are seeded as
// pointers. An access at `p` itself, where the other accesses from the
// same address (p, the other loads of its slot, what is stored there) at
// constant offsets have other types, is the first field's: its inttoptr is
// not joined to `p` either. So `p` is a pointer to a record, `void *` in
// the lattice (before: `int32_t *` at -O0 through the first field, and a
// mix of int32_t *, double * and int32_t ** joined by casts).
// RUN: %clang -g -O0 -S -emit-llvm -o %t0.ll %s
// RUN: %dtrans typeflow --eval --lift --function total %t0.ll | %FileCheck %s --match-full-lines --check-prefix=O0
// RUN: %clang -g -O2 -S -emit-llvm -o %t2.ll %s
// RUN: %dtrans typeflow --eval --lift --function total %t2.ll | %FileCheck %s --match-full-lines --check-prefix=O2
// O0:      full: kind 14/14 (100.0%), exact 14/14 (100.0%), TIE 0.000, casts 0
// O0-NEXT: by kind, full: pointer 9/9 (100.0%, exact 9, TIE 0.000), float 5/5 (100.0%, exact 5, TIE 0.000)
// O2:      full: kind 7/7 (100.0%), exact 7/7 (100.0%), TIE 0.000, casts 0
// O2-NEXT: by kind, full: pointer 3/3 (100.0%, exact 3, TIE 0.000), float 4/4 (100.0%, exact 4, TIE 0.000)

struct pair {
  int key;
  double weight;
  struct pair *next;
};

double total(struct pair *p) {
  double s = 0;
  for (; p; p = p->next)
    if (p->key > 0)
      s += p->weight;
  return s;
}

// An array read at two constant indices is no record: `a` stays a pointer
// to 64-bit integers (the same type at offsets 0 and 8, a multiple of its
// size; their sign is unknown: the `sub nsw` of the two would hint signed,
// but the lifter variant drops the flag, as machine code has none).
// RUN: %dtrans typeflow --lift --function first_two %t0.ll | %FileCheck %s --check-prefix=ARRAY
// ARRAY:      function @first_two
// ARRAY-NEXT:   value %0: generic64_t *
// ARRAY:        summary: {{.*}}, 0 casts, 0 conflicts
long first_two(long *a) { return a[0] - a[1]; }
