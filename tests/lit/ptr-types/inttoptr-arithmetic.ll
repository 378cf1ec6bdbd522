; An inttoptr of integer arithmetic on a pointer (p + 8, p & ~15) is not
; followed: the result is unknown, and so is the arithmetic. An inttoptr of
; a plain integer parameter is unknown too. The pointer itself keeps its type.
; Clearing a tag of at most three low bits (p & ~7) keeps the object
; (c-tagged-pointer.c).
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %s -> %struct.S* |
; CHECK: %i -> %struct.S* |
; CHECK: %add -> ? | {{.*}}unknown
; CHECK: %p -> ? | {{.*}}unknown
; CHECK: %and -> ? | {{.*}}unknown
; CHECK: %q -> ? | {{.*}}unknown
; CHECK: %untag -> %struct.S* |
; CHECK: %u -> %struct.S* |
; CHECK: %r -> ? | {{.*}}unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %s, i64 %n) !intel.dtrans.func.type !4 {
  %i = ptrtoint ptr %s to i64
  %add = add i64 %i, 8
  %p = inttoptr i64 %add to ptr
  %and = and i64 %i, -16
  %q = inttoptr i64 %and to ptr
  %untag = and i64 %i, -8
  %u = inttoptr i64 %untag to ptr
  %r = inttoptr i64 %n to ptr
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
