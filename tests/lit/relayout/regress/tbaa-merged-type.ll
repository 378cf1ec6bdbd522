; llvm-link merges isomorphic structures into one type: csmith seed 200122's
; C struct S1 became %struct.S27, while the TBAA node of S5 still names its
; member "S1" at S1's old offsets. reorder-fields changed S27 and S5; the
; rebuilt node of S5 kept the stale "S1" member, a tag reaching into it then
; named an offset inside a scalar, and the module did not verify ("Offset
; not zero at the point of scalar access"). A node with a member of a
; changed structure whose node cannot be rebuilt is not rebuilt: its tags
; become scalar tags. (Reduced by llvm-reduce-19 from the -O2 IR; DTrans
; metadata added, since without types nothing changes.)
; RUN: %dtrans opt %s -p reorder-fields -o %t.ll 2>&1 | %FileCheck %s --check-prefix=MSG
; RUN: %FileCheck %s < %t.ll
; MSG: reorder-fields: %struct.S27 -> %__DFR_struct.S27 (12 -> 8 bytes: padding removed)
; MSG: reorder-fields: %struct.S5 -> %__DFR_struct.S5 (96 -> 80 bytes: padding removed)
; CHECK: load i8, ptr @g_595, align 1, !tbaa [[TAG:![0-9]+]]
; CHECK: [[TAG]] = !{[[CHAR:![0-9]+]], [[CHAR]], i64 0}
; CHECK: [[CHAR]] = !{!"omnipotent char"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S5 = type { i8, i64, %struct.S27, i32, i32, %struct.S4 }
%struct.S27 = type { i16, i32, i8 }
%struct.S4 = type { i32, i8, %struct.S0, i32 }
%struct.S0 = type { i32, i64, i16, i64, i32, i32 }

@g_595 = internal global [9 x %struct.S5] zeroinitializer

define i32 @main() {
  %1 = load i8, ptr @g_595, align 8, !tbaa !0
  ret i32 0
}

!0 = !{!1, !2, i64 24}
!1 = !{!"S5", !2, i64 0, !4, i64 8, !5, i64 16, !7, i64 28, !7, i64 32, !8, i64 40}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!"long", !2, i64 0}
!5 = !{!"S1", !6, i64 0, !7, i64 4, !2, i64 8}
!6 = !{!"short", !2, i64 0}
!7 = !{!"int", !2, i64 0}
!8 = !{!"S4", !7, i64 0, !2, i64 4, !9, i64 8, !7, i64 48}
!9 = !{!"S0", !7, i64 0, !4, i64 8, !6, i64 16, !4, i64 24, !7, i64 32, !7, i64 36}

; DTrans metadata (the module has no debug information: without types from
; one or the other no pass changes a structure).
!intel.dtrans.types = !{!100, !101, !102, !103}
!100 = !{!"S", %struct.S5 zeroinitializer, i32 6, !110, !111, !114, !112, !112, !115}
!101 = !{!"S", %struct.S27 zeroinitializer, i32 3, !113, !112, !110}
!102 = !{!"S", %struct.S4 zeroinitializer, i32 4, !112, !110, !116, !112}
!103 = !{!"S", %struct.S0 zeroinitializer, i32 6, !112, !111, !113, !111, !112, !112}
!110 = !{i8 0, i32 0}
!111 = !{i64 0, i32 0}
!112 = !{i32 0, i32 0}
!113 = !{i16 0, i32 0}
!114 = !{%struct.S27 zeroinitializer, i32 0}
!115 = !{%struct.S4 zeroinitializer, i32 0}
!116 = !{%struct.S0 zeroinitializer, i32 0}
