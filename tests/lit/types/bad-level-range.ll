; A negative or absurdly large pointer level gives a diagnostic naming the node; the type becomes `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines

; CHECK: %struct.s = type { ?, ?, ?, i8* }
; CHECK-NEXT: diagnostic: %struct.s field 0: !1: pointer level -1 is out of range
; CHECK-NEXT: diagnostic: %struct.s field 1: !2: pointer level 1000000 is out of range
; CHECK-NEXT: diagnostic: %struct.s field 2: !3: pointer level -4294967296 is out of range
; CHECK-NOT: {{.}}

%struct.s = type { ptr, ptr, ptr, ptr }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 4, !1, !2, !3, !4}
!1 = !{i8 0, i32 -1}
!2 = !{i8 0, i32 1000000}
!3 = !{i8 0, i64 -4294967296}
!4 = !{i8 0, i32 1}
