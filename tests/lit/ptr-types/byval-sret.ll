; Parameters whose attributes name the pointee: byval(%struct.S) and
; sret(%struct.S) are %struct.S*, their fields are known; an aggregate
; returned in registers ({ ptr, i64 }, typed by metadata as
; { %struct.S*, i64 }) gives its pointer piece through extractvalue.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %out -> %struct.S* |
; CHECK: %in -> %struct.S* |
; CHECK: %f2 -> %struct.S** | {{.*}}elements: %struct.S@2{{$}}
; CHECK: %n -> %struct.S* |
; CHECK: %p -> %struct.S* |
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

declare !intel.dtrans.func.type !6 "intel_dtrans_func_index"="1" { ptr, i64 } @pair()

define void @f(ptr sret(%struct.S) %out, ptr byval(%struct.S) %in) {
  %f2 = getelementptr inbounds %struct.S, ptr %in, i64 0, i32 2
  %n = load ptr, ptr %f2
  %r = call { ptr, i64 } @pair()
  %p = extractvalue { ptr, i64 } %r, 0
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!5 = !{!"L", i32 2, !3, !2}
!6 = distinct !{!5}
