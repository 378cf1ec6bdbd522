; llvm.memcpy treats its pointers as raw bytes (i8*), which a structure
; pointer explains: both keep %struct.S* and nothing is ambiguous. Copying a
; field (the address of field 1) keeps the field's element.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %d -> %struct.S* |
; CHECK: %s -> %struct.S* |
; CHECK: %df -> i64* | {{.*}}elements: %struct.S@1{{$}}
; CHECK-NOT: ambiguous
; CHECK-NOT: unknown

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define void @f(ptr "intel_dtrans_func_index"="1" %d, ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 24, i1 false)
  %df = getelementptr inbounds %struct.S, ptr %d, i64 0, i32 1
  %sf = getelementptr inbounds %struct.S, ptr %s, i64 0, i32 1
  call void @llvm.memcpy.p0.p0.i64(ptr %df, ptr %sf, i64 8, i1 false)
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3, !3}
