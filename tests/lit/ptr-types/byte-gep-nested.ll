; Byte offsets resolve through nested structures at any depth, to the
; innermost field; an offset where a nested structure starts gives that
; structure. A byte GEP from a nested field's address is resolved from the
; nested structure.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; O = { i64, M } (M at 8); M = { i32, i32, I } (I at 8); I = { i8*, O* } (O* at 8).
; CHECK-LABEL: function @f
; CHECK: %a24 -> %struct.O** | {{.*}}elements: %struct.I@1{{$}}
; CHECK: %o2 -> %struct.O* |
; CHECK: %a12 -> i32* | {{.*}}elements: %struct.M@1{{$}}
; CHECK: %a16 -> %struct.I* | {{.*}}elements: %struct.M@2{{$}}
; CHECK: %a8 -> %struct.M* | {{.*}}elements: %struct.O@1{{$}}
; CHECK: %m16 -> %struct.O** | {{.*}}elements: %struct.I@1{{$}}
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.O = type { i64, %struct.M }
%struct.M = type { i32, i32, %struct.I }
%struct.I = type { ptr, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %o) !intel.dtrans.func.type !10 {
  %a24 = getelementptr inbounds i8, ptr %o, i64 24
  %o2 = load ptr, ptr %a24
  %a12 = getelementptr inbounds i8, ptr %o, i64 12
  store i32 1, ptr %a12
  %a16 = getelementptr inbounds i8, ptr %o, i64 16
  %a8 = getelementptr inbounds i8, ptr %o, i64 8
  %m16 = getelementptr inbounds i8, ptr %a8, i64 16
  ret void
}

!intel.dtrans.types = !{!0, !3, !6}

!0 = !{!"S", %struct.O zeroinitializer, i32 2, !1, !2}
!1 = !{i64 0, i32 0}
!2 = !{%struct.M zeroinitializer, i32 0}
!3 = !{!"S", %struct.M zeroinitializer, i32 3, !4, !4, !5}
!4 = !{i32 0, i32 0}
!5 = !{%struct.I zeroinitializer, i32 0}
!6 = !{!"S", %struct.I zeroinitializer, i32 2, !7, !8}
!7 = !{i8 0, i32 1}
!8 = !{%struct.O zeroinitializer, i32 1}
!10 = distinct !{!8}
