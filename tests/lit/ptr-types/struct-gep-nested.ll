; Nested structures: one GEP through three levels addresses the innermost
; field; the same path in three steps gives the same answer at each level.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %deep -> %struct.O** | {{.*}}elements: %struct.I@1{{$}}
; CHECK: %m -> %struct.M* | {{.*}}elements: %struct.O@1{{$}}
; CHECK: %i -> %struct.I* | {{.*}}elements: %struct.M@1{{$}}
; CHECK: %pp -> %struct.O** | {{.*}}elements: %struct.I@1{{$}}
; CHECK: %back -> %struct.O* |
; CHECK: %cnt -> i32* | {{.*}}elements: %struct.I@0{{$}}
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

; O = { i32, M }, M = { i64, I }, I = { i32, O* }
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.O = type { i32, %struct.M }
%struct.M = type { i64, %struct.I }
%struct.I = type { i32, ptr }

define i32 @f(ptr "intel_dtrans_func_index"="1" %o) !intel.dtrans.func.type !8 {
  %deep = getelementptr inbounds %struct.O, ptr %o, i64 0, i32 1, i32 1, i32 1
  %m = getelementptr inbounds %struct.O, ptr %o, i64 0, i32 1
  %i = getelementptr inbounds %struct.M, ptr %m, i64 0, i32 1
  %pp = getelementptr inbounds %struct.I, ptr %i, i64 0, i32 1
  %back = load ptr, ptr %pp
  %cnt = getelementptr inbounds %struct.I, ptr %i, i64 0, i32 0
  %v = load i32, ptr %cnt
  ret i32 %v
}

!intel.dtrans.types = !{!0, !3, !6}

!0 = !{!"S", %struct.O zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{%struct.M zeroinitializer, i32 0}
!3 = !{!"S", %struct.M zeroinitializer, i32 2, !4, !5}
!4 = !{i64 0, i32 0}
!5 = !{%struct.I zeroinitializer, i32 0}
!6 = !{!"S", %struct.I zeroinitializer, i32 2, !1, !7}
!7 = !{%struct.O zeroinitializer, i32 1}
!8 = distinct !{!7}
