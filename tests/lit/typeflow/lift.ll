; The lifter variant (`--lift`): pointers become i64 the way a binary lifter
; shows them. Signatures take and return i64; loads and stores of pointers
; move i64; a GEP is integer arithmetic (the field at offset 8, the index
; scaled by the 16-byte element); phi, select and icmp work on the
; integers; each memory access gets its own inttoptr right before it;
; allocas and calls to declared functions keep their pointers, followed by
; a ptrtoint. The result verifies, and its type flow graph propagates as
; usual: the integers that are addresses become pointers again.
; RUN: %dtrans typeflow --lift --lifted-output %t.ll %s > %t.txt
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; RUN: %FileCheck %s --check-prefix=TF --match-full-lines < %t.txt
; RUN: not %dtrans typeflow --lifted-output %t.ll %s 2>&1 | %FileCheck %s --check-prefix=REQ

%struct.S = type { i32, double }

@g = global ptr null

declare ptr @malloc(i64)

; IR-LABEL: define double @field(i64 %p, i64 %i)
; IR-NEXT:    %1 = mul i64 %i, 16
; IR-NEXT:    %2 = add i64 %p, %1
; IR-NEXT:    %3 = add i64 %2, 8
; IR-NEXT:    %4 = inttoptr i64 %3 to ptr
; IR-NEXT:    %d = load double, ptr %4, align 8
; IR-NEXT:    ret double %d
define double @field(ptr %p, i64 %i) {
  %f = getelementptr %struct.S, ptr %p, i64 %i, i32 1
  %d = load double, ptr %f
  ret double %d
}

; IR-LABEL: define i64 @walk(i64 %p, i1 %c)
; IR:         %l = alloca ptr, align 8
; IR-NEXT:    %[[L:[0-9]+]] = ptrtoint ptr %l to i64
; IR-NEXT:    %[[A:[0-9]+]] = inttoptr i64 %[[L]] to ptr
; IR-NEXT:    store i64 %p, ptr %[[A]], align 8
; IR-NEXT:    %[[B:[0-9]+]] = inttoptr i64 %[[L]] to ptr
; IR-NEXT:    %[[Q:[0-9]+]] = load i64, ptr %[[B]], align 8
; IR-NEXT:    %[[M:m|[0-9]+]] = call ptr @malloc(i64 16)
; IR-NEXT:    %[[MI:[0-9]+]] = ptrtoint ptr %[[M]] to i64
; IR-NEXT:    %[[S:[0-9]+]] = select i1 %c, i64 %[[Q]], i64 %[[MI]]
; IR-NEXT:    store i64 %[[S]], ptr @g, align 8
; IR-NEXT:    %[[E:[0-9]+]] = icmp eq i64 %[[S]], 0
; IR:         ret i64 %[[S]]
define ptr @walk(ptr %p, i1 %c) {
  %l = alloca ptr
  store ptr %p, ptr %l
  %q = load ptr, ptr %l
  %m = call ptr @malloc(i64 16)
  %s = select i1 %c, ptr %q, ptr %m
  store ptr %s, ptr @g
  %e = icmp eq ptr %s, null
  br i1 %e, label %a, label %b
a:
  br label %b
b:
  ret ptr %s
}

; IR-LABEL: define double @caller(i64 %p)
; IR:         call i64 @walk(i64 %p, i1 true)
; IR:         call double @field(i64 %p, i64 0)

define double @caller(ptr %p) {
  %w = call ptr @walk(ptr %p, i1 true)
  %d = call double @field(ptr %p, i64 0)
  ret double %d
}

; Propagation on the lifted module: the addresses are pointers again. The
; index `%i`, multiplied and added into the address, is the offset of that
; sum, not joined to the pointer (it stays a generic64_t: nothing here says
; its sign). The field's address, `%2 + 8`, is a pointer of its own (a
; double *), not joined to `%2` and `%p`: those point to the structure,
; which the lattice does not describe (void *; before, `%p` became a
; double * through the sum).
; TF-LABEL: function @field
; TF-NEXT:    value %p: void *
; TF-NEXT:    value %i: generic64_t
; TF:         value %1: generic64_t
; TF:         value %2: void *
; TF:         value %3: double *
; TF:         value %d: double
; TF:         summary: 16 nodes, 15 edges, 0 casts, 0 conflicts
; TF-LABEL: function @walk
; TF-NEXT:    value %p: void *
; TF-NEXT:    value %c: generic1_t
; TF-NEXT:    value %l: void **
; TF:         value %m: void *
; TF-LABEL: total: 52 nodes, 45 edges, 0 casts, 0 conflicts

; REQ: error: the following required arguments were not provided:
; REQ-NEXT:  --lift
