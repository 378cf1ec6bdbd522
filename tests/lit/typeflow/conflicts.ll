; Conflicts stay as casts and are reported: `cast A -- B: tA | tB`, with
; `(conflict)` when no refinement could remove it. Propagation removes the
; casts between relaxed and strict types and never adds casts (compare the
; summaries with SEED, the bounds without propagation).
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines
; RUN: %dtrans typeflow --no-propagate %s | %FileCheck %s --check-prefix=SEED --match-full-lines

; An unsigned quotient flows into a signed comparison: one cast.
; CHECK-LABEL: function @f
; CHECK-NEXT:   value %a: uint32_t
; CHECK-NEXT:   value %b: uint32_t
; CHECK:        use %t.0: uint32_t
; CHECK-NEXT:   use %t.1: int32_t
; CHECK-NEXT:   value %t: int32_t
; CHECK:        cast %t.0 -- %t: uint32_t | int32_t (conflict)
; CHECK-NEXT:   summary: 12 nodes, 10 edges, 1 casts, 1 conflicts
; SEED-LABEL:  function @f
; SEED:         summary: 12 nodes, 10 edges, 4 casts, 0 conflicts
define i1 @f(i32 %a, i32 %b) {
  %q = udiv i32 %a, %b
  %t = add i32 %q, 1
  %c = icmp slt i32 %t, 100
  ret i1 %c
}

; Three signed uses against one unsigned: the value is signed and the cast
; sits at the unsigned use.
; CHECK-LABEL: function @g
; CHECK-NEXT:   value %a: int32_t
; CHECK-NEXT:   value %b: int32_t
; CHECK-NEXT:   value %c: generic32_t
; CHECK-NEXT:   value %d: generic32_t
; CHECK:        value %x: int32_t
; CHECK:        use %u1.0: uint32_t
; CHECK:        cast %x -- %u1.0: int32_t | uint32_t (conflict)
; CHECK-NEXT:   summary: 20 nodes, 16 edges, 1 casts, 1 conflicts
; SEED-LABEL:  function @g
; SEED:         summary: 20 nodes, 16 edges, 4 casts, 0 conflicts
define i32 @g(i32 %a, i32 %b, i32 %c, i32 %d) {
  %x = add i32 %a, %b
  %s1 = sdiv i32 %x, 3
  %s2 = srem i32 %x, 5
  %s3 = ashr i32 %x, 1
  %u1 = udiv i32 %x, 7
  ret i32 %x
}

; A `void *` function used at two pointer levels: the levels cannot agree.
; The cast goes on an edge across the call (weak edges break first), and
; each caller keeps its own types.
; CHECK-LABEL: function @id
; CHECK-NEXT:   value %p: int32_t *
; CHECK-NEXT:   use ret.0: int32_t *
; CHECK:        cast ret.0 -- @h:%y: int32_t * | int32_t ** (conflict)
; CHECK-NEXT:   summary: 2 nodes, 5 edges, 1 casts, 1 conflicts
; CHECK-LABEL: function @h
; CHECK:        value %x: int32_t *
; CHECK:        value %y: int32_t **
; CHECK:        value %z: int32_t *
; CHECK:        value %w: int32_t
; CHECK:        summary: 19 nodes, 16 edges, 0 casts, 0 conflicts
; CHECK-NEXT: total: 53 nodes, 47 edges, 3 casts, 3 conflicts
; SEED: total: 53 nodes, 47 edges, 13 casts, 0 conflicts
define ptr @id(ptr %p) {
  ret ptr %p
}

define i32 @h(ptr %a, ptr %b) {
  %x = call ptr @id(ptr %a)
  %v = load i32, ptr %x
  %y = call ptr @id(ptr %b)
  %z = load ptr, ptr %y
  %w = load i32, ptr %z
  %s = add i32 %v, %w
  %d = sdiv i32 %s, 2
  ret i32 %d
}
