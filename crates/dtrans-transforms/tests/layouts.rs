//! The new layouts and the translation of old byte positions
//! (`relayout::layouts`), on a structure reordered, one with a field
//! deleted, one split, and a structure holding one of them.
use std::path::Path;

use dtrans_ir::{Context, Module};
use dtrans_transforms::relayout::layouts::{Layouts, Piece, Pos};

const IR: &str = r#"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%struct.S = type { i8, [3 x i32], i8, i64 }
%struct.T = type { i32, %struct.S }
"#;

#[test]
fn positions_in_a_reordered_structure_and_its_holder() {
    let ctx = Context::new();
    let m = Module::parse_bytes(&ctx, IR.as_bytes(), Path::new("t.ll")).expect("parses");
    let s = m.struct_type("struct.S").expect("S");
    let t = m.struct_type("struct.T").expect("T");
    let mut lay = Layouts::new(m.data_layout());
    // S: c@0 arr@4 d@16 x@24 (32 bytes) -> c, d, arr, x: c@0 d@1 arr@4 x@16 (24).
    let p = lay.compute(s, &[0, 2, 1, 3]).expect("plan");
    assert_eq!(p.new_off, vec![Some(0), Some(4), Some(1), Some(16)]);
    assert_eq!((p.old_size, p.new_size, p.new_align), (32, 24, 8));
    lay.plans.insert(s, p);
    let q = lay.compute(t, &[0, 1]).expect("holder");
    assert_eq!(q.new_off, vec![Some(0), Some(8)]);
    assert_eq!(q.new_size, 32);
    lay.plans.insert(t, q);

    // Pointers: the object's start stays, a field's start moves with it,
    // a byte inside an array field moves with the field, whole objects
    // are new-size steps (either way).
    assert_eq!(lay.translate_in(s, 0), Pos::At(0));
    assert_eq!(lay.translate_in(s, 16), Pos::At(1));
    assert_eq!(lay.translate_in(s, 8), Pos::At(8));
    assert_eq!(lay.translate_ptr(s, 32 + 24), Pos::At(24 + 16));
    assert_eq!(lay.translate_ptr(s, -32 + 16), Pos::At(-24 + 1));
    assert_eq!(lay.translate_in(s, 2), Pos::Invalid); // padding
    assert_eq!(lay.translate_in(t, 8 + 16), Pos::At(8 + 1));
    // Accesses: at offset 0 of T the first field is reached, and the
    // first field of S inside T is at 8.
    assert_eq!(lay.translate_field(t, 8), Pos::At(8));
    let (leaf, ty) = lay.translate_leaf(s);
    assert_eq!((leaf, ty.to_string()), (Pos::At(0), "i8".to_string()));
    // `s.arr + 3` (byte 16) is also `&s.d`: either may be meant.
    assert!(lay.ambiguous_end(s, 16));
    assert!(!lay.ambiguous_end(s, 24));
    assert!(lay.ambiguous_end(t, 8 + 16));
    // A memset of arr and d (bytes 4 to 17): two pieces, d now before arr.
    let pieces = lay.pieces(s, 4, 13).expect("inside");
    assert_eq!(
        pieces,
        vec![Piece { old: 4, len: 12, new: Some(4), align: 4 }, Piece { old: 16, len: 1, new: Some(1), align: 1 }]
    );
    assert!(lay.pieces(s, 30, 8).is_none(), "leaves the object");
}

#[test]
fn deleted_and_moved_fields() {
    let ctx = Context::new();
    let m = Module::parse_bytes(&ctx, IR.as_bytes(), Path::new("t.ll")).expect("parses");
    let s = m.struct_type("struct.S").expect("S");
    let mut lay = Layouts::new(m.data_layout());
    // Delete d: c@0 arr@4 x@16 (24 bytes).
    let p = lay.compute(s, &[0, 1, 3]).expect("plan");
    assert_eq!(p.new_size, 24);
    lay.plans.insert(s, p);
    assert_eq!(lay.translate_in(s, 16), Pos::Deleted { owner: s, field: 2 });
    let pieces = lay.pieces(s, 4, 13).expect("inside");
    assert_eq!(pieces[1], Piece { old: 16, len: 1, new: None, align: 1 });

    // Split x and d into a side record: c@0 arr@4 stay (16 bytes), the
    // side record is { i64 x, i8 d } (x@0 d@8, 16 bytes).
    let mut lay = Layouts::new(m.data_layout());
    let p = lay.compute_split(s, &[0, 1], &[vec![3, 2]]).expect("split");
    assert_eq!(p.new_size, 16);
    assert_eq!(p.side, vec![None, None, Some((0, 8)), Some((0, 0))]);
    assert_eq!(p.groups[0].size, 16);
    lay.plans.insert(s, p);
    assert_eq!(lay.translate_ptr(s, 32 + 24), Pos::Side { owner: s, field: 3, off: 0, elements: 1 });
}
