; One integer holding pointers of several types (a tagged value's payload:
; QuickJS passes a `JSValue` as two `i64`s and casts the payload per tag).
; Each `inttoptr` has the integer's definitions and its own uses (`%pa` is
; an `A *`; `%pb`, read as a `B *`, conflicts with the caller's `A *`); one
; with no use of its own (`%c`, only compared with null) names only what the
; integer's definitions are (`struct A *`, from the one caller), which the
; integer's uses contradict: it is ambiguous like the integer, not an `A *`.
; RUN: %dtrans ptr-types %s | %FileCheck %s

; CHECK-LABEL: function @payload
; CHECK-NEXT: %p -> ? | declared: %struct.A* | usage: %struct.A*, %struct.B* | ambiguous: used as %struct.A* and %struct.B*
; CHECK-NEXT: %c -> ? | declared: %struct.A* | ambiguous: inttoptr of an integer used as %struct.A* and %struct.B*
; CHECK-NEXT: %pa -> %struct.A* | declared: %struct.A* | usage: %struct.A*
; CHECK: %pb -> ? | declared: %struct.A* | usage: %struct.B* | ambiguous: used as %struct.A* and %struct.B*

%struct.A = type { i64, i32 }
%struct.B = type { i64, double }

declare ptr @malloc(i64)
declare void @use(i32)

define internal i32 @payload(i64 %p, i32 %tag) {
  %c = inttoptr i64 %p to ptr
  %nil = icmp eq ptr %c, null
  br i1 %nil, label %none, label %some
some:
  %isa = icmp eq i32 %tag, 1
  br i1 %isa, label %a, label %b
a:
  %pa = inttoptr i64 %p to ptr
  %ka = getelementptr %struct.A, ptr %pa, i64 0, i32 1
  %va = load i32, ptr %ka
  ret i32 %va
b:
  %pb = inttoptr i64 %p to ptr
  %xb = getelementptr %struct.B, ptr %pb, i64 0, i32 1
  %vb = load double, ptr %xb
  %ib = fptosi double %vb to i32
  ret i32 %ib
none:
  ret i32 0
}

define i32 @main() {
  %o = alloca %struct.A
  %k = getelementptr %struct.A, ptr %o, i64 0, i32 1
  store i32 7, ptr %k
  %i = ptrtoint ptr %o to i64
  %r = call i32 @payload(i64 %i, i32 1)
  ret i32 %r
}
