; Indirect-call metadata that is not a function type, or disagrees with the call, gives a diagnostic and `?`; metadata on a direct call is ignored with a diagnostic.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: not %dtrans types --strict %s > /dev/null

; CHECK: call %a in @main: ?
; CHECK-NEXT: call %b in @main: ?
; CHECK-NEXT: call %c in @main: ?
; CHECK-NEXT: call %d in @main: i32 (i32*)
; CHECK-NEXT: diagnostic: call %a in @main: !0: indirect call metadata must be a function type, found i32
; CHECK-NEXT: diagnostic: call %b in @main: !1: indirect call metadata must be a function type, found i32 (i32*)*
; CHECK-NEXT: diagnostic: call %c in @main: !4: metadata type i32 (i32*, i32*) does not match the call's type i32 (ptr): parameter count or varargs differ
; CHECK-NEXT: diagnostic: call %e in @main: !2: !intel_dtrans_type on a call that is not indirect is ignored
; CHECK-NOT: {{.}}

declare i32 @callee(ptr)

define i32 @main(ptr %fp) {
  %a = call i32 %fp(ptr null), !intel_dtrans_type !0
  %b = call i32 %fp(ptr null), !intel_dtrans_type !1
  %c = call i32 %fp(ptr null), !intel_dtrans_type !4
  %d = call i32 %fp(ptr null), !intel_dtrans_type !2
  %e = call i32 @callee(ptr null), !intel_dtrans_type !2
  ret i32 %a
}

!0 = !{i32 0, i32 0}
!1 = !{!2, i32 1}
!2 = !{!"F", i1 false, i32 1, !0, !3}
!3 = !{i32 0, i32 1}
!4 = !{!"F", i1 false, i32 2, !0, !3, !3}
