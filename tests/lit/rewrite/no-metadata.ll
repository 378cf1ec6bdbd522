; A module without DTrans metadata is written back without any: no empty !intel.dtrans.types, no attributes, no attachments.
; RUN: %dtrans rewrite-metadata %s -o %t.out.ll
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %FileCheck %s < %t.out.ll
; RUN: %dtrans types %s > %t.a
; RUN: %dtrans types %t.out.ll > %t.b
; RUN: diff %t.a %t.b

; CHECK: %struct.plain = type { i32, ptr }
; CHECK: define ptr @f(ptr %p) {
; CHECK-NOT: intel

%struct.plain = type { i32, ptr }

@g = global %struct.plain zeroinitializer

define ptr @f(ptr %p) {
  %a = alloca ptr
  ret ptr %p
}
