; A shift amount has no sign. The optimizer tests a small set of characters
; (`strchr("&|", c)`, a `switch`) with a bit mask: `c >u 63` guards the
; shift, `(1 << zext c) & MASK` tests the bit. Neither the `zext` of a
; shift amount nor the unsigned comparison that guards the shift seeds
; unsigned: `c`, a `char` read from a string (`strlen` says `char *`, and
; its `sext` signed), is `int8_t` without casts (before: the two unsigned
; seeds conflicted with it, two casts).
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

declare i64 @strlen(ptr)

; CHECK-LABEL: function @is_op
; CHECK-NEXT:   value %s: int8_t *
; CHECK:        value %c: int8_t
; CHECK:        value %big: generic1_t
; CHECK:        use %z.0: int8_t
; CHECK-NEXT:   value %z: generic64_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define i1 @is_op(ptr %s) {
  %n = call i64 @strlen(ptr %s)
  %c = load i8, ptr %s, align 1
  %w = sext i8 %c to i32
  %big = icmp ugt i8 %c, 63
  %z = zext i8 %c to i64
  %bit = shl i64 1, %z
  %m = and i64 %bit, 8070450540837863425
  %none = icmp eq i64 %m, 0
  %r = select i1 %big, i1 true, i1 %none
  ret i1 %r
}
