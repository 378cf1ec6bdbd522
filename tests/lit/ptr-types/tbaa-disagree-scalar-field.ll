; TBAA cross-check on a scalar field: the byte GEP reaches field 1 of
; %struct.A (an i32 at offset 4), the load's tag says field 2 of %struct.B
; (an i32 at offset 8). Same scalar type, but another structure and offset:
; the address is ambiguous.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; A = { i32, i32 }, B = { i64, i32 } (B's i32 at 8)
; CHECK-LABEL: function @f
; CHECK: %q -> ? | {{.*}}ambiguous: TBAA tag says %struct.B at offset 8

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.A = type { i32, i32 }
%struct.B = type { i64, i32 }

define i32 @f(ptr "intel_dtrans_func_index"="1" %a) !intel.dtrans.func.type !6 {
  %q = getelementptr inbounds i8, ptr %a, i64 4
  %v = load i32, ptr %q, !tbaa !10
  ret i32 %v
}

!intel.dtrans.types = !{!0, !3}

!0 = !{!"S", %struct.A zeroinitializer, i32 2, !1, !1}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{!"S", %struct.B zeroinitializer, i32 2, !2, !1}
!5 = !{%struct.A zeroinitializer, i32 1}
!6 = distinct !{!5}

!10 = !{!11, !13, i64 8}
!11 = !{!"B", !12, i64 0, !13, i64 8}
!12 = !{!"long", !14, i64 0}
!13 = !{!"int", !14, i64 0}
!14 = !{!"omnipotent char", !15, i64 0}
!15 = !{!"Simple C/C++ TBAA"}
