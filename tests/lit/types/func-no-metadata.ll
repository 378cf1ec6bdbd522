; Functions without index attributes or !intel.dtrans.func.type are not listed, even when they use pointers.
; RUN: %dtrans types %s 2>&1 | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: function @with_md: i32* ()
; CHECK-NOT: {{.}}

define i32 @scalar(i32 %x) {
  ret i32 %x
}

define ptr @ptrs(ptr %p) {
  ret ptr %p
}

declare ptr @malloc(i64)

define "intel_dtrans_func_index"="1" ptr @with_md() !intel.dtrans.func.type !0 {
  ret ptr null
}

!0 = distinct !{!1}
!1 = !{i32 0, i32 1}
