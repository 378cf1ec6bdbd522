; Calls to known C library functions say what their prototypes say
; (x86-64: size_t is uint64_t, char * is int8_t *, FILE * and void * are
; void *). A printf format types the variadic arguments it converts.
; Intrinsics: memcpy joins destination and source and its length is a
; size_t; umin is unsigned and joins its operands to its result. Calls to
; the same declared function share the prototype (their arguments and
; results are chained), while an unknown function says nothing.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines

@.str = private unnamed_addr constant [14 x i8] c"%d %lu %s %p\0A\00"

declare ptr @malloc(i64)
declare void @free(ptr)
declare i64 @strlen(ptr)
declare i32 @printf(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @unknown(i32)

; CHECK-LABEL: function @f
; CHECK-NEXT:   value %n: uint64_t
; CHECK-NEXT:   value %src: int8_t *
; CHECK-NEXT:   value %x: int32_t
; CHECK-NEXT:   value %y: uint64_t
; CHECK-NEXT:   value %s: int8_t *
; CHECK-NEXT:   value %p: void *
; CHECK-NEXT:   value %k: uint32_t
; CHECK-NEXT:   use %buf.0: uint64_t
; CHECK-NEXT:   value %buf: int8_t *
; CHECK-NEXT:   use call#1.0: int8_t *
; CHECK-NEXT:   use call#1.1: int8_t *
; CHECK-NEXT:   use call#1.2: uint64_t
; CHECK-NEXT:   use call#1.3: generic1_t
; CHECK-NEXT:   use %len.0: int8_t *
; CHECK-NEXT:   value %len: uint64_t
; CHECK-NEXT:   use %r.0: int8_t *
; CHECK-NEXT:   use %r.1: int32_t
; CHECK-NEXT:   use %r.2: uint64_t
; CHECK-NEXT:   use %r.3: int8_t *
; CHECK-NEXT:   use %r.4: void *
; CHECK-NEXT:   value %r: int32_t
; CHECK-NEXT:   use %m.0: uint32_t
; CHECK-NEXT:   use %m.1: uint32_t
; CHECK-NEXT:   value %m: uint32_t
; CHECK-NEXT:   use %u.0: uint32_t
; CHECK-NEXT:   value %u: generic32_t
; CHECK-NEXT:   use %u2.0: int32_t
; CHECK-NEXT:   value %u2: generic32_t
; CHECK-NEXT:   use call#2.0: int8_t *
; CHECK:        edge call#1.0 -- call#1.1
; CHECK:        edge %m.0 -- %m
; CHECK-NEXT:   edge %m.1 -- %m
; CHECK-NEXT:   edge %m -- %u.0
; CHECK-NEXT:   edge %u.0 -- %u2.0
; CHECK-NEXT:   edge %u -- %u2
; CHECK-NEXT:   cast %u.0 -- %u2.0: uint32_t | int32_t (conflict)
; CHECK-NEXT:   summary: 29 nodes, 18 edges, 1 casts, 1 conflicts
define void @f(i64 %n, ptr %src, i32 %x, i64 %y, ptr %s, ptr %p, i32 %k) {
  %buf = call ptr @malloc(i64 %n)
  call void @llvm.memcpy.p0.p0.i64(ptr %buf, ptr %src, i64 %n, i1 false)
  %len = call i64 @strlen(ptr %buf)
  %r = call i32 (ptr, ...) @printf(ptr @.str, i32 %x, i64 %y, ptr %s, ptr %p)
  %m = call i32 @llvm.umin.i32(i32 %k, i32 10)
  %u = call i32 @unknown(i32 %m)
  %u2 = call i32 @unknown(i32 %x)
  call void @free(ptr %buf)
  ret void
}

; Signed intrinsics and overflow checks: smax joins and seeds like a signed
; operation; sadd.with.overflow joins its two operands (its result is a pair).
; CHECK-LABEL: function @intrinsics
; CHECK-NEXT:   value %a: int32_t
; CHECK-NEXT:   value %b: int32_t
; CHECK:        edge %s.0 -- %s
; CHECK-NEXT:   edge %s.1 -- %s
; CHECK:        edge %o.0 -- %o.1
declare i32 @llvm.smax.i32(i32, i32)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
define i32 @intrinsics(i32 %a, i32 %b) {
  %s = call i32 @llvm.smax.i32(i32 %a, i32 0)
  %o = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %s, i32 %b)
  ret i32 %s
}
