; A reference to a structure with pointer fields that !intel.dtrans.types does not describe gives a diagnostic; the type becomes `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.s = type { ?, i32 }
; CHECK-NEXT: %struct.undesc = type { ?*, i64 } ; no metadata
; CHECK-NEXT: global @g: ?
; CHECK-NEXT: diagnostic: %struct.s field 0: !2: reference to structure %struct.undesc which !intel.dtrans.types does not describe
; CHECK-NEXT: diagnostic: %struct.undesc: no description in !intel.dtrans.types; pointee types of its pointer fields are unknown
; CHECK-NEXT: diagnostic: global @g: !0: reference to structure %struct.undesc which !intel.dtrans.types does not describe
; CHECK-NOT: {{.}}

%struct.undesc = type { ptr, i64 }
%struct.s = type { ptr, i32 }

@g = global %struct.undesc zeroinitializer, !intel_dtrans_type !0

!intel.dtrans.types = !{!1}

!0 = !{%struct.undesc zeroinitializer, i32 0}
!1 = !{!"S", %struct.s zeroinitializer, i32 2, !2, !3}
!2 = !{%struct.undesc zeroinitializer, i32 1}
!3 = !{i32 0, i32 0}
