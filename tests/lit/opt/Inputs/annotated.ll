target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%struct.S = type { i32, i64 }
@__DTransAOSToSOAIndexFieldName = private unnamed_addr constant [40 x i8] c"{dtrans} __DTransAOSToSOAIndexFieldName\00"
@file = private unnamed_addr constant [4 x i8] c"t.c\00"
@other = private unnamed_addr constant [6 x i8] c"other\00"
@s = global %struct.S zeroinitializer, !intel_dtrans_type !3
!intel.dtrans.types = !{!0}
!0 = !{!"S", %struct.S zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 0}
!4 = !{%struct.S zeroinitializer, i32 1}
declare ptr @get()
declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)
define i32 @f() {
  %p = call ptr @get(), !dtrans-type !4
  %a = call ptr @llvm.ptr.annotation.p0.p0(ptr %p, ptr @__DTransAOSToSOAIndexFieldName, ptr @file, i32 3, ptr null)
  %b = call ptr @llvm.ptr.annotation.p0.p0(ptr %a, ptr @other, ptr @file, i32 4, ptr null)
  %v = load i32, ptr %b
  ret i32 %v
}
