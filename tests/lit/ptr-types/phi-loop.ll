; A phi walking a linked list: the head comes from a typed parameter, the
; back edge from the loaded next field; every value on the cycle is a
; %struct.node*.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; node = { i32, node* }
; CHECK-LABEL: function @f
; CHECK: %cur -> %struct.node* |
; CHECK: %nextp -> %struct.node** | {{.*}}elements: %struct.node@1{{$}}
; CHECK: %next -> %struct.node* |
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.node = type { i32, ptr }

define i32 @f(ptr "intel_dtrans_func_index"="1" %head) !intel.dtrans.func.type !3 {
entry:
  br label %loop

loop:
  %cur = phi ptr [ %head, %entry ], [ %next, %loop ]
  %n = phi i32 [ 0, %entry ], [ %n1, %loop ]
  %n1 = add i32 %n, 1
  %nextp = getelementptr inbounds %struct.node, ptr %cur, i64 0, i32 1
  %next = load ptr, ptr %nextp
  %done = icmp eq ptr %next, null
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %n1
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.node zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{%struct.node zeroinitializer, i32 1}
!3 = distinct !{!2}
