//! The TypeRemapper on LLVM and DTrans types: nested arrays, literal
//! structures, function types, pointers, dependent named structures and
//! recursion.
use std::path::Path;

use dtrans_ir::{Context, Module};
use dtrans_transforms::TypeRemapper;
use dtrans_types::{read_module, TypeManager};

const IR: &str = r#"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%struct.A = type { i32, i64 }
%struct.B = type { %struct.A, i32 }
%struct.C = type { [2 x %struct.B], ptr }
%struct.D = type { ptr, i32 }
%struct.L = type { ptr, %struct.A }
@g = global [4 x [5 x %struct.A]] zeroinitializer
@h = global { i32, %struct.A } zeroinitializer
@v = global <2 x ptr> zeroinitializer
@c = global %struct.C zeroinitializer
@d = global %struct.D zeroinitializer
@l = global %struct.L zeroinitializer
define void @byval(%struct.A %a, ptr %p) {
  ret void
}
"#;

#[test]
fn llvm_types_are_rebuilt_around_replaced_parts() {
    let ctx = Context::new();
    let m = Module::parse_bytes(&ctx, IR.as_bytes(), Path::new("t.ll")).expect("parses");
    let a = m.struct_type("struct.A").expect("A");
    let new_a = m.create_opaque_struct("__DDT_struct.A");
    m.set_struct_body(new_a, &a.struct_fields(), false).expect("body");
    let mut r = TypeRemapper::new();
    r.add_llvm(a, new_a);
    let ty = |g: &str| m.globals().find(|x| x.name() == g).and_then(|x| x.global_value_type()).expect("global");
    let show = |t: dtrans_ir::Type<'_>| t.to_string();

    assert_eq!(show(r.remap_llvm(&m, ty("g")).unwrap()), "[4 x [5 x %__DDT_struct.A]]");
    assert_eq!(show(r.remap_llvm(&m, ty("h")).unwrap()), "{ i32, %__DDT_struct.A }");
    // Pointers are opaque: nothing to replace.
    assert_eq!(r.remap_llvm(&m, ty("v")).unwrap(), ty("v"));
    assert!(!r.changes_llvm(&m, ty("d")).unwrap());
    // A function type with the structure by value.
    let f = m.function("byval").expect("f").function_type();
    assert_eq!(show(r.remap_llvm(&m, f).unwrap()), "void (%__DDT_struct.A, ptr)");
    // The same answer twice (cached), and the new type maps to itself.
    assert_eq!(r.remap_llvm(&m, ty("g")).unwrap(), r.remap_llvm(&m, ty("g")).unwrap());
    assert_eq!(r.remap_llvm(&m, new_a).unwrap(), new_a);
    // A named structure holding A is not rebuilt here: it is a dependent.
    assert_eq!(r.remap_llvm(&m, ty("c")).unwrap(), ty("c"));
}

#[test]
fn llvm_dependents_are_found_to_a_fixed_point() {
    let ctx = Context::new();
    let m = Module::parse_bytes(&ctx, IR.as_bytes(), Path::new("t.ll")).expect("parses");
    let a = m.struct_type("struct.A").expect("A");
    let new_a = m.create_opaque_struct("__DDT_struct.A");
    let mut r = TypeRemapper::new();
    r.add_llvm(a, new_a);
    let structs: Vec<_> = ["struct.A", "struct.B", "struct.C", "struct.D", "struct.L"]
        .iter()
        .map(|n| m.struct_type(n).expect("struct"))
        .collect();
    let deps: Vec<String> =
        r.llvm_dependents(&m, &structs).unwrap().into_iter().map(|t| t.struct_name().unwrap_or_default()).collect();
    // B holds A; C holds B through an array (found in a later pass); L
    // holds A after a pointer. D holds only a pointer: not a dependent.
    let mut sorted = deps.clone();
    sorted.sort();
    assert_eq!(sorted, ["struct.B", "struct.C", "struct.L"]);
    assert!(deps.iter().position(|d| d == "struct.B") < deps.iter().position(|d| d == "struct.C"));
}

const DTRANS: &str = r#"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%struct.A = type { i32, ptr }
%struct.P = type { ptr, i32 }
%struct.Q = type { ptr }
%struct.R = type { i64 }
@a = global %struct.A zeroinitializer, !intel_dtrans_type !10
@p = global %struct.P zeroinitializer, !intel_dtrans_type !11
@q = global %struct.Q zeroinitializer, !intel_dtrans_type !12
@r = global %struct.R zeroinitializer, !intel_dtrans_type !13
!intel.dtrans.types = !{!0, !3, !5, !7}
!0 = !{!"S", %struct.A zeroinitializer, i32 2, !1, !2}
!1 = !{i32 0, i32 0}
!2 = !{%struct.A zeroinitializer, i32 1}
!3 = !{!"S", %struct.P zeroinitializer, i32 2, !4, !1}
!4 = !{%struct.A zeroinitializer, i32 2}
!5 = !{!"S", %struct.Q zeroinitializer, i32 1, !6}
!6 = !{%struct.P zeroinitializer, i32 1}
!7 = !{!"S", %struct.R zeroinitializer, i32 1, !8}
!8 = !{i64 0, i32 0}
!10 = !{%struct.A zeroinitializer, i32 0}
!11 = !{%struct.P zeroinitializer, i32 0}
!12 = !{%struct.Q zeroinitializer, i32 0}
!13 = !{%struct.R zeroinitializer, i32 0}
"#;

#[test]
fn dtrans_types_follow_pointers_and_recursion() {
    let ctx = Context::new();
    let m = Module::parse_bytes(&ctx, DTRANS.as_bytes(), Path::new("t.ll")).expect("parses");
    let types = read_module(&m);
    assert!(types.diagnostics.is_empty(), "{:?}", types.diagnostics);
    let mut tm: TypeManager = types.tm;
    let a = tm.lookup_struct("struct.A").expect("A");
    let new_a = tm.named_struct("__DDT_struct.A");
    let mut r = TypeRemapper::new();
    r.add_dtrans(a, new_a);
    // Pointers to A (at any depth), arrays, literal structures and
    // function types are rebuilt.
    let pa = tm.pointer_to(a);
    let ppa = tm.pointer_to(pa);
    let arr = tm.array(3, ppa);
    let i32t = tm.int(32);
    let lit = tm.literal_struct(vec![i32t, arr], false);
    let fun = tm.function(pa, vec![lit, i32t], false);
    let show = |tm: &TypeManager, t| tm.display(t).to_string();
    let got = r.remap_dtrans(&mut tm, fun);
    assert_eq!(show(&tm, got), "%__DDT_struct.A* ({ i32, [3 x %__DDT_struct.A**] }, i32)");
    assert_eq!(r.remap_dtrans(&mut tm, i32t), i32t);
    // P points to A twice over, Q to P: both dependents (Q only through P).
    // A refers to itself, which does not make it its own dependent; R
    // refers to nothing replaced.
    let mut deps: Vec<String> = r.dtrans_dependents(&mut tm).into_iter().map(|t| show(&tm, t)).collect();
    deps.sort();
    assert_eq!(deps, ["%struct.P", "%struct.Q"]);
}

#[test]
fn arrays_of_a_replacement_without_its_body_yet_and_mappings_added_late() {
    let ctx = Context::new();
    let m = Module::parse_bytes(&ctx, IR.as_bytes(), Path::new("t.ll")).expect("parses");
    let a = m.struct_type("struct.A").expect("A");
    let g = m.globals().find(|x| x.name() == "g").and_then(|x| x.global_value_type()).expect("g");
    let mut r = TypeRemapper::new();
    // Asked before A has a replacement: nothing to replace yet.
    assert_eq!(r.remap_llvm(&m, g).unwrap(), g);
    // The replacement is still opaque when the arrays around it are built
    // (dependent bodies are set after); the earlier answer is forgotten.
    let new_a = m.create_opaque_struct("__DDT_struct.A");
    r.add_llvm(a, new_a);
    assert_eq!(r.remap_llvm(&m, g).unwrap().to_string(), "[4 x [5 x %__DDT_struct.A]]");
}
