; A broken entry of !intel.dtrans.types that still holds a structure type
; names that structure in its diagnostic, whatever is wrong with the entry:
; a wrong tag (!"Q"), a missing tag, a struct constant in the wrong place.
; The structures themselves are then undescribed (one more diagnostic each).
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.other = type { i32, ?* } ; no metadata
; CHECK-NEXT: %struct.tag = type { i32, ?* } ; no metadata
; CHECK-NEXT: %struct.third = type { ?* } ; no metadata
; CHECK-NEXT: diagnostic: !intel.dtrans.types: !0: list entry for %struct.tag is not a structure description (first operand must be !"S")
; CHECK-NEXT: diagnostic: !intel.dtrans.types: !{{[0-9]+}}: list entry for %struct.other is not a structure description (first operand must be !"S")
; CHECK-NEXT: diagnostic: !intel.dtrans.types: !{{[0-9]+}}: structure description for %struct.third: the second operand must be `%T zeroinitializer` of a named structure
; CHECK-NEXT: diagnostic: !intel.dtrans.types: !{{[0-9]+}}: list entry is not a structure description (first operand must be !"S")
; CHECK-NEXT: diagnostic: %struct.tag: no description in !intel.dtrans.types; pointee types of its pointer fields are unknown
; CHECK-NEXT: diagnostic: %struct.other: no description in !intel.dtrans.types; pointee types of its pointer fields are unknown
; CHECK-NEXT: diagnostic: %struct.third: no description in !intel.dtrans.types; pointee types of its pointer fields are unknown
; CHECK-NOT: {{.}}

%struct.tag = type { i32, ptr }
%struct.other = type { i32, ptr }
%struct.third = type { ptr }

@t = global %struct.tag zeroinitializer
@o = global %struct.other zeroinitializer
@h = global %struct.third zeroinitializer

!intel.dtrans.types = !{!0, !2, !3, !4}

!0 = !{!"Q", %struct.tag zeroinitializer, i32 2, !5, !1}
!1 = !{i32 0, i32 1}
!2 = !{%struct.other zeroinitializer, i32 2, !5, !1}
!3 = !{!"S", i32 0, %struct.third zeroinitializer, i32 1, !1}
!4 = !{!"Q", i32 0}
!5 = !{i32 0, i32 0}
