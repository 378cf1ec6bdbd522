; A function-pointer parameter (and a pointer return) without "intel_dtrans_func_index" in a function that has metadata gives a diagnostic; the type is `?*`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: function @apply: ?* (i32*, ?*, i32)
; CHECK-NEXT: diagnostic: function @apply return value: IR type ptr involves a pointer but has no "intel_dtrans_func_index" attribute
; CHECK-NEXT: diagnostic: function @apply parameter 1: IR type ptr involves a pointer but has no "intel_dtrans_func_index" attribute
; CHECK-NOT: {{.}}

define ptr @apply(ptr "intel_dtrans_func_index"="1" %data, ptr %callback, i32 %n) !intel.dtrans.func.type !0 {
  call void %callback(ptr %data)
  ret ptr %data
}

!0 = distinct !{!1}
!1 = !{i32 0, i32 1}
