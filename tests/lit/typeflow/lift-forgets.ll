; The lifter variant forgets what machine code does not say: instruction
; flags (nsw, nuw, exact, disjoint, nneg, fast-math), metadata other than
; debug information (!range, !tbaa, ...) and the enum attributes of defined
; functions and call sites (signext, noundef, nonnull, memory, ...). The
; operations themselves stay (sdiv, ashr, icmp slt, sext, sitofp are
; machine instructions), and so do declarations with their attributes (a
; lifter knows the prototypes of the library functions it imports). So an
; `add nsw` hints nothing here, while `sdiv` still seeds signed.
; RUN: %dtrans typeflow --lift --lifted-output %t.ll %s > %t.txt
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; RUN: %FileCheck %s --check-prefix=TF < %t.txt
; RUN: %dtrans typeflow %s | %FileCheck %s --check-prefix=NORMAL

declare noundef signext i32 @abs(i32 noundef signext) nounwind

; IR:       declare noundef signext i32 @abs(i32 noundef signext) #[[ATTR:[0-9]+]]
; IR-LABEL: define i32 @facts(i64 %p, i32 %a, i32 %b, i8 %c) {
; IR-NEXT:    %1 = inttoptr i64 %p to ptr
; IR-NEXT:    %v = load i32, ptr %1, align 4{{$}}
; IR-NEXT:    %s = add i32 %a, %v
; IR-NEXT:    %q = sdiv i32 %s, %b
; IR-NEXT:    %h = lshr i32 %q, 1
; IR-NEXT:    %o = or i32 %h, 1
; IR-NEXT:    %w = zext i8 %c to i32
; IR-NEXT:    %f = sitofp i32 %w to float
; IR-NEXT:    %g = fmul float %f, %f
; IR-NEXT:    %i = fptosi float %g to i32
; IR-NEXT:    %r = call i32 @abs(i32 %o)
; IR-NEXT:    %t = add i32 %r, %i
; IR-NEXT:    ret i32 %t
; IR:       attributes #[[ATTR]] = { nounwind }
; IR-NOT:   !range
; IR-NOT:   !tbaa
define noundef signext i32 @facts(ptr noundef nonnull %p, i32 noundef signext %a, i32 %b, i8 zeroext %c) nounwind memory(read) {
  %v = load i32, ptr %p, align 4, !range !0, !tbaa !1
  %s = add nsw nuw i32 %a, %v
  %q = sdiv exact i32 %s, %b
  %h = lshr exact i32 %q, 1
  %o = or disjoint i32 %h, 1
  %w = zext nneg i8 %c to i32
  %f = sitofp i32 %w to float
  %g = fmul fast float %f, %f
  %i = fptosi float %g to i32
  %r = call noundef signext i32 @abs(i32 noundef signext %o) nounwind
  %t = add nsw i32 %r, %i
  ret i32 %t
}

; Without the flag, `add nsw` hints nothing: `%z` stays generic; in the
; IR as compiled it hints signed.
; TF-LABEL: function @hint
; TF:         value %z: generic32_t
; NORMAL-LABEL: function @hint
; NORMAL:       value %z: int32_t
define i32 @hint(i32 %x, i32 %y) {
  %z = add nsw i32 %x, %y
  ret i32 %z
}

!0 = !{i32 0, i32 100}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
