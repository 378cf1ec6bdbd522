; Unnamed globals and functions are printed by their slot numbers (@0, @1), as LLVM prints them.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines

; CHECK: %struct.s = type { i32 }
; CHECK-NEXT: function @1: %struct.s* (%struct.s*)
; CHECK-NEXT: global @0: %struct.s*
; CHECK-NEXT: alloca %2 in @1: %struct.s*
; CHECK-NOT: {{.}}

%struct.s = type { i32 }

@0 = global ptr null, !intel_dtrans_type !0

define "intel_dtrans_func_index"="1" ptr @1(ptr "intel_dtrans_func_index"="1" %0) !intel.dtrans.func.type !3 {
  %2 = alloca ptr, !intel_dtrans_type !0
  ret ptr %0
}

!intel.dtrans.types = !{!1}

!0 = !{%struct.s zeroinitializer, i32 1}
!1 = !{!"S", %struct.s zeroinitializer, i32 1, !2}
!2 = !{i32 0, i32 0}
!3 = distinct !{!0}
