; Strict seeds for unsigned integers: udiv, urem, lshr, unsigned icmp
; predicates, zext, uitofp, fptoui. Without propagation (SEED) only the
; seeded nodes are unsigned; with it, the whole component follows.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines
; RUN: %dtrans typeflow --no-propagate %s | %FileCheck %s --check-prefix=SEED --match-full-lines
; RUN: %dtrans typeflow --no-seeds %s | %FileCheck %s --check-prefix=NOSEED

; CHECK-LABEL: function @udiv
; CHECK-NEXT:   value %a: uint32_t
; CHECK-NEXT:   value %b: uint32_t
; CHECK-NEXT:   use %c.0: uint32_t
; CHECK-NEXT:   use %c.1: uint32_t
; CHECK-NEXT:   value %c: uint32_t
; CHECK-NEXT:   use %d.0: uint32_t
; CHECK-NEXT:   use %d.1: uint32_t
; CHECK-NEXT:   value %d: uint32_t
; CHECK-NEXT:   use ret.0: uint32_t
; CHECK:        summary: 9 nodes, 8 edges, 0 casts, 0 conflicts
; SEED-LABEL:  function @udiv
; SEED-NEXT:    value %a: generic32_t
; SEED-NEXT:    value %b: generic32_t
; SEED-NEXT:    use %c.0: uint32_t
; SEED-NEXT:    use %c.1: uint32_t
; SEED-NEXT:    value %c: uint32_t
; SEED-NEXT:    use %d.0: generic32_t
; SEED:         summary: 9 nodes, 8 edges, 3 casts, 0 conflicts
; NOSEED-LABEL: function @udiv
; NOSEED-NOT:   uint32_t
; NOSEED:       summary: 9 nodes, 8 edges, 0 casts, 0 conflicts
define i32 @udiv(i32 %a, i32 %b) {
  %c = udiv i32 %a, %b
  %d = add i32 %c, 1
  ret i32 %d
}

; CHECK-LABEL: function @urem
; CHECK-NEXT:   value %a: uint32_t
; CHECK-NEXT:   value %b: uint32_t
; CHECK:        use ret.0: uint32_t
define i32 @urem(i32 %a, i32 %b) {
  %c = urem i32 %a, %b
  ret i32 %c
}

; The shift amount is not joined to the result and stays generic.
; CHECK-LABEL: function @lshr
; CHECK-NEXT:   value %a: uint32_t
; CHECK-NEXT:   value %n: generic32_t
; CHECK-NEXT:   use %c.0: uint32_t
; CHECK-NEXT:   use %c.1: generic32_t
; CHECK-NEXT:   value %c: uint32_t
; CHECK-NEXT:   use ret.0: uint32_t
define i32 @lshr(i32 %a, i32 %n) {
  %c = lshr i32 %a, %n
  ret i32 %c
}

; The comparison's operands are unsigned; its i1 result is not.
; CHECK-LABEL: function @ult
; CHECK-NEXT:   value %a: uint64_t
; CHECK-NEXT:   value %b: uint64_t
; CHECK-NEXT:   use %c.0: uint64_t
; CHECK-NEXT:   use %c.1: uint64_t
; CHECK-NEXT:   value %c: generic1_t
define i1 @ult(i64 %a, i64 %b) {
  %c = icmp ult i64 %a, %b
  ret i1 %c
}

; CHECK-LABEL: function @ule_uge_ugt
; CHECK-NEXT:   value %a: uint8_t
; CHECK-NEXT:   value %b: uint16_t
; CHECK-NEXT:   value %c: uint32_t
define i1 @ule_uge_ugt(i8 %a, i16 %b, i32 %c) {
  %x = icmp ule i8 %a, 0
  %y = icmp uge i16 %b, 0
  %z = icmp ugt i32 %c, 0
  ret i1 %z
}

; zext says its source is unsigned. Its result is often a promoted `int`
; (`int x = (unsigned char)c`), so it is not seeded; neither is a
; zero-extended i1 (a C boolean).
; CHECK-LABEL: function @zext
; CHECK-NEXT:   value %a: uint32_t
; CHECK-NEXT:   value %b: generic1_t
; CHECK-NEXT:   use %c.0: uint32_t
; CHECK-NEXT:   value %c: generic64_t
; CHECK-NEXT:   use %d.0: generic1_t
; CHECK-NEXT:   value %d: generic32_t
define i64 @zext(i32 %a, i1 %b) {
  %c = zext i32 %a to i64
  %d = zext i1 %b to i32
  ret i64 %c
}

; CHECK-LABEL: function @uitofp
; CHECK-NEXT:   value %a: uint32_t
; CHECK-NEXT:   use %c.0: uint32_t
; CHECK-NEXT:   value %c: double
define double @uitofp(i32 %a) {
  %c = uitofp i32 %a to double
  ret double %c
}

; CHECK-LABEL: function @fptoui
; CHECK-NEXT:   value %x: float
; CHECK-NEXT:   use %c.0: float
; CHECK-NEXT:   value %c: uint16_t
; CHECK-NEXT:   use ret.0: uint16_t
define i16 @fptoui(float %x) {
  %c = fptoui float %x to i16
  ret i16 %c
}
