; Interprocedural returns: a callee without metadata returns a field it
; loaded from a %struct.S*; the caller's call result is that type. A callee
; that returns its argument (an identity function) returns the caller's type.
; RUN: %dtrans ptr-types %s | %FileCheck %s

; CHECK-LABEL: function @next
; CHECK: %v -> %struct.S* |
; CHECK-LABEL: function @id
; CHECK: %x -> %struct.S* |
; CHECK-LABEL: function @f
; CHECK: %n -> %struct.S* |
; CHECK: %i -> %struct.S* |
; CHECK: %fld -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define internal ptr @next(ptr %p) {
  %np = getelementptr inbounds %struct.S, ptr %p, i64 0, i32 2
  %v = load ptr, ptr %np
  ret ptr %v
}

define internal ptr @id(ptr %x) {
  ret ptr %x
}

define i64 @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  %n = call ptr @next(ptr %s)
  %i = call ptr @id(ptr %n)
  %fld = getelementptr inbounds %struct.S, ptr %i, i64 0, i32 1
  %v = load i64, ptr %fld
  ret i64 %v
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
