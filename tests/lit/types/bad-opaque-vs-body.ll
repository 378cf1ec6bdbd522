; Metadata saying opaque (-1) for an IR structure with a body gives a diagnostic; like other bad descriptions, the body falls back to the IR's.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines

; CHECK: %struct.has_body = type { i32, ?* }
; CHECK-NEXT: diagnostic: %struct.has_body: !0: metadata says opaque but the IR defines a body with 2 fields; using the IR's fields
; CHECK-NOT: {{.}}

%struct.has_body = type { i32, ptr }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.has_body zeroinitializer, i32 -1}
