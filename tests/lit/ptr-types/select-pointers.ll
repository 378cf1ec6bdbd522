; Select: of two pointers of one structure type (that type); of two field
; addresses of one type (both fields as elements); of pointers to two
; unrelated structures (ambiguous).
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; S = { i32, i32, S* }, T = { double }
; CHECK-LABEL: function @f
; CHECK: %same -> %struct.S* |
; CHECK-NOT: %same -> {{.*}}ambiguous
; CHECK: %fa -> i32* | {{.*}}elements: %struct.S@0, %struct.S@1{{$}}
; CHECK: %mix -> ? | {{.*}}ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i32, ptr }
%struct.T = type { double }

define void @f(ptr "intel_dtrans_func_index"="1" %s, ptr "intel_dtrans_func_index"="2" %t, i1 %c) !intel.dtrans.func.type !6 {
  %np = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 2
  %n = load ptr, ptr %np
  %same = select i1 %c, ptr %s, ptr %n
  %f0 = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 0
  %f1 = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 1
  %fa = select i1 %c, ptr %f0, ptr %f1
  store i32 0, ptr %fa
  %mix = select i1 %c, ptr %s, ptr %t
  ret void
}

!intel.dtrans.types = !{!0, !3}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{%struct.S zeroinitializer, i32 1}
!3 = !{!"S", %struct.T zeroinitializer, i32 1, !4}
!4 = !{double 0.0, i32 0}
!5 = !{%struct.T zeroinitializer, i32 1}
!6 = distinct !{!2, !5}
