//! The Annotator (document 002): type hints and pointer annotations are
//! created, found, honoured by the pointer type recovery, and removed by the
//! cleaner; the module verifies at every step.
use std::path::Path;

use dtrans_analysis::{analyze, prepare_types};
use dtrans_ir::{Context, Module};
use dtrans_transforms::annotator::{self, AnnotKind};
use dtrans_types::read_module;

const IR: &str = r#"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%struct.S = type { i32, i64 }
@s = global %struct.S zeroinitializer, !intel_dtrans_type !3
!intel.dtrans.types = !{!0}
!0 = !{!"S", %struct.S zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{i64 0, i32 0}
!3 = !{%struct.S zeroinitializer, i32 0}
declare ptr @get()
define i32 @f() {
  %p = call ptr @get()
  %v = load i32, ptr %p
  ret i32 %v
}
"#;

/// The instructions of @f: the call and the load.
fn insts<'m>(m: &'m Module<'_>) -> (dtrans_ir::Instruction<'m>, dtrans_ir::Instruction<'m>) {
    let f = m.function("f").expect("f");
    let all: Vec<_> = f.instructions().collect();
    let load = all.iter().copied().find(|i| i.opcode() == dtrans_ir::Opcode::LLVMLoad).expect("load");
    (all[0], load)
}

#[test]
fn hints_and_annotations_round_trip() {
    let ctx = Context::new();
    let mut m = Module::parse_bytes(&ctx, IR.as_bytes(), Path::new("t.ll")).expect("parses");
    // A hint of %struct.S* on %p.
    {
        let (p_inst, _) = insts(&m);
        let types = read_module(&m);
        let mut tm = types.tm;
        let s = tm.lookup_struct("struct.S").expect("S");
        let ps = tm.pointer_to(s);
        annotator::create_type_hint(&m, &tm, p_inst, ps).expect("hint");
        let i32t = tm.int(32);
        assert!(annotator::create_type_hint(&m, &tm, p_inst, i32t).is_err(), "a hint must be a pointer type");
        m.verify().expect("verifies with the hint");
        let (tm, hints) = annotator::type_hints(&m);
        assert_eq!(hints.get(&p_inst).map(|t| tm.display(*t).to_string()).as_deref(), Some("%struct.S*"));
    }
    // The recovery honours it: %p (from an external call without types)
    // is a %struct.S*.
    let source = prepare_types(&mut m);
    {
        let (p_inst, _) = insts(&m);
        let pt = analyze(&m, read_module(&m), source);
        let info = pt.info(p_inst.as_value()).expect("analyzed");
        assert_eq!(info.dominant.map(|t| pt.tm().display(t).to_string()).as_deref(), Some("%struct.S*"));
    }
    // A pointer annotation on %p, before the load; the variable is made once.
    {
        let (p_inst, load) = insts(&m);
        let var = annotator::annotation_variable(&m, AnnotKind::AosToSoaIndexField, "").expect("variable");
        let again = annotator::annotation_variable(&m, AnnotKind::AosToSoaIndexField, "").expect("variable");
        assert_eq!(var, again);
        let other = annotator::annotation_variable(&m, AnnotKind::AosToSoaIndexField, "f1").expect("variable");
        assert_ne!(var, other);
        let a =
            annotator::create_ptr_annotation(&m, p_inst.as_value(), var, "t.c", 7, "ann", load).expect("annotation");
        load.set_operand(0, a.as_value()).expect("use it");
        m.verify().expect("verifies with the annotation");
        assert_eq!(annotator::annotation_kind(a.as_value()), Some(AnnotKind::AosToSoaIndexField));
        assert!(annotator::is_annotation_of_kind(a.as_value(), AnnotKind::AosToSoaIndexField));
        assert!(!annotator::is_dtrans_ptr_annotation(load.as_value()));
        let text = m.to_ir_string();
        assert!(text.contains("@llvm.ptr.annotation.p0.p0(ptr %p, ptr @__DTransAOSToSOAIndexFieldName"), "{text}");
    }
    // The cleaner removes both; the load reads %p again.
    let (annotations, hints) = annotator::remove_all(&mut m).expect("clean");
    assert_eq!((annotations, hints), (1, 1));
    m.verify().expect("verifies after cleaning");
    let text = m.to_ir_string();
    assert!(!text.contains("call ptr @llvm.ptr.annotation"), "{text}");
    assert!(!text.contains("!dtrans-type"), "{text}");
    assert!(text.contains("load i32, ptr %p"), "{text}");
}
