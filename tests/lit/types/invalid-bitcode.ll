; A truncated bitcode file fails cleanly: exit 1, a message naming the file, no output, no panic.
; RUN: %llvm-as %s -o %t.bc
; RUN: head -c 100 %t.bc > %t.trunc.bc
; RUN: not %dtrans types %t.trunc.bc > %t.out 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: count 0 < %t.out
; CHECK: dtrans: {{.*}}trunc.bc: {{.+}}
; CHECK-NOT: panicked

%struct.s = type { ptr }

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.s zeroinitializer, i32 1, !1}
!1 = !{i32 0, i32 1}
