; A structure containing another described structure by value (`!{%struct.in zeroinitializer, i32 0}`).
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.in = type { i8*, i32 }
; CHECK-NEXT: %struct.out = type { i64, %struct.in, %struct.in }
; CHECK-NOT: {{.}}

%struct.in = type { ptr, i32 }
%struct.out = type { i64, %struct.in, %struct.in }

!intel.dtrans.types = !{!0, !3}

!0 = !{!"S", %struct.in zeroinitializer, i32 2, !1, !2}
!1 = !{i8 0, i32 1}
!2 = !{i32 0, i32 0}
!3 = !{!"S", %struct.out zeroinitializer, i32 3, !4, !5, !5}
!4 = !{i64 0, i32 0}
!5 = !{%struct.in zeroinitializer, i32 0}
