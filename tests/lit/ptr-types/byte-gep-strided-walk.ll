; A walk over an array held in a structure, as LLVM leaves `&o->a[i]` after
; strength reduction: a byte offset from the structure that starts at the
; array (8) and steps by whole elements (16), through a phi of phis as in
; libdeflate's `deflate_compress_fastest`. The offset is 8 plus a multiple
; of 16: every value of it is an element of the array, an `E *`. Near
; misses: a step of half an element (8 + 8k lands inside elements too) and
; a step from another start whose place is not in the array.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; Outer = { i32, [4 x E], i64 } (array at 8, the i64 at 72); E = { i64, Outer* }.
; CHECK-LABEL: function @f
; CHECK: %p -> %struct.E* | declared: [4 x %struct.E]* | {{.*}}elements: %struct.Outer@1{{$}}
; CHECK: %q -> %struct.E* | {{.*}}elements: %struct.Outer@1{{$}}
; CHECK: %half -> ? | {{.*}}unknown: variable byte offset that is not a whole number of objects
; CHECK: %past -> ? | {{.*}}unknown: variable byte offset that is not a whole number of objects

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Outer = type { i32, [4 x %struct.E], i64 }
%struct.E = type { i64, ptr }

define void @f(ptr "intel_dtrans_func_index"="1" %o, i1 %c) !intel.dtrans.func.type !8 {
entry:
  br label %loop

loop:
  %off = phi i64 [ 8, %entry ], [ %again, %latch ]
  %p = getelementptr inbounds i8, ptr %o, i64 %off
  %v = load i64, ptr %p
  %next = add nsw i64 %off, 16
  br i1 %c, label %skip, label %latch

skip:
  %next2 = add nsw i64 %next, 32
  %q = getelementptr inbounds i8, ptr %o, i64 %next2
  %w = load i64, ptr %q
  br label %latch

latch:
  %again = phi i64 [ %next, %loop ], [ %next2, %skip ]
  %more = icmp ult i64 %again, 72
  br i1 %more, label %loop, label %tail

tail:
  %h = phi i64 [ 8, %latch ], [ %hn, %tail ]
  %half = getelementptr inbounds i8, ptr %o, i64 %h
  %x = load i64, ptr %half
  %hn = add nsw i64 %h, 8
  %k = phi i64 [ 72, %latch ], [ %kn, %tail ]
  %past = getelementptr inbounds i8, ptr %o, i64 %k
  %y = load i64, ptr %past
  %kn = add nsw i64 %k, 16
  %done = icmp ugt i64 %hn, 64
  br i1 %done, label %exit, label %tail

exit:
  ret void
}

!intel.dtrans.types = !{!0, !5}

!0 = !{!"S", %struct.Outer zeroinitializer, i32 3, !1, !2, !4}
!1 = !{i32 0, i32 0}
!2 = !{!"A", i32 4, !3}
!3 = !{%struct.E zeroinitializer, i32 0}
!4 = !{i64 0, i32 0}
!5 = !{!"S", %struct.E zeroinitializer, i32 2, !4, !6}
!6 = !{%struct.Outer zeroinitializer, i32 1}
!8 = distinct !{!6, !7}
!7 = !{i1 0, i32 0}
