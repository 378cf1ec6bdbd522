//! LLVM's ValueMapper driven by the TypeRemapper (through the shim): a
//! function body and a global's initializer move from %struct.A to a copy
//! with the same layout; the module verifies and names A nowhere in code.
use std::path::Path;

use dtrans_ir::{Context, Module};
use dtrans_transforms::TypeRemapper;

const IR: &str = r#"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%struct.A = type { i32, i64 }
%struct.B = type { ptr }
@g = global %struct.A { i32 1, i64 2 }
@arr = global [2 x %struct.A] zeroinitializer
declare void @take(ptr byval(%struct.A))
define i64 @f(ptr %p, i64 %i) {
  %l = alloca %struct.A
  %q = getelementptr inbounds %struct.A, ptr %p, i64 %i, i32 1
  %v = load i64, ptr %q
  %w = load i64, ptr getelementptr inbounds (%struct.A, ptr @g, i64 0, i32 1)
  %e = getelementptr [2 x %struct.A], ptr @arr, i64 0, i64 1, i32 0
  store i32 3, ptr %e
  call void @take(ptr byval(%struct.A) %l)
  %s = add i64 %v, %w
  ret i64 %s
}
"#;

#[test]
fn bodies_and_initializers_are_remapped_by_llvm() {
    let ctx = Context::new();
    let m = Module::parse_bytes(&ctx, IR.as_bytes(), Path::new("t.ll")).expect("parses");
    {
        let m: &Module<'_> = &m;
        let a = m.struct_type("struct.A").expect("A");
        let new_a = m.create_opaque_struct("__DDT_struct.A");
        m.set_struct_body(new_a, &a.struct_fields(), false).expect("body");
        let mut r = TypeRemapper::new();
        r.add_llvm(a, new_a);
        let mut map = |t| r.remap_llvm(m, t).unwrap_or(t);
        // The initializer of @g, mapped to the new type.
        let g = m.globals().find(|x| x.name() == "g").expect("g");
        let init = g.initializer().expect("init").map_constant(&mut map, &[]).expect("mapped");
        assert_eq!(init.ty(), new_a);
        // The body of @f.
        let f = m.function("f").expect("f");
        f.remap_types(&mut map, &[]);
    }
    m.verify().expect("the remapped module verifies");
    let text = m.to_ir_string();
    let body = &text[text.find("define i64 @f").expect("f")..];
    assert!(!body.contains("%struct.A"), "{body}");
    assert!(body.contains("alloca %__DDT_struct.A"), "{body}");
    assert!(body.contains("getelementptr inbounds %__DDT_struct.A, ptr %p"), "{body}");
    assert!(body.contains("[2 x %__DDT_struct.A]"), "{body}");
    assert!(body.contains("byval(%__DDT_struct.A)"), "{body}");
    // The constant expression on @g: remapped by LLVM, or folded to a byte
    // offset (which no longer names a type).
    assert!(!body.contains("getelementptr inbounds (%struct.A"), "{body}");
}
