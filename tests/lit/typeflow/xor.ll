; A step of a multiplicative hash, an `xor` whose result is multiplied by a
; constant (`(h ^ c) * P`, FNV-1a) or whose operand is such a product (`(h *
; P) ^ c`, FNV-1), joins nothing: C mixes values of either sign into a hash
; (`h = (h ^ (unsigned long long)v) * P`), so its operands say nothing of
; its result's type. Its result hints unsigned (used only where propagation
; leaves it without a sign). Any other `xor` joins its operands to its
; result.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines
; RUN: %dtrans typeflow --no-propagate %s | %FileCheck %s --check-prefix=SEED --match-full-lines

@.fmt = private constant [6 x i8] c"%llx\0A\00"

declare i32 @printf(ptr, ...)

; `unsigned long long h = ...; for (...) h = (h ^ v[i]) * P;` with `v`
; signed (an `sdiv` says so) and `h` printed with `%llx`: `v` stays signed,
; `h` unsigned; joined, `h ^ v` would cost a cast.
; CHECK-LABEL: function @fnv
; CHECK-NEXT:   value %v: int64_t
; CHECK-NEXT:   value %n: generic64_t
; CHECK:        use %x.0: uint64_t
; CHECK-NEXT:   use %x.1: int64_t
; CHECK-NEXT:   value %x: uint64_t
; CHECK-NEXT:   use %m.0: uint64_t
; CHECK-NEXT:   use %m.1: uint64_t
; CHECK-NEXT:   value %m: uint64_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
; SEED-LABEL:  function @fnv
; SEED:         use %x.0: generic64_t
; SEED-NEXT:    use %x.1: generic64_t
; SEED-NEXT:    value %x: generic64_t
define i64 @fnv(i64 %v, i64 %n) {
entry:
  %q = sdiv i64 %v, 3
  br label %loop
loop:
  %h = phi i64 [ 1469598103934665603, %entry ], [ %m, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %x = xor i64 %h, %v
  %m = mul i64 %x, 1099511628211
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, %n
  br i1 %c, label %done, label %loop
done:
  %p = call i32 (ptr, ...) @printf(ptr @.fmt, i64 %m)
  ret i64 %q
}

; FNV-1: the product is the operand; nothing else says the sign of the
; result: the hint does; the operands stay as their own evidence says.
; CHECK-LABEL: function @fnv1
; CHECK-NEXT:   value %h: generic64_t
; CHECK-NEXT:   value %c: int64_t
; CHECK:        value %x: uint64_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define i64 @fnv1(i64 %h, i64 %c) {
  %s = sdiv i64 %c, 3
  %m = mul i64 %h, 1099511628211
  %x = xor i64 %m, %c
  ret i64 %x
}

; Not a hash step (`(a ^ b) < 0`, how csmith checks the signs of a
; difference): joined; the operands take the comparison's sign.
; CHECK-LABEL: function @plain
; CHECK-NEXT:   value %a: int32_t
; CHECK-NEXT:   value %b: int32_t
; CHECK:        value %x: int32_t
; SEED-LABEL:  function @plain
; SEED-NEXT:    value %a: generic32_t
define i1 @plain(i32 %a, i32 %b) {
  %x = xor i32 %a, %b
  %c = icmp slt i32 %x, 0
  ret i1 %c
}

; A strict seed of the result wins over the hint.
; CHECK-LABEL: function @strict_wins
; CHECK:        value %x: int64_t
define i1 @strict_wins(i64 %a, i64 %b) {
  %x = xor i64 %a, %b
  %m = mul i64 %x, 31
  %c = icmp slt i64 %x, 0
  ret i1 %c
}

; `!b` on a boolean: operand and result joined.
; CHECK-LABEL: function @not
; CHECK:        edge %b -- %n.0
; CHECK-NEXT:   edge %n.0 -- %n
define i1 @not(i1 %b) {
  %n = xor i1 %b, true
  ret i1 %n
}
