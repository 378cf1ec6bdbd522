; Vectors `!{!"V", i32 N, !elem}`: <4 x float>, a vector of pointers <2 x i32*>, and a pointer to a vector.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.vec = type { <4 x float>, <2 x i32*>, <4 x float>* }
; CHECK-NEXT: global @vp: <2 x i32*>
; CHECK-NOT: {{.}}

%struct.vec = type { <4 x float>, <2 x ptr>, ptr }

@vp = global <2 x ptr> zeroinitializer, !intel_dtrans_type !0

!intel.dtrans.types = !{!2}

!0 = !{!"V", i32 2, !1}
!1 = !{i32 0, i32 1}
!2 = !{!"S", %struct.vec zeroinitializer, i32 3, !3, !0, !5}
!3 = !{!"V", i32 4, !4}
!4 = !{float 0.000000e+00, i32 0}
!5 = !{!3, i32 1}
