; Document 004, "Comparison": the two operand uses are joined to their
; values and to each other, not to the result (%c).
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines

; CHECK:      function @func
; CHECK-NEXT:   value %a: generic32_t
; CHECK-NEXT:   value %b: generic32_t
; CHECK-NEXT:   use %c.0: generic32_t
; CHECK-NEXT:   use %c.1: generic32_t
; CHECK-NEXT:   value %c: generic1_t
; CHECK-NEXT:   use ret.0: generic1_t
; CHECK-NEXT:   edge %a -- %c.0
; CHECK-NEXT:   edge %b -- %c.1
; CHECK-NEXT:   edge %c.0 -- %c.1
; CHECK-NEXT:   edge %c -- ret.0
; CHECK-NEXT:   summary: 6 nodes, 4 edges, 0 casts, 0 conflicts
; CHECK-NEXT: total: 6 nodes, 4 edges, 0 casts, 0 conflicts
; CHECK-NEXT: propagation: 0 casts, at least 0 (0 parts exact by a minimum cut, 0 improved by it; 0 parts of 3 or more types by expansion moves, 0 improved by them)
; CHECK-EMPTY:

define i1 @func(i32 %a, i32 %b) {
  %c = icmp eq i32 %a, %b
  ret i1 %c
}
