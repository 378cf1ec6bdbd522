//! OptBase's steps on a module the layout passes would refuse: a test pass
//! replaces one structure by a copy of the same layout whatever the
//! analysis says, so that step 6 (new prototypes for a structure passed
//! and returned by value, and a `byval` of it) and step 7 (a global of it)
//! run; the result must verify and name only the new type.
use std::path::Path;

use dtrans_analysis::TypeSource;
use dtrans_ir::{Context, Module, Type};
use dtrans_transforms::optbase::{self, OptContext, OptError, OptPass, PassFactory};

const IR: &str = r#"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%struct.S = type { i32, i64 }
@g = internal global %struct.S { i32 1, i64 2 }
define internal %struct.S @make(i64 %v) {
  %s = insertvalue %struct.S zeroinitializer, i64 %v, 1
  ret %struct.S %s
}
define internal i64 @sum(%struct.S %s, ptr byval(%struct.S) %p) {
  %a = extractvalue %struct.S %s, 1
  %q = getelementptr %struct.S, ptr %p, i32 0, i32 1
  %b = load i64, ptr %q
  %c = add i64 %a, %b
  ret i64 %c
}
define i64 @main() {
  %v = call %struct.S @make(i64 5)
  %r = call i64 @sum(%struct.S %v, ptr byval(%struct.S) @g)
  ret i64 %r
}
"#;

struct Rename;

impl PassFactory for Rename {
    fn prefix(&self) -> &'static str {
        "__T_"
    }

    fn build<'m>(&self, _m: &'m Module<'_>) -> Box<dyn OptPass<'m> + 'm> {
        Box::new(RenamePass)
    }
}

struct RenamePass;

impl<'m> OptPass<'m> for RenamePass {
    fn prepare_types(&mut self, cx: &mut OptContext<'m, '_>) -> Result<(), OptError> {
        let s = cx.m.struct_type("struct.S").expect("struct.S");
        cx.add_own(s);
        Ok(())
    }

    fn populate_types(&mut self, cx: &mut OptContext<'m, '_>) -> Result<(), OptError> {
        for (old, new) in cx.own.clone() {
            let fields: Vec<Type<'m>> = old.struct_fields().into_iter().map(|f| cx.remap(f)).collect();
            cx.own_bodies.push((new, fields, false));
        }
        Ok(())
    }
}

#[test]
fn new_prototypes_for_structures_passed_by_value() {
    let ctx = Context::new();
    let mut m = Module::parse_bytes(&ctx, IR.as_bytes(), Path::new("t.ll")).expect("parses");
    let out = optbase::run(&mut m, &Rename, TypeSource::Ir, &[]).expect("runs");
    assert_eq!(out.globals_replaced, 1);
    m.verify().expect("the result verifies");
    let text = m.to_ir_string();
    assert!(text.contains("define internal %__T_struct.S @make(i64 %v)"), "{text}");
    assert!(text.contains("define internal i64 @sum(%__T_struct.S %s, ptr byval(%__T_struct.S) %p)"), "{text}");
    assert!(text.contains("call i64 @sum(%__T_struct.S %v, ptr byval(%__T_struct.S) @g)"), "{text}");
    assert!(text.contains("@g = internal global %__T_struct.S { i32 1, i64 2 }"), "{text}");
    assert!(!text.contains("%struct.S"), "{text}");
    assert_eq!(text.matches("define").count(), 3, "{text}");
}
