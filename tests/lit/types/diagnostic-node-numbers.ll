; Diagnostics number nodes as llvm-dis does (globals' attachments, named metadata, then functions), also with debug info, TBAA and module flags around.
; The source numbering here is deliberately not the printer's; the expected numbers are taken from llvm-dis output.
; RUN: %llvm-as %s -o - | llvm-dis > %t.dis
; RUN: %dtrans types %s > %t.out
; RUN: cat %t.dis %t.out | %FileCheck %s

; CHECK: @h = global ptr null, !intel_dtrans_type ![[H:[0-9]+]]
; CHECK: %a = alloca ptr, align 8, !intel_dtrans_type ![[A:[0-9]+]]
; CHECK: ![[F0:[0-9]+]] = !{i32 0, !"bad"}
; CHECK: diagnostic: %struct.s field 0: ![[F0]]: pointer level is not an integer constant
; CHECK-NEXT: diagnostic: global @h: ![[H]]: pointer level -2 is out of range
; CHECK-NEXT: diagnostic: alloca %a in @f: ![[A]]: expected 2 operands (type, pointer level), found 3
; CHECK-NOT: diagnostic

%struct.s = type { ptr, i32 }

@g = global i32 0, !dbg !20
@h = global ptr null, !intel_dtrans_type !9

define i32 @f(ptr "intel_dtrans_func_index"="1" %p) !intel.dtrans.func.type !12 {
  %v = load i32, ptr %p, !tbaa !30
  %a = alloca ptr, !intel_dtrans_type !13
  ret i32 %v
}

!llvm.module.flags = !{!40}
!intel.dtrans.types = !{!1}
!llvm.ident = !{!41}

!1 = !{!"S", %struct.s zeroinitializer, i32 2, !2, !3}
!2 = !{i32 0, !"bad"}
!3 = !{i32 0, i32 0}
!9 = !{i8 0, i32 -2}
!12 = distinct !{!14}
!13 = !{i16 0, i32 1, i32 3}
!14 = !{i64 0, i32 1}
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "g", scope: !22, file: !23, line: 1, type: !24, isLocal: false, isDefinition: true)
!22 = distinct !DICompileUnit(language: DW_LANG_C99, file: !23, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !25)
!23 = !DIFile(filename: "a.c", directory: "/tmp")
!24 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!25 = !{!20}
!30 = !{!31, !31, i64 0}
!31 = !{!"int", !32, i64 0}
!32 = !{!"omnipotent char", !33, i64 0}
!33 = !{!"Simple C++ TBAA"}
!40 = !{i32 2, !"Debug Info Version", i32 3}
!41 = !{!"clang"}
