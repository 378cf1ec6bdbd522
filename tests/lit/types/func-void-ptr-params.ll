; A void function with pointer parameters: only parameters carry indices, which need not follow parameter order.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.s = type { i32 }
; CHECK-NEXT: function @swap: void (%struct.s**, float, %struct.s**, double*)
; CHECK-NOT: {{.}}

%struct.s = type { i32 }

define void @swap(ptr "intel_dtrans_func_index"="2" %a, float %f, ptr "intel_dtrans_func_index"="2" %b, ptr "intel_dtrans_func_index"="1" %d) !intel.dtrans.func.type !2 {
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 1, !1}
!1 = !{i32 0, i32 0}
!2 = distinct !{!3, !4}
!3 = !{double 0.000000e+00, i32 1}
!4 = !{%struct.s zeroinitializer, i32 2}
