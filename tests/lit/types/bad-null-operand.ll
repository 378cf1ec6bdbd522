; Null operands in type nodes (struct field, literal field, function type, node start, function list entry) give diagnostics; those types become `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.s = type { ?, ?, ?, ?, i32 }
; CHECK-NEXT: function @f: ? (i32*)
; CHECK-NEXT: diagnostic: %struct.s field 0: !0: field type is null
; CHECK-NEXT: diagnostic: %struct.s field 1: !1: literal structure has a null field type
; CHECK-NEXT: diagnostic: %struct.s field 2: !4: function node has a null type operand
; CHECK-NEXT: diagnostic: %struct.s field 3: !5: type node is empty or starts with null
; CHECK-NEXT: diagnostic: function @f return value: !6: entry 1 of !intel.dtrans.func.type is null
; CHECK-NOT: {{.}}

%struct.s = type { ptr, { i32, ptr }, ptr, ptr, i32 }

define "intel_dtrans_func_index"="1" ptr @f(ptr "intel_dtrans_func_index"="2" %p) !intel.dtrans.func.type !6 {
  ret ptr %p
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 5, null, !1, !3, !5, !2}
!1 = !{!"L", i32 2, !2, null}
!2 = !{i32 0, i32 0}
!3 = !{!4, i32 1}
!4 = !{!"F", i1 false, i32 1, !2, null}
!5 = !{null, i32 1}
!6 = distinct !{null, !7}
!7 = !{i32 0, i32 1}
