; Instructions the analysis does not follow produce pointers it cannot
; type: an extractelement from a vector of pointers, atomicrmw xchg and
; cmpxchg on a pointer slot, va_arg. Each result is unknown, never a
; guessed type, even where the memory involved is a typed %struct.S* slot.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %v -> ? | {{.*}}unknown
; CHECK: %e -> ? | {{.*}}unknown
; CHECK: %x -> ? | {{.*}}unknown
; CHECK: %va -> ? | {{.*}}unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %s, ptr "intel_dtrans_func_index"="2" %slot, ptr %ap) !intel.dtrans.func.type !4 {
  %v0 = insertelement <2 x ptr> poison, ptr %s, i32 0
  %v = insertelement <2 x ptr> %v0, ptr %s, i32 1
  %e = extractelement <2 x ptr> %v, i32 1
  %x = atomicrmw xchg ptr %slot, ptr %s seq_cst
  %cx = cmpxchg ptr %slot, ptr %s, ptr null seq_cst seq_cst
  %va = va_arg ptr %ap, ptr
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3, !5}
!5 = !{%struct.S zeroinitializer, i32 2}
