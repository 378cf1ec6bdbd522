; The specification's signature example: %struct.op* bitop(%struct.op*, i32, i32*) via "intel_dtrans_func_index" attributes and a distinct list.
; RUN: %dtrans types %s 2> %t.err | %FileCheck %s --match-full-lines
; RUN: count 0 < %t.err
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.op = type { i32, %struct.op* }
; CHECK-NEXT: function @bitop: %struct.op* (%struct.op*, i32, i32*)
; CHECK-NOT: {{.}}

%struct.op = type { i32, ptr }

define "intel_dtrans_func_index"="1" ptr @bitop(ptr "intel_dtrans_func_index"="2" %0, i32 %1, ptr "intel_dtrans_func_index"="3" %2) !intel.dtrans.func.type !3 {
  ret ptr %0
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.op zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{%struct.op zeroinitializer, i32 1}
!3 = distinct !{!2, !2, !4}
!4 = !{i32 0, i32 1}
