; Strict seeds for signed integers: sdiv, srem, ashr, signed icmp
; predicates, sext, sitofp, fptosi. Without propagation (SEED) only the
; seeded nodes are signed; with it, the whole component follows.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines
; RUN: %dtrans typeflow --no-propagate %s | %FileCheck %s --check-prefix=SEED --match-full-lines
; RUN: %dtrans typeflow --no-seeds %s | %FileCheck %s --check-prefix=NOSEED

; CHECK-LABEL: function @sdiv
; CHECK-NEXT:   value %a: int32_t
; CHECK-NEXT:   value %b: int32_t
; CHECK-NEXT:   use %c.0: int32_t
; CHECK-NEXT:   use %c.1: int32_t
; CHECK-NEXT:   value %c: int32_t
; CHECK-NEXT:   use %d.0: int32_t
; CHECK-NEXT:   use %d.1: int32_t
; CHECK-NEXT:   value %d: int32_t
; CHECK-NEXT:   use ret.0: int32_t
; CHECK:        summary: 9 nodes, 8 edges, 0 casts, 0 conflicts
; SEED-LABEL:  function @sdiv
; SEED-NEXT:    value %a: generic32_t
; SEED-NEXT:    value %b: generic32_t
; SEED-NEXT:    use %c.0: int32_t
; SEED-NEXT:    use %c.1: int32_t
; SEED-NEXT:    value %c: int32_t
; SEED-NEXT:    use %d.0: generic32_t
; SEED:         summary: 9 nodes, 8 edges, 3 casts, 0 conflicts
; NOSEED-LABEL: function @sdiv
; NOSEED-NOT:   int32_t
; NOSEED:       summary: 9 nodes, 8 edges, 0 casts, 0 conflicts
define i32 @sdiv(i32 %a, i32 %b) {
  %c = sdiv i32 %a, %b
  %d = add i32 %c, 1
  ret i32 %d
}

; CHECK-LABEL: function @srem
; CHECK-NEXT:   value %a: int32_t
; CHECK-NEXT:   value %b: int32_t
; CHECK:        use ret.0: int32_t
define i32 @srem(i32 %a, i32 %b) {
  %c = srem i32 %a, %b
  ret i32 %c
}

; The shift amount is not joined to the result and stays generic.
; CHECK-LABEL: function @ashr
; CHECK-NEXT:   value %a: int32_t
; CHECK-NEXT:   value %n: generic32_t
; CHECK-NEXT:   use %c.0: int32_t
; CHECK-NEXT:   use %c.1: generic32_t
; CHECK-NEXT:   value %c: int32_t
; CHECK-NEXT:   use ret.0: int32_t
define i32 @ashr(i32 %a, i32 %n) {
  %c = ashr i32 %a, %n
  ret i32 %c
}

; The comparison's operands are signed; its i1 result is not.
; CHECK-LABEL: function @slt
; CHECK-NEXT:   value %a: int64_t
; CHECK-NEXT:   value %b: int64_t
; CHECK-NEXT:   use %c.0: int64_t
; CHECK-NEXT:   use %c.1: int64_t
; CHECK-NEXT:   value %c: generic1_t
define i1 @slt(i64 %a, i64 %b) {
  %c = icmp slt i64 %a, %b
  ret i1 %c
}

; CHECK-LABEL: function @sle_sge_sgt
; CHECK-NEXT:   value %a: int8_t
; CHECK-NEXT:   value %b: int16_t
; CHECK-NEXT:   value %c: int32_t
define i1 @sle_sge_sgt(i8 %a, i16 %b, i32 %c) {
  %x = icmp sle i8 %a, 0
  %y = icmp sge i16 %b, 0
  %z = icmp sgt i32 %c, 0
  ret i1 %z
}

; CHECK-LABEL: function @sext
; CHECK-NEXT:   value %a: int32_t
; CHECK-NEXT:   use %c.0: int32_t
; CHECK-NEXT:   value %c: int64_t
; CHECK-NEXT:   use ret.0: int64_t
define i64 @sext(i32 %a) {
  %c = sext i32 %a to i64
  ret i64 %c
}

; CHECK-LABEL: function @sitofp
; CHECK-NEXT:   value %a: int32_t
; CHECK-NEXT:   use %c.0: int32_t
; CHECK-NEXT:   value %c: double
define double @sitofp(i32 %a) {
  %c = sitofp i32 %a to double
  ret double %c
}

; CHECK-LABEL: function @fptosi
; CHECK-NEXT:   value %x: float
; CHECK-NEXT:   use %c.0: float
; CHECK-NEXT:   value %c: int16_t
; CHECK-NEXT:   use ret.0: int16_t
define i16 @fptosi(float %x) {
  %c = fptosi float %x to i16
  ret i16 %c
}
