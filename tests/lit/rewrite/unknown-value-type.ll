; A value whose type could not be read (`?`) cannot be encoded: it is left untagged with a warning, the rest is written.
; RUN: %dtrans rewrite-metadata %s -o %t.out.ll 2> %t.err
; RUN: %FileCheck %s --check-prefix=WARN < %t.err
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %dtrans types --strict %t.out.ll | %FileCheck %s --check-prefix=TYPES --match-full-lines
; RUN: %FileCheck %s < %t.out.ll

; WARN: dtrans: warning: {{.*}}unknown-value-type.ll: not rewritten: global @bad: cannot encode ?: the type is unknown
; WARN-NOT: panicked

; TYPES: %struct.s = type { i32* }
; TYPES-NEXT: global @good: %struct.s*
; TYPES-NOT: {{.}}

; CHECK: @good = global ptr null, !intel_dtrans_type ![[SP:[0-9]+]]
; CHECK-NEXT: @bad = global ptr null{{$}}
; CHECK-DAG: ![[SP]] = !{%struct.s zeroinitializer, i32 1}
; CHECK-NOT: !"Q"

%struct.s = type { ptr }

@good = global ptr null, !intel_dtrans_type !0
@bad = global ptr null, !intel_dtrans_type !1

!intel.dtrans.types = !{!2}

!0 = !{%struct.s zeroinitializer, i32 1}
!1 = !{!"Q", i32 1}
!2 = !{!"S", %struct.s zeroinitializer, i32 1, !3}
!3 = !{i32 0, i32 1}
