; Memory through the same address. Uses of the same global are chained,
; across functions; a constant GEP over array elements (`&arr[2]`) counts
; as the array's address. GEPs into a struct do not join base and result,
; but pointers to the same field of the same struct type are chained (any
; array index is the same), whether instructions or constants. Pointer
; arithmetic over elements joins base and result; a constant byte offset
; (how -O1 and up spell a field access) does not.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines

%struct.S = type { i32, double, [4 x i64] }

@g = global i32 0
@arr = global [8 x i16] zeroinitializer
@s = global %struct.S zeroinitializer

; CHECK-LABEL: function @writer
; CHECK-NEXT:   value %a: uint32_t
; CHECK-NEXT:   use store.0: uint32_t
; CHECK-NEXT:   use store.1: uint32_t *
; CHECK-NEXT:   edge %a -- store.0
; CHECK-NEXT:   edge store.0 -- *store.1
; CHECK-NEXT:   edge store.1 -- @reader:%v.0
; CHECK-NEXT:   summary: 3 nodes, 3 edges, 0 casts, 0 conflicts
define void @writer(i32 %a) {
  store i32 %a, ptr @g
  ret void
}

; CHECK-LABEL: function @reader
; CHECK-NEXT:   use %v.0: uint32_t *
; CHECK-NEXT:   value %v: uint32_t
define i32 @reader() {
  %v = load i32, ptr @g
  %q = udiv i32 %v, 3
  ret i32 %q
}

; CHECK-LABEL: function @fields
; CHECK:        value %f1: double *
; CHECK:        value %f2: double *
; CHECK:        value %e: int64_t *
; CHECK:        value %e2: int64_t *
; CHECK:        use %k.0: double *
; CHECK:        value %k: double
; CHECK-NOT:    edge %f1.0 -- %f1
; CHECK:        edge %f1 -- %f2
; CHECK-NEXT:   edge %f1 -- %k.0
; CHECK:        edge %e -- %e2
; CHECK:        summary: {{.*}}, 0 casts, 0 conflicts
define double @fields(ptr %p, ptr %q, i64 %i) {
  %f1 = getelementptr %struct.S, ptr %p, i32 0, i32 1
  %d = load double, ptr %f1
  %f2 = getelementptr inbounds %struct.S, ptr %q, i64 %i, i32 1
  %e = getelementptr inbounds %struct.S, ptr %q, i64 0, i32 2, i64 %i
  %x = load i64, ptr %e
  %y = sdiv i64 %x, 8
  %e2 = getelementptr inbounds %struct.S, ptr %p, i64 1, i32 2, i64 3
  %k = load double, ptr getelementptr inbounds (%struct.S, ptr @s, i64 0, i32 1)
  ret double %d
}

; CHECK-LABEL: function @arrays
; CHECK-NEXT:   value %i: number64_t
; CHECK-NEXT:   value %b: void *
; CHECK-NEXT:   use %e.0: uint16_t *
; CHECK:        value %e: uint16_t *
; CHECK:        value %v: uint16_t
; CHECK:        use %w.0: uint16_t *
; CHECK:        edge %e.0 -- %e
; CHECK-NEXT:   edge %e.0 -- %w.0
; CHECK-NOT:    edge %o.0 -- %o
; CHECK:        edge %c.0 -- %c
; CHECK-NEXT:   summary: 20 nodes, 13 edges, 0 casts, 0 conflicts
define i16 @arrays(i64 %i, ptr %b) {
  %e = getelementptr inbounds [8 x i16], ptr @arr, i64 0, i64 %i
  %v = load i16, ptr %e
  %w = load i16, ptr getelementptr inbounds ([8 x i16], ptr @arr, i64 0, i64 2)
  %s = lshr i16 %w, 1
  %c = getelementptr inbounds i8, ptr %b, i64 %i
  %o = getelementptr inbounds i8, ptr %b, i64 8
  ret i16 %v
}
