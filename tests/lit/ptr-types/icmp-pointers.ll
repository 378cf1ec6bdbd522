; Comparing pointers says nothing about what they point to: a %struct.A*
; compared with a %struct.B* keeps its type (neither is ambiguous), and a
; comparison with null adds nothing either.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %a -> %struct.A* |
; CHECK: %b -> %struct.B* |
; CHECK-NOT: ambiguous
; CHECK-NOT: unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.A = type { i32, i32 }
%struct.B = type { i64 }

define i1 @f(ptr "intel_dtrans_func_index"="1" %a, ptr "intel_dtrans_func_index"="2" %b) !intel.dtrans.func.type !6 {
  %eq = icmp eq ptr %a, %b
  %nul = icmp ne ptr %a, null
  %ia = ptrtoint ptr %a to i64
  %ib = ptrtoint ptr %b to i64
  %lt = icmp ult i64 %ia, %ib
  %r = and i1 %eq, %nul
  %r2 = and i1 %r, %lt
  ret i1 %r2
}

!intel.dtrans.types = !{!0, !2}

!0 = !{!"S", %struct.A zeroinitializer, i32 2, !1, !1}
!1 = !{i32 0, i32 0}
!2 = !{!"S", %struct.B zeroinitializer, i32 1, !3}
!3 = !{i64 0, i32 0}
!4 = !{%struct.A zeroinitializer, i32 1}
!5 = !{%struct.B zeroinitializer, i32 1}
!6 = distinct !{!4, !5}
