; A pointer loaded through a pointer nothing is known about is unknown
; (loaded from memory of unknown type); so is the untyped parameter it was
; loaded through.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %u -> ? | unknown: parameter with no type metadata and no typed caller
; CHECK: %q -> ? | unknown: loaded from memory of unknown type

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define ptr @f(ptr %u) {
  %q = load ptr, ptr %u
  ret ptr %q
}
