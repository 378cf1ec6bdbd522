; A user malloc wrapper (returns malloc(n), or null when malloc fails) is an
; allocation function: each call's result is typed by its own uses, like a
; malloc result, even when two callers allocate different structures; the
; callers' types do not mix.
; RUN: %dtrans ptr-types %s | %FileCheck %s

; A = { i32, i32 }
; CHECK-LABEL: function @fs
; CHECK: %p -> %struct.S* |
; CHECK-LABEL: function @fa
; CHECK: %p -> %struct.A* |
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }
%struct.A = type { i32, i32 }

declare ptr @malloc(i64)
declare void @abort()

define internal ptr @xmalloc(i64 %n) {
entry:
  %p = call ptr @malloc(i64 %n)
  %bad = icmp eq ptr %p, null
  br i1 %bad, label %fail, label %ok
fail:
  call void @abort()
  unreachable
ok:
  ret ptr %p
}

define void @fs() {
  %p = call ptr @xmalloc(i64 24)
  %fld = getelementptr inbounds %struct.S, ptr %p, i64 0, i32 1
  store i64 0, ptr %fld
  ret void
}

define void @fa() {
  %p = call ptr @xmalloc(i64 8)
  %fld = getelementptr inbounds %struct.A, ptr %p, i64 0, i32 1
  store i32 0, ptr %fld
  ret void
}

!intel.dtrans.types = !{!0, !4}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = !{!"S", %struct.A zeroinitializer, i32 2, !1, !1}
