target datalayout = "e-m:e-i64:64-n8:16:32:64-S128"
%struct.S = type { i32, i64 }
define i64 @f(ptr %p) {
  %a = getelementptr %struct.S, ptr %p, i64 0, i32 1
  %v = load i64, ptr %a
  ret i64 %v
}
