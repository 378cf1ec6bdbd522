//! Reader tests that need a module: forward references, recursion, writer
//! round trip.
use std::path::Path;

use dtrans_ir::{Context, Module};
use dtrans_types::{read_module, strip_dtrans_metadata, MetadataWriter, ModuleTypes, StructSource};

fn definitions(src: &str) -> (Vec<String>, usize) {
    let ctx = Context::new();
    let m = Module::parse_bytes(&ctx, src.as_bytes(), Path::new("t.ll")).expect("parses");
    let t = read_module(&m);
    (t.structs.iter().map(|(id, _)| t.tm.struct_definition(*id)).collect(), t.diagnostics.len())
}

const MUTUAL: &str = r#"
%struct.a = type { ptr, i32 }
%struct.b = type { ptr, ptr }
!intel.dtrans.types = !{!0, !3}
!0 = !{!"S", %struct.a zeroinitializer, i32 2, !1, !2}
!1 = !{%struct.b zeroinitializer, i32 1}
!2 = !{i32 0, i32 0}
!3 = !{!"S", %struct.b zeroinitializer, i32 2, !4, !5}
!4 = !{%struct.a zeroinitializer, i32 1}
!5 = !{%struct.b zeroinitializer, i32 2}
"#;

#[test]
fn forward_references_and_mutual_recursion() {
    let (defs, diags) = definitions(MUTUAL);
    assert_eq!(diags, 0);
    assert_eq!(defs, ["%struct.a = type { %struct.b*, i32 }", "%struct.b = type { %struct.a*, %struct.b** }"]);
}

#[test]
fn writer_round_trip_gives_the_same_types() {
    let ctx = Context::new();
    let mut m = Module::parse_bytes(&ctx, MUTUAL.as_bytes(), Path::new("t.ll")).unwrap();
    let before = definitions(MUTUAL).0;
    // Keep the plain data only: handles into `m` cannot live across the strip.
    let ModuleTypes { tm, structs, .. } = read_module(&m);
    strip_dtrans_metadata(&mut m);
    assert!(m.named_metadata("intel.dtrans.types").is_none());
    let described: Vec<_> = structs.iter().filter(|(_, s)| *s == StructSource::Metadata).map(|(id, _)| *id).collect();
    assert!(MetadataWriter::new(&m, &tm).write_struct_list(&described).is_empty());
    m.verify().unwrap();
    let text = m.to_ir_string();
    assert!(text.contains(r#"!{!"S", %struct.a zeroinitializer, i32 2, "#), "{text}");
    assert_eq!(definitions(&text), (before, 0));
}
