// Evaluation against debug information (clang -g): the points of a small
// program, and the scores of the three modes, checked exactly.
//
// After the three modes' lines, the full mode's figures per kind of the
// truth and the confusion of kinds (rows: the truth's kind; columns: the
// predicted one).
//
// Per function the points are: the parameter and the returned value (from
// the DISubroutineType), the alloca of the #dbg_declare (a pointer to the
// variable's type), the store of the parameter into it and the load from
// it: 10 points.
//
// No propagation: only the IR types, so the five pointer points have the
// pointer kind (void *, TIE 1 each: `void *` sits one level above `T *`)
// and the five integers are generic32_t (TIE 3 each): TIE 20/10 = 2.000.
// Seeds only: the seeds sit on uses (operands of sdiv/udiv, addresses),
// none of which is a point: the same scores, and more casts. Full
// propagation: sdiv makes `half` signed, udiv makes `third` unsigned, and
// the addresses carry the pointee: every point exact, no cast.
//
// The lifter variant has the same points; without propagation `p` is now a
// generic64_t where it was a void * (TIE 3 instead of 1 for the parameter,
// the store and the load of `p`); full propagation recovers everything.
//
// RUN: %clang -g -O0 -S -emit-llvm -o %t.ll %s
// RUN: %dtrans typeflow --eval %t.ll | %FileCheck %s --match-full-lines
// RUN: %dtrans typeflow --eval --lift %t.ll | %FileCheck %s --match-full-lines --check-prefix=LIFT
// RUN: %dtrans typeflow --eval --function third %t.ll | %FileCheck %s --match-full-lines --check-prefix=ONE
// RUN: %dtrans typeflow --eval --format json %t.ll | %FileCheck %s --check-prefix=JSON
// RUN: not %dtrans typeflow --eval --no-seeds %t.ll 2>&1 | %FileCheck %s --check-prefix=CONFLICT
//
// At -O2 the variables live in registers: #dbg_value(%0, x) and
// #dbg_value(%0, p) name the parameters, which the DISubroutineType gives
// already (a node with the same truth counts once), and the returned
// values: 4 points. Without propagation, x and the two results are
// generic32_t (TIE 3) and p a void * (TIE 1); in the lifter variant p is a
// generic64_t (TIE 3).
// RUN: %clang -g -O2 -S -emit-llvm -o %t2.ll %s
// RUN: %dtrans typeflow --eval %t2.ll | %FileCheck %s --match-full-lines --check-prefix=O2
// RUN: %dtrans typeflow --eval --lift %t2.ll | %FileCheck %s --match-full-lines --check-prefix=O2LIFT

// CHECK:      eval: 10 points, 0 skipped
// CHECK-NEXT: no-propagation: kind 5/10 (50.0%), exact 0/10 (0.0%), TIE 2.000, casts 5
// CHECK-NEXT: seeds-only: kind 5/10 (50.0%), exact 0/10 (0.0%), TIE 2.000, casts 9
// CHECK-NEXT: full: kind 10/10 (100.0%), exact 10/10 (100.0%), TIE 0.000, casts 0
// CHECK-NEXT: by kind, full: pointer 5/5 (100.0%, exact 5, TIE 0.000), signed 4/4 (100.0%, exact 4, TIE 0.000), unsigned 1/1 (100.0%, exact 1, TIE 0.000)
// CHECK-NEXT: confusion, full (rows: truth; columns: predicted pointer, signed, unsigned, float, generic):
// CHECK-NEXT:   pointer 5 0 0 0 0
// CHECK-NEXT:   signed 0 4 0 0 0
// CHECK-NEXT:   unsigned 0 0 1 0 0

// LIFT:      eval: 10 points, 0 skipped
// LIFT-NEXT: no-propagation: kind 2/10 (20.0%), exact 0/10 (0.0%), TIE 2.600, casts 12
// LIFT-NEXT: seeds-only: kind 2/10 (20.0%), exact 0/10 (0.0%), TIE 2.600, casts 16
// LIFT-NEXT: full: kind 10/10 (100.0%), exact 10/10 (100.0%), TIE 0.000, casts 0
// LIFT-NEXT: by kind, full: pointer 5/5 (100.0%, exact 5, TIE 0.000), signed 4/4 (100.0%, exact 4, TIE 0.000), unsigned 1/1 (100.0%, exact 1, TIE 0.000)
// LIFT-NEXT: confusion, full (rows: truth; columns: predicted pointer, signed, unsigned, float, generic):
// LIFT-NEXT:   pointer 5 0 0 0 0
// LIFT-NEXT:   signed 0 4 0 0 0
// LIFT-NEXT:   unsigned 0 0 1 0 0

// ONE:      eval: 5 points, 0 skipped
// ONE-NEXT: no-propagation: kind 4/5 (80.0%), exact 0/5 (0.0%), TIE 1.400, casts 5

// JSON:      "details": [
// JSON:          "full": "int32_t",
// JSON-NEXT:     "function": "@half",
// JSON-NEXT:     "label": "ret.0",
// JSON-NEXT:     "no-propagation": "generic32_t",
// JSON-NEXT:     "origin": "return",
// JSON-NEXT:     "seeds-only": "generic32_t",
// JSON-NEXT:     "tie": 0,
// JSON-NEXT:     "truth": "int32_t",
// JSON-NEXT:     "variable": "return"
// JSON:      "modes": [
// JSON:          "accuracy": 0.5,
// JSON:          "by_kind": {
// JSON-NEXT:       "float": {
// JSON:            "pointer": {
// JSON-NEXT:         "exact": 0,
// JSON-NEXT:         "kind_correct": 5,
// JSON-NEXT:         "points": 5
// JSON:          "confusion": {
// JSON:          "mode": "no-propagation",
// JSON:          "mode": "seeds-only",
// JSON:          "accuracy": 1.0,
// JSON:          "mode": "full",
// JSON:      "points": 10,
// JSON:      "skipped": {
// JSON-NEXT:   "aggregate": 0,

// O2:      eval: 4 points, 0 skipped
// O2-NEXT: no-propagation: kind 1/4 (25.0%), exact 0/4 (0.0%), TIE 2.500, casts 1
// O2-NEXT: seeds-only: kind 1/4 (25.0%), exact 0/4 (0.0%), TIE 2.500, casts 5
// O2-NEXT: full: kind 4/4 (100.0%), exact 4/4 (100.0%), TIE 0.000, casts 0
// O2-NEXT: by kind, full: pointer 1/1 (100.0%, exact 1, TIE 0.000), signed 2/2 (100.0%, exact 2, TIE 0.000), unsigned 1/1 (100.0%, exact 1, TIE 0.000)
// O2-NEXT: confusion, full (rows: truth; columns: predicted pointer, signed, unsigned, float, generic):
// O2-NEXT:   pointer 1 0 0 0 0
// O2-NEXT:   signed 0 2 0 0 0
// O2-NEXT:   unsigned 0 0 1 0 0

// O2LIFT:      eval: 4 points, 0 skipped
// O2LIFT-NEXT: no-propagation: kind 0/4 (0.0%), exact 0/4 (0.0%), TIE 3.000, casts 2
// O2LIFT-NEXT: seeds-only: kind 0/4 (0.0%), exact 0/4 (0.0%), TIE 3.000, casts 6
// O2LIFT-NEXT: full: kind 4/4 (100.0%), exact 4/4 (100.0%), TIE 0.000, casts 0
// O2LIFT-NEXT: by kind, full: pointer 1/1 (100.0%, exact 1, TIE 0.000), signed 2/2 (100.0%, exact 2, TIE 0.000), unsigned 1/1 (100.0%, exact 1, TIE 0.000)
// O2LIFT-NEXT: confusion, full (rows: truth; columns: predicted pointer, signed, unsigned, float, generic):
// O2LIFT-NEXT:   pointer 1 0 0 0 0
// O2LIFT-NEXT:   signed 0 2 0 0 0
// O2LIFT-NEXT:   unsigned 0 0 1 0 0

// CONFLICT: error: the argument '--eval' cannot be used with '--no-seeds'

int half(int x) { return x / 2; }
unsigned third(unsigned *p) { return *p / 3u; }
