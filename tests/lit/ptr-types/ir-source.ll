; Without DTrans metadata or debug information the types come from the IR
; (type source: ir). A structure GEP says its base is a %struct.S* and the
; field's address is known; a pointer field's pointee is not in the IR, so
; a pointer loaded from it (and the field's address, a pointer to that
; unknown pointer) is unknown unless its own use says more.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK: type source: ir
; CHECK-LABEL: function @f
; CHECK: %s -> %struct.S* |
; CHECK: %np -> ? | elements: %struct.S@2 | unknown
; CHECK: %n -> ? | {{.*}}unknown
; CHECK: %cp -> {{.*}}elements: %struct.S@2{{$}}
; CHECK: %c -> %struct.S* |
; CHECK: %y -> i64* | {{.*}}elements: %struct.S@1{{$}}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

define void @f(ptr %s) {
  %np = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 2
  %n = load ptr, ptr %np
  %cp = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 2
  %c = load ptr, ptr %cp
  %y = getelementptr inbounds %struct.S, ptr %c, i64 0, i32 1
  store i64 0, ptr %y
  ret void
}
