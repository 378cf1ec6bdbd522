; A loop that walks the same field of every element with a byte offset
; held in a phi (what -O2 unrolling makes): the analysis accepts it (each
; step is a whole element), but the pass cannot rescale a phi, so the
; structure is rejected with the place named, and the module is unchanged.
; RUN: %dtrans opt %s -p reorder-fields -o %t.ll --report %t.json
; RUN: %FileCheck %s --check-prefix=JSON < %t.json
; RUN: %FileCheck %s < %t.ll
; JSON: "rejected": [
; JSON: "name": "%struct.S",
; JSON-NEXT: "pass": "reorder-fields",
; JSON-NEXT: "reason": "cannot rewrite @sum: %p = getelementptr inbounds i8, ptr %f, i64 %off steps from a field of %struct.S: %off = phi i64 [ 0, %entry ], [ %next, %loop ] is not a size the pass can rewrite"
; CHECK: %struct.S = type { i8, i64, i8 }
; CHECK-NOT: __DFR_

%struct.S = type { i8, i64, i8 }

define i64 @sum(ptr "intel_dtrans_func_index"="1" %a, i64 %n) !intel.dtrans.func.type !3 {
entry:
  %f = getelementptr inbounds %struct.S, ptr %a, i64 0, i32 1
  %end = mul i64 %n, 24
  br label %loop
loop:
  %off = phi i64 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc2, %loop ]
  %p = getelementptr inbounds i8, ptr %f, i64 %off
  %v = load i64, ptr %p, align 8
  %acc2 = add i64 %acc, %v
  %next = add i64 %off, 24
  %done = icmp eq i64 %next, %end
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %acc2
}

define i32 @main() {
  %a = call ptr @calloc(i64 4, i64 24)
  %s = call i64 @sum(ptr %a, i64 4)
  %r = trunc i64 %s to i32
  ret i32 %r
}

declare ptr @calloc(i64, i64)

!intel.dtrans.types = !{!0}
!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !1}
!1 = !{i8 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = distinct !{!4}
!4 = !{%struct.S zeroinitializer, i32 1}
