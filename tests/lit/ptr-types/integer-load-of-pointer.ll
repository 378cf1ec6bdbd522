; A pointer field read or written as a pointer-sized integer (as -O2 code
; copying structures does): the i64 holds the field's %struct.S*, and the
; pointer made back from it with inttoptr is a %struct.S*. The address is
; still the field's.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %fld -> %struct.S** | {{.*}}elements: %struct.S@2{{$}}
; CHECK: %i -> %struct.S* |
; CHECK: %p -> %struct.S* |
; CHECK: %dfld -> %struct.S** | {{.*}}elements: %struct.S@2{{$}}
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %s, ptr "intel_dtrans_func_index"="1" %d) !intel.dtrans.func.type !4 {
  %fld = getelementptr inbounds i8, ptr %s, i64 16
  %i = load i64, ptr %fld
  %p = inttoptr i64 %i to ptr
  %dfld = getelementptr inbounds i8, ptr %d, i64 16
  store i64 %i, ptr %dfld
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3, !3}
