; Arrays `!{!"A", i32 20, !N}` and arrays of arrays `[8 x [20 x i64**]]`, as fields and as a global.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.arr = type { [20 x i64**], [8 x [20 x i64**]], [4 x i32] }
; CHECK-NEXT: global @table: [8 x [20 x i64**]]
; CHECK-NOT: {{.}}

%struct.arr = type { [20 x ptr], [8 x [20 x ptr]], [4 x i32] }

@table = global [8 x [20 x ptr]] zeroinitializer, !intel_dtrans_type !0

!intel.dtrans.types = !{!3}

!0 = !{!"A", i32 8, !1}
!1 = !{!"A", i32 20, !2}
!2 = !{i64 0, i32 2}
!3 = !{!"S", %struct.arr zeroinitializer, i32 3, !1, !0, !4}
!4 = !{!"A", i32 4, !5}
!5 = !{i32 0, i32 0}
