; A module that does not parse: exit 1 with `file:line:col: message`, no
; output on stdout. A missing file is an error too.
; RUN: not %dtrans ptr-types %s > %t.out 2> %t.err
; RUN: %FileCheck %s < %t.err
; RUN: count 0 < %t.out
; RUN: not %dtrans ptr-types %t.missing.ll 2>&1 | %FileCheck %s --check-prefix=MISSING

; CHECK: bad-input.ll:[[@LINE+4]]:{{[0-9]+}}: {{.+}}
; MISSING: missing.ll: {{.+}}

define void @f(ptr %p) {
  %x = load ptr, ptr %p,, align 8
  ret void
}
