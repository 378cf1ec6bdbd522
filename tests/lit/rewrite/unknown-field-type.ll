; A structure with a field that could not be read (`?`) cannot be described:
; the writer leaves it out with a warning and writes the rest, so a reader of
; the output sees the structure as undescribed (fields from the IR) rather
; than wrongly described.
; RUN: %dtrans rewrite-metadata %s -o %t.out.ll 2>&1 | %FileCheck %s --check-prefix=WARN
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %dtrans types %t.out.ll | %FileCheck %s --match-full-lines

; WARN: dtrans: warning: {{.*}}unknown-field-type.ll: not rewritten: !intel.dtrans.types: cannot encode ?: the type is unknown
; WARN-NOT: panicked

; CHECK: %struct.ok = type { %struct.ok* }
; CHECK-NEXT: %struct.s = type { ?* } ; no metadata
; CHECK-NEXT: diagnostic: %struct.s: no description in !intel.dtrans.types; pointee types of its pointer fields are unknown
; CHECK-NOT: {{.}}

%struct.s = type { ptr }
%struct.ok = type { ptr }

@instance = global %struct.s zeroinitializer

!intel.dtrans.types = !{!0, !2}

!0 = !{!"S", %struct.s zeroinitializer, i32 1, !1}
!1 = !{i32 0, !"one"}
!2 = !{!"S", %struct.ok zeroinitializer, i32 1, !3}
!3 = !{%struct.ok zeroinitializer, i32 1}
