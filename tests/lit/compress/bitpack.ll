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
