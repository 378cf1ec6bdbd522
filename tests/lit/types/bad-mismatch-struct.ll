; Metadata naming a different structure than the IR's by-value field gives a diagnostic that names both structures by name only.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines

; CHECK: %struct.a = type { i8 }
; CHECK-NEXT: %struct.b = type { i16 }
; CHECK-NEXT: %struct.s = type { ?, i8 }
; CHECK-NEXT: diagnostic: %struct.s field 0: !5: metadata type %struct.b does not match IR type %struct.a: different structures
; CHECK-NOT: {{.}}

%struct.a = type { i8 }
%struct.b = type { i16 }
%struct.s = type { %struct.a, i8 }

!intel.dtrans.types = !{!0, !2, !3}

!0 = !{!"S", %struct.a zeroinitializer, i32 1, !1}
!1 = !{i8 0, i32 0}
!2 = !{!"S", %struct.b zeroinitializer, i32 1, !4}
!3 = !{!"S", %struct.s zeroinitializer, i32 2, !5, !1}
!4 = !{i16 0, i32 0}
!5 = !{%struct.b zeroinitializer, i32 0}
