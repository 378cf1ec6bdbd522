; An empty structure `!{!"S", %struct.empty zeroinitializer, i32 0}` prints `type {}`, not opaque.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null
; RUN: %dtrans types --format json %s | python3 -c "import json,sys; [print(k, json.dumps(x, sort_keys=True)) for k, v in sorted(json.load(sys.stdin).items()) for x in v]" \
; RUN:   | %FileCheck %s --check-prefix=JSON --match-full-lines

; CHECK: %struct.empty = type {}
; CHECK-NEXT: %struct.holder = type { %struct.empty, %struct.empty* }
; CHECK-NOT: {{.}}

; JSON:      structs {"fields": [], "name": "%struct.empty", "opaque": false, "packed": false, "source": "metadata"}

%struct.empty = type {}
%struct.holder = type { %struct.empty, ptr }

!intel.dtrans.types = !{!0, !1}

!0 = !{!"S", %struct.empty zeroinitializer, i32 0}
!1 = !{!"S", %struct.holder zeroinitializer, i32 2, !2, !3}
!2 = !{%struct.empty zeroinitializer, i32 0}
!3 = !{%struct.empty zeroinitializer, i32 1}
