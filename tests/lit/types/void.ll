; The void encoding `!{!"void", i32 L}`: void* and void** fields and parameters, void returns.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.vp = type { void*, void**, void (void**)* }
; CHECK-NEXT: function @take: void (void**)
; CHECK-NEXT: function @give: void* ()
; CHECK-NOT: {{.}}

%struct.vp = type { ptr, ptr, ptr }

define void @take(ptr "intel_dtrans_func_index"="1" %p) !intel.dtrans.func.type !6 {
  ret void
}

define "intel_dtrans_func_index"="1" ptr @give() !intel.dtrans.func.type !7 {
  ret ptr null
}

!intel.dtrans.types = !{!0}

!0 = !{!"S", %struct.vp zeroinitializer, i32 3, !1, !2, !3}
!1 = !{!"void", i32 1}
!2 = !{!"void", i32 2}
!3 = !{!4, i32 1}
!4 = !{!"F", i1 false, i32 1, !5, !2}
!5 = !{!"void", i32 0}
!6 = distinct !{!2}
!7 = distinct !{!1}
