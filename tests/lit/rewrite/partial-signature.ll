; A signature with an unreadable slot (`?*`: a pointer without index) keeps its readable slots when rewritten, so reading the output gives the same types.
; RUN: %dtrans rewrite-metadata %s -o %t.out.ll
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %dtrans types %s > %t.a
; RUN: %dtrans types %t.out.ll > %t.b
; RUN: diff %t.a %t.b
; RUN: %FileCheck %s --check-prefix=TYPES --match-full-lines < %t.b
; RUN: %FileCheck %s < %t.out.ll

; TYPES: function @apply: ?* (i32*, ?*, i32)
; TYPES-NEXT: diagnostic: function @apply return value: IR type ptr involves a pointer but has no "intel_dtrans_func_index" attribute
; TYPES-NEXT: diagnostic: function @apply parameter 1: IR type ptr involves a pointer but has no "intel_dtrans_func_index" attribute
; TYPES-NOT: {{.}}

; CHECK: define ptr @apply(ptr "intel_dtrans_func_index"="1" %data, ptr %callback, i32 %n) !intel.dtrans.func.type ![[SIG:[0-9]+]] {
; CHECK: ![[SIG]] = distinct !{![[I32P:[0-9]+]]}
; CHECK: ![[I32P]] = !{i32 0, i32 1}

define ptr @apply(ptr "intel_dtrans_func_index"="1" %data, ptr %callback, i32 %n) !intel.dtrans.func.type !0 {
  ret ptr %data
}

!0 = distinct !{!1}
!1 = !{i32 0, i32 1}
