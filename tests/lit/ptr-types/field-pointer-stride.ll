; Loop strength reduction at -O2 walks an array of structures by a field's
; address: %f = &a[1].b (8 + 24), then `getelementptr %struct.S, %f, %i`
; steps whole structures from it and `+ 24`, `+ 48` reach the same field of
; later elements. The GEP's source type is only the step: %f is no
; %struct.S*, and every address stays an i64* into field 1. (With types
; from the IR only, field 2 is a `ptr` to something unknown: %k is unknown
; and says why.)
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; S = { i32, i64, S* } (24 bytes)
; CHECK-LABEL: function @f
; CHECK: %a -> %struct.S* | declared: i8* | usage: %struct.S*
; CHECK: %f -> i64* | declared: i64* | elements: %struct.S@1{{$}}
; CHECK: %g -> i64* | declared: i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK: %h -> i64* | declared: i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK: %k -> ? | elements: %struct.S@2 | unknown: address of a field whose type is not known
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

declare ptr @calloc(i64, i64)

define void @f(i64 %n, i64 %i) {
  %a = call ptr @calloc(i64 %n, i64 24)
  %first = getelementptr inbounds %struct.S, ptr %a, i64 0, i32 0
  store i32 1, ptr %first
  %f = getelementptr inbounds i8, ptr %a, i64 32
  %g = getelementptr inbounds %struct.S, ptr %f, i64 %i
  store i64 0, ptr %g
  %h = getelementptr inbounds i8, ptr %f, i64 48
  store i64 1, ptr %h
  %k = getelementptr inbounds i8, ptr %f, i64 32
  %v = load ptr, ptr %k
  ret void
}
