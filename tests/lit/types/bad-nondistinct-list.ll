; A function list that is not `distinct` is only a warning: the signature is still read.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines

; CHECK: function @f: i32* (i32*)
; CHECK-NEXT: function @g: i32* ()
; CHECK-NEXT: diagnostic: function @f: !0: !intel.dtrans.func.type should be a distinct node
; CHECK-NEXT: diagnostic: function @g: !0: !intel.dtrans.func.type should be a distinct node
; CHECK-NOT: {{.}}

define "intel_dtrans_func_index"="1" ptr @f(ptr "intel_dtrans_func_index"="1" %p) !intel.dtrans.func.type !0 {
  ret ptr %p
}

; Two functions share one uniqued list, which the distinct rule is there to prevent.
define "intel_dtrans_func_index"="1" ptr @g() !intel.dtrans.func.type !0 {
  ret ptr null
}

!0 = !{!1}
!1 = !{i32 0, i32 1}
