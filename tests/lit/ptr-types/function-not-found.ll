; --function must name a defined function: another name, or a function
; that is only declared, is an error (exit 1, message naming it); the name
; may be written with or without '@'.
; RUN: not %dtrans ptr-types %s --function nope 2>&1 | %FileCheck %s --check-prefix=NONE
; RUN: not %dtrans ptr-types %s --function ext 2>&1 | %FileCheck %s --check-prefix=DECL
; RUN: %dtrans ptr-types %s --function @f | %FileCheck %s

; NONE: no defined function named nope
; DECL: no defined function named ext
; CHECK: function @f
; CHECK-NOT: function @g

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare ptr @ext()

define void @f(ptr %p) {
  ret void
}

define void @g(ptr %p) {
  ret void
}
