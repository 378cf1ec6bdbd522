; Floating-point types (half, float, double, x86_fp80, fp128) at pointer levels 0 to 3.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.double = type { double, double*, double**, double*** }
; CHECK-NEXT: %struct.float = type { float, float*, float**, float*** }
; CHECK-NEXT: %struct.fp128 = type { fp128, fp128*, fp128**, fp128*** }
; CHECK-NEXT: %struct.half = type { half, half*, half**, half*** }
; CHECK-NEXT: %struct.x86_fp80 = type { x86_fp80, x86_fp80*, x86_fp80**, x86_fp80*** }
; CHECK-NOT: {{.}}

%struct.half = type { half, ptr, ptr, ptr }
%struct.float = type { float, ptr, ptr, ptr }
%struct.double = type { double, ptr, ptr, ptr }
%struct.x86_fp80 = type { x86_fp80, ptr, ptr, ptr }
%struct.fp128 = type { fp128, ptr, ptr, ptr }

!intel.dtrans.types = !{!0, !5, !10, !15, !20}

!0 = !{!"S", %struct.half zeroinitializer, i32 4, !1, !2, !3, !4}
!1 = !{half 0xH0000, i32 0}
!2 = !{half 0xH0000, i32 1}
!3 = !{half 0xH0000, i32 2}
!4 = !{half 0xH0000, i32 3}
!5 = !{!"S", %struct.float zeroinitializer, i32 4, !6, !7, !8, !9}
!6 = !{float 0.000000e+00, i32 0}
!7 = !{float 0.000000e+00, i32 1}
!8 = !{float 0.000000e+00, i32 2}
!9 = !{float 0.000000e+00, i32 3}
!10 = !{!"S", %struct.double zeroinitializer, i32 4, !11, !12, !13, !14}
!11 = !{double 0.000000e+00, i32 0}
!12 = !{double 0.000000e+00, i32 1}
!13 = !{double 0.000000e+00, i32 2}
!14 = !{double 0.000000e+00, i32 3}
!15 = !{!"S", %struct.x86_fp80 zeroinitializer, i32 4, !16, !17, !18, !19}
!16 = !{x86_fp80 0xK00000000000000000000, i32 0}
!17 = !{x86_fp80 0xK00000000000000000000, i32 1}
!18 = !{x86_fp80 0xK00000000000000000000, i32 2}
!19 = !{x86_fp80 0xK00000000000000000000, i32 3}
!20 = !{!"S", %struct.fp128 zeroinitializer, i32 4, !21, !22, !23, !24}
!21 = !{fp128 0xL00000000000000000000000000000000, i32 0}
!22 = !{fp128 0xL00000000000000000000000000000000, i32 1}
!23 = !{fp128 0xL00000000000000000000000000000000, i32 2}
!24 = !{fp128 0xL00000000000000000000000000000000, i32 3}
