; An array of structures inside a structure, indexed in one GEP (array
; element, then field) and in two steps; the element's address is a pointer
; to the element structure.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; Outer = { i32, [4 x E] }, E = { i64, Outer* }
; CHECK-LABEL: function @f
; CHECK: %fld -> %struct.Outer** | {{.*}}elements: %struct.E@1{{$}}
; CHECK: %up -> %struct.Outer* |
; CHECK: %el -> %struct.E* | {{.*}}elements: %struct.Outer@1{{$}}
; CHECK: %x -> i64* | {{.*}}elements: %struct.E@0{{$}}
; CHECK: %arr -> {{.*}} | {{.*}}elements: %struct.Outer@1{{$}}
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Outer = type { i32, [4 x %struct.E] }
%struct.E = type { i64, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %o, i64 %i) !intel.dtrans.func.type !8 {
  %fld = getelementptr inbounds %struct.Outer, ptr %o, i64 0, i32 1, i64 %i, i32 1
  %up = load ptr, ptr %fld
  %el = getelementptr inbounds %struct.Outer, ptr %o, i64 0, i32 1, i64 %i
  %x = getelementptr inbounds %struct.E, ptr %el, i64 0, i32 0
  store i64 0, ptr %x
  %arr = getelementptr inbounds %struct.Outer, ptr %o, i64 0, i32 1
  ret void
}

!intel.dtrans.types = !{!0, !4}

!0 = !{!"S", %struct.Outer zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{!"A", i32 4, !3}
!3 = !{%struct.E zeroinitializer, i32 0}
!4 = !{!"S", %struct.E zeroinitializer, i32 2, !5, !6}
!5 = !{i64 0, i32 0}
!6 = !{%struct.Outer zeroinitializer, i32 1}
!8 = distinct !{!6}
