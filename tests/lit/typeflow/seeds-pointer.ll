; Addresses of loads and stores are pointers, and the pointer count (the
; document's TODO) follows the dereference edges: a load's address is one
; `*` above its result. In lifted code, where addresses are i64 values
; turned into pointers at each access, the i64 values become pointers too.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines
; RUN: %dtrans typeflow --no-propagate %s | %FileCheck %s --check-prefix=SEED --match-full-lines

; CHECK-LABEL: function @lifted
; CHECK-NEXT:   value %p: int32_t *
; CHECK-NEXT:   value %q: int32_t **
; CHECK-NEXT:   use %a.0: int32_t *
; CHECK-NEXT:   value %a: int32_t *
; CHECK-NEXT:   use %v.0: int32_t *
; CHECK-NEXT:   value %v: int32_t
; CHECK:        use store.0: int32_t *
; CHECK-NEXT:   use store.1: int32_t **
; CHECK:        edge %a -- %v.0
; CHECK-NEXT:   edge *%v.0 -- %v
; CHECK:        edge store.0 -- *store.1
; CHECK-NEXT:   summary: 14 nodes, 13 edges, 0 casts, 0 conflicts
; SEED-LABEL:  function @lifted
; SEED-NEXT:    value %p: generic64_t
; SEED-NEXT:    value %q: generic64_t
; SEED-NEXT:    use %a.0: generic64_t
; SEED-NEXT:    value %a: void *
; SEED-NEXT:    use %v.0: void *
define i32 @lifted(i64 %p, i64 %q) {
  %a = inttoptr i64 %p to ptr
  %v = load i32, ptr %a
  %w = sdiv i32 %v, 3
  %b = inttoptr i64 %q to ptr
  store i64 %p, ptr %b
  ret i32 %w
}

; A pointer loaded from memory and stored through: %pp is a double **.
; CHECK-LABEL: function @ptrs
; CHECK-NEXT:   value %pp: double **
; CHECK-NEXT:   value %d: double
; CHECK-NEXT:   use %p.0: double **
; CHECK-NEXT:   value %p: double *
; CHECK-NEXT:   use store.0: double
; CHECK-NEXT:   use store.1: double *
; CHECK-NEXT:   edge %pp -- %p.0
; CHECK-NEXT:   edge %d -- store.0
; CHECK-NEXT:   edge *%p.0 -- %p
; CHECK-NEXT:   edge %p -- store.1
; CHECK-NEXT:   edge store.0 -- *store.1
; CHECK-NEXT:   summary: 6 nodes, 5 edges, 0 casts, 0 conflicts
define void @ptrs(ptr %pp, double %d) {
  %p = load ptr, ptr %pp
  store double %d, ptr %p
  ret void
}

; A 32-bit integer cannot hold an address here (64-bit pointers): the
; pointer seed does not apply to it, and the ptrtoint to i32 joins nothing.
; CHECK-LABEL: function @narrow
; CHECK-NEXT:   value %p: void *
; CHECK-NEXT:   use %i.0: void *
; CHECK-NEXT:   value %i: generic32_t
define i32 @narrow(ptr %p) {
  %i = ptrtoint ptr %p to i32
  ret i32 %i
}
