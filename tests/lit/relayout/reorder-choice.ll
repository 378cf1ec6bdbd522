; A byte offset chosen between two fields (what -O2 makes of `c ? &s->a :
; &s->b`): each constant is moved to its field's new position, in place.
; RUN: %dtrans opt %s -p reorder-fields -o - | %FileCheck %s
; CHECK: %__DFR_struct.S = type { i8, i8, i64, i64 }
; CHECK-LABEL: define i64 @pick(
; CHECK: %o = select i1 %c, i64 8, i64 16
; CHECK-NEXT: %p = getelementptr inbounds i8, ptr %s, i64 %o
; CHECK-NEXT: %v = load i64, ptr %p, align 8

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%struct.S = type { i8, i64, i8, i64 }

define i64 @pick(ptr "intel_dtrans_func_index"="1" %s, i1 %c) !intel.dtrans.func.type !3 {
  %o = select i1 %c, i64 8, i64 24
  %p = getelementptr inbounds i8, ptr %s, i64 %o
  %v = load i64, ptr %p, align 8
  ret i64 %v
}

define i64 @main() {
  %a = call ptr @calloc(i64 1, i64 32)
  %f = getelementptr inbounds %struct.S, ptr %a, i64 0, i32 3
  store i64 7, ptr %f, align 8
  %g = getelementptr inbounds %struct.S, ptr %a, i64 0, i32 0
  store i8 1, ptr %g, align 8
  %h = getelementptr inbounds %struct.S, ptr %a, i64 0, i32 2
  store i8 2, ptr %h, align 8
  %r = call i64 @pick(ptr %a, i1 false)
  ret i64 %r
}

declare ptr @calloc(i64, i64)

!intel.dtrans.types = !{!0}
!0 = !{!"S", %struct.S zeroinitializer, i32 4, !1, !2, !1, !2}
!1 = !{i8 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = distinct !{!4}
!4 = !{%struct.S zeroinitializer, i32 1}
