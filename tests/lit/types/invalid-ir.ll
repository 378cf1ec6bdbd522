; A syntactically invalid .ll fails cleanly: exit 1 and the parser's message naming file:line:col, no output, no panic.
; RUN: not %dtrans types %s > %t.out 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: count 0 < %t.out
; CHECK: dtrans: {{.*}}invalid-ir.ll:10:17: expected value token
; CHECK-NOT: panicked

%struct.s = type { i32 }

@g = global i32 zzz

!intel.dtrans.types = !{!0}
!0 = !{!"S", %struct.s zeroinitializer, i32 1, !1}
!1 = !{i32 0, i32 0}
