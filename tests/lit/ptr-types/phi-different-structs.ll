; A phi merging pointers to two unrelated structures has no dominant type:
; ambiguous, naming both.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; A = { i32, i32 }, B = { i64 }
; CHECK-LABEL: function @f
; CHECK: %a -> %struct.A* |
; CHECK: %b -> %struct.B* |
; CHECK: %p -> ? | {{.*}}ambiguous: used as {{(%struct.A\* and %struct.B\*|%struct.B\* and %struct.A\*)}}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.A = type { i32, i32 }
%struct.B = type { i64 }

define ptr @f(ptr "intel_dtrans_func_index"="1" %a, ptr "intel_dtrans_func_index"="2" %b, i1 %c) !intel.dtrans.func.type !6 {
entry:
  br i1 %c, label %x, label %join
x:
  br label %join
join:
  %p = phi ptr [ %a, %entry ], [ %b, %x ]
  ret ptr %p
}

!intel.dtrans.types = !{!0, !2}

!0 = !{!"S", %struct.A zeroinitializer, i32 2, !1, !1}
!1 = !{i32 0, i32 0}
!2 = !{!"S", %struct.B zeroinitializer, i32 1, !3}
!3 = !{i64 0, i32 0}
!4 = !{%struct.A zeroinitializer, i32 1}
!5 = !{%struct.B zeroinitializer, i32 1}
!6 = distinct !{!4, !5}
