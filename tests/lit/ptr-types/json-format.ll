; --format json: the type source, and per value its dominant type, unknown
; and ambiguous flags, and its elements as {"struct", "field"} objects.
; RUN: %dtrans ptr-types %s --format json | %FileCheck %s
; RUN: %dtrans ptr-types %s --format json | python3 -c "import json,sys; json.load(sys.stdin)"

; CHECK: "type_source": "metadata"
; CHECK: "name": "f"
; CHECK: "value": "%s"
; CHECK: "dominant": "%struct.S*"
; CHECK: "value": "%b"
; CHECK: "dominant": "i64*"
; CHECK: "elements": [
; CHECK-NEXT: {
; CHECK-NEXT: "struct": "%struct.S",
; CHECK-NEXT: "field": 1
; CHECK-NEXT: }
; CHECK-NEXT: ],
; CHECK-NEXT: "unknown": false,
; CHECK-NEXT: "ambiguous": false,
; CHECK: "value": "%u"
; CHECK: "dominant": null
; CHECK: "unknown": true,
; CHECK-NEXT: "ambiguous": false,
; CHECK-NEXT: "reason": "returned by external function @ext with no type metadata"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64 }

declare ptr @ext()

define void @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  %b = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 1
  %u = call ptr @ext()
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
