; Index attributes without an !intel.dtrans.func.type attachment: a diagnostic, and the indexed types become `?`.
; RUN: %dtrans types %s 2> %t.err | %FileCheck %s --match-full-lines
; RUN: %FileCheck %s --check-prefix=WARN < %t.err
; RUN: not %dtrans types --strict %s 2>&1 | %FileCheck %s --check-prefix=STRICT

; CHECK: function @f: ? (?, i32)
; CHECK-NEXT: diagnostic: function @f: has "intel_dtrans_func_index" attributes but no !intel.dtrans.func.type attachment
; CHECK-NOT: {{.}}

; WARN: dtrans: warning: 1 metadata diagnostic(s)
; STRICT: diagnostic: function @f: has "intel_dtrans_func_index" attributes but no !intel.dtrans.func.type attachment
; STRICT: dtrans: error: 1 metadata diagnostic(s) (--strict)

define "intel_dtrans_func_index"="1" ptr @f(ptr "intel_dtrans_func_index"="2" %p, i32 %n) {
  ret ptr %p
}
