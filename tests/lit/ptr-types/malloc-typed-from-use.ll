; A malloc result is an i8* whose type comes from its uses: indexed as a
; %struct.S (structure GEP), or stored where a %struct.S* goes (a typed
; field). Both are %struct.S*.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %m -> %struct.S* | declared: i8* |
; CHECK: %fld -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK: %m2 -> %struct.S* | declared: i8* |
; CHECK-NOT: ambiguous
; CHECK-NOT: unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

declare ptr @malloc(i64)

define void @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  %m = call ptr @malloc(i64 24)
  %fld = getelementptr inbounds %struct.S, ptr %m, i64 0, i32 1
  store i64 7, ptr %fld
  %m2 = call ptr @malloc(i64 24)
  %nx = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 2
  store ptr %m2, ptr %nx
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
