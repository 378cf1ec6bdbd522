; A function returning a pointer to a function (`void (i32)* (i8*)`) and taking a pointer to a function pointer.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: function @get_handler: void (i32)* (i8*, i32 (...)**)
; CHECK-NOT: {{.}}

define "intel_dtrans_func_index"="1" ptr @get_handler(ptr "intel_dtrans_func_index"="2" %name, ptr "intel_dtrans_func_index"="3" %pp) !intel.dtrans.func.type !0 {
  ret ptr null
}

!0 = distinct !{!1, !5, !6}
!1 = !{!2, i32 1}
!2 = !{!"F", i1 false, i32 1, !3, !4}
!3 = !{!"void", i32 0}
!4 = !{i32 0, i32 0}
!5 = !{i8 0, i32 1}
!6 = !{!7, i32 2}
!7 = !{!"F", i1 true, i32 0, !4}
