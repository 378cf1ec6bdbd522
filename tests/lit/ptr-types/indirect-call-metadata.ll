; An indirect call with !intel_dtrans_type: its result has the callee
; type's return type, and its arguments are used as the parameter types (a
; malloc result passed as the %struct.S* parameter is a %struct.S*).
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; callee type: %struct.S* (%struct.S*, i64)
; CHECK-LABEL: function @f
; CHECK: %fp -> {{.*}}%struct.S* (%struct.S*, i64)* |
; CHECK: %m -> %struct.S* |
; CHECK: %r -> %struct.S* |
; CHECK: %fld -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK-NOT: ambiguous
; CHECK-NOT: unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

declare ptr @malloc(i64)

define void @f(ptr "intel_dtrans_func_index"="1" %fp) !intel.dtrans.func.type !4 {
  %m = call ptr @malloc(i64 24)
  %r = call ptr %fp(ptr %m, i64 1), !intel_dtrans_type !5
  %fld = getelementptr inbounds %struct.S, ptr %r, i64 0, i32 1
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!6}
!5 = !{!"F", i1 false, i32 2, !3, !3, !2}
!6 = !{!5, i32 1}
