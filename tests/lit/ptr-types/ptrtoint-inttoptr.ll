; ptrtoint and inttoptr are the same pointer under another name: the
; integer holds a %struct.S*, the pointer made back from it is a
; %struct.S* that can be indexed as one.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; S = { i32, i64, S* }
; CHECK-LABEL: function @f
; CHECK: %i -> %struct.S* |
; CHECK: %back -> %struct.S* |
; CHECK: %fld -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define i64 @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  %i = ptrtoint ptr %s to i64
  %back = inttoptr i64 %i to ptr
  %fld = getelementptr inbounds %struct.S, ptr %back, i64 0, i32 1
  %v = load i64, ptr %fld
  ret i64 %v
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
