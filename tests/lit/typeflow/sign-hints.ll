; Weak sign evidence (hints), applied after propagation only to integers it
; left without a sign: `nsw` without `nuw` hints signed; `nsw nuw` (what the
; optimizer proves) hints nothing; a hint never overrides a strict seed.
; Conversions whose result C may convert again silently: a `sext` (and the
; in-place `ashr (shl x, k), k`) seeds only its source, its result is a
; hint; a `zext nneg` (a rewritten `sext`) seeds nothing.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines
; RUN: %dtrans typeflow --no-propagate %s | %FileCheck %s --check-prefix=SEED --match-full-lines

; CHECK-LABEL: function @nsw
; CHECK-NEXT:   value %a: int32_t
; CHECK-NEXT:   value %b: int32_t
; CHECK:        value %c: int32_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
; SEED-LABEL:  function @nsw
; SEED-NEXT:    value %a: generic32_t
define i32 @nsw(i32 %a, i32 %b) {
  %c = add nsw i32 %a, %b
  ret i32 %c
}

; CHECK-LABEL: function @nsw_nuw
; CHECK-NEXT:   value %a: generic32_t
; CHECK:        value %c: generic32_t
define i32 @nsw_nuw(i32 %a, i32 %b) {
  %c = add nuw nsw i32 %a, %b
  ret i32 %c
}

; The unsigned comparison is strict; the nsw hint loses.
; CHECK-LABEL: function @strict_wins
; CHECK-NEXT:   value %a: uint32_t
; CHECK:        value %c: uint32_t
define i1 @strict_wins(i32 %a, i32 %b) {
  %c = add nsw i32 %a, %b
  %d = icmp ult i32 %c, 10
  ret i1 %d
}

; `unsigned long u = i; return u / 3;`: the udiv is strict, the sext's
; result only a hint, so the result is unsigned with no cast and the source
; stays signed.
; CHECK-LABEL: function @sext_to_unsigned
; CHECK-NEXT:   value %i: int32_t
; CHECK-NEXT:   use %u.0: int32_t
; CHECK-NEXT:   value %u: uint64_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
; SEED-LABEL:  function @sext_to_unsigned
; SEED-NEXT:    value %i: generic32_t
; SEED-NEXT:    use %u.0: int32_t
; SEED-NEXT:    value %u: generic64_t
define i64 @sext_to_unsigned(i32 %i) {
  %u = sext i32 %i to i64
  %q = udiv i64 %u, 3
  ret i64 %q
}

; Nothing else says the sign of the sext's result: the hint does.
; CHECK-LABEL: function @sext_alone
; CHECK:        value %u: int64_t
define i64 @sext_alone(i32 %i) {
  %u = sext i32 %i to i64
  ret i64 %u
}

; The shifted operand stays a strict seed; the result is not one.
; CHECK-LABEL: function @ashr_in_place
; CHECK:        value %s: int64_t
; SEED-LABEL:  function @ashr_in_place
; SEED:         use %s.0: int64_t
; SEED-NEXT:    use %s.1: generic64_t
; SEED-NEXT:    value %s: generic64_t
define i64 @ashr_in_place(i64 %x) {
  %t = shl i64 %x, 32
  %s = ashr exact i64 %t, 32
  ret i64 %s
}

; CHECK-LABEL: function @zext_nneg
; CHECK-NEXT:   value %i: generic32_t
; SEED-LABEL:  function @zext_nneg
; SEED-NEXT:    value %i: generic32_t
; SEED-NEXT:    use %w.0: generic32_t
define i64 @zext_nneg(i32 %i) {
  %w = zext nneg i32 %i to i64
  ret i64 %w
}

; The optimizer rewrites signed operations on values it knows are not
; negative to their unsigned twins (`srem` to `urem`, `icmp sgt` to `icmp
; ugt`, `sext` to `zext`): an unsigned operation on such values (here an
; induction variable from 0 stepping by `add nuw nsw`) is only a hint, and
; the loop counter takes its sign from other evidence (the `sdiv`).
; CHECK-LABEL: function @rewritten
; CHECK:        value %i: int32_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
; SEED-LABEL:  function @rewritten
; SEED:         value %i: generic32_t
; SEED:         use %r.0: generic32_t
define i32 @rewritten(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %r = urem i32 %i, 50
  %q = sdiv i32 %n, %r
  %next = add nuw nsw i32 %i, 1
  %c = icmp ugt i32 %next, 100
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %q
}

; `c >= '0' && c <= '9'` becomes `c - 48 <u 10` whatever c's sign: no seed.
; CHECK-LABEL: function @range_check
; CHECK-NEXT:   value %c: generic8_t
define i1 @range_check(i8 %c) {
  %d = add i8 %c, -48
  %r = icmp ult i8 %d, 10
  ret i1 %r
}
