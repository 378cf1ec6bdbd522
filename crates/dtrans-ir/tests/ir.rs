//! Tests of the safe IR API against real LLVM 19.
use std::path::Path;

use dtrans_ir::{AttrIndex, Attribute, Context, IrError, IrFormat, MdView, Module, Opcode, TypeKind, ValueKind};

const SRC: &str = r#"
%struct.S = type { i32, ptr, [4 x i8], { i64, ptr } }
%struct.O = type opaque
@g = dso_local global %struct.S zeroinitializer, !intel_dtrans_type !2
@o = external global %struct.O

define ptr @f(ptr noundef "intel_dtrans_func_index"="1" %0, i32 %n) "k"="v" !intel.dtrans.func.type !3 {
entry:
  %a = alloca ptr
  %1 = getelementptr %struct.S, ptr %0, i64 0, i32 1
  store ptr %1, ptr %a
  %2 = load volatile ptr, ptr %a
  call void %2()
  ret ptr %2
}

!named = !{!0, !1}
!0 = !{null, !"s", i32 7, !1}
!1 = !{}
!2 = !{%struct.S zeroinitializer, i32 0}
!3 = distinct !{!2}
"#;

fn parse<'c>(ctx: &'c Context, src: &str) -> Module<'c> {
    Module::parse_bytes(ctx, src.as_bytes(), Path::new("test.ll")).expect("test IR parses")
}

#[test]
fn text_and_bitcode_are_chosen_by_content() {
    let ctx = Context::new();
    let m = parse(&ctx, SRC);
    let bc = m.to_bitcode();
    // A bitcode buffer named `.ll` still parses as bitcode.
    let m2 = Module::parse_bytes(&ctx, &bc, Path::new("misnamed.ll")).expect("bitcode parses");
    assert_eq!(m2.functions().map(|f| f.name()).collect::<Vec<_>>(), vec!["f"]);
    m2.verify().expect("round-tripped module verifies");
}

#[test]
fn parse_errors_name_line_and_column() {
    let ctx = Context::new();
    let err = Module::parse_bytes(&ctx, b"define i32 @f() {\n  ret i32 %nope\n}\n", Path::new("bad.ll")).unwrap_err();
    match &err {
        IrError::Parse { line, col, .. } => {
            assert_eq!(*line, 2);
            assert!(*col > 0);
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
    assert!(err.to_string().starts_with("bad.ll:2:"), "{err}");
    let err = Module::parse_bytes(&ctx, b"BC\xc0\xde garbage", Path::new("bad.bc")).unwrap_err();
    assert!(matches!(err, IrError::Parse { line: 0, .. }), "{err:?}");
    let err = Module::parse_file(&ctx, Path::new("/nonexistent/x.ll")).unwrap_err();
    assert!(matches!(err, IrError::Io { .. }) && err.to_string().contains("/nonexistent/x.ll"));
}

#[test]
fn metadata_tree_with_null_operands_and_slots() {
    let ctx = Context::new();
    let m = parse(&ctx, SRC);
    let named = m.named_metadata("named").expect("!named exists").operands();
    assert_eq!(named.len(), 2);
    let ops = named[0].operands();
    assert_eq!(ops.len(), 4);
    assert!(ops[0].is_none(), "null operand is None");
    assert_eq!(ops[1].unwrap().as_string().as_deref(), Some("s"));
    assert_eq!(ops[2].unwrap().as_constant().and_then(|v| v.const_int_value()), Some(7));
    assert!(matches!(ops[3].unwrap().view(), MdView::Tuple { distinct: false, ref operands } if operands.is_empty()));
    // The printer numbers global attachments first, then named metadata
    // (depth first), then function attachments: as `llvm-dis` shows.
    let slots = m.metadata_slots();
    let printed = m.to_ir_string();
    assert!(printed.contains("!intel_dtrans_type !0\n"), "{printed}");
    assert!(printed.contains("!named = !{!1, !2}"), "{printed}");
    assert_eq!(slots.name(named[0]), "!1");
    assert_eq!(slots.name(named[1]), "!2");
    let f = m.function("f").unwrap();
    let list = f.as_value().metadata(m.md_kind_id("intel.dtrans.func.type")).unwrap();
    assert!(list.is_distinct());
    assert_eq!(slots.name(list), "!3");
}

#[test]
fn functions_instructions_attributes() {
    let ctx = Context::new();
    let m = parse(&ctx, SRC);
    let f = m.function("f").unwrap();
    assert_eq!(f.string_attribute(AttrIndex::Param(0), "intel_dtrans_func_index").as_deref(), Some("1"));
    assert_eq!(f.string_attribute(AttrIndex::Param(1), "intel_dtrans_func_index"), None);
    let attrs = f.attributes(AttrIndex::Param(0));
    assert!(attrs.contains(&Attribute::Enum { name: "noundef".into(), value: 0 }), "{attrs:?}");
    assert!(f.attributes(AttrIndex::Function).contains(&Attribute::String { key: "k".into(), value: "v".into() }));
    let ops: Vec<Opcode> = f.instructions().map(|i| i.opcode()).collect();
    assert_eq!(
        ops,
        [
            Opcode::LLVMAlloca,
            Opcode::LLVMGetElementPtr,
            Opcode::LLVMStore,
            Opcode::LLVMLoad,
            Opcode::LLVMCall,
            Opcode::LLVMRet
        ]
    );
    let insts: Vec<_> = f.instructions().collect();
    assert_eq!(insts[0].allocated_type().unwrap().kind(), TypeKind::LLVMPointerTypeKind);
    assert_eq!(insts[1].gep_source_type().unwrap().struct_name().as_deref(), Some("struct.S"));
    assert!(insts[3].is_volatile() && !insts[2].is_volatile());
    assert!(insts[4].is_indirect_call());
    assert_eq!(insts[1].operands()[1].const_int_value(), Some(0));
    assert_eq!(insts[1].operands()[2].const_int_value(), Some(1));
    let names = f.local_names();
    assert_eq!(names[&f.params()[0]], "%0");
    assert_eq!(names[&insts[1].as_value()], "%1");
    assert_eq!(names[&insts[0].as_value()], "%a");
    assert_eq!(names[&insts[3].as_value()], "%2");
    let g = m.globals().next().unwrap();
    assert_eq!(g.kind(), ValueKind::GlobalVariable);
    assert!(g.is_dso_local());
    assert_eq!(g.initializer().unwrap().kind(), ValueKind::ConstantNull);
}

#[test]
fn types_and_layout() {
    let ctx = Context::new();
    let m = parse(&ctx, SRC);
    let names: Vec<_> = m.struct_types().iter().filter_map(|t| t.struct_name()).collect();
    assert!(names.contains(&"struct.S".to_string()) && names.contains(&"struct.O".to_string()), "{names:?}");
    let s = m.struct_type("struct.S").unwrap();
    assert_eq!(s.struct_fields().len(), 4);
    assert!(s.contains_pointer());
    let dl = m.data_layout();
    // SRC has no datalayout string: LLVM's defaults (64-bit pointers).
    assert_eq!(dl.field_offset(s, 1), Some(8));
    assert_eq!(dl.field_offset(s, 3), Some(24));
    assert_eq!(dl.alloc_size(s), Some(40));
    assert_eq!(dl.field_at_offset(s, 20), Some(2));
    let o = m.struct_type("struct.O").unwrap();
    assert!(o.is_opaque_struct());
    assert_eq!(dl.alloc_size(o), None, "unsized types have no size, and no abort");
}

#[test]
fn writes_are_atomic() {
    let ctx = Context::new();
    let m = parse(&ctx, SRC);
    let dir = std::env::temp_dir().join(format!("dtrans-ir-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out.bc");
    m.write(&out, IrFormat::from_path(&out)).unwrap();
    let back = Module::parse_file(&ctx, &out).unwrap();
    assert!(back.function("f").is_some());
    // A directory that does not exist: an error, and nothing left behind.
    let bad = dir.join("missing").join("out.ll");
    assert!(m.write(&bad, IrFormat::Text).is_err());
    assert!(!bad.exists());
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}
