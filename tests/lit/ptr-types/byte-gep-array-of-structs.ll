; Byte offsets into an array of structures held in a structure: the offset
; picks an array element and a field in it.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; Outer = { i32, [4 x E] } (array at 8); E = { i64, Outer* } (size 16).
; 48 = 8 + 2*16 + 8: field 1 of element 2. 40 = 8 + 2*16: element 2 itself.
; CHECK-LABEL: function @f
; CHECK: %a48 -> %struct.Outer** | {{.*}}elements: %struct.E@1{{$}}
; CHECK: %up -> %struct.Outer* |
; CHECK: %a40 -> %struct.E* | {{.*}}elements: %struct.Outer@1{{$}}
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Outer = type { i32, [4 x %struct.E] }
%struct.E = type { i64, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %o) !intel.dtrans.func.type !8 {
  %a48 = getelementptr inbounds i8, ptr %o, i64 48
  %up = load ptr, ptr %a48
  %a40 = getelementptr inbounds i8, ptr %o, i64 40
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
