; compress-fields: %struct.R's field 0 only ever holds 0..9999 (a urem)
; and field 1 a zero-extended byte, so they become an i16 and an i8
; (zero-extended on load, truncated on store) and the record is packed
; from 24 to 16 bytes; field 2 is stored an argument (any value) and stays
; an i64, after them. The copy of field 0 into another record adds nothing
; to its range.
; RUN: %dtrans opt %s -p compress-fields -o - --report %t.json | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=REPORT < %t.json
; CHECK: %__DCF_struct.R = type { i16, i8, i64 }
; CHECK-LABEL: define void @fill(
; CHECK: %a = urem i64 %i, 10000
; CHECK-NEXT: [[T:%.*]] = trunc i64 %a to i16
; CHECK-NEXT: store i16 [[T]], ptr %r, align 2
; CHECK-NEXT: %b = zext i8 %byte to i64
; CHECK-NEXT: [[PB:%.*]] = getelementptr inbounds i8, ptr %r, i64 2
; CHECK-NEXT: [[U:%.*]] = trunc i64 %b to i8
; CHECK-NEXT: store i8 [[U]], ptr [[PB]], align 1
; CHECK-NEXT: [[PC:%.*]] = getelementptr inbounds i8, ptr %r, i64 8
; CHECK-NEXT: store i64 %i, ptr [[PC]], align 8
; CHECK-LABEL: define void @copy(
; CHECK-NEXT: [[L0:%.*]] = load i16, ptr %s, align 2
; CHECK-NEXT: [[W0:%.*]] = zext i16 [[L0]] to i64
; CHECK-NEXT: [[T0:%.*]] = trunc i64 [[W0]] to i16
; CHECK-NEXT: store i16 [[T0]], ptr %d, align 2
; CHECK-LABEL: define i64 @sum(
; CHECK-NEXT: [[L:%.*]] = load i16, ptr %r, align 2
; CHECK-NEXT: [[W:%.*]] = zext i16 [[L]] to i64
; CHECK-NEXT: [[PB2:%.*]] = getelementptr inbounds i8, ptr %r, i64 2
; CHECK-NEXT: [[M:%.*]] = load i8, ptr [[PB2]], align 1
; CHECK-NEXT: [[X:%.*]] = zext i8 [[M]] to i64
; CHECK-NEXT: %s = add i64 [[W]], [[X]]
; CHECK-LABEL: define i64 @main(
; CHECK: call ptr @calloc(i64 2, i64 16)
; REPORT: "detail": "field0 0..9999 in u16, field1 0..255 in u8",
; REPORT: "field0: i16 @0 (zero-extended to i64)",
; REPORT-NEXT: "field1: i8 @2 (zero-extended to i64)",
; REPORT-NEXT: "field2: i64 @8"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%struct.R = type { i64, i64, i64 }

define void @fill(ptr "intel_dtrans_func_index"="1" %r, i64 %i, i8 %byte) !intel.dtrans.func.type !3 {
  %a = urem i64 %i, 10000
  %pa = getelementptr inbounds %struct.R, ptr %r, i64 0, i32 0
  store i64 %a, ptr %pa, align 8
  %b = zext i8 %byte to i64
  %pb = getelementptr inbounds %struct.R, ptr %r, i64 0, i32 1
  store i64 %b, ptr %pb, align 8
  %pc = getelementptr inbounds %struct.R, ptr %r, i64 0, i32 2
  store i64 %i, ptr %pc, align 8
  ret void
}

define void @copy(ptr "intel_dtrans_func_index"="1" %d, ptr "intel_dtrans_func_index"="2" %s) !intel.dtrans.func.type !5 {
  %ps = getelementptr inbounds %struct.R, ptr %s, i64 0, i32 0
  %v = load i64, ptr %ps, align 8
  %pd = getelementptr inbounds %struct.R, ptr %d, i64 0, i32 0
  store i64 %v, ptr %pd, align 8
  ret void
}

define i64 @sum(ptr "intel_dtrans_func_index"="1" %r) !intel.dtrans.func.type !3 {
  %pa = getelementptr inbounds %struct.R, ptr %r, i64 0, i32 0
  %a = load i64, ptr %pa, align 8
  %pb = getelementptr inbounds %struct.R, ptr %r, i64 0, i32 1
  %b = load i64, ptr %pb, align 8
  %s = add i64 %a, %b
  %pc = getelementptr inbounds %struct.R, ptr %r, i64 0, i32 2
  %c = load i64, ptr %pc, align 8
  %t = add i64 %s, %c
  ret i64 %t
}

define i64 @main() {
  %r = call ptr @calloc(i64 2, i64 24)
  call void @fill(ptr %r, i64 123456, i8 200)
  %r1 = getelementptr inbounds %struct.R, ptr %r, i64 1
  call void @copy(ptr %r1, ptr %r)
  %x = call i64 @sum(ptr %r1)
  call void @free(ptr %r)
  ret i64 %x
}

declare ptr @calloc(i64, i64)
declare void @free(ptr)

!intel.dtrans.types = !{!0}
!0 = !{!"S", %struct.R zeroinitializer, i32 3, !1, !1, !1}
!1 = !{i64 0, i32 0}
!3 = distinct !{!4}
!4 = !{%struct.R zeroinitializer, i32 1}
!5 = distinct !{!4, !4}
