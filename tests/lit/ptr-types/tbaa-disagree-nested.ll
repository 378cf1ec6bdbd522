; TBAA cross-check where the address points to a nested structure: the byte
; GEP reaches field 1 of %struct.A (a %struct.I at offset 8), the tag says
; the access is at offset 8 of %struct.B, a plain i64 field. Ambiguous.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; A = { i64, I }, I = { i64, i64 }, B = { i64, i64 }
; CHECK-LABEL: function @f
; CHECK: %q -> ? | {{.*}}ambiguous: TBAA tag says %struct.B at offset 8

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.A = type { i64, %struct.I }
%struct.I = type { i64, i64 }
%struct.B = type { i64, i64 }

define i64 @f(ptr "intel_dtrans_func_index"="1" %a) !intel.dtrans.func.type !6 {
  %q = getelementptr inbounds i8, ptr %a, i64 8
  %v = load i64, ptr %q, !tbaa !10
  ret i64 %v
}

!intel.dtrans.types = !{!0, !3, !4}

!0 = !{!"S", %struct.A zeroinitializer, i32 2, !1, !2}
!1 = !{i64 0, i32 0}
!2 = !{%struct.I zeroinitializer, i32 0}
!3 = !{!"S", %struct.I zeroinitializer, i32 2, !1, !1}
!4 = !{!"S", %struct.B zeroinitializer, i32 2, !1, !1}
!5 = !{%struct.A zeroinitializer, i32 1}
!6 = distinct !{!5}

!10 = !{!11, !12, i64 8}
!11 = !{!"B", !12, i64 0, !12, i64 8}
!12 = !{!"long", !14, i64 0}
!14 = !{!"omnipotent char", !15, i64 0}
!15 = !{!"Simple C/C++ TBAA"}
