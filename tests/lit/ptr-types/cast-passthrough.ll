; Operations that return their pointer operand unchanged keep its type:
; freeze, addrspacecast (and back), llvm.launder.invariant.group,
; llvm.strip.invariant.group, llvm.ssa.copy and llvm.ptr.annotation.
; RUN: %dtrans ptr-types %s --function f | %FileCheck %s

; CHECK-LABEL: function @f
; CHECK: %fr -> %struct.S* |
; CHECK: %as -> %struct.S* |
; CHECK: %back -> %struct.S* |
; CHECK: %la -> %struct.S* |
; CHECK: %st -> %struct.S* |
; CHECK: %cp -> %struct.S* |
; CHECK: %an -> %struct.S* |
; CHECK-NOT: unknown
; CHECK-NOT: ambiguous

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i64, ptr }

@.str = private constant [4 x i8] c"ann\00"

declare ptr @llvm.launder.invariant.group.p0(ptr)
declare ptr @llvm.strip.invariant.group.p0(ptr)
declare ptr @llvm.ssa.copy.p0(ptr)
declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

define void @f(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !4 {
  %fr = freeze ptr %s
  %as = addrspacecast ptr %s to ptr addrspace(1)
  %back = addrspacecast ptr addrspace(1) %as to ptr
  %la = call ptr @llvm.launder.invariant.group.p0(ptr %s)
  %st = call ptr @llvm.strip.invariant.group.p0(ptr %s)
  %cp = call ptr @llvm.ssa.copy.p0(ptr %s)
  %an = call ptr @llvm.ptr.annotation.p0.p0(ptr %s, ptr @.str, ptr @.str, i32 0, ptr null)
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.S zeroinitializer, i32 3, !1, !2, !3}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 1}
!4 = distinct !{!3}
