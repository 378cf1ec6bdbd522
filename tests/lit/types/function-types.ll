; Function type nodes `!{!"F", i1 vararg, i32 N, !ret, !params...}` and pointers to them via `!{!F, i32 L}`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.fns = type { i32 (...)**, void (i32)*, i8* (i8*, i64)*, i32 (i8*, ...)*, void ()* }
; CHECK-NOT: {{.}}

%struct.fns = type { ptr, ptr, ptr, ptr, ptr }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.fns zeroinitializer, i32 5, !1, !4, !7, !11, !13}
!1 = !{!2, i32 2}
!2 = !{!"F", i1 true, i32 0, !3}
!3 = !{i32 0, i32 0}
!4 = !{!5, i32 1}
!5 = !{!"F", i1 false, i32 1, !6, !3}
!6 = !{!"void", i32 0}
!7 = !{!8, i32 1}
!8 = !{!"F", i1 false, i32 2, !9, !9, !10}
!9 = !{i8 0, i32 1}
!10 = !{i64 0, i32 0}
!11 = !{!12, i32 1}
!12 = !{!"F", i1 true, i32 1, !3, !9}
!13 = !{!14, i32 1}
!14 = !{!"F", i1 false, i32 0, !6}
