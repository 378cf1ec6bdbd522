; Structure GEPs with variable indices: a variable first index steps over
; whole structures (the field is still known), a variable index into an
; array field stays inside that field.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %e -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK: %slot -> %struct.S** | {{.*}}elements: %struct.T@1{{$}}
; CHECK: %q -> %struct.S* |
; CHECK: %y -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

; %struct.T = type { i32, [8 x %struct.S*] }
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64 }
%struct.T = type { i32, [8 x ptr] }

define i64 @f(ptr "intel_dtrans_func_index"="1" %s, ptr "intel_dtrans_func_index"="2" %t, i64 %i) !intel.dtrans.func.type !6 {
  %e = getelementptr inbounds %struct.S, ptr %s, i64 %i, i32 1
  %slot = getelementptr inbounds %struct.T, ptr %t, i64 0, i32 1, i64 %i
  %q = load ptr, ptr %slot
  %y = getelementptr inbounds %struct.S, ptr %q, i64 0, i32 1
  %v = load i64, ptr %y
  ret i64 %v
}

!intel.dtrans.types = !{!0, !3}

!0 = !{!"S", %struct.S zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{!"S", %struct.T zeroinitializer, i32 2, !1, !4}
!4 = !{!"A", i32 8, !5}
!5 = !{%struct.S zeroinitializer, i32 1}
!6 = distinct !{!5, !7}
!7 = !{%struct.T zeroinitializer, i32 1}
