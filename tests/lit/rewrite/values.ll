; Round trip of !intel_dtrans_type on globals, allocas and indirect calls; untagged values stay untagged.
; RUN: %dtrans rewrite-metadata %s -o %t.out.ll
; RUN: %opt -passes=verify -disable-output %t.out.ll
; RUN: %dtrans types --strict %s > %t.a
; RUN: %dtrans types --strict %t.out.ll > %t.b
; RUN: diff %t.a %t.b
; RUN: %FileCheck %s --check-prefix=TYPES --match-full-lines < %t.b
; RUN: %FileCheck %s < %t.out.ll

; TYPES: %struct.s = type { i32 }
; TYPES-NEXT: global @gp: %struct.s*
; TYPES-NEXT: global @garr: [4 x i8**]
; TYPES-NEXT: global @ginst: %struct.s
; TYPES-NEXT: alloca %p in @main: %struct.s**
; TYPES-NEXT: alloca %0 in @main: void (i32)*
; TYPES-NEXT: call #4 in %entry in @main: void (i32)
; TYPES-NEXT: call %r in @main: i32 (%struct.s*, ...)
; TYPES-NOT: {{.}}

; CHECK: @gp = global ptr null, !intel_dtrans_type ![[SP:[0-9]+]]
; CHECK-NEXT: @garr = global [4 x ptr] zeroinitializer, !intel_dtrans_type ![[ARR:[0-9]+]]
; CHECK-NEXT: @ginst = global %struct.s zeroinitializer, !intel_dtrans_type ![[SV:[0-9]+]]
; CHECK-NEXT: @untagged = global ptr null{{$}}
; CHECK: %p = alloca ptr, align 8, !intel_dtrans_type ![[SPP:[0-9]+]]
; CHECK-NEXT: %0 = alloca ptr, align 8, !intel_dtrans_type ![[FNP:[0-9]+]]
; CHECK-NEXT: %u = alloca ptr, align 8{{$}}
; CHECK-NEXT: %fp = load ptr, ptr %0, align 8{{$}}
; CHECK-NEXT: call void %fp(i32 1), !intel_dtrans_type ![[FN:[0-9]+]]
; CHECK-NEXT: %g = load ptr, ptr %u, align 8{{$}}
; CHECK-NEXT: %r = call i32 (ptr, ...) %g(ptr null, i32 2), !intel_dtrans_type ![[VF:[0-9]+]]
; CHECK-NEXT: %r2 = call i32 (ptr, ...) %g(ptr null){{$}}
; CHECK-DAG: ![[SP]] = !{%struct.s zeroinitializer, i32 1}
; CHECK-DAG: ![[ARR]] = !{!"A", i32 4, ![[I8PP:[0-9]+]]}
; CHECK-DAG: ![[I8PP]] = !{i8 0, i32 2}
; CHECK-DAG: ![[SV]] = !{%struct.s zeroinitializer, i32 0}
; CHECK-DAG: ![[SPP]] = !{%struct.s zeroinitializer, i32 2}
; CHECK-DAG: ![[FNP]] = !{![[FN]], i32 1}
; CHECK-DAG: ![[FN]] = !{!"F", i1 false, i32 1, ![[VOID:[0-9]+]], ![[I32:[0-9]+]]}
; CHECK-DAG: ![[VOID]] = !{!"void", i32 0}
; CHECK-DAG: ![[I32]] = !{i32 0, i32 0}
; CHECK-DAG: ![[VF]] = !{!"F", i1 true, i32 1, ![[I32]], ![[SP]]}

%struct.s = type { i32 }

@gp = global ptr null, !intel_dtrans_type !0
@garr = global [4 x ptr] zeroinitializer, !intel_dtrans_type !1
@ginst = global %struct.s zeroinitializer, !intel_dtrans_type !3
@untagged = global ptr null

define void @main() {
entry:
  %p = alloca ptr, !intel_dtrans_type !4
  %0 = alloca ptr, !intel_dtrans_type !5
  %u = alloca ptr
  %fp = load ptr, ptr %0
  call void %fp(i32 1), !intel_dtrans_type !6
  %g = load ptr, ptr %u
  %r = call i32 (ptr, ...) %g(ptr null, i32 2), !intel_dtrans_type !9
  %r2 = call i32 (ptr, ...) %g(ptr null)
  ret void
}

!intel.dtrans.types = !{!10}

!0 = !{%struct.s zeroinitializer, i32 1}
!1 = !{!"A", i32 4, !2}
!2 = !{i8 0, i32 2}
!3 = !{%struct.s zeroinitializer, i32 0}
!4 = !{%struct.s zeroinitializer, i32 2}
!5 = !{!6, i32 1}
!6 = !{!"F", i1 false, i32 1, !7, !8}
!7 = !{!"void", i32 0}
!8 = !{i32 0, i32 0}
!9 = !{!"F", i1 true, i32 1, !8, !0}
!10 = !{!"S", %struct.s zeroinitializer, i32 1, !8}
