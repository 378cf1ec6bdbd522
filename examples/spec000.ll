; The examples of document 000 ("Metadata encoding from the compiler
; front-end"), as one module that LLVM 19 accepts.
%struct.foo = type opaque
%struct.empty = type {}
%struct.bar = type { ptr, i32, ptr }
%struct.bar2 = type { %struct.bar, i32, { i32, ptr } }
%struct.op = type { i32, ptr }

@gbar = global ptr null, !intel_dtrans_type !14
@table = global [8 x [20 x ptr]] zeroinitializer, !intel_dtrans_type !6

define "intel_dtrans_func_index"="1" ptr @bitop(ptr "intel_dtrans_func_index"="2" %0, i32 %1, ptr "intel_dtrans_func_index"="3" %2) !intel.dtrans.func.type !20 {
  %p = alloca ptr, !intel_dtrans_type !14
  %fp = load ptr, ptr %p
  %r = call i32 (...) %fp(i32 1), !intel_dtrans_type !8
  ret ptr %0
}

!intel.dtrans.types = !{!9, !10, !11, !12, !21}

!0 = !{double 0.000000e+00, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 2}
!3 = !{!"void", i32 0}
!4 = !{!"void", i32 2}
!5 = !{!"A", i32 20, !2}
!6 = !{!"A", i32 8, !5}
!7 = !{!"F", i1 false, i32 1, !3, !1}
!8 = !{!"F", i1 true, i32 0, !1}
!9 = !{!"S", %struct.foo zeroinitializer, i32 -1}
!10 = !{!"S", %struct.empty zeroinitializer, i32 0}
!11 = !{!"S", %struct.bar zeroinitializer, i32 3, !15, !1, !2}
!12 = !{!"S", %struct.bar2 zeroinitializer, i32 3, !16, !1, !13}
!13 = !{!"L", i32 2, !1, !2}
!14 = !{%struct.bar zeroinitializer, i32 1}
!15 = !{!8, i32 2}
!16 = !{%struct.bar zeroinitializer, i32 0}
!17 = !{%struct.op zeroinitializer, i32 1}
!18 = !{i32 0, i32 1}
!20 = distinct !{!17, !17, !18}
!21 = !{!"S", %struct.op zeroinitializer, i32 2, !1, !17}
