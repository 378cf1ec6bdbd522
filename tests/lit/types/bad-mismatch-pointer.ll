; Pointer/non-pointer disagreement: metadata says i32* where the IR says i32, and i64 where the IR says ptr; the types become `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.s = type { ?, ?, float* }
; CHECK-NEXT: global @g: ?
; CHECK-NEXT: alloca %a in @f: ?
; CHECK-NEXT: diagnostic: %struct.s field 0: !2: metadata type i32* does not match IR type i32: the metadata says pointer
; CHECK-NEXT: diagnostic: %struct.s field 1: !0: metadata type i64 does not match IR type ptr: the IR type is a pointer
; CHECK-NEXT: diagnostic: global @g: !0: metadata type i64 does not match IR type ptr: the IR type is a pointer
; CHECK-NEXT: diagnostic: alloca %a in @f: !3: metadata type float* does not match IR type float: the metadata says pointer
; CHECK-NOT: {{.}}

%struct.s = type { i32, ptr, ptr }

@g = global ptr null, !intel_dtrans_type !0

define void @f() {
  %a = alloca float, !intel_dtrans_type !3
  ret void
}

!intel.dtrans.types = !{!1}

!0 = !{i64 0, i32 0}
!1 = !{!"S", %struct.s zeroinitializer, i32 3, !2, !0, !3}
!2 = !{i32 0, i32 1}
!3 = !{float 0.000000e+00, i32 1}
