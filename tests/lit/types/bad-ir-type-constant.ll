; Type nodes whose constant is `ptr` or an IR type containing pointers (which cannot say what they point to) give diagnostics; the fields become `?`.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: %struct.s = type { ?, ?, ?, [2 x i32] }
; CHECK-NEXT: diagnostic: %struct.s field 0: !1: `ptr` does not say what it points to; encode the pointee with a pointer level
; CHECK-NEXT: diagnostic: %struct.s field 1: !2: IR type [2 x ptr] contains pointers; describe it with an !"A", !"V" or !"L" node
; CHECK-NEXT: diagnostic: %struct.s field 2: !3: IR type { i32, ptr } contains pointers; describe it with an !"A", !"V" or !"L" node
; CHECK-NOT: {{.}}

%struct.s = type { ptr, [2 x ptr], { i32, ptr }, [2 x i32] }

!intel.dtrans.types = !{!0}

; Without pointers the IR type says everything, so `[2 x i32] zeroinitializer` is accepted.
!0 = !{!"S", %struct.s zeroinitializer, i32 4, !1, !2, !3, !4}
!1 = !{ptr null, i32 0}
!2 = !{[2 x ptr] zeroinitializer, i32 0}
!3 = !{{ i32, ptr } zeroinitializer, i32 0}
!4 = !{[2 x i32] zeroinitializer, i32 0}
