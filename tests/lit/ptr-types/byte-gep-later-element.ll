; A constant byte offset past the first structure of an array (as -O2
; writes p[1].f, p[2].f): the offset is taken modulo the structure size and
; resolves to the field in that element. 40 = 24 + 16 is field 2 of p[1];
; 56 = 2*24 + 8 is field 1 of p[2]; 48 is p[2] itself.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; S = { i32, i64, S* } (24 bytes)
; CHECK-LABEL: function @f
; CHECK: %a40 -> %struct.S** | {{.*}}elements: %struct.S@2{{$}}
; CHECK: %n -> %struct.S* |
; CHECK: %a56 -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK: %a48 -> %struct.S* |
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  %a40 = getelementptr inbounds i8, ptr %s, i64 40
  %n = load ptr, ptr %a40
  %a56 = getelementptr inbounds i8, ptr %s, i64 56
  store i64 0, ptr %a56
  %a48 = getelementptr inbounds i8, ptr %s, i64 48
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
