; llvm.memmove of an array of structures onto itself (shifting elements):
; both addresses stay %struct.S*.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %a -> %struct.S* |
; CHECK: %a1 -> %struct.S* |
; CHECK-NOT: ambiguous
; CHECK-NOT: unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)

define void @f(ptr "intel_dtrans_func_index"="1" %a, i64 %n) !intel.dtrans.func.type !4 {
  %a1 = getelementptr inbounds %struct.S, ptr %a, i64 1
  %bytes = mul i64 %n, 24
  call void @llvm.memmove.p0.p0.i64(ptr %a, ptr %a1, i64 %bytes, i1 false)
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
