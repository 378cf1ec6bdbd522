; A function declaration (no body) with signature metadata is listed like a definition.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: function @ext: i8* (i64, i8**)
; CHECK-NOT: {{.}}

declare !intel.dtrans.func.type !0 "intel_dtrans_func_index"="1" ptr @ext(i64, ptr "intel_dtrans_func_index"="2")

!0 = distinct !{!1, !2}
!1 = !{i8 0, i32 1}
!2 = !{i8 0, i32 2}
