; A store into a typed field says what the stored value is: an untyped
; parameter stored into the %struct.S* field is a %struct.S*. A store of a
; typed value into untyped memory says what the memory holds.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %u -> %struct.S* |
; CHECK: %mem -> %struct.S** |
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %s, ptr %u, ptr %mem) !intel.dtrans.func.type !4 {
  %np = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 2
  store ptr %u, ptr %np
  store ptr %s, ptr %mem
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
