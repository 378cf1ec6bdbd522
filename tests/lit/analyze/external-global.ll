; A global declared here and defined in another module holds objects laid
; out there (or points to them): their structures are AddressTaken, not
; relaid out. The one defined here is a global instance only.
; RUN: %dtrans analyze %s | %FileCheck %s
; CHECK-LABEL: %struct.Ext (size 16
; CHECK: AddressTaken: @ext: declared here, defined outside the module
; CHECK: legal: reorder-fields no (AddressTaken)
; CHECK-LABEL: %struct.Mine (size 16
; CHECK-NOT: AddressTaken
; CHECK: legal: reorder-fields yes
; CHECK-LABEL: %struct.Pointed (size 16
; CHECK: AddressTaken: @extp: declared here, defined outside the module
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Ext = type { i8, i64 }
%struct.Mine = type { i8, i64 }
%struct.Pointed = type { i8, i64 }

@ext = external global %struct.Ext
@mine = internal global %struct.Mine zeroinitializer
@extp = external global ptr

define i64 @main() {
  %a = getelementptr %struct.Ext, ptr @ext, i64 0, i32 1
  %x = load i64, ptr %a
  %b = getelementptr %struct.Mine, ptr @mine, i64 0, i32 1
  %y = load i64, ptr %b
  %p = load ptr, ptr @extp
  %c = getelementptr %struct.Pointed, ptr %p, i64 0, i32 1
  %z = load i64, ptr %c
  %s = add i64 %x, %y
  %t = add i64 %s, %z
  ret i64 %t
}
