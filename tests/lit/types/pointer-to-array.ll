; Pointer to an array field, `[16 x i8]*` and `[3 x i32*]**`, encoded as `!{!A, i32 L}`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.buf = type { [16 x i8]*, [3 x i32*]** }
; CHECK-NOT: {{.}}

%struct.buf = type { ptr, ptr }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.buf zeroinitializer, i32 2, !1, !4}
!1 = !{!2, i32 1}
!2 = !{!"A", i32 16, !3}
!3 = !{i8 0, i32 0}
!4 = !{!5, i32 2}
!5 = !{!"A", i32 3, !6}
!6 = !{i32 0, i32 1}
