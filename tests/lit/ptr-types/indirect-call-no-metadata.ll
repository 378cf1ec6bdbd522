; An indirect call without metadata: nothing says what it returns, so an
; unused pointer result is unknown (with the reason); a result then used as
; a %struct.S* is typed by that use.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %r -> ? | unknown: returned by an indirect call with no type metadata
; CHECK: %u -> %struct.S* |

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define void @f(ptr %fp) {
  %r = call ptr %fp()
  %u = call ptr %fp()
  %fld = getelementptr inbounds %struct.S, ptr %u, i64 0, i32 1
  store i64 0, ptr %fld
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
