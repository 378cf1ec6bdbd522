; Packing of literal structures nested in literal structures comes from the IR,
; at every level (metadata cannot say it).
; RUN: %dtrans types --strict %s | %FileCheck %s --match-full-lines
; CHECK: %struct.T = type { i32, { i32, <{ i8, i32* }> } }
; CHECK-NEXT: global @g: %struct.T
; CHECK-NOT: {{.}}

%struct.T = type { i32, { i32, <{ i8, ptr }> } }
@g = global %struct.T zeroinitializer, !intel_dtrans_type !10
!intel.dtrans.types = !{!1}
!1 = !{!"S", %struct.T zeroinitializer, i32 2, !2, !3}
!2 = !{i32 0, i32 0}
!3 = !{!"L", i32 2, !2, !4}
!4 = !{!"L", i32 2, !5, !6}
!5 = !{i8 0, i32 0}
!6 = !{i32 0, i32 1}
!10 = !{%struct.T zeroinitializer, i32 0}
