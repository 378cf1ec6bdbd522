; A calloc result used as an array of structures (a one-index GEP over
; %struct.S, then a field) is a %struct.S*.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %c -> %struct.S* | declared: i8* |
; CHECK: %e -> %struct.S* |
; CHECK: %fld -> %struct.S** | {{.*}}elements: %struct.S@2{{$}}
; CHECK-NOT: ambiguous
; CHECK-NOT: unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

declare ptr @calloc(i64, i64)

define ptr @f(i64 %n, i64 %i) {
  %c = call ptr @calloc(i64 %n, i64 24)
  %e = getelementptr inbounds %struct.S, ptr %c, i64 %i
  %fld = getelementptr inbounds %struct.S, ptr %e, i64 0, i32 2
  store ptr null, ptr %fld
  ret ptr %c
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
