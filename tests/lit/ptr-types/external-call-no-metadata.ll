; A pointer returned by an external function without metadata is unknown,
; with the function named; a declaration with metadata gives its return
; type.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %a -> ? | unknown: returned by external function @ext with no type metadata
; CHECK: %b -> %struct.S* |

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

declare ptr @ext()
declare !intel.dtrans.func.type !4 "intel_dtrans_func_index"="1" ptr @typed()

define void @f() {
  %a = call ptr @ext()
  %b = call ptr @typed()
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
