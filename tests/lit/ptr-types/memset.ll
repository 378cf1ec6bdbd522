; llvm.memset on a structure pointer and on a field address: the pointers
; keep their types. A malloc result only memset and then used as a
; %struct.S* is a %struct.S*.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %s -> %struct.S* |
; CHECK: %fld -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK: %m -> %struct.S* |
; CHECK-NOT: ambiguous
; CHECK-NOT: unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare ptr @malloc(i64)

define void @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  call void @llvm.memset.p0.i64(ptr %s, i8 0, i64 24, i1 false)
  %fld = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 1
  call void @llvm.memset.p0.i64(ptr %fld, i8 0, i64 8, i1 false)
  %m = call ptr @malloc(i64 24)
  call void @llvm.memset.p0.i64(ptr %m, i8 0, i64 24, i1 false)
  %nx = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 2
  store ptr %m, ptr %nx
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
