; blocks-loops on pointer walks and side groups' fields (what `dtrans cc`
; leaves after opt-19's first run: steps of one element and fields of the
; side groups as calls). Split: @wsum (`for (p = a; p < a + n; ++p)`, the
; latch's test bounds the walk: the run's end is the nearer of the block
; end and the element count left, by the difference from the start; the
; side group's field @__dtrans_blocks_field.* is a stride from the run's
; first field, by a counter of the run), @wset (`p != a + n`, leaving on
; true), @wend (the end reloaded in the
; loop: not bounded, the latch tests both, and each run prefetches the
; next block: the others only when the run goes to its block's end) and @csum (a counter loop: its
; side field a stride too). Near misses keep the arithmetic in place:
; @wstore (the walk pointer stored), @wtwo (a step of two elements),
; @wearly (a second exit). main starts walks inside a block, so runs
; begin and end mid-block; every walk crosses blocks. The program prints
; the same before and after, also at -O2.
; RUN: %dtrans opt %s -p blocks-loops --cost prefetch-lines=4 -o %t.ll --report %t.json
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REPORT < %t.json
; RUN: %clang -w %s -o %t.base && %t.base > %t.base.txt
; RUN: %clang -w %t.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
; RUN: %clang -O2 -w %t.ll -o %t.o2 && %t.o2 > %t.o2.txt && diff %t.base.txt %t.o2.txt
; RUN: %FileCheck %s --check-prefix=OUT < %t.new.txt

; CHECK-LABEL: define i64 @wsum(
; CHECK: entry:
; CHECK-NEXT: %0 = ptrtoint ptr %a to i64
; CHECK-NEXT: %1 = and i64 %0, -4096
; CHECK-NEXT: %2 = sub i64 %0, %1
; CHECK-NEXT: %3 = udiv i64 %2, 8
; CHECK-NEXT: %4 = add i64 %3, %n
; CHECK-NEXT: %5 = ashr i64 %4, 9
; CHECK-NEXT: %6 = mul i64 %n, 8
; CHECK-NEXT: %7 = mul i64 %5, 8192
; CHECK-NEXT: %8 = add i64 %6, %7
; CHECK-NEXT: %9 = getelementptr i8, ptr %a, i64 %8
; CHECK-NEXT: %z = icmp ult ptr %a, %9
; CHECK-NEXT: br i1 %z, label %blocks.outer, label %exit
; CHECK: loop:
; CHECK-NEXT: %10 = phi i64 [ 0, %blocks.begin ], [ %25, %loop ]
; CHECK-NEXT: %11 = phi ptr [ %29, %blocks.begin ], [ %26, %loop ]
; CHECK-NEXT: %12 = phi i64 [ %30, %blocks.begin ], [ %acc1, %loop ]
; CHECK-NEXT: %k = load i64, ptr %11, align 8
; CHECK-NEXT: %13 = sub i64 %10, 0
; CHECK-NEXT: %14 = mul i64 %13, 16
; CHECK-NEXT: %15 = getelementptr i8, ptr %61, i64 %14
; CHECK-NEXT: %f8 = getelementptr i8, ptr %15, i64 8
; CHECK-NEXT: %v = load i64, ptr %f8, align 8
; CHECK-NEXT: %kv = add i64 %k, %v
; CHECK-NEXT: %acc1 = add i64 %12, %kv
; CHECK-NEXT: %16 = ptrtoint ptr %11 to i64
; CHECK-NEXT: %17 = and i64 %16, -4096
; CHECK-NEXT: %18 = sub i64 %16, %17
; CHECK-NEXT: %19 = udiv i64 %18, 8
; CHECK-NEXT: %20 = add i64 %19, 1
; CHECK-NEXT: %21 = ashr i64 %20, 9
; CHECK-NEXT: %22 = mul i64 %21, 8192
; CHECK-NEXT: %23 = add i64 8, %22
; CHECK-NEXT: %24 = getelementptr i8, ptr %11, i64 %23
; CHECK-NEXT: %more = icmp ult ptr %24, %9
; CHECK-NEXT: %25 = add i64 %10, 1
; CHECK-NEXT: %26 = getelementptr i8, ptr %11, i64 8
; CHECK-NEXT: %27 = icmp ne ptr %26, %blocks.end
; CHECK-NEXT: br i1 %27, label %loop, label %blocks.next, !llvm.loop !{{[0-9]+}}
; CHECK: exit:
; CHECK-NEXT: %28 = phi i64 [ 0, %entry ], [ %acc1, %blocks.next ]
; CHECK-NEXT: ret i64 %28
; CHECK: blocks.outer:
; CHECK-NEXT: %29 = phi ptr [ %a, %entry ], [ %24, %blocks.next ]
; CHECK-NEXT: %30 = phi i64 [ 0, %entry ], [ %acc1, %blocks.next ]
; CHECK-NEXT: %31 = ptrtoint ptr %29 to i64
; CHECK-NEXT: %32 = and i64 %31, 4095
; CHECK-NEXT: %33 = udiv i64 %32, 8
; CHECK-NEXT: %34 = sub i64 512, %33
; CHECK-NEXT: %35 = ptrtoint ptr %29 to i64
; CHECK-NEXT: %36 = and i64 %35, -4096
; CHECK-NEXT: %37 = sub i64 %35, %36
; CHECK-NEXT: %38 = udiv i64 %37, 8
; CHECK-NEXT: %39 = ptrtoint ptr %a to i64
; CHECK-NEXT: %40 = and i64 %39, -4096
; CHECK-NEXT: %41 = sub i64 %39, %40
; CHECK-NEXT: %42 = udiv i64 %41, 8
; CHECK-NEXT: %43 = sub i64 %36, %40
; CHECK-NEXT: %44 = sdiv exact i64 %43, 12288
; CHECK-NEXT: %45 = mul i64 %44, 512
; CHECK-NEXT: %46 = sub i64 %38, %42
; CHECK-NEXT: %47 = add i64 %45, %46
; CHECK-NEXT: %48 = icmp slt i64 %47, %n
; CHECK-NEXT: %49 = sub i64 %n, %47
; CHECK-NEXT: %50 = select i1 %48, i64 %49, i64 1
; CHECK-NEXT: %51 = icmp ult i64 %34, %50
; CHECK-NEXT: %52 = select i1 %51, i64 %34, i64 %50
; CHECK-NEXT: %53 = icmp eq i64 %52, %34
; CHECK-NEXT: %54 = ptrtoint ptr %29 to i64
; CHECK-NEXT: %55 = and i64 %54, -4096
; CHECK-NEXT: %56 = sub i64 %54, %55
; CHECK-NEXT: %57 = udiv i64 %56, 8
; CHECK-NEXT: %58 = mul i64 %57, 16
; CHECK-NEXT: %59 = add i64 %58, 4096
; CHECK-NEXT: %60 = sub i64 %59, %56
; CHECK-NEXT: %61 = getelementptr i8, ptr %29, i64 %60
; CHECK-NEXT: br i1 %53, label %blocks.prefetch, label %blocks.begin
; CHECK: blocks.next:
; CHECK-NEXT: br i1 %more, label %blocks.outer, label %exit
; CHECK: blocks.prefetch:
; CHECK-NEXT: %62 = mul i64 %33, 8
; CHECK-NEXT: %63 = sub i64 12288, %62
; CHECK-NEXT: %64 = getelementptr i8, ptr %29, i64 %63
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr %64, i32 0, i32 3, i32 1)
; CHECK-NEXT: %65 = getelementptr i8, ptr %64, i64 64
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr %65, i32 0, i32 3, i32 1)
; CHECK-NEXT: %66 = getelementptr i8, ptr %64, i64 128
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr %66, i32 0, i32 3, i32 1)
; CHECK-NEXT: %67 = getelementptr i8, ptr %64, i64 192
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr %67, i32 0, i32 3, i32 1)
; CHECK-NEXT: br label %blocks.begin
; CHECK: blocks.begin:
; CHECK-NEXT: %blocks.run = freeze i64 %52
; CHECK-NEXT: %68 = mul i64 %blocks.run, 8
; CHECK-NEXT: %blocks.end = getelementptr i8, ptr %29, i64 %68
; CHECK-NEXT: br label %loop
; CHECK-LABEL: define void @wset(
; CHECK: %13 = sub i64 %10, 0
; CHECK-NEXT: %14 = mul i64 %13, 16
; CHECK-NEXT: %15 = getelementptr i8, ptr %61, i64 %14
; CHECK: %done = icmp eq ptr %24, %9
; CHECK-NEXT: %25 = add i64 %10, 1
; CHECK-NEXT: %26 = getelementptr i8, ptr %11, i64 8
; CHECK-NEXT: %27 = icmp eq ptr %26, %blocks.end
; CHECK-NEXT: br i1 %27, label %blocks.next, label %loop
; CHECK: %47 = sub i64 %n, %46
; CHECK-NEXT: %48 = sub i64 %47, 1
; CHECK-NEXT: %49 = sub i64 %33, 1
; CHECK-NEXT: %50 = icmp ult i64 %49, %48
; CHECK-NEXT: %51 = select i1 %50, i64 %49, i64 %48
; CHECK-NEXT: %52 = add i64 %51, 1
; CHECK-NEXT: %53 = icmp eq i64 %52, %33
; CHECK: br i1 %53, label %blocks.prefetch, label %blocks.begin
; CHECK: blocks.next:
; CHECK-NEXT: br i1 %done, label %exit, label %blocks.outer
; CHECK: blocks.begin:
; CHECK-NEXT: %blocks.run = freeze i64 %52
; CHECK-NEXT: %68 = mul i64 %blocks.run, 8
; CHECK-NEXT: %blocks.end = getelementptr i8, ptr %28, i64 %68
; CHECK-LABEL: define i64 @wend(
; CHECK: %more = icmp ult ptr %11, %end
; CHECK: %14 = icmp ne ptr %13, %blocks.end
; CHECK-NEXT: %15 = and i1 %more, %14
; CHECK-NEXT: br i1 %15, label %loop, label %blocks.next
; CHECK: blocks.outer:
; CHECK-NOT: blocks.prefetch
; CHECK: call void @llvm.prefetch.p0(
; CHECK: blocks.next:
; CHECK-NEXT: br i1 %more, label %blocks.outer, label %exit
; CHECK-NOT: blocks.prefetch
; CHECK-LABEL: define i64 @csum(
; CHECK: %4 = getelementptr i8, ptr %20, i64 %3
; CHECK-NEXT: %5 = sub i64 %0, %9
; CHECK-NEXT: %6 = mul i64 %5, 16
; CHECK-NEXT: %7 = getelementptr i8, ptr %39, i64 %6
; CHECK-NEXT: %v = load i64, ptr %7, align 8
; CHECK: %37 = add i64 %36, 4096
; CHECK-NEXT: %38 = sub i64 %37, %
; CHECK-NEXT: %39 = getelementptr i8, ptr %20, i64 %38
; CHECK-LABEL: define i64 @wstore(
; CHECK-NOT: blocks.
; CHECK: ashr i64 %{{[0-9]+}}, 9
; CHECK-NOT: blocks.
; CHECK-LABEL: define i64 @wtwo(
; CHECK-NOT: blocks.
; CHECK: ashr i64 %{{[0-9]+}}, 9
; CHECK-NOT: blocks.
; CHECK-LABEL: define i64 @wearly(
; CHECK-NOT: blocks.
; CHECK: ashr i64 %{{[0-9]+}}, 9
; CHECK-NOT: blocks.
; CHECK-LABEL: define i32 @main(
; CHECK-NOT: __dtrans_blocks_
; REPORT: "loops": 4,
; REPORT-NEXT: "walks": 3,
; REPORT-NEXT: "strided": 1,
; REPORT-NEXT: "fields": 3,
; REPORT-NEXT: "expanded": 14
; OUT: 5287700
; OUT-NEXT: 2393000
; OUT-NEXT: 0
; OUT-NEXT: 2643850
; OUT-NEXT: 10848750
; OUT-NEXT: 719400
; OUT-NEXT: 360600
; OUT-NEXT: 1124250

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

@fmt = private constant [5 x i8] c"%ld\0A\00"
@slot = global ptr null

; Records of 8 bytes in group 0, 512 per block of 12288 bytes aligned to
; 4096; group 1 (records of 16 bytes) at 4096.
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

define internal ptr @__dtrans_blocks_field.4096.8.4096.16(ptr %p) #0 {
entry:
  %0 = ptrtoint ptr %p to i64
  %1 = and i64 %0, -4096
  %2 = sub i64 %0, %1
  %3 = udiv i64 %2, 8
  %4 = mul i64 %3, 16
  %5 = add i64 %4, 4096
  %6 = sub i64 %5, %2
  %7 = getelementptr i8, ptr %p, i64 %6
  ret ptr %7
}

; Split, bounded: key plus the side field over [a, a + n).
define i64 @wsum(ptr %a, i64 %n) {
entry:
  %end = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %a, i64 %n)
  %z = icmp ult ptr %a, %end
  br i1 %z, label %loop, label %exit
loop:
  %p = phi ptr [ %a, %entry ], [ %p1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %k = load i64, ptr %p, align 8
  %f = call ptr @__dtrans_blocks_field.4096.8.4096.16(ptr %p)
  %f8 = getelementptr i8, ptr %f, i64 8
  %v = load i64, ptr %f8, align 8
  %kv = add i64 %k, %v
  %acc1 = add i64 %acc, %kv
  %p1 = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 1)
  %more = icmp ult ptr %p1, %end
  br i1 %more, label %loop, label %exit
exit:
  %r = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  ret i64 %r
}

; Split, bounded: sets key and side field of [p, end), leaving on true.
define void @wset(ptr %a, i64 %n, i64 %m) {
entry:
  %end = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %a, i64 %n)
  br label %loop
loop:
  %p = phi ptr [ %a, %entry ], [ %p1, %loop ]
  %x = phi i64 [ 0, %entry ], [ %x1, %loop ]
  store i64 %x, ptr %p, align 8
  %f = call ptr @__dtrans_blocks_field.4096.8.4096.16(ptr %p)
  %y = mul i64 %x, %m
  store i64 %y, ptr %f, align 8
  %f8 = getelementptr i8, ptr %f, i64 8
  store i64 %x, ptr %f8, align 8
  %x1 = add i64 %x, 1
  %p1 = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 1)
  %done = icmp eq ptr %p1, %end
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Split, not bounded: the end is loaded in the loop.
define i64 @wend(ptr %a, ptr %endp) {
entry:
  br label %loop
loop:
  %p = phi ptr [ %a, %entry ], [ %p1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %k = load i64, ptr %p, align 8
  %acc1 = add i64 %acc, %k
  %p1 = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 1)
  %end = load ptr, ptr %endp, align 8
  %more = icmp ult ptr %p1, %end
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %acc1
}

; Split: a counter loop reading a side field.
define i64 @csum(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %e = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %a, i64 %i)
  %f = call ptr @__dtrans_blocks_field.4096.8.4096.16(ptr %e)
  %v = load i64, ptr %f, align 8
  %acc1 = add i64 %acc, %v
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %acc1
}

; Near miss: the walk pointer is stored.
define i64 @wstore(ptr %a, i64 %n) {
entry:
  %end = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %a, i64 %n)
  br label %loop
loop:
  %p = phi ptr [ %a, %entry ], [ %p1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  store ptr %p, ptr @slot, align 8
  %k = load i64, ptr %p, align 8
  %acc1 = add i64 %acc, %k
  %p1 = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 1)
  %more = icmp ult ptr %p1, %end
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %acc1
}

; Near miss: a step of two elements.
define i64 @wtwo(ptr %a, i64 %n) {
entry:
  %end = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %a, i64 %n)
  br label %loop
loop:
  %p = phi ptr [ %a, %entry ], [ %p1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %k = load i64, ptr %p, align 8
  %acc1 = add i64 %acc, %k
  %p1 = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 2)
  %more = icmp ult ptr %p1, %end
  br i1 %more, label %loop, label %exit
exit:
  ret i64 %acc1
}

; Near miss: a second exit (stops at a key).
define i64 @wearly(ptr %a, i64 %n, i64 %key) {
entry:
  %end = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %a, i64 %n)
  br label %loop
loop:
  %p = phi ptr [ %a, %entry ], [ %p1, %latch ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %latch ]
  %k = load i64, ptr %p, align 8
  %hit = icmp eq i64 %k, %key
  br i1 %hit, label %found, label %latch
latch:
  %acc1 = add i64 %acc, %k
  %p1 = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %p, i64 1)
  %more = icmp ult ptr %p1, %end
  br i1 %more, label %loop, label %exit
found:
  ret i64 %acc
exit:
  ret i64 %acc1
}

define i32 @main() {
  %a = call ptr @aligned_alloc(i64 4096, i64 61440)
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 61440, i1 false)
  %endp = alloca ptr, align 8
  ; Elements [3, 2303) of a, from a slot inside the first block.
  %a3 = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %a, i64 3)
  %e = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %a, i64 2303)
  store ptr %e, ptr %endp, align 8
  call void @wset(ptr %a3, i64 2300, i64 5)
  %s1 = call i64 @wsum(ptr %a3, i64 2300)
  call void @print(i64 %s1)
  %a700 = call ptr @__dtrans_blocks_step.12288.4096.512.8(ptr %a, i64 700)
  %s2 = call i64 @wsum(ptr %a700, i64 1000)
  call void @print(i64 %s2)
  %s3 = call i64 @wsum(ptr %a700, i64 0)
  call void @print(i64 %s3)
  %s4 = call i64 @wend(ptr %a3, ptr %endp)
  call void @print(i64 %s4)
  %s5 = call i64 @csum(ptr %a700, i64 1500)
  call void @print(i64 %s5)
  %s6 = call i64 @wstore(ptr %a3, i64 1200)
  call void @print(i64 %s6)
  %s7 = call i64 @wtwo(ptr %a3, i64 1201)
  call void @print(i64 %s7)
  %s8 = call i64 @wearly(ptr %a3, i64 2300, i64 1500)
  call void @print(i64 %s8)
  call void @free(ptr %a)
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
