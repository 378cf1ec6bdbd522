; realloc returns the memory block it was given, grown: the result of
; realloc of a %struct.S* is a %struct.S*, with no use of its own.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %s -> %struct.S* |
; CHECK: %r -> %struct.S* |
; CHECK-NOT: ambiguous
; CHECK-NOT: unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

declare ptr @realloc(ptr, i64)

define ptr @f(ptr "intel_dtrans_func_index"="1" %s, i64 %n) !intel.dtrans.func.type !4 {
  %bytes = mul i64 %n, 24
  %r = call ptr @realloc(ptr %s, i64 %bytes)
  ret ptr %r
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
