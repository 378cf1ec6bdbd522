; Document 001's example (Local Pointer Type Analysis), in opaque-pointer
; IR: a phi of the argument (a %struct.S*, by metadata; in the document an
; i8* cast of it) and of a malloc(16) result is returned as a %struct.S*.
; The phi and the allocation are %struct.S*: the allocation is safe because
; it is only ever used as a %struct.S*.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; S = { i64, i64* } (16 bytes)
; CHECK-LABEL: function @f
; CHECK: %p -> %struct.S* |
; CHECK: %newS -> %struct.S* |
; CHECK: %tmp -> %struct.S* |
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i64, ptr }

declare ptr @malloc(i64)

define "intel_dtrans_func_index"="1" ptr @f(ptr "intel_dtrans_func_index"="2" %p, i1 %flag) !intel.dtrans.func.type !4 {
entry:
  %isNull = icmp eq ptr %p, null
  br i1 %flag, label %new, label %end

new:
  %newS = call ptr @malloc(i64 16)
  br label %end

end:
  %tmp = phi ptr [ %p, %entry ], [ %newS, %new ]
  ret ptr %tmp
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 2, !1, !2}
!1 = !{i64 0, i32 0}
!2 = !{i64 0, i32 1}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3, !3}
