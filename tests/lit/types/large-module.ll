; A module-sized test: 24 structures (recursive, nested by value, arrays, function pointers, opaque, empty), functions and globals.
; RUN: %dtrans types %s | %FileCheck %s --match-full-lines
; RUN: %dtrans types --strict %s > /dev/null

; CHECK: %struct.allocator = type { i8* (i64)*, void (i8*)* }
; CHECK-NEXT: %struct.arena = type { i8*, i64, %struct.allocator* }
; CHECK-NEXT: %struct.ast_node = type { i32, %struct.ast_node**, i64, %struct.token* }
; CHECK-NEXT: %struct.color = type { i8, i8, i8, i8 }
; CHECK-NEXT: %struct.config = type { i32, i32, [16 x i8], float, %struct.io* }
; CHECK-NEXT: %struct.context = type { %struct.config, %struct.parser*, %struct.scope**, %struct.arena, %struct.list_head }
; CHECK-NEXT: %struct.empty_tag = type {}
; CHECK-NEXT: %struct.file = type opaque
; CHECK-NEXT: %struct.hash_entry = type { %struct.string, i8*, %struct.hash_entry* }
; CHECK-NEXT: %struct.hash_table = type { %struct.hash_entry**, i64, i64, %struct.arena* }
; CHECK-NEXT: %struct.io = type { %struct.file*, i8**, i64 (%struct.file*, i8*, i64)* }
; CHECK-NEXT: %struct.lexer = type { i8*, i8*, %struct.token, [4 x %struct.token] }
; CHECK-NEXT: %struct.list_head = type { %struct.list_head*, %struct.list_head* }
; CHECK-NEXT: %struct.parser = type { %struct.lexer*, %struct.ast_node*, %struct.hash_table* }
; CHECK-NEXT: %struct.plugin = type { %struct.vtable*, i8*, %struct.plugin* }
; CHECK-NEXT: %struct.point = type { double, double }
; CHECK-NEXT: %struct.rect = type { %struct.point, %struct.point }
; CHECK-NEXT: %struct.scope = type { %struct.symbol*, %struct.scope*, i32 }
; CHECK-NEXT: %struct.shape = type { i32, %struct.rect, %struct.color, %struct.shape* }
; CHECK-NEXT: %struct.string = type { i8*, i64, i64 }
; CHECK-NEXT: %struct.symbol = type { %struct.string, %struct.ast_node*, %struct.symbol* }
; CHECK-NEXT: %struct.token = type { i32, %struct.string, i32, i32 }
; CHECK-NEXT: %struct.vec_i32 = type { i32*, i64, i64 }
; CHECK-NEXT: %struct.vtable = type { void (%struct.context*)*, i32 (%struct.context*, %struct.ast_node*)* }
; CHECK-NEXT: function @ctx_create: %struct.context* (%struct.config*)
; CHECK-NEXT: function @ctx_run: i32 (%struct.context*, i32, i8**)
; CHECK-NEXT: global @g_ctx: %struct.context*
; CHECK-NEXT: global @g_plugins: [8 x %struct.plugin*]
; CHECK-NOT: {{.}}

%struct.list_head = type { ptr, ptr }
%struct.string = type { ptr, i64, i64 }
%struct.vec_i32 = type { ptr, i64, i64 }
%struct.point = type { double, double }
%struct.rect = type { %struct.point, %struct.point }
%struct.color = type { i8, i8, i8, i8 }
%struct.shape = type { i32, %struct.rect, %struct.color, ptr }
%struct.allocator = type { ptr, ptr }
%struct.arena = type { ptr, i64, ptr }
%struct.hash_entry = type { %struct.string, ptr, ptr }
%struct.hash_table = type { ptr, i64, i64, ptr }
%struct.token = type { i32, %struct.string, i32, i32 }
%struct.lexer = type { ptr, ptr, %struct.token, [4 x %struct.token] }
%struct.ast_node = type { i32, ptr, i64, ptr }
%struct.parser = type { ptr, ptr, ptr }
%struct.symbol = type { %struct.string, ptr, ptr }
%struct.scope = type { ptr, ptr, i32 }
%struct.file = type opaque
%struct.io = type { ptr, ptr, ptr }
%struct.config = type { i32, i32, [16 x i8], float, ptr }
%struct.context = type { %struct.config, ptr, ptr, %struct.arena, %struct.list_head }
%struct.vtable = type { ptr, ptr }
%struct.plugin = type { ptr, ptr, ptr }
%struct.empty_tag = type {}

@g_ctx = global ptr null, !intel_dtrans_type !0
@g_plugins = global [8 x ptr] zeroinitializer, !intel_dtrans_type !1

define "intel_dtrans_func_index"="1" ptr @ctx_create(ptr "intel_dtrans_func_index"="2" %a0) !intel.dtrans.func.type !74 {
  ret ptr null
}

define i32 @ctx_run(ptr "intel_dtrans_func_index"="1" %a0, i32 %a1, ptr "intel_dtrans_func_index"="2" %a2) !intel.dtrans.func.type !76 {
  ret i32 0
}

!intel.dtrans.types = !{!3, !5, !8, !10, !12, !14, !16, !21, !27, !29, !32, !35, !36, !39, !42, !46, !48, !50, !51, !56, !60, !66, !71, !73}

!0 = !{%struct.context zeroinitializer, i32 1}
!1 = !{!"A", i32 8, !2}
!2 = !{%struct.plugin zeroinitializer, i32 1}
!3 = !{!"S", %struct.list_head zeroinitializer, i32 2, !4, !4}
!4 = !{%struct.list_head zeroinitializer, i32 1}
!5 = !{!"S", %struct.string zeroinitializer, i32 3, !6, !7, !7}
!6 = !{i8 0, i32 1}
!7 = !{i64 0, i32 0}
!8 = !{!"S", %struct.vec_i32 zeroinitializer, i32 3, !9, !7, !7}
!9 = !{i32 0, i32 1}
!10 = !{!"S", %struct.point zeroinitializer, i32 2, !11, !11}
!11 = !{double 0.000000e+00, i32 0}
!12 = !{!"S", %struct.rect zeroinitializer, i32 2, !13, !13}
!13 = !{%struct.point zeroinitializer, i32 0}
!14 = !{!"S", %struct.color zeroinitializer, i32 4, !15, !15, !15, !15}
!15 = !{i8 0, i32 0}
!16 = !{!"S", %struct.shape zeroinitializer, i32 4, !17, !18, !19, !20}
!17 = !{i32 0, i32 0}
!18 = !{%struct.rect zeroinitializer, i32 0}
!19 = !{%struct.color zeroinitializer, i32 0}
!20 = !{%struct.shape zeroinitializer, i32 1}
!21 = !{!"S", %struct.allocator zeroinitializer, i32 2, !22, !24}
!22 = !{!23, i32 1}
!23 = !{!"F", i1 false, i32 1, !6, !7}
!24 = !{!25, i32 1}
!25 = !{!"F", i1 false, i32 1, !26, !6}
!26 = !{!"void", i32 0}
!27 = !{!"S", %struct.arena zeroinitializer, i32 3, !6, !7, !28}
!28 = !{%struct.allocator zeroinitializer, i32 1}
!29 = !{!"S", %struct.hash_entry zeroinitializer, i32 3, !30, !6, !31}
!30 = !{%struct.string zeroinitializer, i32 0}
!31 = !{%struct.hash_entry zeroinitializer, i32 1}
!32 = !{!"S", %struct.hash_table zeroinitializer, i32 4, !33, !7, !7, !34}
!33 = !{%struct.hash_entry zeroinitializer, i32 2}
!34 = !{%struct.arena zeroinitializer, i32 1}
!35 = !{!"S", %struct.token zeroinitializer, i32 4, !17, !30, !17, !17}
!36 = !{!"S", %struct.lexer zeroinitializer, i32 4, !6, !6, !37, !38}
!37 = !{%struct.token zeroinitializer, i32 0}
!38 = !{!"A", i32 4, !37}
!39 = !{!"S", %struct.ast_node zeroinitializer, i32 4, !17, !40, !7, !41}
!40 = !{%struct.ast_node zeroinitializer, i32 2}
!41 = !{%struct.token zeroinitializer, i32 1}
!42 = !{!"S", %struct.parser zeroinitializer, i32 3, !43, !44, !45}
!43 = !{%struct.lexer zeroinitializer, i32 1}
!44 = !{%struct.ast_node zeroinitializer, i32 1}
!45 = !{%struct.hash_table zeroinitializer, i32 1}
!46 = !{!"S", %struct.symbol zeroinitializer, i32 3, !30, !44, !47}
!47 = !{%struct.symbol zeroinitializer, i32 1}
!48 = !{!"S", %struct.scope zeroinitializer, i32 3, !47, !49, !17}
!49 = !{%struct.scope zeroinitializer, i32 1}
!50 = !{!"S", %struct.file zeroinitializer, i32 -1}
!51 = !{!"S", %struct.io zeroinitializer, i32 3, !52, !53, !54}
!52 = !{%struct.file zeroinitializer, i32 1}
!53 = !{i8 0, i32 2}
!54 = !{!55, i32 1}
!55 = !{!"F", i1 false, i32 3, !7, !52, !6, !7}
!56 = !{!"S", %struct.config zeroinitializer, i32 5, !17, !17, !57, !58, !59}
!57 = !{!"A", i32 16, !15}
!58 = !{float 0.000000e+00, i32 0}
!59 = !{%struct.io zeroinitializer, i32 1}
!60 = !{!"S", %struct.context zeroinitializer, i32 5, !61, !62, !63, !64, !65}
!61 = !{%struct.config zeroinitializer, i32 0}
!62 = !{%struct.parser zeroinitializer, i32 1}
!63 = !{%struct.scope zeroinitializer, i32 2}
!64 = !{%struct.arena zeroinitializer, i32 0}
!65 = !{%struct.list_head zeroinitializer, i32 0}
!66 = !{!"S", %struct.vtable zeroinitializer, i32 2, !67, !69}
!67 = !{!68, i32 1}
!68 = !{!"F", i1 false, i32 1, !26, !0}
!69 = !{!70, i32 1}
!70 = !{!"F", i1 false, i32 2, !17, !0, !44}
!71 = !{!"S", %struct.plugin zeroinitializer, i32 3, !72, !6, !2}
!72 = !{%struct.vtable zeroinitializer, i32 1}
!73 = !{!"S", %struct.empty_tag zeroinitializer, i32 0}
!74 = distinct !{!0, !75}
!75 = !{%struct.config zeroinitializer, i32 1}
!76 = distinct !{!0, !53}
