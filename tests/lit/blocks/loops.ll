; blocks-loops: the calls of a step function of `blocks` (what `dtrans cc`
; leaves for after opt-19's first run) put in place, and loops stepping with
; a counter split into runs over blocks: @sum (the exit's phi then comes
; from the new block; @sum_latch_first: the counter's phi lists the latch
; first), @fill (from a variable start, the latch staying on
; true, a body of three blocks) and @copy (two bases: the run ends at the
; nearer block end) step inside a run by plain strides from the run's first
; element; the latch's test bounds the counter (`!=`, signed `<`), so
; the run's end is the nearer of the block end and that bound and the
; latch tests the run's end alone; a run that goes to its block's end prefetches the first
; lines of the next block's records. Near misses keep the arithmetic of `step` in place: @find (a
; second exit), @sum_even (a step of two), @sum_via (the base loaded in the
; loop), @sum_next (the count one past the counter). main starts arrays
; inside a block and from a negative count, so runs begin and end mid-block.
; The split loop's latch keeps the original loop's ID for the run loop
; (@fill's mustprogress stays), with `llvm.loop.align` 64 added; the outer
; loop has none; `--cost run-align=0` adds none.
; The program prints the same before and after, also at -O2.
; RUN: %dtrans opt %s -p blocks-loops --cost prefetch-lines=4 -o %t.ll --report %t.json
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REPORT < %t.json
; RUN: %clang -w %s -o %t.base && %t.base > %t.base.txt
; RUN: %clang -w %t.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
; RUN: %clang -O2 -w %t.ll -o %t.o2 && %t.o2 > %t.o2.txt && diff %t.base.txt %t.o2.txt
; RUN: %FileCheck %s --check-prefix=OUT < %t.new.txt
; RUN: %dtrans opt %s -p blocks-loops --cost prefetch-lines=4,run-align=0 -o %t.noalign.ll
; RUN: %FileCheck %s --check-prefix=NOALIGN < %t.noalign.ll
; NOALIGN: br i1 %4, label %loop, label %blocks.next, !llvm.loop ![[FILL:[0-9]+]]
; NOALIGN-NOT: llvm.loop.align
; NOALIGN: ![[FILL]] = distinct !{![[FILL]], ![[MP:[0-9]+]]}
; NOALIGN: ![[MP]] = !{!"llvm.loop.mustprogress"}
; NOALIGN-NOT: llvm.loop.align
; CHECK-LABEL: define i64 @sum(
; CHECK-NEXT: entry:
; CHECK-NEXT: %z = icmp eq i64 %n, 0
; CHECK-NEXT: br i1 %z, label %exit, label %blocks.outer
; CHECK: loop:
; CHECK-NEXT: %0 = phi i64 [ %7, %blocks.begin ], [ %i1, %loop ]
; CHECK-NEXT: %1 = phi i64 [ %8, %blocks.begin ], [ %acc1, %loop ]
; CHECK-NEXT: %2 = sub i64 %0, %7
; CHECK-NEXT: %3 = mul i64 %2, 8
; CHECK-NEXT: %4 = getelementptr i8, ptr %18, i64 %3
; CHECK-NEXT: %k = load i64, ptr %4, align 8
; CHECK-NEXT: %acc1 = add i64 %1, %k
; CHECK-NEXT: %i1 = add nuw nsw i64 %0, 1
; CHECK-NEXT: %done = icmp eq i64 %i1, %n
; CHECK-NEXT: %5 = icmp eq i64 %i1, %blocks.end
; CHECK-NEXT: br i1 %5, label %blocks.next, label %loop, !llvm.loop ![[SUM:[0-9]+]]
; CHECK: exit:
; CHECK-NEXT: %6 = phi i64 [ 0, %entry ], [ %acc1, %blocks.next ]
; CHECK-NEXT: ret i64 %6
; CHECK: blocks.outer:
; CHECK-NEXT: %7 = phi i64 [ 0, %entry ], [ %i1, %blocks.next ]
; CHECK-NEXT: %8 = phi i64 [ 0, %entry ], [ %acc1, %blocks.next ]
; CHECK-NEXT: %9 = ptrtoint ptr %p to i64
; CHECK-NEXT: %10 = and i64 %9, -4096
; CHECK-NEXT: %11 = sub i64 %9, %10
; CHECK-NEXT: %12 = udiv i64 %11, 8
; CHECK-NEXT: %13 = add i64 %12, %7
; CHECK-NEXT: %14 = ashr i64 %13, 9
; CHECK-NEXT: %15 = mul i64 %7, 8
; CHECK-NEXT: %16 = mul i64 %14, 8192
; CHECK-NEXT: %17 = add i64 %15, %16
; CHECK-NEXT: %18 = getelementptr i8, ptr %p, i64 %17
; CHECK-NEXT: %19 = ptrtoint ptr %18 to i64
; CHECK-NEXT: %20 = and i64 %19, 4095
; CHECK-NEXT: %21 = udiv i64 %20, 8
; CHECK-NEXT: %22 = sub i64 512, %21
; CHECK-NEXT: %23 = sub i64 %n, %7
; CHECK-NEXT: %24 = sub i64 %23, 1
; CHECK-NEXT: %25 = sub i64 %22, 1
; CHECK-NEXT: %26 = icmp ult i64 %25, %24
; CHECK-NEXT: %27 = select i1 %26, i64 %25, i64 %24
; CHECK-NEXT: %28 = add i64 %27, 1
; CHECK-NEXT: %29 = icmp eq i64 %28, %22
; CHECK-NEXT: br i1 %29, label %blocks.prefetch, label %blocks.begin
; CHECK: blocks.next:
; CHECK-NEXT: br i1 %done, label %exit, label %blocks.outer{{$}}
; CHECK: blocks.prefetch:
; CHECK-NEXT: %30 = mul i64 %21, 8
; CHECK-NEXT: %31 = sub i64 12288, %30
; CHECK-NEXT: %32 = getelementptr i8, ptr %18, i64 %31
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr %32, i32 0, i32 3, i32 1)
; CHECK-NEXT: %33 = getelementptr i8, ptr %32, i64 64
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr %33, i32 0, i32 3, i32 1)
; CHECK-NEXT: %34 = getelementptr i8, ptr %32, i64 128
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr %34, i32 0, i32 3, i32 1)
; CHECK-NEXT: %35 = getelementptr i8, ptr %32, i64 192
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr %35, i32 0, i32 3, i32 1)
; CHECK-NEXT: br label %blocks.begin
; CHECK: blocks.begin:
; CHECK-NEXT: %blocks.run = freeze i64 %28
; CHECK-NEXT: %blocks.end = add i64 %7, %blocks.run
; CHECK-NEXT: br label %loop
; CHECK-LABEL: define i64 @sum_latch_first(
; CHECK: loop:
; CHECK-NEXT: %0 = phi i64 [ %i1, %loop ], [ %{{[0-9]+}}, %blocks.begin ]
; CHECK-NOT: call ptr @__dtrans_blocks_step
; CHECK: blocks.outer:
; CHECK-LABEL: define void @fill(
; CHECK: %0 = phi i64 [ %5, %blocks.begin ], [ %i1, %latch ]
; CHECK-NEXT: %1 = sub i64 %0, %5
; CHECK-NEXT: %2 = mul i64 %1, 8
; CHECK-NEXT: %3 = getelementptr i8, ptr %15, i64 %2
; CHECK: store i64 %v, ptr %3, align 8
; CHECK: %more = icmp slt i64 %i1, %n
; CHECK-NEXT: %4 = icmp ne i64 %i1, %blocks.end
; CHECK-NEXT: br i1 %4, label %loop, label %blocks.next, !llvm.loop ![[FILL:[0-9]+]]
; CHECK: blocks.outer:
; CHECK-NEXT: %5 = phi i64 [ %from, %entry ], [ %i1, %blocks.next ]
; CHECK: %19 = sub i64 512, %18
; CHECK-NEXT: %20 = icmp slt i64 %5, %n
; CHECK-NEXT: %21 = sub i64 %n, %5
; CHECK-NEXT: %22 = select i1 %20, i64 %21, i64 1
; CHECK-NEXT: %23 = icmp ult i64 %19, %22
; CHECK-NEXT: %24 = select i1 %23, i64 %19, i64 %22
; CHECK-NEXT: %25 = icmp eq i64 %24, %19
; CHECK-NEXT: br i1 %25, label %blocks.prefetch, label %blocks.begin
; CHECK: blocks.next:
; CHECK-NEXT: br i1 %more, label %blocks.outer, label %exit{{$}}
; CHECK: blocks.begin:
; CHECK-NEXT: %blocks.run = freeze i64 %24
; CHECK-NEXT: %blocks.end = add i64 %5, %blocks.run
; CHECK-LABEL: define void @copy(
; CHECK: %3 = getelementptr i8, ptr %32, i64 %2
; CHECK: %6 = getelementptr i8, ptr %18, i64 %5
; CHECK: %18 = getelementptr i8, ptr %d, i64 %17
; CHECK: %32 = getelementptr i8, ptr %s, i64 %31
; CHECK: %37 = icmp ult i64 %22, %36
; CHECK-NEXT: %38 = select i1 %37, i64 %22, i64 %36
; CHECK: %42 = icmp ult i64 %41, %40
; CHECK-NEXT: %43 = select i1 %42, i64 %41, i64 %40
; CHECK-NEXT: %44 = add i64 %43, 1
; CHECK-NEXT: %45 = icmp eq i64 %44, %38
; CHECK-NEXT: br i1 %45, label %blocks.prefetch, label %blocks.begin
; CHECK: blocks.begin:
; CHECK-NEXT: %blocks.run = freeze i64 %44
; CHECK-NEXT: %blocks.end = add i64 %8, %blocks.run
; CHECK-LABEL: define i64 @find(
; CHECK-NOT: blocks.
; CHECK: ashr i64 %{{[0-9]+}}, 9
; CHECK-NOT: blocks.
; CHECK-LABEL: define i64 @sum_even(
; CHECK-NOT: blocks.
; CHECK: ashr i64 %{{[0-9]+}}, 9
; CHECK-NOT: blocks.
; CHECK-LABEL: define i64 @sum_via(
; CHECK-NOT: blocks.
; CHECK: ashr i64 %{{[0-9]+}}, 9
; CHECK-NOT: blocks.
; CHECK-LABEL: define i64 @sum_next(
; CHECK-NOT: blocks.
; CHECK: ashr i64 %{{[0-9]+}}, 9
; CHECK-NOT: blocks.
; CHECK-LABEL: define i32 @main(
; CHECK-NOT: __dtrans_blocks_step
; REPORT: "loops": 4,
; REPORT: "strided": 5,
; REPORT: "expanded": 7
; OUT: 6930200
; OUT-NEXT: 4447500
; OUT-NEXT: 0
; OUT-NEXT: 2001
; OUT-NEXT: 5017500
; OUT-NEXT: 1750000
; OUT-NEXT: 5015000
; OUT-NEXT: 4447500

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

@fmt = private constant [5 x i8] c"%ld\0A\00"

; The step function blocks makes for records of 8 bytes in group 0, 512
; per block of 12288 bytes aligned to 4096.
define internal ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 %k) #0 {
entry:
  %0 = ptrtoint ptr %p to i64
  %1 = lshr i64 %0, 3
  %2 = and i64 %1, 511
  %3 = add i64 %2, %k
  %4 = shl i64 %k, 3
  %5 = shl i64 %3, 4
  %6 = and i64 %5, -8192
  %7 = getelementptr i8, ptr %p, i64 %4
  %8 = getelementptr i8, ptr %7, i64 %6
  ret ptr %8
}

; Split: a sum over p[0..n), the exit's phi from the new block.
define i64 @sum(ptr %p, i64 %n) {
entry:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %exit, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %e = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 %i)
  %k = load i64, ptr %e, align 8
  %acc1 = add i64 %acc, %k
  %i1 = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  ret i64 %r
}

; Split: @sum with the counter's incoming values in the other order (the
; latch's first: LLVM writes either).
define i64 @sum_latch_first(ptr %p, i64 %n) {
entry:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %exit, label %loop
loop:
  %i = phi i64 [ %i1, %loop ], [ 0, %entry ]
  %acc = phi i64 [ %acc1, %loop ], [ 0, %entry ]
  %e = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 %i)
  %k = load i64, ptr %e, align 8
  %acc1 = add i64 %acc, %k
  %i1 = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  ret i64 %r
}

; Split: from %from, the latch staying on true, a body of three blocks.
define void @fill(ptr %p, i64 %from, i64 %n, i64 %m) {
entry:
  br label %loop
loop:
  %i = phi i64 [ %from, %entry ], [ %i1, %latch ]
  %e = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 %i)
  %odd = and i64 %i, 1
  %isodd = icmp ne i64 %odd, 0
  br i1 %isodd, label %then, label %latch
then:
  %v = mul i64 %i, %m
  store i64 %v, ptr %e, align 8
  br label %latch
latch:
  %i1 = add i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

; Split: two bases, the run ends at the nearer block end.
define void @copy(ptr %d, ptr %s, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %es = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %s, i64 %i)
  %ed = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %d, i64 %i)
  %v = load i64, ptr %es, align 8
  store i64 %v, ptr %ed, align 8
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Near miss: a second exit (the search stops at the key).
define i64 @find(ptr %p, i64 %n, i64 %key) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %latch ]
  %e = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 %i)
  %k = load i64, ptr %e, align 8
  %hit = icmp eq i64 %k, %key
  br i1 %hit, label %found, label %latch
latch:
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
found:
  ret i64 %i
exit:
  ret i64 -1
}

; Near miss: a step of two.
define i64 @sum_even(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %e = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 %i)
  %k = load i64, ptr %e, align 8
  %acc1 = add i64 %acc, %k
  %i1 = add i64 %i, 2
  %done = icmp uge i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %acc1
}

; Near miss: the base is loaded in the loop.
define i64 @sum_via(ptr %pp, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %p = load ptr, ptr %pp, align 8
  %e = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 %i)
  %k = load i64, ptr %e, align 8
  %acc1 = add i64 %acc, %k
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %acc1
}

; Near miss: the count is not the counter (one element on).
define i64 @sum_next(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %i1 = add i64 %i, 1
  %e = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 %i1)
  %k = load i64, ptr %e, align 8
  %acc1 = add i64 %acc, %k
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %acc1
}

define i32 @main() {
  %a = call ptr @aligned_alloc(i64 4096, i64 61440)
  %b = call ptr @aligned_alloc(i64 4096, i64 61440)
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 61440, i1 false)
  call void @llvm.memset.p0.i64(ptr %b, i8 0, i64 61440, i1 false)
  call void @fill(ptr %a, i64 0, i64 2560, i64 3)
  ; From element 100 of a (a slot inside the first block) and of b at 700.
  %a100 = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %a, i64 100)
  %b700 = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %b, i64 700)
  call void @fill(ptr %a100, i64 -50, i64 1500, i64 7)
  call void @copy(ptr %b700, ptr %a100, i64 1700)
  %s1 = call i64 @sum(ptr %a, i64 2560)
  call void @print(i64 %s1)
  %s2 = call i64 @sum(ptr %b, i64 2560)
  call void @print(i64 %s2)
  %s3 = call i64 @sum(ptr %a100, i64 0)
  call void @print(i64 %s3)
  %f = call i64 @find(ptr %a, i64 2560, i64 6003)
  call void @print(i64 %f)
  %a101 = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %a, i64 101)
  %s4 = call i64 @sum_even(ptr %a101, i64 1900)
  call void @print(i64 %s4)
  %pp = alloca ptr, align 8
  store ptr %b700, ptr %pp, align 8
  %s5 = call i64 @sum_via(ptr %pp, i64 1000)
  call void @print(i64 %s5)
  %s6 = call i64 @sum_next(ptr %a, i64 2000)
  call void @print(i64 %s6)
  %s7 = call i64 @sum_latch_first(ptr %b, i64 2560)
  call void @print(i64 %s7)
  call void @free(ptr %a)
  call void @free(ptr %b)
  ret i32 0
}

define internal void @print(i64 %v) {
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i64 %v)
  ret void
}

declare ptr @aligned_alloc(i64, i64)
declare void @free(ptr)
declare i32 @printf(ptr, ...)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

attributes #0 = { noinline nounwind willreturn }

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
; CHECK: ![[SUM]] = distinct !{![[SUM]], ![[ALIGN:[0-9]+]]}
; CHECK-NEXT: ![[ALIGN]] = !{!"llvm.loop.align", i32 64}
; CHECK: ![[FILL]] = distinct !{![[FILL]], ![[MP:[0-9]+]], ![[ALIGN]]}
; CHECK-NEXT: ![[MP]] = !{!"llvm.loop.mustprogress"}
