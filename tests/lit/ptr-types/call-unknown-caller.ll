; A callee without metadata whose parameter receives a %struct.S* from one
; call and a pointer nothing is known about (loaded from untyped memory)
; from another: the parameter may point to anything, so it is unknown, not
; %struct.S*.
; RUN: %dtrans ptr-types %s | %FileCheck %s

; CHECK-LABEL: function @use
; CHECK: %p -> ? | {{.*}}unknown
; CHECK-LABEL: function @f
; CHECK: %s -> %struct.S* |
; CHECK: %q -> ? | {{.*}}unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define internal i1 @use(ptr %p) {
  %c = icmp eq ptr %p, null
  ret i1 %c
}

define void @f(ptr "intel_dtrans_func_index"="1" %s, ptr %u) !intel.dtrans.func.type !4 {
  %r1 = call i1 @use(ptr %s)
  %q = load ptr, ptr %u
  %r2 = call i1 @use(ptr %q)
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
