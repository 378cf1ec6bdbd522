; TBAA cross-check that agrees: the tag names the structure and offset the
; byte GEP resolved to, so nothing is ambiguous. A tag on an access through
; a pointer of unknown type also says what it points to (a use as the tag's
; structure at offset 0).
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; A = { i64, A* }
; CHECK-LABEL: function @f
; CHECK: %a -> %struct.A* |
; CHECK: %u -> %struct.A* |
; CHECK: %q -> %struct.A** | {{.*}}elements: %struct.A@1{{$}}
; CHECK: %v -> %struct.A* |
; CHECK-NOT: ambiguous
; CHECK-NOT: unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.A = type { i64, ptr }

define ptr @f(ptr "intel_dtrans_func_index"="1" %a, ptr %u) !intel.dtrans.func.type !6 {
  %q = getelementptr inbounds i8, ptr %a, i64 8
  %v = load ptr, ptr %q, !tbaa !10
  %w = load i64, ptr %u, !tbaa !16
  ret ptr %v
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.A zeroinitializer, i32 2, !1, !2}
!1 = !{i64 0, i32 0}
!2 = !{%struct.A zeroinitializer, i32 1}
!6 = distinct !{!2}

!10 = !{!11, !13, i64 8}
!11 = !{!"A", !12, i64 0, !13, i64 8}
!12 = !{!"long", !14, i64 0}
!13 = !{!"any pointer", !14, i64 0}
!14 = !{!"omnipotent char", !15, i64 0}
!15 = !{!"Simple C/C++ TBAA"}
!16 = !{!11, !12, i64 0}
