; A phi of the addresses of two different fields of the same type: one
; pointer type (i32*) and both fields as its elements.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; S = { i64, i32, i32 }
; CHECK-LABEL: function @f
; CHECK: %pa -> i32* | {{.*}}elements: %struct.S@1{{$}}
; CHECK: %pb -> i32* | {{.*}}elements: %struct.S@2{{$}}
; CHECK: %p -> i32* | {{.*}}elements: %struct.S@1, %struct.S@2{{$}}
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i64, i32, i32 }

define i32 @f(ptr "intel_dtrans_func_index"="1" %s, i1 %c) !intel.dtrans.func.type !3 {
entry:
  br i1 %c, label %a, label %b
a:
  %pa = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 1
  br label %join
b:
  %pb = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 2
  br label %join
join:
  %p = phi ptr [ %pa, %a ], [ %pb, %b ]
  %v = load i32, ptr %p
  ret i32 %v
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !2}
!1 = !{i64 0, i32 0}
!2 = !{i32 0, i32 0}
!4 = !{%struct.S zeroinitializer, i32 1}
!3 = distinct !{!4}
