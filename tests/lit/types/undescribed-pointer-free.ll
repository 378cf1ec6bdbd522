; A described structure may refer to an undescribed structure that has no pointers: the IR says everything, no diagnostic.
; RUN: %dtrans types %s 2>&1 | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.point = type { i32, i32 } ; no metadata
; CHECK-NEXT: %struct.shape = type { %struct.point, %struct.point*, i8* }
; CHECK-NOT: {{.}}

%struct.point = type { i32, i32 }
%struct.shape = type { %struct.point, ptr, ptr }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.shape zeroinitializer, i32 3, !1, !2, !3}
!1 = !{%struct.point zeroinitializer, i32 0}
!2 = !{%struct.point zeroinitializer, i32 1}
!3 = !{i8 0, i32 1}
