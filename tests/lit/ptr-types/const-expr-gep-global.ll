; Constant-expression GEPs on globals (typed by metadata): loads through
; them read the addressed field, whether the constant GEP is a structure GEP,
; a byte offset, or indexes an array of structures.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; S = { i32, i64, S* } (S* at 16); @g: S; @tab: [4 x S]; @gp: S*
; CHECK-LABEL: function @f
; CHECK: %a -> %struct.S* |
; CHECK: %b -> %struct.S* |
; CHECK: %c -> %struct.S* |
; CHECK: %d -> %struct.S* |
; CHECK: %e -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

@g = global %struct.S zeroinitializer, !intel_dtrans_type !4
@tab = global [4 x %struct.S] zeroinitializer, !intel_dtrans_type !5
@gp = global ptr null, !intel_dtrans_type !3

define void @f() {
  %a = load ptr, ptr getelementptr inbounds (%struct.S, ptr @g, i64 0, i32 2)
  %b = load ptr, ptr getelementptr inbounds (i8, ptr @g, i64 16)
  %c = load ptr, ptr getelementptr inbounds ([4 x %struct.S], ptr @tab, i64 0, i64 2, i32 2)
  %d = load ptr, ptr @gp
  %e = getelementptr inbounds %struct.S, ptr getelementptr inbounds ([4 x %struct.S], ptr @tab, i64 0, i64 1), i64 0, i32 1
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = !{%struct.S zeroinitializer, i32 0}
!5 = !{!"A", i32 4, !4}
