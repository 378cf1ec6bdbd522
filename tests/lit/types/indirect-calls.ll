; !intel_dtrans_type on indirect calls gives the callee's function type; unnamed void calls are labelled by position.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.op = type { i32 }
; CHECK-NEXT: function @main: i32 (i32 (...)*, void (%struct.op*)*)
; CHECK-NEXT: call #0 in %entry in @main: void (%struct.op*)
; CHECK-NEXT: call %r in @main: i32 (...)
; CHECK-NEXT: call %1 in @main: %struct.op* (i8*, i64)
; CHECK-NEXT: call #1 in %2 in @main: void (%struct.op*)
; CHECK-NEXT: call #1 in %0 in @h: void (%struct.op*)
; CHECK-NOT: {{.}}

%struct.op = type { i32 }

declare void @direct(ptr)

define i32 @main(ptr "intel_dtrans_func_index"="1" %fp, ptr "intel_dtrans_func_index"="2" %vp) !intel.dtrans.func.type !2 {
entry:
  call void %vp(ptr null), !intel_dtrans_type !6
  %r = call i32 (...) %fp(i32 1, i32 2), !intel_dtrans_type !4
  %0 = load ptr, ptr null
  %1 = call ptr %0(ptr null, i64 8), !intel_dtrans_type !9
  call void @direct(ptr null)
  br label %2

2:
  %untagged = call i32 (...) %fp()
  call void %vp(ptr %1), !intel_dtrans_type !6
  ret i32 %r
}

; The entry block is unnamed (%0).
define void @h(ptr %vp) {
  %x = load i32, ptr %vp
  call void %vp(ptr null), !intel_dtrans_type !6
  ret void
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.op zeroinitializer, i32 1, !1}
!1 = !{i32 0, i32 0}
!2 = distinct !{!3, !5}
!3 = !{!4, i32 1}
!4 = !{!"F", i1 true, i32 0, !1}
!5 = !{!6, i32 1}
!6 = !{!"F", i1 false, i32 1, !7, !8}
!7 = !{!"void", i32 0}
!8 = !{%struct.op zeroinitializer, i32 1}
!9 = !{!"F", i1 false, i32 2, !8, !10, !11}
!10 = !{i8 0, i32 1}
!11 = !{i64 0, i32 0}
