; A pointer used as a dynamic array: a one-index GEP over the structure type
; (constant or variable index) keeps the structure type; so does a variable
; byte offset that is a whole number of structures (i * 24). A variable byte
; offset of i * 7 lands anywhere: unknown.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; S = { i32, i64, S* }, size 24
; CHECK-LABEL: function @f
; CHECK: %e -> %struct.S* |
; CHECK-NOT: %e -> {{.*}}elements
; CHECK: %e3 -> %struct.S* |
; CHECK: %ef -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK: %g -> %struct.S* |
; CHECK: %h -> ? | {{.*}}unknown
; CHECK: %pp -> %struct.S** |

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %s, ptr "intel_dtrans_func_index"="2" %ps, i64 %i) !intel.dtrans.func.type !5 {
  %e = getelementptr inbounds %struct.S, ptr %s, i64 %i
  %e3 = getelementptr inbounds %struct.S, ptr %s, i64 3
  %ef = getelementptr inbounds %struct.S, ptr %e, i64 0, i32 1
  %off = mul nsw i64 %i, 24
  %g = getelementptr inbounds i8, ptr %s, i64 %off
  %off7 = mul nsw i64 %i, 7
  %h = getelementptr inbounds i8, ptr %s, i64 %off7
  %pp = getelementptr inbounds ptr, ptr %ps, i64 %i
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = !{%struct.S zeroinitializer, i32 2}
!5 = distinct !{!3, !4}
