; An "intel_dtrans_func_index" that is not a positive integer ("abc", "-1", "1.5", "") gives a diagnostic; that type becomes `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines

; CHECK: function @f: ? (?, ?, ?, i8*)
; CHECK-NEXT: diagnostic: function @f return value: "intel_dtrans_func_index"="abc" is not a positive integer
; CHECK-NEXT: diagnostic: function @f parameter 0: "intel_dtrans_func_index"="-1" is not a positive integer
; CHECK-NEXT: diagnostic: function @f parameter 1: "intel_dtrans_func_index"="1.5" is not a positive integer
; CHECK-NEXT: diagnostic: function @f parameter 2: "intel_dtrans_func_index"="" is not a positive integer
; CHECK-NOT: {{.}}

define "intel_dtrans_func_index"="abc" ptr @f(ptr "intel_dtrans_func_index"="-1" %a, ptr "intel_dtrans_func_index"="1.5" %b, ptr "intel_dtrans_func_index"="" %c, ptr "intel_dtrans_func_index"="1" %d) !intel.dtrans.func.type !0 {
  ret ptr %d
}

!0 = distinct !{!1}
!1 = !{i8 0, i32 1}
