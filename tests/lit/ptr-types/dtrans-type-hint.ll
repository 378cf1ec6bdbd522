; The !dtrans-type hint (document 002): !{%struct.S zeroinitializer, i32 1}
; on an instruction adds %struct.S* to its result's types. It makes a
; pointer nothing else explains (returned by an external function without
; metadata, loaded from unknown memory) a %struct.S*, and what is derived
; from it follows.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %p -> %struct.S* |
; CHECK: %fld -> %struct.S** | {{.*}}elements: %struct.S@2{{$}}
; CHECK: %n -> %struct.S* |
; CHECK: %q -> %struct.S* |
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

declare ptr @get()

define void @f(ptr %u) {
  %p = call ptr @get(), !dtrans-type !3
  %fld = getelementptr inbounds i8, ptr %p, i64 16
  %n = load ptr, ptr %fld
  %q = load ptr, ptr %u, !dtrans-type !3
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
