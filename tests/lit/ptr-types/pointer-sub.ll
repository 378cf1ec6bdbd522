; The difference of two pointers is a number, not a pointer (document 001,
; "Sub"): it gets no pointer type, and the two pointers keep theirs. The
; number of elements (difference / 24) is a number too.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %a -> %struct.S* |
; CHECK: %b -> %struct.S* |
; CHECK: %ia -> %struct.S* |
; CHECK: %ib -> %struct.S* |
; CHECK-NOT: %d ->
; CHECK-NOT: %n ->

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define i64 @f(ptr "intel_dtrans_func_index"="1" %a, ptr "intel_dtrans_func_index"="1" %b) !intel.dtrans.func.type !4 {
  %ia = ptrtoint ptr %a to i64
  %ib = ptrtoint ptr %b to i64
  %d = sub i64 %ia, %ib
  %n = sdiv exact i64 %d, 24
  ret i64 %n
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3, !3}
