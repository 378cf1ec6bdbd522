; Metadata that says i32 where the IR says i64 (field, global, parameter) gives a diagnostic naming the node; the type becomes `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.s = type { ?, i32 }
; CHECK-NEXT: function @f: void (?)
; CHECK-NEXT: global @g: ?
; CHECK-NEXT: diagnostic: %struct.s field 0: !1: metadata type i32 does not match IR type i64: integer widths differ
; CHECK-NEXT: diagnostic: global @g: !0: metadata type [4 x i32] does not match IR type [4 x i64]: integer widths differ
; CHECK-NEXT: diagnostic: function @f parameter 0: !1: metadata type i32 does not match IR type i64: integer widths differ
; CHECK-NOT: {{.}}

%struct.s = type { i64, i32 }

@g = global [4 x i64] zeroinitializer, !intel_dtrans_type !0

define void @f(i64 "intel_dtrans_func_index"="1" %x) !intel.dtrans.func.type !3 {
  ret void
}

!intel.dtrans.types = !{!2}

!0 = !{!"A", i32 4, !1}
!1 = !{i32 0, i32 0}
!2 = !{!"S", %struct.s zeroinitializer, i32 2, !1, !1}
!3 = distinct !{!1}
