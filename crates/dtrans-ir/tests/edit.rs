//! The editing API: the builder refuses ill-typed instructions, marked
//! values are erased all or nothing, bodies move between functions.
use std::path::Path;

use dtrans_ir::{Context, EditError, IntPredicate, Module, Opcode, TypeKind};

const SRC: &str = r#"
define i32 @f(ptr %p, i32 %x) {
entry:
  %v = load i32, ptr %p
  %s = add i32 %v, %x
  ret i32 %s
}

define i32 @g(ptr %p) {
  %r = call i32 @f(ptr %p, i32 1)
  ret i32 %r
}
"#;

fn parse(ctx: &Context) -> Module<'_> {
    let m = Module::parse_bytes(ctx, SRC.as_bytes(), Path::new("t.ll")).unwrap();
    m.verify().unwrap();
    m
}

#[test]
fn builder_checks_types_and_position() {
    let ctx = Context::new();
    let m = parse(&ctx);
    let f = m.function("f").unwrap();
    let [p, x] = f.params()[..] else { panic!() };
    let i64t = m.scalar_type(TypeKind::LLVMIntegerTypeKind, 64).unwrap();
    let b = m.builder();
    // Not positioned: refused, nothing built.
    assert_eq!(b.ptr_to_int(p, i64t, "").unwrap_err(), EditError::NotPositioned);
    let load = f.instructions().next().unwrap();
    b.position_before(load);
    b.set_debug_location_from(load);
    assert!(matches!(b.int_to_ptr(p, p.ty(), ""), Err(EditError::Type(_))), "a pointer is no integer");
    assert!(matches!(b.add(p, x, ""), Err(EditError::Type(_))));
    assert!(matches!(b.load(p.ty(), x, ""), Err(EditError::Type(_))), "x is no address");
    assert!(matches!(b.call(f.function_type(), f.as_value(), &[x], ""), Err(EditError::Type(_))));
    assert!(matches!(b.select(x, x, x, ""), Err(EditError::Type(_))), "an i32 is no condition");
    // Well-typed: built before the load.
    let pi = b.ptr_to_int(p, i64t, "pi").unwrap();
    let back = b.int_to_ptr(pi, p.ty(), "back").unwrap();
    let c = b.icmp(IntPredicate::LLVMIntEQ, pi, pi, "c").unwrap();
    assert_eq!(c.ty().int_width(), Some(1));
    assert!(matches!(load.set_operand(0, x), Err(EditError::Type(_))), "operand types are kept");
    load.set_operand(0, back).unwrap();
    assert!(matches!(pi.replace_all_uses_with(x), Err(EditError::Type(_))));
    assert!(matches!(pi.replace_all_uses_with(pi), Err(EditError::Invalid(_))));
    assert_eq!(p.users().len(), 1, "only the ptrtoint uses %p now");
    m.verify().unwrap();
    assert!(m.to_ir_string().contains("%v = load i32, ptr %back"));
}

#[test]
fn erase_marked_is_all_or_nothing() {
    let ctx = Context::new();
    let mut m = parse(&ctx);
    let kind = m.md_kind_id("test.dead");
    {
        let mark = m.md_tuple(&[]);
        let f = m.function("f").unwrap();
        let v = f.instructions().find(|i| i.opcode() == Opcode::LLVMLoad).unwrap();
        // %v is used by %s, which is not marked: refused.
        v.as_value().set_metadata(kind, Some(mark));
    }
    assert!(m.erase_marked(kind).is_err());
    assert!(m.to_ir_string().contains("%v = load"), "nothing erased");
    {
        let mark = m.md_tuple(&[]);
        let f = m.function("f").unwrap();
        for i in f.instructions().filter(|i| matches!(i.opcode(), Opcode::LLVMAdd | Opcode::LLVMRet)) {
            i.as_value().set_metadata(kind, Some(mark));
        }
        let entry = f.entry_block().unwrap();
        let b = m.builder();
        b.position_at_end(entry);
        b.ret(Some(m.const_int(32, 7))).unwrap();
    }
    assert_eq!(m.erase_marked(kind).unwrap(), (3, 0));
    m.verify().unwrap();
    assert!(m.to_ir_string().contains("ret i32 7"));
}

#[test]
fn a_body_moves_to_a_function_of_another_type() {
    let ctx = Context::new();
    let mut m = parse(&ctx);
    let kind = m.md_kind_id("test.dead");
    {
        let f = m.function("f").unwrap();
        let i64t = m.scalar_type(TypeKind::LLVMIntegerTypeKind, 64).unwrap();
        let i32t = m.scalar_type(TypeKind::LLVMIntegerTypeKind, 32).unwrap();
        let nty = m.function_type(i32t, &[i64t, i32t], false).unwrap();
        f.as_value().set_name("f.old");
        let nf = m.add_function("f", nty).unwrap();
        nf.take_body_from(f).unwrap();
        assert!(nf.take_body_from(f).is_err(), "a body only once");
        let [op, ox] = f.params()[..] else { panic!() };
        let [np, nx] = nf.params()[..] else { panic!() };
        let b = m.builder();
        b.position_before_with_records(nf.entry_block().unwrap().instructions().next().unwrap());
        let cast = b.int_to_ptr(np, op.ty(), "p").unwrap();
        op.replace_all_uses_with(cast).unwrap();
        ox.replace_all_uses_with(nx).unwrap();
        // The caller now calls @f with the old type: rebuild the call.
        f.as_value().replace_all_uses_with(nf.as_value()).unwrap();
        let g = m.function("g").unwrap();
        let call = g.instructions().find(|i| i.is_call()).unwrap();
        b.position_before(call);
        let arg = b.ptr_to_int(call.operand(0).unwrap(), i64t, "").unwrap();
        let nc = b.call(nty, nf.as_value(), &[arg, m.const_int(32, 1)], "").unwrap();
        call.as_value().replace_all_uses_with(nc.as_value()).unwrap();
        let mark = m.md_tuple(&[]);
        call.as_value().set_metadata(kind, Some(mark));
        f.as_value().set_metadata(kind, Some(mark));
    }
    assert_eq!(m.erase_marked(kind).unwrap(), (1, 1));
    m.verify().unwrap();
    let ir = m.to_ir_string();
    assert!(ir.contains("define i32 @f(i64 %0, i32 %1)") || ir.contains("define i32 @f(i64"), "{ir}");
    assert!(!ir.contains("f.old"), "{ir}");
}

#[test]
fn struct_bodies_are_set_once_on_opaque_named_structures() {
    let ctx = Context::new();
    let m = parse(&ctx);
    let i8t = m.scalar_type(TypeKind::LLVMIntegerTypeKind, 8).unwrap();
    let i32t = m.scalar_type(TypeKind::LLVMIntegerTypeKind, 32).unwrap();
    let f32t = m.scalar_type(TypeKind::LLVMFloatTypeKind, 0).unwrap();
    let ptr = m.pointer_type();
    let pad = m.array_type(i8t, 3).unwrap();
    assert_eq!(pad.to_string(), "[3 x i8]");
    assert_eq!(m.vector_type(f32t, 4).unwrap().to_string(), "<4 x float>");
    assert!(m.vector_type(pad, 2).is_err(), "arrays are no vector elements");
    assert!(m.vector_type(f32t, 0).is_err());
    let st = m.create_opaque_struct("struct.made");
    // An opaque structure is unsized: it cannot be a field of a body, not
    // even its own, directly or through an array; an array of it may be
    // built before its body is set (a dependent type's fields are).
    let early = m.array_type(st, 2).unwrap();
    assert!(!early.is_sized());
    assert!(m.set_struct_body(st, &[i32t, st], false).is_err());
    assert!(m.set_struct_body(st, &[i32t, early], false).is_err());
    assert!(st.is_opaque_struct(), "a refused body changes nothing");
    m.set_struct_body(st, &[i32t, pad, ptr], false).unwrap();
    let dl = m.data_layout();
    assert_eq!(dl.alloc_size(st), Some(16));
    assert_eq!(dl.field_offset(st, 2), Some(8));
    assert_eq!(dl.alloc_size(early), Some(32), "the early array is sized once its element is");
    // Set once: a second body would change every value of the type.
    assert!(m.set_struct_body(st, &[i32t], false).is_err());
    assert_eq!(st.struct_fields().len(), 3);
    // Literal structures, packed and not.
    let lit = m.literal_struct_type(&[i8t, ptr], true).unwrap();
    assert!(lit.is_packed_struct() && lit.is_literal_struct());
    assert_eq!(dl.alloc_size(lit), Some(9));
    assert!(m.set_struct_body(lit, &[i8t], false).is_err(), "a literal structure has no separate body");
    let other = Context::new();
    let om = parse(&other);
    assert!(m.set_struct_body(om.create_opaque_struct("x"), &[i8t], false).is_err(), "another context");
}
