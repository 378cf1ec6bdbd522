; One untyped pointer used as two unrelated structures (GEPs over
; %struct.A and %struct.B) has no dominant type: ambiguous, naming both. A
; pointer used as a structure and as that structure's first field (an i32
; load at offset 0) is not ambiguous: the structure explains its first field.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; A = { i32, i32 }, B = { i64, i64 }
; CHECK-LABEL: function @f
; CHECK: %p -> ? | {{.*}}ambiguous: used as %struct.A* and %struct.B*
; CHECK: %q -> %struct.A* |

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.A = type { i32, i32 }
%struct.B = type { i64, i64 }

define void @f(ptr %p, ptr %q) {
  %a1 = getelementptr inbounds %struct.A, ptr %p, i64 0, i32 1
  store i32 0, ptr %a1
  %b1 = getelementptr inbounds %struct.B, ptr %p, i64 0, i32 1
  store i64 0, ptr %b1
  %q1 = getelementptr inbounds %struct.A, ptr %q, i64 0, i32 1
  %x = load i32, ptr %q
  ret void
}

!intel.dtrans.types = !{!0, !2}

!0 = !{!"S", %struct.A zeroinitializer, i32 2, !1, !1}
!1 = !{i32 0, i32 0}
!2 = !{!"S", %struct.B zeroinitializer, i32 2, !3, !3}
!3 = !{i64 0, i32 0}
