; Variadic functions: the signature keeps `...` after the fixed parameters, also with no fixed parameter.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: function @my_printf: i32 (i8*, ...)
; CHECK-NEXT: function @all_var: i8* (...)
; CHECK-NOT: {{.}}

define i32 @my_printf(ptr "intel_dtrans_func_index"="1" %fmt, ...) !intel.dtrans.func.type !0 {
  ret i32 0
}

declare !intel.dtrans.func.type !2 "intel_dtrans_func_index"="1" ptr @all_var(...)

!0 = distinct !{!1}
!1 = !{i8 0, i32 1}
!2 = distinct !{!1}
