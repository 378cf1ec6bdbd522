; JSON output (--format json) has structs, functions, globals, allocas, calls and diagnostics with the same types as the text output.
; RUN: %dtrans types --format json %s > %t.json
; RUN: python3 -c "import json,sys; [print(k, json.dumps(x, sort_keys=True)) for k, v in sorted(json.load(sys.stdin).items()) for x in v]" < %t.json \
; RUN:   | %FileCheck %s --match-full-lines
; RUN: python3 -c "import json,sys; print(sorted(json.load(sys.stdin)))" < %t.json | %FileCheck %s --check-prefix=KEYS

; CHECK:      allocas {"function": "@main", "name": "%p", "type": "%struct.node**"}
; CHECK-NEXT: calls {"function": "@main", "name": "%r2", "type": "i32 (%struct.node*)"}
; CHECK-NEXT: diagnostics {"context": "global @bad", "message": "pointer level is not an integer constant", "node": "!1"}
; CHECK-NEXT: functions {"name": "@main", "type": "i32 (%struct.node*)"}
; CHECK-NEXT: globals {"name": "@g", "type": "%struct.node*"}
; CHECK-NEXT: globals {"name": "@bad", "type": "?"}
; CHECK-NEXT: structs {"fields": ["i32", "%struct.node*"], "name": "%struct.node", "opaque": false, "packed": false, "source": "metadata"}
; CHECK-NOT: {{.}}

; KEYS: ['allocas', 'calls', 'diagnostics', 'functions', 'globals', 'structs']

%struct.node = type { i32, ptr }

@g = global ptr null, !intel_dtrans_type !0
@bad = global ptr null, !intel_dtrans_type !1

define i32 @main(ptr "intel_dtrans_func_index"="1" %n) !intel.dtrans.func.type !4 {
  %p = alloca ptr, !intel_dtrans_type !5
  %r = call i32 @main(ptr %n)
  %fp = load ptr, ptr %p
  %r2 = call i32 %fp(ptr %n), !intel_dtrans_type !6
  ret i32 %r
}

!intel.dtrans.types = !{!2}

!0 = !{%struct.node zeroinitializer, i32 1}
!1 = !{i32 0, !"one"}
!2 = !{!"S", %struct.node zeroinitializer, i32 2, !3, !0}
!3 = !{i32 0, i32 0}
!4 = distinct !{!0}
!5 = !{%struct.node zeroinitializer, i32 2}
!6 = !{!"F", i1 false, i32 1, !3, !0}
