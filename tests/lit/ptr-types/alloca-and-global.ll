; Stack slots and globals typed by metadata: the slot of a %struct.S* is a
; %struct.S**, what is loaded from it a %struct.S*; likewise through a global
; holding a %struct.S*. An untyped slot that holds a pointer is typed by what
; is stored in it.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %slot -> %struct.S** |
; CHECK: %plain -> %struct.S** |
; CHECK: %a -> %struct.S* |
; CHECK: %g -> %struct.S* |
; CHECK: %b -> %struct.S* |
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

@gp = global ptr null, !intel_dtrans_type !3

define void @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  %slot = alloca ptr, !intel_dtrans_type !3
  %plain = alloca ptr
  store ptr %s, ptr %slot
  store ptr %s, ptr %plain
  %a = load ptr, ptr %slot
  %g = load ptr, ptr @gp
  %b = load ptr, ptr %plain
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
