; A merge of a %struct.S* with a pointer nothing is known about (loaded
; from untyped memory) may be anything: the phi and the select are
; unknown, not %struct.S*. A merge with null, undef or poison is just the
; %struct.S*.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %q -> ? | {{.*}}unknown
; CHECK: %sel -> ? | {{.*}}unknown
; CHECK: %phi -> ? | {{.*}}unknown
; CHECK: %wnull -> %struct.S* |
; CHECK: %wundef -> %struct.S* |
; CHECK: %wpoison -> %struct.S* |

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %s, ptr %u, i1 %c) !intel.dtrans.func.type !4 {
entry:
  %q = load ptr, ptr %u
  %sel = select i1 %c, ptr %s, ptr %q
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %phi = phi ptr [ %s, %entry ], [ %q, %a ]
  %wnull = select i1 %c, ptr %s, ptr null
  %wundef = phi ptr [ %s, %entry ], [ undef, %a ]
  %wpoison = select i1 %c, ptr poison, ptr %s
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
