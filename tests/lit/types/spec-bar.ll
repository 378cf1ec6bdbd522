; The specification's examples %struct.bar { i32 (...)**, i32, i64** } and %struct.bar2 with a nested literal { i32, i64** }.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.bar = type { i32 (...)**, i32, i64** }
; CHECK-NEXT: %struct.bar2 = type { %struct.bar, i32, { i32, i64** } }
; CHECK-NOT: {{.}}

%struct.bar = type { ptr, i32, ptr }
%struct.bar2 = type { %struct.bar, i32, { i32, ptr } }

!intel.dtrans.types = !{!0, !5}

!0 = !{!"S", %struct.bar zeroinitializer, i32 3, !1, !3, !4}
!1 = !{!2, i32 2}
!2 = !{!"F", i1 true, i32 0, !3}
!3 = !{i32 0, i32 0}
!4 = !{i64 0, i32 2}
!5 = !{!"S", %struct.bar2 zeroinitializer, i32 3, !6, !3, !7}
!6 = !{%struct.bar zeroinitializer, i32 0}
!7 = !{!"L", i32 2, !3, !4}
