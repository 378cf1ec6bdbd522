; Functions stored in the same slot of a constant table are called through
; the same pointer: their parameters and returns are joined (weak edges),
; so what one of them says (`@lt` compares signed) types the others
; (`@add` alone says nothing). A different field of the same table (`@name`
; returns a length) is not joined to them.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines

%struct.op = type { ptr, ptr }

@ops = internal constant [2 x %struct.op] [%struct.op { ptr @name, ptr @add }, %struct.op { ptr @name2, ptr @lt }]

; CHECK-LABEL: function @add
; CHECK-NEXT:   value %0: int32_t
; CHECK-NEXT:   value %1: int32_t
; CHECK:        use ret.0: int32_t
define internal i32 @add(i32 %0, i32 %1) {
  %3 = add i32 %1, %0
  ret i32 %3
}

; CHECK-LABEL: function @lt
; CHECK-NEXT:   value %0: int32_t
; CHECK-NEXT:   value %1: int32_t
define internal i32 @lt(i32 %0, i32 %1) {
  %3 = icmp slt i32 %0, %1
  %4 = zext i1 %3 to i32
  ret i32 %4
}

; CHECK-LABEL: function @name
; CHECK-NEXT:   value %0: uint32_t
define internal i32 @name(i32 %0) {
  %2 = udiv i32 %0, 2
  ret i32 %2
}

; CHECK-LABEL: function @name2
; CHECK-NEXT:   value %0: uint32_t
define internal i32 @name2(i32 %0) {
  ret i32 %0
}
