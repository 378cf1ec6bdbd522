; A module whose debug info is invalid (a debug variable that is not a
; DILocalVariable) reads as LLVM reads it: the debug info is dropped with a
; warning, and the rest is used. A module that does not verify at all is an
; error, not an abort.
; RUN: %dtrans types %s 2>&1 | %FileCheck %s
; RUN: %dtrans typeflow %s > /dev/null
; RUN: sed '/^;/!s/  ret void/  %%x = add i32 %%y, 1\n  %%y = add i32 %%a, 1\n  ret void/' %s > %t.broken.ll
; RUN: not %dtrans types %t.broken.ll 2>&1 | %FileCheck %s --check-prefix=BROKEN

; CHECK: dtrans: warning: {{.*}}invalid-debug-info.ll: ignoring invalid debug info
; CHECK: global @g: i32*
; BROKEN: dtrans: {{.*}}.broken.ll: module does not verify:
; BROKEN-NOT: LLVM ERROR

@g = global ptr null, !intel_dtrans_type !2

define void @f(i32 %a) {
  call void @llvm.dbg.value(metadata i32 %a, metadata !1, metadata !DIExpression())
  ret void
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{}
!2 = !{i32 0, i32 1}
