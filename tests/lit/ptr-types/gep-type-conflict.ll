; A pointer declared %struct.A* (metadata) but indexed by a GEP over
; %struct.B is used as two unrelated structures: ambiguous, naming both.
; The same pointer indexed as %struct.A, and a pointer indexed over the
; structure that holds %struct.A as its first field (C = { A, i32 }), are
; not: a %struct.C* is also a pointer to its first field, a %struct.A.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; A = { i32, i32 }, B = { i64, i64 }, C = { A, i32 }
; CHECK-LABEL: function @f
; CHECK: %a -> ? | {{.*}}ambiguous: used as %struct.A* and %struct.B*
; CHECK: %c -> %struct.C* |
; CHECK-NOT: %c -> {{.*}}ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.A = type { i32, i32 }
%struct.B = type { i64, i64 }
%struct.C = type { %struct.A, i32 }

define void @f(ptr "intel_dtrans_func_index"="1" %a, ptr "intel_dtrans_func_index"="2" %c) !intel.dtrans.func.type !8 {
  %a1 = getelementptr inbounds %struct.A, ptr %a, i64 0, i32 1
  %b1 = getelementptr inbounds %struct.B, ptr %a, i64 0, i32 1
  %ca = getelementptr inbounds %struct.A, ptr %c, i64 0, i32 1
  %cc = getelementptr inbounds %struct.C, ptr %c, i64 0, i32 1
  ret void
}

!intel.dtrans.types = !{!0, !2, !4}

!0 = !{!"S", %struct.A zeroinitializer, i32 2, !1, !1}
!1 = !{i32 0, i32 0}
!2 = !{!"S", %struct.B zeroinitializer, i32 2, !3, !3}
!3 = !{i64 0, i32 0}
!4 = !{!"S", %struct.C zeroinitializer, i32 2, !5, !1}
!5 = !{%struct.A zeroinitializer, i32 0}
!6 = !{%struct.A zeroinitializer, i32 1}
!7 = !{%struct.C zeroinitializer, i32 1}
!8 = distinct !{!6, !7}
