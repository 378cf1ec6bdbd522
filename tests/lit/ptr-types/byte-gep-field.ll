; Byte-offset GEPs (`getelementptr i8`, as -O2 writes field accesses) from a
; typed structure pointer resolve to the field at that offset, also inside an
; array field. An offset into padding is no field (unknown); an offset of one
; whole structure is the next structure.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; S = { i32, i64, S*, [2 x i32] }: offsets 0, 8, 16, 24; size 32.
; CHECK-LABEL: function @f
; CHECK: %p8 -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK: %p16 -> %struct.S** | {{.*}}elements: %struct.S@2{{$}}
; CHECK: %next -> %struct.S* |
; CHECK: %p28 -> i32* | {{.*}}elements: %struct.S@3{{$}}
; CHECK: %p4 -> ? | {{.*}}unknown
; CHECK: %p32 -> %struct.S* |
; CHECK-NOT: elements

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr, [2 x i32] }

define void @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !5 {
  %p8 = getelementptr inbounds i8, ptr %s, i64 8
  store i64 0, ptr %p8
  %p16 = getelementptr inbounds i8, ptr %s, i64 16
  %next = load ptr, ptr %p16
  %p28 = getelementptr inbounds i8, ptr %s, i64 28
  store i32 0, ptr %p28
  %p4 = getelementptr inbounds i8, ptr %s, i64 4
  %p32 = getelementptr inbounds i8, ptr %s, i64 32
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 4, !1, !2, !3, !4}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = !{!"A", i32 2, !1}
!5 = distinct !{!3}
