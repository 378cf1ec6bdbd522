; TBAA cross-check: a byte GEP from an %struct.A* reaches A's field 1, but
; the load's struct-path tag says the access is field 1 (offset 8) of
; %struct.B. The two disagree on what the address points into, so the
; address is ambiguous, with the tag named in the reason. The tag also
; says the base is used as a %struct.B*, so the base is ambiguous too.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; A = { i64, A* }, B = { i64, B* }
; CHECK-LABEL: function @f
; CHECK: %a -> ? | declared: %struct.A* | {{.*}}ambiguous: used as %struct.A* and %struct.B*
; CHECK: %q -> ? | {{.*}}ambiguous: TBAA tag says %struct.B at offset 8

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.A = type { i64, ptr }
%struct.B = type { i64, ptr }

define ptr @f(ptr "intel_dtrans_func_index"="1" %a) !intel.dtrans.func.type !6 {
  %q = getelementptr inbounds i8, ptr %a, i64 8
  %v = load ptr, ptr %q, !tbaa !10
  ret ptr %v
}

!intel.dtrans.types = !{!0, !3}

!0 = !{!"S", %struct.A zeroinitializer, i32 2, !1, !2}
!1 = !{i64 0, i32 0}
!2 = !{%struct.A zeroinitializer, i32 1}
!3 = !{!"S", %struct.B zeroinitializer, i32 2, !1, !4}
!4 = !{%struct.B zeroinitializer, i32 1}
!6 = distinct !{!2}

!10 = !{!11, !13, i64 8}
!11 = !{!"B", !12, i64 0, !13, i64 8}
!12 = !{!"long", !14, i64 0}
!13 = !{!"any pointer", !14, i64 0}
!14 = !{!"omnipotent char", !15, i64 0}
!15 = !{!"Simple C/C++ TBAA"}
