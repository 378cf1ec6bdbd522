; IR structures that the metadata does not describe are listed with `; no metadata`, their `ptr` fields as `?*`.
; RUN: %dtrans types %s 2>%t.err | %FileCheck %s --match-full-lines
; RUN: %FileCheck %s --check-prefix=ERR < %t.err
; RUN: %dtrans types --format json %s | python3 -c "import json,sys; [print(k, json.dumps(x, sort_keys=True)) for k, v in sorted(json.load(sys.stdin).items()) for x in v]" \
; RUN:   | %FileCheck %s --check-prefix=JSON --match-full-lines

; CHECK: %struct.described = type { i32* }
; CHECK-NEXT: %struct.nomd = type { ?*, i32, [2 x ?*] } ; no metadata
; CHECK-NEXT: %struct.opq = type opaque ; no metadata
; CHECK-NEXT: %struct.plain = type { i32, double } ; no metadata
; CHECK-NEXT: diagnostic: %struct.nomd: no description in !intel.dtrans.types; pointee types of its pointer fields are unknown
; CHECK-NOT: {{.}}

; ERR: dtrans: warning: 1 metadata diagnostic(s)

; JSON:      structs {"fields": ["i32*"], "name": "%struct.described", "opaque": false, "packed": false, "source": "metadata"}
; JSON-NEXT: structs {"fields": ["?*", "i32", "[2 x ?*]"], "name": "%struct.nomd", "opaque": false, "packed": false, "source": "ir"}
; JSON-NEXT: structs {"fields": [], "name": "%struct.opq", "opaque": true, "packed": false, "source": "ir"}
; JSON-NEXT: structs {"fields": ["i32", "double"], "name": "%struct.plain", "opaque": false, "packed": false, "source": "ir"}

%struct.described = type { ptr }
%struct.nomd = type { ptr, i32, [2 x ptr] }
%struct.plain = type { i32, double }
%struct.opq = type opaque

@use = global [3 x ptr] [ptr @a, ptr @b, ptr @c]
@a = global %struct.nomd zeroinitializer
@b = global %struct.plain zeroinitializer
@c = external global %struct.opq

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.described zeroinitializer, i32 1, !1}
!1 = !{i32 0, i32 1}
