; A structure GEP with constant indices on a parameter typed by metadata:
; each field address points to the field's type and addresses that field.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK: type source: metadata
; CHECK-LABEL: function @f
; CHECK: %s -> %struct.S* |
; CHECK: %a -> i32* | {{.*}}elements: %struct.S@0{{$}}
; CHECK: %b -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK: %c -> %struct.S** | {{.*}}elements: %struct.S@2{{$}}
; The loaded field has the field's pointee type.
; CHECK: %n -> %struct.S* |
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define i64 @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  %a = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 0
  %b = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 1
  %c = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 2
  %n = load ptr, ptr %c
  %x = load i32, ptr %a
  %y = load i64, ptr %b
  ret i64 %y
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
