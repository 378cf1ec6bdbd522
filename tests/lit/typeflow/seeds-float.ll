; Floating-point operations say float: every node of a float type is
; strict, and a comparison joins its operands only. A bitcast keeps the
; bits, so it joins a double to an i64 that lshr says unsigned: that cast is
; reported as a conflict, not hidden.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines

; CHECK-LABEL: function @fops
; CHECK-NEXT:   value %a: float
; CHECK-NEXT:   value %b: float
; CHECK-NEXT:   use %c.0: float
; CHECK-NEXT:   use %c.1: float
; CHECK-NEXT:   value %c: float
; CHECK-NEXT:   use %d.0: float
; CHECK-NEXT:   value %d: float
; CHECK-NEXT:   use %e.0: float
; CHECK-NEXT:   use %e.1: float
; CHECK-NEXT:   value %e: generic1_t
; CHECK-NEXT:   use %f.0: generic1_t
; CHECK-NEXT:   use %f.1: float
; CHECK-NEXT:   use %f.2: float
; CHECK-NEXT:   value %f: float
; CHECK-NEXT:   use ret.0: float
; CHECK:        edge %e.0 -- %e.1
; CHECK:        summary: 15 nodes, 14 edges, 0 casts, 0 conflicts
define float @fops(float %a, float %b) {
  %c = fadd float %a, %b
  %d = fneg float %c
  %e = fcmp olt float %d, %a
  %f = select i1 %e, float %d, float 1.0
  ret float %f
}

; CHECK-LABEL: function @bits
; CHECK-NEXT:   value %x: double
; CHECK-NEXT:   use %i.0: double
; CHECK-NEXT:   value %i: uint64_t
; CHECK:        edge %i.0 -- %i
; CHECK:        cast %i.0 -- %i: double | uint64_t (conflict)
; CHECK-NEXT:   summary: 7 nodes, 5 edges, 1 casts, 1 conflicts
define i64 @bits(double %x) {
  %i = bitcast double %x to i64
  %j = lshr i64 %i, 52
  ret i64 %j
}

; Every floating-point type has its C name.
; CHECK-LABEL: function @widths
; CHECK-NEXT:   value %h: _Float16
; CHECK-NEXT:   value %f: float
; CHECK-NEXT:   value %d: double
; CHECK-NEXT:   value %x: long double
; CHECK-NEXT:   value %q: __float128
define void @widths(half %h, float %f, double %d, x86_fp80 %x, fp128 %q) {
  ret void
}
