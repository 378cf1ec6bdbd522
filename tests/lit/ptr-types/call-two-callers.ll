; A callee without metadata called with a %struct.A* from one caller and a
; %struct.B* from another: its parameter may be either, so it is ambiguous;
; each caller's own argument keeps its type.
; RUN: %dtrans ptr-types %s | %FileCheck %s

; CHECK-LABEL: function @use
; CHECK: %p -> ? | {{.*}}ambiguous
; CHECK-LABEL: function @fa
; CHECK: %a -> %struct.A* |
; CHECK-LABEL: function @fb
; CHECK: %b -> %struct.B* |

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.A = type { i32, i32 }
%struct.B = type { i64 }

define internal void @use(ptr %p) {
  ret void
}

define void @fa(ptr "intel_dtrans_func_index"="1" %a) !intel.dtrans.func.type !6 {
  call void @use(ptr %a)
  ret void
}

define void @fb(ptr "intel_dtrans_func_index"="1" %b) !intel.dtrans.func.type !7 {
  call void @use(ptr %b)
  ret void
}

!intel.dtrans.types = !{!0, !2}

!0 = !{!"S", %struct.A zeroinitializer, i32 2, !1, !1}
!1 = !{i32 0, i32 0}
!2 = !{!"S", %struct.B zeroinitializer, i32 1, !3}
!3 = !{i64 0, i32 0}
!4 = !{%struct.A zeroinitializer, i32 1}
!5 = !{%struct.B zeroinitializer, i32 1}
!6 = distinct !{!4}
!7 = distinct !{!5}
