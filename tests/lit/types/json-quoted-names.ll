; JSON output spells names that need quotes the way the text output and LLVM do, the same in every section.
; RUN: %dtrans types --format json %s | python3 -c "import json,sys; [print(k, json.dumps(x, sort_keys=True)) for k, v in sorted(json.load(sys.stdin).items()) for x in v]" \
; RUN:   | %FileCheck %s --match-full-lines

; CHECK: allocas {"function": "@\"quoted fn\"", "name": "%\"a b\"", "type": "%\"class.std::vector\"*"}
; CHECK-NEXT: functions {"name": "@\"quoted fn\"", "type": "void (%\"class.std::vector\"*)"}
; CHECK-NEXT: globals {"name": "@\"the global\"", "type": "%\"class.std::vector\"*"}
; CHECK-NEXT: structs {"fields": ["i32*"], "name": "%\"class.std::vector\"", "opaque": false, "packed": false, "source": "metadata"}
; CHECK-NOT: {{.}}

%"class.std::vector" = type { ptr }

@"the global" = global ptr null, !intel_dtrans_type !0

define void @"quoted fn"(ptr "intel_dtrans_func_index"="1" %v) !intel.dtrans.func.type !3 {
  %"a b" = alloca ptr, !intel_dtrans_type !0
  ret void
}

!intel.dtrans.types = !{!1}

!0 = !{%"class.std::vector" zeroinitializer, i32 1}
!1 = !{!"S", %"class.std::vector" zeroinitializer, i32 1, !2}
!2 = !{i32 0, i32 1}
!3 = distinct !{!0}
