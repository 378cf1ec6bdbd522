; Field 0 is reached without a GEP: a load of a pointer straight from a
; structure pointer reads field 0 (here through two nesting levels), and the
; structure pointer keeps its own type.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %l -> %struct.L* |
; CHECK: %w -> %struct.W* |
; CHECK: %next -> %struct.L* |
; CHECK: %self -> %struct.W* |
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

; L = { L*, i32 }; W = { I, i32 } with I = { W*, i64 }
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.L = type { ptr, i32 }
%struct.I = type { ptr, i64 }
%struct.W = type { %struct.I, i32 }

define ptr @f(ptr "intel_dtrans_func_index"="1" %l, ptr "intel_dtrans_func_index"="2" %w) !intel.dtrans.func.type !9 {
  %next = load ptr, ptr %l
  %self = load ptr, ptr %w
  %n2 = getelementptr inbounds %struct.L, ptr %next, i64 0, i32 1
  ret ptr %self
}

!intel.dtrans.types = !{!0, !3, !5}

!0 = !{!"S", %struct.L zeroinitializer, i32 2, !1, !2}
!1 = !{%struct.L zeroinitializer, i32 1}
!2 = !{i32 0, i32 0}
!3 = !{!"S", %struct.I zeroinitializer, i32 2, !4, !6}
!4 = !{%struct.W zeroinitializer, i32 1}
!5 = !{!"S", %struct.W zeroinitializer, i32 2, !7, !2}
!6 = !{i64 0, i32 0}
!7 = !{%struct.I zeroinitializer, i32 0}
!9 = distinct !{!1, !4}
