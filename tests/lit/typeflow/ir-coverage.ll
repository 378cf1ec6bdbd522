; The rest of the IR builds, verifies and propagates: vectors (a vector
; stands for its lanes), aggregates (no nodes), switch, select, phi,
; invoke/landingpad, indirect and variadic calls, inline asm, atomics,
; freeze, casts that keep the bits and casts that do not.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines

%pair = type { i32, i64 }

declare i32 @__gxx_personality_v0(...)
declare void @may_throw(i32)

; CHECK-LABEL: function @vec
; CHECK-NEXT:   value %v: generic32_t
; CHECK-NEXT:   value %k: number32_t
; CHECK:        edge %e.0 -- %e
; CHECK:        edge %w.0 -- %w
; CHECK-NEXT:   edge %w.1 -- %w
define i32 @vec(<4 x i32> %v, i32 %k) {
  %e = extractelement <4 x i32> %v, i32 %k
  %w = insertelement <4 x i32> %v, i32 %e, i32 0
  %s = shufflevector <4 x i32> %v, <4 x i32> %w, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  %r = extractelement <4 x i32> %s, i64 1
  ret i32 %r
}

; Aggregate values have no node; their scalar operands do.
; CHECK-LABEL: function @agg
; CHECK-NEXT:   value %a: generic32_t
; CHECK-NEXT:   value %b: generic64_t
; CHECK-NEXT:   use %1.1: generic32_t
; CHECK-NEXT:   use %2.1: generic64_t
; CHECK-NEXT:   value %3: generic32_t
; CHECK-NEXT:   edge %a -- %1.1
; CHECK-NEXT:   edge %b -- %2.1
; CHECK-NEXT:   summary: 5 nodes, 2 edges, 0 casts, 0 conflicts
define %pair @agg(i32 %a, i64 %b) {
  %1 = insertvalue %pair undef, i32 %a, 0
  %2 = insertvalue %pair %1, i64 %b, 1
  %3 = extractvalue %pair %2, 0
  ret %pair %2
}

; CHECK-LABEL: function @flow
; CHECK:        use switch.0: generic32_t
; CHECK:        value %m: generic32_t
; CHECK:        value %pi: generic32_t *
; CHECK:        value %fi: uint32_t
; CHECK:        edge %x -- switch.0
; CHECK:        edge %c1 -- %m.1
; CHECK:        edge %m.0 -- %m
; CHECK:        edge %m.2 -- %m
; CHECK:        edge %sel.1 -- %sel
; CHECK:        edge *%old.0 -- %old.1
; CHECK:        edge %old -- %cx.1
; CHECK:        edge *%cx.0 -- %cx.1
; CHECK:        edge %cx.1 -- %cx.2
; CHECK:        edge %pi.0 -- %pi
; CHECK:        edge %ip.0 -- %ip
; CHECK:        edge %va.0 -- @vararg:%n
; CHECK:        summary: {{.*}}
define i32 @flow(i32 %x, ptr %p, ptr %fp) personality ptr @__gxx_personality_v0 {
entry:
  switch i32 %x, label %d [ i32 0, label %a
                            i32 1, label %b ]
a:
  %c1 = call i32 %fp(i32 %x)
  br label %d
b:
  invoke void @may_throw(i32 %x) to label %d unwind label %lp
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
d:
  %m = phi i32 [ %x, %entry ], [ %c1, %a ], [ 7, %b ]
  %fr = freeze i32 %m
  %sel = select i1 true, i32 %fr, i32 3
  %old = atomicrmw add ptr %p, i32 %sel seq_cst
  %cx = cmpxchg ptr %p, i32 %old, i32 5 seq_cst seq_cst
  %pi = ptrtoint ptr %p to i64
  %ip = inttoptr i64 %pi to ptr
  %t = trunc i64 %pi to i32
  %asm = call i32 asm "mov $1, $0", "=r,r"(i32 %t)
  %fd = sitofp i32 %asm to double
  %fi = fptoui double %fd to i32
  %va = call i32 (i32, ...) @vararg(i32 1, i32 %fi, double %fd)
  ret i32 %va
}

; A variadic callee: only the fixed parameter is joined (the edge is
; listed under @flow, whose node comes first).
; CHECK-LABEL: function @vararg
; CHECK-NEXT:   value %n: generic32_t
; CHECK-NEXT:   use ret.0: generic32_t
; CHECK-NEXT:   edge %n -- ret.0
; CHECK-NEXT:   summary: 2 nodes, 1 edges, 0 casts, 0 conflicts
define i32 @vararg(i32 %n, ...) {
  ret i32 %n
}
