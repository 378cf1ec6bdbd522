; compress-fields' bit-level packing: %struct.P's field 0 holds 0..999 (a
; urem) and becomes an i16; fields 1 (0..7, an and), 2 (-3..3, an srem)
; and 3 (a zero-extended i1) need 3, 3 and 1 bits and share one byte
; (field 1 in bits 0..2, field 2 in bits 3..5, read back sign-extended,
; field 3 in bit 6); field 4 is stored an argument and stays an i32. 24
; bytes become 8 (bytes alone: 12).
;
; A load of a packed field is a load of its byte, a shift and a mask (shl
; and ashr for the signed one), extended to the old type; a store is a
; read-modify-write of the byte, the byte read frozen first (@fill writes
; freshly malloc'd records field by field); neither keeps a !tbaa tag (the
; byte is several fields), while the i16 and the i32 keep theirs at the
; new offsets. The whole-record memcpy of @copy moves the byte with the
; record; the global's initializer has each field's value in its bits.
; RUN: %dtrans opt %s -p compress-fields -o - --report %t.json | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=REPORT < %t.json
; CHECK: %__DCF_struct.P = type { i16, i8, i32 }
; CHECK: @g = global %__DCF_struct.P { i16 5, i8 118, i32 77 }
; CHECK-LABEL: define void @fill(
; CHECK: store i16 {{%.*}}, ptr %r, align 2, !tbaa [[LONG:![0-9]+]]
; CHECK-NEXT: %b = and i32 %x, 7
; CHECK-NEXT: [[P1:%.*]] = getelementptr inbounds i8, ptr %r, i64 2
; CHECK-NEXT: [[W1:%.*]] = load i8, ptr [[P1]], align 1{{$}}
; CHECK-NEXT: [[F1:%.*]] = freeze i8 [[W1]]
; CHECK-NEXT: [[K1:%.*]] = and i8 [[F1]], -8
; CHECK-NEXT: [[T1:%.*]] = trunc i32 %b to i8
; CHECK-NEXT: [[V1:%.*]] = and i8 [[T1]], 7
; CHECK-NEXT: [[M1:%.*]] = or i8 [[K1]], [[V1]]
; CHECK-NEXT: store i8 [[M1]], ptr [[P1]], align 1{{$}}
; CHECK-NEXT: %c = srem i32 %x, 4
; CHECK-NEXT: [[P2:%.*]] = getelementptr inbounds i8, ptr %r, i64 2
; CHECK-NEXT: [[W2:%.*]] = load i8, ptr [[P2]], align 1{{$}}
; CHECK-NEXT: [[F2:%.*]] = freeze i8 [[W2]]
; CHECK-NEXT: [[K2:%.*]] = and i8 [[F2]], -57
; CHECK-NEXT: [[T2:%.*]] = trunc i32 %c to i8
; CHECK-NEXT: [[V2:%.*]] = and i8 [[T2]], 7
; CHECK-NEXT: [[S2:%.*]] = shl i8 [[V2]], 3
; CHECK-NEXT: [[M2:%.*]] = or i8 [[K2]], [[S2]]
; CHECK-NEXT: store i8 [[M2]], ptr [[P2]], align 1{{$}}
; CHECK-NEXT: %d = zext i1 %flag to i8
; CHECK-NEXT: [[P3:%.*]] = getelementptr inbounds i8, ptr %r, i64 2
; CHECK-NEXT: [[W3:%.*]] = load i8, ptr [[P3]], align 1{{$}}
; CHECK-NEXT: [[F3:%.*]] = freeze i8 [[W3]]
; CHECK-NEXT: [[K3:%.*]] = and i8 [[F3]], -65
; CHECK-NEXT: [[V3:%.*]] = and i8 %d, 1
; CHECK-NEXT: [[S3:%.*]] = shl i8 [[V3]], 6
; CHECK-NEXT: [[M3:%.*]] = or i8 [[K3]], [[S3]]
; CHECK-NEXT: store i8 [[M3]], ptr [[P3]], align 1{{$}}
; CHECK-NEXT: [[P4:%.*]] = getelementptr inbounds i8, ptr %r, i64 4
; CHECK-NEXT: store i32 %x, ptr [[P4]], align 4, !tbaa [[INT:![0-9]+]]
; CHECK-LABEL: define i64 @get(
; CHECK-NEXT: [[A:%.*]] = load i16, ptr %r, align 2, !tbaa [[LONG]]
; CHECK-NEXT: [[A64:%.*]] = zext i16 [[A]] to i64
; CHECK-NEXT: [[Q1:%.*]] = getelementptr inbounds i8, ptr %r, i64 2
; CHECK-NEXT: [[L1:%.*]] = load i8, ptr [[Q1]], align 1{{$}}
; CHECK-NEXT: [[B:%.*]] = and i8 [[L1]], 7
; CHECK-NEXT: [[B32:%.*]] = zext i8 [[B]] to i32
; CHECK-NEXT: [[Q2:%.*]] = getelementptr inbounds i8, ptr %r, i64 2
; CHECK-NEXT: [[L2:%.*]] = load i8, ptr [[Q2]], align 1{{$}}
; CHECK-NEXT: [[U2:%.*]] = shl i8 [[L2]], 2
; CHECK-NEXT: [[C:%.*]] = ashr i8 [[U2]], 5
; CHECK-NEXT: [[C32:%.*]] = sext i8 [[C]] to i32
; CHECK-NEXT: [[Q3:%.*]] = getelementptr inbounds i8, ptr %r, i64 2
; CHECK-NEXT: [[L3:%.*]] = load i8, ptr [[Q3]], align 1{{$}}
; CHECK-NEXT: [[D1:%.*]] = lshr i8 [[L3]], 6
; CHECK-NEXT: [[D:%.*]] = and i8 [[D1]], 1
; CHECK-NEXT: [[Q4:%.*]] = getelementptr inbounds i8, ptr %r, i64 4
; CHECK-NEXT: %e = load i32, ptr [[Q4]], align 4, !tbaa [[INT]]
; CHECK-NEXT: %b64 = zext i32 [[B32]] to i64
; CHECK-NEXT: %c64 = sext i32 [[C32]] to i64
; CHECK-NEXT: %d64 = zext i8 [[D]] to i64
; CHECK-LABEL: define void @copy(
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 4 %d, ptr align 4 %s, i64 8, i1 false)
; CHECK-LABEL: define i64 @main(
; CHECK: call ptr @malloc(i64 16)
; The TBAA node has no member for the packed fields.
; CHECK: [[LONG]] = !{[[NODE:![0-9]+]], [[LONGT:![0-9]+]], i64 0}
; CHECK-NEXT: [[NODE]] = !{!"P", [[LONGT]], i64 0, [[INTT:![0-9]+]], i64 4}
; CHECK: [[INT]] = !{[[NODE]], [[INTT]], i64 4}
; REPORT: "detail": "field0 0..999 in u16, field1 0..7 in 3 bits of a u8 (with field2, field3), field2 -3..3 in 3 bits of a u8 (with field1, field3), field3 0..1 in 1 bit of a u8 (with field1, field2)",
; REPORT: "field0: i16 @0 (zero-extended to i64)",
; REPORT-NEXT: "field1+field2+field3: i8 @2 (field1 in bits 0..2 zero-extended to i32; field2 in bits 3..5 sign-extended to i32; field3 in bits 6..6 zero-extended to i8)",
; REPORT-NEXT: "field4: i32 @4"
; REPORT: "kind": "compress-fields, bit-packed",

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.P = type { i64, i32, i32, i8, i32 }

@g = global %struct.P { i64 5, i32 6, i32 -2, i8 1, i32 77 }

define void @fill(ptr "intel_dtrans_func_index"="1" %r, i64 %i, i32 %x, i1 %flag) !intel.dtrans.func.type !3 {
  %a = urem i64 %i, 1000
  store i64 %a, ptr %r, align 8, !tbaa !20
  %b = and i32 %x, 7
  %pb = getelementptr inbounds %struct.P, ptr %r, i64 0, i32 1
  store i32 %b, ptr %pb, align 8, !tbaa !21
  %c = srem i32 %x, 4
  %pc = getelementptr inbounds %struct.P, ptr %r, i64 0, i32 2
  store i32 %c, ptr %pc, align 4, !tbaa !22
  %d = zext i1 %flag to i8
  %pd = getelementptr inbounds %struct.P, ptr %r, i64 0, i32 3
  store i8 %d, ptr %pd, align 8, !tbaa !23
  %pe = getelementptr inbounds %struct.P, ptr %r, i64 0, i32 4
  store i32 %x, ptr %pe, align 4, !tbaa !24
  ret void
}

define i64 @get(ptr "intel_dtrans_func_index"="1" %r) !intel.dtrans.func.type !5 {
  %a = load i64, ptr %r, align 8, !tbaa !20
  %pb = getelementptr inbounds %struct.P, ptr %r, i64 0, i32 1
  %b = load i32, ptr %pb, align 8, !tbaa !21
  %pc = getelementptr inbounds %struct.P, ptr %r, i64 0, i32 2
  %c = load i32, ptr %pc, align 4, !tbaa !22
  %pd = getelementptr inbounds %struct.P, ptr %r, i64 0, i32 3
  %d = load i8, ptr %pd, align 8, !tbaa !23
  %pe = getelementptr inbounds %struct.P, ptr %r, i64 0, i32 4
  %e = load i32, ptr %pe, align 4, !tbaa !24
  %b64 = zext i32 %b to i64
  %c64 = sext i32 %c to i64
  %d64 = zext i8 %d to i64
  %e64 = sext i32 %e to i64
  %s1 = add i64 %a, %b64
  %s2 = add i64 %s1, %c64
  %s3 = add i64 %s2, %d64
  %s4 = add i64 %s3, %e64
  ret i64 %s4
}

define void @copy(ptr "intel_dtrans_func_index"="1" %d, ptr "intel_dtrans_func_index"="2" %s) !intel.dtrans.func.type !6 {
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 24, i1 false)
  ret void
}

define i64 @main() {
  %r = call ptr @malloc(i64 48)
  call void @fill(ptr %r, i64 123456, i32 -7, i1 true)
  %r1 = getelementptr inbounds %struct.P, ptr %r, i64 1
  call void @copy(ptr %r1, ptr %r)
  %x = call i64 @get(ptr %r1)
  %y = call i64 @get(ptr @g)
  %z = add i64 %x, %y
  call void @free(ptr %r)
  ret i64 %z
}

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

!intel.dtrans.types = !{!0}
!0 = !{!"S", %struct.P zeroinitializer, i32 5, !1, !2, !2, !7, !2}
!1 = !{i64 0, i32 0}
!2 = !{i32 0, i32 0}
!7 = !{i8 0, i32 0}
!3 = distinct !{!4}
!4 = !{%struct.P zeroinitializer, i32 1}
!5 = distinct !{!4}
!6 = distinct !{!4, !4}

!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!"omnipotent char", !10, i64 0}
!12 = !{!"long", !11, i64 0}
!13 = !{!"int", !11, i64 0}
!14 = !{!"_Bool", !11, i64 0}
!15 = !{!"P", !12, i64 0, !13, i64 8, !13, i64 12, !14, i64 16, !13, i64 20}
!20 = !{!15, !12, i64 0}
!21 = !{!15, !13, i64 8}
!22 = !{!15, !13, i64 12}
!23 = !{!15, !14, i64 16}
!24 = !{!15, !13, i64 20}
