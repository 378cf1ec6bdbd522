; Structure names that LLVM must quote, like %"class.std::vector", print quoted (with LLVM's escapes) everywhere.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %"class.std::vector" = type { %"struct.my pair"*, %"struct.my pair"*, i64 }
; CHECK-NEXT: %"struct.my pair" = type { i32, %"struct.q\22x"* }
; CHECK-NEXT: %"struct.q\22x" = type { i8 }
; CHECK-NEXT: global @"the vector": %"class.std::vector"*
; CHECK-NOT: {{.}}

%"struct.q\22x" = type { i8 }
%"struct.my pair" = type { i32, ptr }
%"class.std::vector" = type { ptr, ptr, i64 }

@"the vector" = global ptr null, !intel_dtrans_type !0

!intel.dtrans.types = !{!1, !3, !6}

!0 = !{%"class.std::vector" zeroinitializer, i32 1}
!1 = !{!"S", %"struct.q\22x" zeroinitializer, i32 1, !2}
!2 = !{i8 0, i32 0}
!3 = !{!"S", %"struct.my pair" zeroinitializer, i32 2, !4, !5}
!4 = !{i32 0, i32 0}
!5 = !{%"struct.q\22x" zeroinitializer, i32 1}
!6 = !{!"S", %"class.std::vector" zeroinitializer, i32 3, !7, !7, !8}
!7 = !{%"struct.my pair" zeroinitializer, i32 1}
!8 = !{i64 0, i32 0}
