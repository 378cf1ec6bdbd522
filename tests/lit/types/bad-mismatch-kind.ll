; Other metadata/IR disagreements: float vs double, array lengths, literal field counts; the fields become `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines

; CHECK: %struct.s = type { ?, ?, ?, <2 x float> }
; CHECK-NEXT: diagnostic: %struct.s field 0: !1: metadata type float does not match IR type double: kinds differ
; CHECK-NEXT: diagnostic: %struct.s field 1: !2: metadata type [4 x i8] does not match IR type [5 x i8]: element counts differ
; CHECK-NEXT: diagnostic: %struct.s field 2: !4: metadata type { i8 } does not match IR type { i8, i8 }: literal structures have different field counts
; CHECK-NOT: {{.}}

%struct.s = type { double, [5 x i8], { i8, i8 }, <2 x float> }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 4, !1, !2, !4, !5}
!1 = !{float 0.000000e+00, i32 0}
!2 = !{!"A", i32 4, !3}
!3 = !{i8 0, i32 0}
!4 = !{!"L", i32 1, !3}
!5 = !{!"V", i32 2, !1}
