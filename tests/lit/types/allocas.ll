; !intel_dtrans_type on allocas, named and unnamed, in several functions and blocks; untagged allocas are not listed.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.T = type { %struct.T* }
; CHECK-NEXT: alloca %p in @f: %struct.T*
; CHECK-NEXT: alloca %0 in @f: [2 x i16*]
; CHECK-NEXT: alloca %later in @f: i8***
; CHECK-NEXT: alloca %q in @g: { i32, %struct.T** }
; CHECK-NOT: {{.}}

%struct.T = type { ptr }

define void @f() {
entry:
  %p = alloca ptr, !intel_dtrans_type !1
  %0 = alloca [2 x ptr], !intel_dtrans_type !2
  %untagged = alloca ptr
  %n = alloca i32
  br label %next

next:
  %later = alloca ptr, !intel_dtrans_type !4
  ret void
}

define void @g() {
  %q = alloca { i32, ptr }, !intel_dtrans_type !5
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.T zeroinitializer, i32 1, !1}
!1 = !{%struct.T zeroinitializer, i32 1}
!2 = !{!"A", i32 2, !3}
!3 = !{i16 0, i32 1}
!4 = !{i8 0, i32 3}
!5 = !{!"L", i32 2, !6, !7}
!6 = !{i32 0, i32 0}
!7 = !{%struct.T zeroinitializer, i32 2}
