; A negative byte offset from the address of an embedded structure field
; gives the containing structure (container_of). From a bare pointer to the
; embedded structure nothing says what contains it: unknown.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; item = { i32, list, i64 }, list at 8; list = { list*, list* }.
; CHECK-LABEL: function @f
; CHECK: %link -> %struct.list* | {{.*}}elements: %struct.item@1{{$}}
; CHECK: %back -> %struct.item* |
; CHECK-NOT: %back -> {{.*}}elements
; CHECK: %guess -> ? | {{.*}}unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.item = type { i32, %struct.list, i64 }
%struct.list = type { ptr, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %it, ptr "intel_dtrans_func_index"="2" %l) !intel.dtrans.func.type !6 {
  %link = getelementptr inbounds %struct.item, ptr %it, i64 0, i32 1
  %back = getelementptr inbounds i8, ptr %link, i64 -8
  %guess = getelementptr inbounds i8, ptr %l, i64 -8
  ret void
}

!intel.dtrans.types = !{!0, !4}

!0 = !{!"S", %struct.item zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{%struct.list zeroinitializer, i32 0}
!3 = !{i64 0, i32 0}
!4 = !{!"S", %struct.list zeroinitializer, i32 2, !5, !5}
!5 = !{%struct.list zeroinitializer, i32 1}
!6 = distinct !{!7, !5}
!7 = !{%struct.item zeroinitializer, i32 1}
