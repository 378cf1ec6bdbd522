; Interprocedural: a callee without type metadata, called directly (its
; address never escapes), gets its parameter's type from the caller's
; argument; what the callee passes on gets it too, one call deeper.
; RUN: %dtrans ptr-types %s | %FileCheck %s

; CHECK-LABEL: function @leaf
; CHECK: %q -> %struct.S* |
; CHECK-LABEL: function @mid
; CHECK: %p -> %struct.S* |
; CHECK-LABEL: function @f
; CHECK: %s -> %struct.S* |
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define internal i1 @leaf(ptr %q) {
  %c = icmp eq ptr %q, null
  ret i1 %c
}

define internal i1 @mid(ptr %p) {
  %r = call i1 @leaf(ptr %p)
  ret i1 %r
}

define i1 @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  %r = call i1 @mid(ptr %s)
  ret i1 %r
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
