; An "intel_dtrans_func_index" outside the list (0, or past the end) gives a diagnostic naming the list and the parameter; that type becomes `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: function @f: i32* (?, ?, i32*)
; CHECK-NEXT: diagnostic: function @f parameter 0: !0: "intel_dtrans_func_index"="3" is outside the 1 entries of !intel.dtrans.func.type
; CHECK-NEXT: diagnostic: function @f parameter 1: !0: "intel_dtrans_func_index"="0" is outside the 1 entries of !intel.dtrans.func.type
; CHECK-NOT: {{.}}

define "intel_dtrans_func_index"="1" ptr @f(ptr "intel_dtrans_func_index"="3" %a, ptr "intel_dtrans_func_index"="0" %b, ptr "intel_dtrans_func_index"="1" %c) !intel.dtrans.func.type !0 {
  ret ptr %c
}

!0 = distinct !{!1}
!1 = !{i32 0, i32 1}
