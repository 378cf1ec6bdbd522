; Errors name the file (and line and column where LLVM gives them), exit
; non-zero, and never panic.
; RUN: not %dtrans typeflow %S/Inputs/parse-error.ll 2>&1 | %FileCheck %s --check-prefix=PARSE
; RUN: not %dtrans typeflow %S/Inputs/invalid.ll 2>&1 | %FileCheck %s --check-prefix=INVALID
; RUN: not %dtrans typeflow --function nope %s 2>&1 | %FileCheck %s --check-prefix=NOFN
; RUN: not %dtrans typeflow %t.missing 2>&1 | %FileCheck %s --check-prefix=MISSING
; RUN: %dtrans typeflow --function f %s | %FileCheck %s --check-prefix=OK

; PARSE: dtrans: {{.*}}parse-error.ll:2:{{[0-9]+}}: use of undefined value '%nope'
; INVALID: dtrans: {{.*}}invalid.ll: module does not verify:
; NOFN: dtrans: no defined function named nope
; MISSING: dtrans: {{.*}}.missing: No such file or directory
; OK: function @f

define void @f() {
  ret void
}

; --eval needs debug information: without it, an error rather than zero scores.
; RUN: not %dtrans typeflow %s --eval 2>&1 | %FileCheck %s --check-prefix=NODEBUG
; NODEBUG: dtrans: {{.*}}errors.ll: no debug information: --eval takes its ground truth from `clang-19 -g`
