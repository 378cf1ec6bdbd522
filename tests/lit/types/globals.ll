; !intel_dtrans_type on globals: a pointer, an array of pointers, a structure instance, a pointer to function; untagged globals are not listed.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.S = type { i32*, i32 }
; CHECK-NEXT: global @gp: %struct.S*
; CHECK-NEXT: global @garr: [4 x i8**]
; CHECK-NEXT: global @ginst: %struct.S
; CHECK-NEXT: global @gfn: void (%struct.S*)*
; CHECK-NEXT: global @gext: i64*
; CHECK-NOT: {{.}}

%struct.S = type { ptr, i32 }

@gp = global ptr null, !intel_dtrans_type !0
@garr = global [4 x ptr] zeroinitializer, !intel_dtrans_type !1
@ginst = global %struct.S zeroinitializer, !intel_dtrans_type !3
@gfn = global ptr null, !intel_dtrans_type !4
@gext = external global ptr, !intel_dtrans_type !7
@untagged = global ptr null
@count = global i32 0

!intel.dtrans.types = !{!8}

!0 = !{%struct.S zeroinitializer, i32 1}
!1 = !{!"A", i32 4, !2}
!2 = !{i8 0, i32 2}
!3 = !{%struct.S zeroinitializer, i32 0}
!4 = !{!5, i32 1}
!5 = !{!"F", i1 false, i32 1, !6, !0}
!6 = !{!"void", i32 0}
!7 = !{i64 0, i32 1}
!8 = !{!"S", %struct.S zeroinitializer, i32 2, !9, !10}
!9 = !{i32 0, i32 1}
!10 = !{i32 0, i32 0}
