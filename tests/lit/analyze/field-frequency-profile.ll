; Field frequencies from profile metadata (as -fprofile-instr-use writes
; it): the function ran 10 times (entry count), its loop body 1000 times
; (the branch weights are edge counts), the cold branch twice. Each access
; counts its block's count: hot is read and written 1000 times in the loop,
; cold written twice, and read once per call after the loop (10).
; RUN: %dtrans analyze %s --struct struct.S | %FileCheck %s
; Without the profile the static estimate weighs the loop body 32 (depth 1).
; RUN: sed -e 's/, !prof ![0-9]*//' -e 's/ !prof ![0-9]*//' %s > %t.ll
; RUN: %dtrans analyze %t.ll --struct struct.S | %FileCheck %s --check-prefix=STATIC

; CHECK-LABEL: %struct.S (size 16, align 8)
; CHECK: 0     8  0: i64                       rw-    2000
; CHECK: 8     8  1: i64                       rw-      12
; STATIC-LABEL: %struct.S (size 16, align 8)
; STATIC: 0     8  0: i64                       rw-      64
; STATIC: 8     8  1: i64                       rw-       2

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i64, i64 }

declare ptr @calloc(i64, i64)

define i64 @f(i64 %n, i1 %c) !prof !0 {
entry:
  %s = call ptr @calloc(i64 1, i64 16)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %h = load i64, ptr %s
  %h2 = add i64 %h, %i
  store i64 %h2, ptr %s
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %after, label %loop, !prof !1

after:
  br i1 %c, label %cold, label %exit, !prof !2

cold:
  %cp = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 1
  store i64 1, ptr %cp
  br label %exit

exit:
  %cq = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 1
  %r = load i64, ptr %cq
  ret i64 %r
}

!0 = !{!"function_entry_count", i64 10}
!1 = !{!"branch_weights", i32 10, i32 990}
!2 = !{!"branch_weights", i32 2, i32 8}
