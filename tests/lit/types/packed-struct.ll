; Packed structures print `<{ ... }>`; the packing comes from the IR (metadata has no packed flag), also for a packed literal field.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null
; RUN: %dtrans types --format json %s | python3 -c "import json,sys; [print(k, json.dumps(x, sort_keys=True)) for k, v in sorted(json.load(sys.stdin).items()) for x in v]" \
; RUN:   | %FileCheck %s --check-prefix=JSON --match-full-lines

; CHECK: %struct.pk = type <{ i8, i32*, <{ i8, i16* }> }>
; CHECK-NEXT: %struct.unpk = type { i8, i32* }
; CHECK-NOT: {{.}}

; JSON:      structs {"fields": ["i8", "i32*", "<{ i8, i16* }>"], "name": "%struct.pk", "opaque": false, "packed": true, "source": "metadata"}
; JSON-NEXT: structs {"fields": ["i8", "i32*"], "name": "%struct.unpk", "opaque": false, "packed": false, "source": "metadata"}

%struct.pk = type <{ i8, ptr, <{ i8, ptr }> }>
%struct.unpk = type { i8, ptr }

!intel.dtrans.types = !{!0, !5}

!0 = !{!"S", %struct.pk zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i8 0, i32 0}
!2 = !{i32 0, i32 1}
!3 = !{!"L", i32 2, !1, !4}
!4 = !{i16 0, i32 1}
!5 = !{!"S", %struct.unpk zeroinitializer, i32 2, !1, !2}
