; A function whose address escapes (stored in a global) may be called from
; anywhere: it keeps its own declared parameter type (i8* here) instead of
; taking its direct caller's type, and the caller's argument keeps its own
; type. The same declaration on a function that does not escape takes the
; caller's type. An escaping function without metadata knows nothing of its
; parameter: unknown.
; RUN: %dtrans ptr-types %s | %FileCheck %s

; CHECK-LABEL: function @cb
; CHECK: %p -> i8* |
; CHECK-NOT: %struct.S
; CHECK-LABEL: function @direct
; CHECK: %p -> %struct.S* |
; CHECK-LABEL: function @bare
; CHECK: %p -> ? | {{.*}}unknown
; CHECK-LABEL: function @f
; CHECK: %s -> %struct.S* |
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

@table = global [2 x ptr] [ptr @cb, ptr @bare]

define void @cb(ptr "intel_dtrans_func_index"="1" %p) !intel.dtrans.func.type !5 {
  ret void
}

define internal void @direct(ptr "intel_dtrans_func_index"="1" %p) !intel.dtrans.func.type !5 {
  ret void
}

define void @bare(ptr %p) {
  ret void
}

define void @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  call void @cb(ptr %s)
  call void @direct(ptr %s)
  call void @bare(ptr %s)
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
!5 = distinct !{!6}
!6 = !{i8 0, i32 1}
