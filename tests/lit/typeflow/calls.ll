; Calls join each argument use to the callee's parameter and the call's
; result to the callee's returns (a function's `ret` uses are chained);
; types flow across functions both ways. Edges to another function's node
; are listed once, under the function numbered first, naming the other end
; `@function:label`. With --function, the edges joining the shown function
; to the others are listed under it.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines
; RUN: %dtrans typeflow --function @caller %s | %FileCheck %s --check-prefix=ONE --match-full-lines
; RUN: %dtrans typeflow --function caller --format json %s | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["functions"]), d["functions"][0]["name"], d["functions"][0]["edges"][:3])' | %FileCheck %s --check-prefix=JSON
; RUN: %dtrans typeflow --function caller --dot %t.dot %s > /dev/null
; RUN: %FileCheck %s --check-prefix=DOT < %t.dot

; CHECK-LABEL: function @callee
; CHECK-NEXT:   value %x: int32_t
; CHECK-NEXT:   value %c: generic1_t
; CHECK-NEXT:   use br.0: generic1_t
; CHECK-NEXT:   use %y.0: int32_t
; CHECK-NEXT:   use %y.1: int32_t
; CHECK-NEXT:   value %y: int32_t
; CHECK-NEXT:   use ret#1.0: int32_t
; CHECK-NEXT:   use ret#2.0: int32_t
; CHECK-NEXT:   edge %x -- %y.0
; CHECK-NEXT:   edge %x -- ret#2.0
; CHECK-NEXT:   edge %x -- @caller:%r.0
; CHECK-NEXT:   edge %c -- br.0
; CHECK-NEXT:   edge %c -- @caller:%r.1
; CHECK-NEXT:   edge %y.0 -- %y
; CHECK-NEXT:   edge %y.1 -- %y
; CHECK-NEXT:   edge %y -- ret#1.0
; CHECK-NEXT:   edge ret#1.0 -- ret#2.0
; CHECK-NEXT:   edge ret#1.0 -- @caller:%r
; CHECK-NEXT:   summary: 8 nodes, 10 edges, 0 casts, 0 conflicts
define i32 @callee(i32 %x, i1 %c) {
  br i1 %c, label %t, label %e
t:
  %y = sdiv i32 %x, 2
  ret i32 %y
e:
  ret i32 %x
}

; The callee's sdiv makes the caller's values signed.
; CHECK-LABEL: function @caller
; CHECK-NEXT:   value %a: int32_t
; CHECK-NEXT:   use %r.0: int32_t
; CHECK-NEXT:   use %r.1: generic1_t
; CHECK-NEXT:   value %r: int32_t
; CHECK-NEXT:   use %s.0: int32_t
; CHECK-NEXT:   use %s.1: int32_t
; CHECK-NEXT:   value %s: int32_t
; CHECK-NEXT:   use ret.0: int32_t
; CHECK-NEXT:   edge %a -- %r.0
; CHECK-NEXT:   edge %r -- %s.0
; CHECK-NEXT:   edge %s.0 -- %s
; CHECK-NEXT:   edge %s.1 -- %s
; CHECK-NEXT:   edge %s -- ret.0
; CHECK-NEXT:   summary: 8 nodes, 5 edges, 0 casts, 0 conflicts
; ONE:      function @caller
; ONE:        edge @callee:%x -- %r.0
; ONE-NEXT:   edge @callee:%c -- %r.1
; ONE-NEXT:   edge @callee:ret#1.0 -- %r
; ONE-NEXT:   edge %a -- %r.0
; ONE:        summary: 8 nodes, 8 edges, 0 casts, 0 conflicts
; ONE-NEXT: total: 8 nodes, 8 edges, 0 casts, 0 conflicts
; JSON: 1 caller {{\[}}[0, 9], [1, 10], [6, 11]]
; DOT:      n0 [label="@callee:%x", shape=plaintext, style=""];
; DOT-NEXT: n0 -- n9 [style=dotted];
define i32 @caller(i32 %a) {
  %r = call i32 @callee(i32 %a, i1 true)
  %s = add i32 %r, 1
  ret i32 %s
}

; A recursive call joins the argument to the function's own parameter.
; CHECK-LABEL: function @fact
; CHECK:        edge %n -- %r.0
; CHECK:        edge %r -- ret.0
define i32 @fact(i32 %n) {
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
}

; An indirect call joins nothing across functions; its callee operand is a
; use (a pointer), unlike a direct call's.
; CHECK-LABEL: function @indirect
; CHECK-NEXT:   value %fp: void *
; CHECK-NEXT:   value %v: generic32_t
; CHECK-NEXT:   use %r.0: generic32_t
; CHECK-NEXT:   use %r.1: void *
; CHECK-NEXT:   value %r: generic32_t
; CHECK-NEXT:   use ret.0: generic32_t
; CHECK-NEXT:   edge %fp -- %r.1
; CHECK-NEXT:   edge %v -- %r.0
; CHECK-NEXT:   edge %r -- ret.0
; CHECK-NEXT:   summary: 6 nodes, 3 edges, 0 casts, 0 conflicts
define i32 @indirect(ptr %fp, i32 %v) {
  %r = call i32 %fp(i32 %v)
  ret i32 %r
}

; A declaration has no nodes and is not listed.
; CHECK-NOT: function @ext
declare i32 @ext(i32)
