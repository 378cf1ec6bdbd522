; Records in lifted code (addresses in i64 registers, an inttoptr before
; each access), over the classes of integers that hold the same addresses:
; the values a phi or a select chooses between and its result, a call's
; arguments and the callee's parameters, what a function returns and its
; calls' results, what is stored to a slot and loaded from it. A class whose
; accesses (at its members and at constant offsets from them) are not all of
; one type at multiples of its size holds records' addresses: an access at
; a member itself is the first field's (its inttoptr is joined to nothing),
; and the members are pointers to records, `void *` in the lattice.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

declare i64 @strlen(ptr)

; Through a phi: `%a` is accessed at offset 0 (an i32), `%b` at offset 8 (an
; i64); neither alone is a record, but the phi joins them: the class of
; `%a`, `%b` and `%p` holds records' addresses, so the accesses at `%a` and
; `%p` themselves are the first field's (their inttoptrs `generic32_t *`,
; joined to nothing) and the three stay `void *` (before: `generic32_t *`).
; CHECK-LABEL: function @phi
; CHECK:        value %c: generic1_t
; CHECK:        value %a: void *
; CHECK:        value %b: void *
; CHECK:        value %pa: generic32_t *
; CHECK:        value %ka: generic32_t
; CHECK:        value %b8: generic64_t *
; CHECK:        value %pb: generic64_t *
; CHECK:        value %wb: generic64_t
; CHECK:        value %p: void *
; CHECK:        value %pp: generic32_t *
; CHECK:        value %k: generic32_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define i64 @phi(i1 %c, i64 %a, i64 %b) {
entry:
  %pa = inttoptr i64 %a to ptr
  %ka = load i32, ptr %pa, align 8
  %b8 = add i64 %b, 8
  %pb = inttoptr i64 %b8 to ptr
  %wb = load i64, ptr %pb, align 8
  br i1 %c, label %l, label %r
l:
  br label %j
r:
  br label %j
j:
  %p = phi i64 [ %a, %l ], [ %b, %r ]
  %pp = inttoptr i64 %p to ptr
  %k = load i32, ptr %pp, align 8
  ret i64 %wb
}

; Through a call: `@key`'s parameter is accessed at offset 0 only, the
; argument `@next` passes also at offset 8 with another type: one class,
; records (before: both `generic32_t *`).
; CHECK-LABEL: function @key
; CHECK:        value %n: void *
; CHECK:        value %p: generic32_t *
; CHECK:        value %k: generic32_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define i32 @key(i64 %n) {
  %p = inttoptr i64 %n to ptr
  %k = load i32, ptr %p, align 8
  ret i32 %k
}

; CHECK-LABEL: function @next
; CHECK:        value %n: void *
; CHECK:        value %k: generic32_t
; CHECK:        value %a: generic64_t *
; CHECK:        value %p: generic64_t *
; CHECK:        value %x: generic64_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define i64 @next(i64 %n) {
  %k = call i32 @key(i64 %n)
  %a = add i64 %n, 8
  %p = inttoptr i64 %a to ptr
  %x = load i64, ptr %p, align 8
  ret i64 %x
}

; Through a return: `@pick` returns its parameter; `@ret` accesses the result
; at offset 0 (an i32) and the argument at offset 8 (a double): one class
; (before: `generic32_t *`).
; CHECK-LABEL: function @pick
; CHECK:        value %n: void *
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define i64 @pick(i64 %n) {
  ret i64 %n
}

; CHECK-LABEL: function @ret
; CHECK:        value %n: void *
; CHECK:        value %m: void *
; CHECK:        value %p: generic32_t *
; CHECK:        value %k: generic32_t
; CHECK:        value %a: double *
; CHECK:        value %q: double *
; CHECK:        value %d: double
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define i32 @ret(i64 %n) {
  %m = call i64 @pick(i64 %n)
  %p = inttoptr i64 %m to ptr
  %k = load i32, ptr %p, align 8
  %a = add i64 %n, 8
  %q = inttoptr i64 %a to ptr
  %d = load double, ptr %q, align 8
  ret i32 %k
}

; Through a slot: the value stored at `%s` is accessed at offset 8 (a
; double), the one loaded from it at offset 0 (an i32).
; CHECK-LABEL: function @slot
; CHECK:        value %n: void *
; CHECK:        value %s: void **
; CHECK:        value %ps: void **
; CHECK:        value %a: double *
; CHECK:        value %q: double *
; CHECK:        value %d: double
; CHECK:        value %ps2: void **
; CHECK:        value %m: void *
; CHECK:        value %p: generic32_t *
; CHECK:        value %k: generic32_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define i32 @slot(i64 %n, i64 %s) {
  %ps = inttoptr i64 %s to ptr
  store i64 %n, ptr %ps, align 8
  %a = add i64 %n, 8
  %q = inttoptr i64 %a to ptr
  %d = load double, ptr %q, align 8
  %ps2 = inttoptr i64 %s to ptr
  %m = load i64, ptr %ps2, align 8
  %p = inttoptr i64 %m to ptr
  %k = load i32, ptr %p, align 8
  ret i32 %k
}

; An array is no record: a vector access stands for accesses of its element
; type, and `%a` (a `<4 x i32>` at offset 0) and `%b` (an i32 at offset 16, a
; multiple of 4) joined by the select agree: `generic32_t *` throughout.
; CHECK-LABEL: function @array
; CHECK:        value %c: generic1_t
; CHECK:        value %a: generic32_t *
; CHECK:        value %b: generic32_t *
; CHECK:        value %pa: generic32_t *
; CHECK:        value %va: generic32_t
; CHECK:        value %b16: generic32_t *
; CHECK:        value %pb: generic32_t *
; CHECK:        value %x: generic32_t
; CHECK:        value %p: generic32_t *
; CHECK:        value %pp: generic32_t *
; CHECK:        value %y: generic32_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define i32 @array(i1 %c, i64 %a, i64 %b) {
entry:
  %pa = inttoptr i64 %a to ptr
  %va = load <4 x i32>, ptr %pa, align 4
  %b16 = add i64 %b, 16
  %pb = inttoptr i64 %b16 to ptr
  %x = load i32, ptr %pb, align 4
  %p = select i1 %c, i64 %a, i64 %b
  %pp = inttoptr i64 %p to ptr
  %y = load i32, ptr %pp, align 4
  ret i32 %y
}

; A link: `p = p->next` loads at offset 8 from `%p` a value of `%p`'s own
; class (through the phi). The accesses alone agree (i64 at offsets 0 and
; 8: they could be an array's), but no array holds its own address among
; its elements (C has no type `T = T *[]`): a record, `void *` (before:
; `generic64_t *`, a pointer to its first field).
; CHECK-LABEL: function @walk
; CHECK:        value %h: void *
; CHECK:        value %p: void *
; CHECK:        value %q: generic64_t *
; CHECK:        value %k: generic64_t
; CHECK:        value %a: void **
; CHECK:        value %n: void *
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define void @walk(i64 %h) {
entry:
  br label %loop
loop:
  %p = phi i64 [ %h, %entry ], [ %n, %loop ]
  %q = inttoptr i64 %p to ptr
  %k = load i64, ptr %q, align 8
  %a = add i64 %p, 8
  %r = inttoptr i64 %a to ptr
  %n = load i64, ptr %r, align 8
  %c = icmp eq i64 %n, 0
  br i1 %c, label %done, label %loop
done:
  ret void
}

; An address C bytes before another (`&a[i - 1]` as `b - 64`, or a
; `container_of`): C forms no address before an object, so `%b` is inside
; the object `%x` points to, at offset 64, and the accesses through `%b`
; and `%b + d` are `%x`'s at `64 + d`: an i32 at 28 and an i64 at 0 (through
; `%x` itself), a record (before: `generic64_t *`, its first field's).
; CHECK-LABEL: function @before
; CHECK:        value %b: void *
; CHECK:        value %x: void *
; CHECK:        value %px: generic64_t *
; CHECK:        value %f: void *
; CHECK:        value %pf: generic32_t *
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define void @before(i64 %b, i64 %v) {
  %x = add i64 %b, -64
  %px = inttoptr i64 %x to ptr
  store i64 %v, ptr %px, align 8
  %f = add i64 %b, -36
  %pf = inttoptr i64 %f to ptr
  store i32 0, ptr %pf, align 4
  ret void
}


; Fields: the values loaded from and stored to the same offset from
; addresses of one class are joined, as a field GEP's results of one
; structure type are chained (`%e = t->head; ...; t->head = e->next`, the
; two `t + 8` separate instructions): then `%n`, loaded at offset 8 from
; `%e`, is in `%e`'s class, a link, and `%e` is a record's address
; (before: `generic64_t *`, its accesses being all i64 at multiples of 8).
; CHECK-LABEL: function @unlink
; CHECK:        value %t: void *
; CHECK:        value %a1: void **
; CHECK:        value %p1: void **
; CHECK:        value %e: void *
; CHECK:        value %pe: generic64_t *
; CHECK:        value %k: generic64_t
; CHECK:        value %e8: generic64_t *
; CHECK:        value %pn: generic64_t *
; CHECK:        value %n: generic64_t
; CHECK:        value %a2: generic64_t *
; CHECK:        value %p2: generic64_t *
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define void @unlink(i64 %t) {
  %a1 = add i64 %t, 8
  %p1 = inttoptr i64 %a1 to ptr
  %e = load i64, ptr %p1, align 8
  %pe = inttoptr i64 %e to ptr
  %k = load i64, ptr %pe, align 8
  %e8 = add i64 %e, 8
  %pn = inttoptr i64 %e8 to ptr
  %n = load i64, ptr %pn, align 8
  %a2 = add i64 %t, 8
  %p2 = inttoptr i64 %a2 to ptr
  store i64 %n, ptr %p2, align 8
  ret void
}

; Not where the two classes' accesses differ in shape (an array's, another
; type's array's, a record's): a C union's members share a field, not a
; type. `n->u.name` (bytes, `strlen`) and `n->u.op` (a record: an i64 at 0,
; an i32 at 8) stay apart, and `%name` stays `int8_t *` (joined, it would
; be a record's address, `void *`).
; CHECK-LABEL: function @union
; CHECK:        value %n: void *
; CHECK:        value %a: int8_t **
; CHECK:        value %pa: int8_t **
; CHECK:        value %name: int8_t *
; CHECK:        value %pn: int8_t *
; CHECK:        value %len: uint64_t
; CHECK:        value %a2: void **
; CHECK:        value %pa2: void **
; CHECK:        value %op: void *
; CHECK:        value %pop: generic64_t *
; CHECK:        value %name2: generic64_t
; CHECK:        value %op8: generic32_t *
; CHECK:        value %pop8: generic32_t *
; CHECK:        value %prec: generic32_t
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define void @union(i64 %n) {
  %a = add i64 %n, 8
  %pa = inttoptr i64 %a to ptr
  %name = load i64, ptr %pa, align 8
  %pn = inttoptr i64 %name to ptr
  %len = call i64 @strlen(ptr %pn)
  %a2 = add i64 %n, 8
  %pa2 = inttoptr i64 %a2 to ptr
  %op = load i64, ptr %pa2, align 8
  %pop = inttoptr i64 %op to ptr
  %name2 = load i64, ptr %pop, align 8
  %op8 = add i64 %op, 8
  %pop8 = inttoptr i64 %op8 to ptr
  %prec = load i32, ptr %pop8, align 8
  ret void
}
