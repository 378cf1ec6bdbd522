; A by-value field whose metadata names a structure of the same body as the
; IR's (llvm-link mapped the source's `struct b` onto `struct a`): the
; metadata's type is kept and the pair is listed; the safety analysis keeps
; both layouts as they are (MergedByLinker) and leaves the holder free.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans analyze %s | %FileCheck %s --check-prefix=SAFE

; CHECK: %struct.a = type { i32, i8 }
; CHECK-NEXT: %struct.b = type { i32, i8 }
; CHECK-NEXT: %struct.s = type { %struct.b, i8 }
; CHECK-NEXT: merged by the linker: %struct.s field 0: metadata %struct.b, IR %struct.a (same body)
; CHECK-NOT: {{.}}

; SAFE-LABEL: %struct.a (size 8, align 4)
; SAFE: MergedByLinker: type definition: field 0 of %struct.s is a %struct.b in the source and a %struct.a in the linked IR (merged by the linker)
; SAFE-NEXT: legal: reorder-fields no (MergedByLinker); delete-field no (MergedByLinker); aos-to-soa no (MergedByLinker); peel no (MergedByLinker)
; SAFE-LABEL: %struct.b (size 8, align 4)
; SAFE: MergedByLinker: type definition: field 0 of %struct.s
; SAFE-LABEL: %struct.s (size 12, align 4)
; SAFE-NOT: MergedByLinker
; SAFE: legal: reorder-fields yes; delete-field yes; aos-to-soa yes; peel yes
%struct.a = type { i32, i8 }
%struct.b = type { i32, i8 }
%struct.s = type { %struct.a, i8 }

!intel.dtrans.types = !{!0, !2, !3}

!0 = !{!"S", %struct.a zeroinitializer, i32 2, !4, !1}
!1 = !{i8 0, i32 0}
!2 = !{!"S", %struct.b zeroinitializer, i32 2, !4, !1}
!3 = !{!"S", %struct.s zeroinitializer, i32 2, !5, !1}
!4 = !{i32 0, i32 0}
!5 = !{%struct.b zeroinitializer, i32 0}
