; blocks: %struct.A { double re, double im, i64 key } lives in two arrays
; (a malloc, a calloc, a realloc of the first), so peel cannot split it;
; the hot loop in @sum_keys reads only the key, @fill writes key and re,
; and the pass lays the structure out in blocks of 12288 bytes, 512
; elements each: the keys first (group 0, where pointers point: 4096
; bytes, so a pointer's block is its page), then re at byte 4096, im at
; 8192. Exact output of each rewrite: a step over elements (k records on,
; plus 8192 bytes for each block the slot plus k crosses), a field of
; another group (the block plus the group's offset plus the slot's
; record), a pointer difference (blocks apart times 512 plus the slots'
; difference, times the old size for the exact division that follows),
; allocations of whole blocks plus a page and 16 bytes (the library's
; malloc, calloc and realloc go through the structure's helpers, which
; give arrays of more than 128 elements blocks of their own: see
; slabs.c for the small ones; a free is given the block the array came
; in), a copy of whole elements by the helper. The program prints the
; same before and after.
; RUN: %dtrans opt %s -p blocks --cost block-bytes=16384 -o %t.ll --report %t.json 2>%t.err
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REPORT < %t.json
; RUN: %clang -w %s -o %t.base && %t.base > %t.base.txt
; RUN: %clang -w %t.ll -o %t.new && %t.new > %t.new.txt && diff %t.base.txt %t.new.txt
; RUN: %FileCheck %s --check-prefix=OUT < %t.new.txt
; CHECK: %__DBL_struct.A = type { i64 }
; CHECK-LABEL: define i64 @sum_keys(
; CHECK: %0 = ptrtoint ptr %p to i64
; CHECK-NEXT: %1 = and i64 %0, -4096
; CHECK-NEXT: %2 = sub i64 %0, %1
; CHECK-NEXT: %3 = udiv i64 %2, 8
; CHECK-NEXT: %4 = add i64 %3, %i
; CHECK-NEXT: %5 = ashr i64 %4, 9
; CHECK-NEXT: %6 = mul i64 %i, 8
; CHECK-NEXT: %7 = mul i64 %5, 8192
; CHECK-NEXT: %8 = add i64 %6, %7
; CHECK-NEXT: %9 = getelementptr i8, ptr %p, i64 %8
; CHECK-NEXT: %k = load i64, ptr %9, align 8
; CHECK-LABEL: define double @re_at(
; CHECK: %10 = getelementptr i8, ptr %p, i64 %9
; CHECK-NEXT: %11 = ptrtoint ptr %10 to i64
; CHECK-NEXT: %12 = and i64 %11, -4096
; CHECK-NEXT: %13 = sub i64 %11, %12
; CHECK-NEXT: %14 = udiv i64 %13, 8
; CHECK-NEXT: %15 = mul i64 %14, 8
; CHECK-NEXT: %16 = add i64 %15, 4096
; CHECK-NEXT: %17 = sub i64 %16, %13
; CHECK-NEXT: %18 = getelementptr i8, ptr %10, i64 %17
; CHECK-NEXT: %r = load double, ptr %18, align 8
; CHECK-LABEL: define i64 @dist(
; CHECK: %9 = sub i64 %2, %6
; CHECK-NEXT: %10 = sdiv exact i64 %9, 12288
; CHECK-NEXT: %11 = mul i64 %10, 512
; CHECK-NEXT: %12 = sub i64 %4, %8
; CHECK-NEXT: %13 = add i64 %11, %12
; CHECK-NEXT: %14 = mul i64 %13, 24
; CHECK-NEXT: %n = sdiv exact i64 %14, 24
; CHECK-LABEL: define void @copy(
; CHECK: call void @__dtrans_blocks_copy.struct.A(ptr %d, ptr %s, i64 %1)
; CHECK-LABEL: define i64 @main(
; CHECK-NEXT: %1 = call ptr @__dtrans_blocks_new.struct.A(i64 1000, i64 24576, i64 28688, i1 false)
; CHECK-NEXT: %2 = call ptr @__dtrans_blocks_new.struct.A(i64 500, i64 12288, i64 16400, i1 true)
; CHECK: %3 = call ptr @__dtrans_blocks_resize.struct.A(ptr %1, i64 2000, i64 49152, i64 53264)
; CHECK: %8 = add i64 %7, 171
; CHECK-NEXT: %9 = ashr i64 %8, 9
; CHECK-NEXT: %10 = mul i64 %9, 8192
; CHECK-NEXT: %11 = add i64 1368, %10
; CHECK: %17 = add i64 %16, -1
; CHECK-NEXT: %18 = ashr i64 %17, 9
; CHECK: %x = call i64 @dist(ptr %21, ptr %3)
; CHECK: %22 = call ptr @__dtrans_blocks_release.struct.A(ptr %3)
; CHECK-NEXT: call void @free(ptr %22)
; CHECK-LABEL: define internal ptr @__dtrans_blocks_raw(
; The header before an array: its blocks' bytes at -16, its block at -8.
; CHECK-LABEL: define internal ptr @__dtrans_blocks_place(
; CHECK: store i64 %2, ptr %11, align 8
; CHECK-NEXT: %12 = getelementptr i8, ptr %10, i64 -8
; CHECK-NEXT: store ptr %0, ptr %12, align 8
; After a realloc that puts the array at another distance from a boundary,
; only the old array's bytes move (its header says how many), not the
; whole new size.
; CHECK-LABEL: define internal ptr @__dtrans_blocks_moved(
; CHECK: %19 = getelementptr i8, ptr %18, i64 -16
; CHECK-NEXT: %20 = load i64, ptr %19, align 8
; CHECK-NEXT: %21 = icmp ult i64 %20, %3
; CHECK-NEXT: %22 = select i1 %21, i64 %20, i64 %3
; CHECK-NEXT: %23 = call ptr @memmove(ptr %12, ptr %18, i64 %22)
; A copy of whole elements goes by runs that stay in one block of each
; array (512 less the slot, at most what is left), one memmove per group
; of each run; backward from the last element when the destination is
; after the source.
; CHECK-LABEL: define internal void @__dtrans_blocks_copy.struct.A(
; CHECK: br i1 %6, label %backward, label %forward
; CHECK-LABEL: forward:
; CHECK: %21 = sub i64 512, %20
; CHECK: %39 = sub i64 %2, %j
; CHECK-NEXT: %40 = icmp ult i64 %38, %39
; CHECK-NEXT: %41 = select i1 %40, i64 %38, i64 %39
; CHECK: %62 = mul i64 %41, 8
; CHECK-NEXT: %63 = call ptr @memmove(ptr %51, ptr %61, i64 %62)
; CHECK: %81 = call ptr @memmove(ptr %71, ptr %80, i64 %72)
; CHECK: %99 = call ptr @memmove(ptr %89, ptr %98, i64 %90)
; CHECK-NEXT: %100 = add i64 %j, %41
; CHECK-NEXT: %101 = icmp eq i64 %100, %2
; CHECK-LABEL: backward:
; CHECK-NEXT: %e = phi i64 [ %2, %start ]
; CHECK-COUNT-3: call ptr @memmove(
; CHECK: br i1 %{{.*}}, label %done, label %backward
; REPORT: "detail": "3 groups in blocks: {field2} {field0} {field1}; blocks of 12288 bytes, 512 elements each (groups at [0, 4096, 8192])",
; OUT: 1749970

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%struct.A = type { double, double, i64 }

@fmt = private constant [5 x i8] c"%ld\0A\00"

define i64 @sum_keys(ptr "intel_dtrans_func_index"="1" %p, i64 %n) !intel.dtrans.func.type !3 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %loop ]
  %pk = getelementptr inbounds %struct.A, ptr %p, i64 %i, i32 2
  %k = load i64, ptr %pk, align 8
  %acc1 = add i64 %acc, %k
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %acc1
}

define void @fill(ptr "intel_dtrans_func_index"="1" %p, i64 %n, i64 %m) !intel.dtrans.func.type !3 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %pk = getelementptr inbounds %struct.A, ptr %p, i64 %i, i32 2
  %k = mul i64 %i, %m
  store i64 %k, ptr %pk, align 8
  %pr = getelementptr inbounds %struct.A, ptr %p, i64 %i, i32 0
  %r = sitofp i64 %k to double
  store double %r, ptr %pr, align 8
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define double @re_at(ptr "intel_dtrans_func_index"="1" %p, i64 %i) !intel.dtrans.func.type !3 {
  %pr = getelementptr inbounds %struct.A, ptr %p, i64 %i, i32 0
  %r = load double, ptr %pr, align 8
  ret double %r
}

define i64 @dist(ptr "intel_dtrans_func_index"="1" %p, ptr "intel_dtrans_func_index"="2" %q) !intel.dtrans.func.type !5 {
  %a = ptrtoint ptr %p to i64
  %b = ptrtoint ptr %q to i64
  %d = sub i64 %a, %b
  %n = sdiv exact i64 %d, 24
  ret i64 %n
}

define void @copy(ptr "intel_dtrans_func_index"="1" %d, ptr "intel_dtrans_func_index"="2" %s, i64 %n) !intel.dtrans.func.type !5 {
  %bytes = mul i64 %n, 24
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 %bytes, i1 false)
  ret void
}

define i64 @main() {
  %a = call ptr @malloc(i64 24000)
  %b = call ptr @calloc(i64 500, i64 24)
  call void @fill(ptr %a, i64 1000, i64 3)
  call void @fill(ptr %b, i64 500, i64 5)
  call void @copy(ptr %a, ptr %b, i64 500)
  %c = call ptr @realloc(ptr %a, i64 48000)
  %k = call i64 @sum_keys(ptr %c, i64 1000)
  %r = call double @re_at(ptr %c, i64 600)
  %e = getelementptr inbounds %struct.A, ptr %c, i64 171
  %p = getelementptr inbounds i8, ptr %e, i64 -24
  %x = call i64 @dist(ptr %p, ptr %c)
  %y = fptosi double %r to i64
  %s = add i64 %k, %x
  %t = add i64 %s, %y
  call void @free(ptr %c)
  call void @free(ptr %b)
  %u = call i32 (ptr, ...) @printf(ptr @fmt, i64 %t)
  ret i64 0
}

declare ptr @malloc(i64)
declare ptr @calloc(i64, i64)
declare ptr @realloc(ptr, i64)
declare void @free(ptr)
declare i32 @printf(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

!intel.dtrans.types = !{!0}
!0 = !{!"S", %struct.A zeroinitializer, i32 3, !1, !1, !2}
!1 = !{double 0.0, i32 0}
!2 = !{i64 0, i32 0}
!3 = distinct !{!4}
!4 = !{%struct.A zeroinitializer, i32 1}
!5 = distinct !{!4, !4}
