//! Applying the planned rewrites of one function (step 8a). Each action
//! re-reads the operands it changes, so actions compose: an address built
//! by one is the operand another adds to.
use dtrans_ir::{Builder, Function, Instruction, Metadata, Module, Type, Value, ValueKind};
use rustc_hash::FxHashMap as HashMap;

use super::blocked;
use super::layouts::{Layouts, Pos};
use super::plan::{const_address, ptr_of, rescale, Action};
use crate::optbase::{OptContext, OptError};

fn edit(e: impl std::fmt::Display) -> OptError {
    OptError::Unsupported(e.to_string())
}

fn at<'m>(b: &Builder<'m>, i: Instruction<'m>) {
    b.position_before(i);
    b.set_debug_location_from(i);
}

/// The constant address `c` (a GEP chain on a global) in the new layout.
pub fn rebuild_address<'m>(m: &'m Module<'_>, lay: &Layouts<'m>, c: Value<'m>) -> Result<Value<'m>, OptError> {
    if let Some(x) = blocked_constant(m, lay, c, true)? {
        return Ok(x);
    }
    if let Some((g, x)) = super::plan::const_new_address(lay, c) {
        return Ok(m.const_byte_offset(g, x, c.gep_is_inbounds())?);
    }
    let (g, off) = const_address(lay, c).ok_or_else(|| edit(format!("{c} is not a constant address")))?;
    let gt = g.global_value_type().expect("a global variable");
    match lay.translate_ptr(gt, off) {
        Pos::At(x) => Ok(m.const_byte_offset(g, x, c.gep_is_inbounds())?),
        Pos::Side { owner, field, off, elements } => side_constant(m, lay, c, (owner, field, off, elements)),
        _ => Err(edit(format!("{c} is not at a field of the new layout"))),
    }
}

/// The constant address `c` of what a load or store through it reaches
/// (its first field at any depth), which moved to a side record of a
/// global array.
fn rebuild_leaf_address<'m>(m: &'m Module<'_>, lay: &Layouts<'m>, c: Value<'m>) -> Result<Value<'m>, OptError> {
    if let Some(x) = blocked_constant(m, lay, c, false)? {
        return Ok(x);
    }
    let (g, off) = const_address(lay, c).ok_or_else(|| edit(format!("{c} is not a constant address")))?;
    let gt = g.global_value_type().expect("a global variable");
    match lay.translate_field(gt, off as u64) {
        Pos::Side { owner, field, off, elements } => side_constant(m, lay, c, (owner, field, off, elements)),
        _ => Err(edit(format!("{c} does not reach a moved field"))),
    }
}

/// Constant address `c` into a global array laid out in blocks, in the
/// blocks (`pointer`: a place a pointer holds; else the field a load or
/// store there reaches); `None` when `c` is not such an address.
fn blocked_constant<'m>(
    m: &'m Module<'_>,
    lay: &Layouts<'m>,
    c: Value<'m>,
    pointer: bool,
) -> Result<Option<Value<'m>>, OptError> {
    let Some((g, off)) = const_address(lay, c) else { return Ok(None) };
    let Some((owner, _)) = g.global_value_type().and_then(|t| lay.blocked_array(t)) else { return Ok(None) };
    let x = lay.blocked_offset(owner, off, pointer).ok_or_else(|| edit(format!("{c} is not at a field of {owner}")))?;
    Ok(Some(m.const_byte_offset(g, x, c.gep_is_inbounds())?))
}

/// The constant address, in the side records' global array of split
/// structure `owner`, of byte `off` of field `field` of element
/// `elements` (for the constant address `c`).
fn side_constant<'m>(
    m: &'m Module<'_>,
    lay: &Layouts<'m>,
    c: Value<'m>,
    (owner, field, off, elements): (Type<'m>, u32, u64, i64),
) -> Result<Value<'m>, OptError> {
    let storage = lay.side_storage.get(&owner).ok_or_else(|| edit(format!("{c}: {owner} is not in a global array")))?;
    let plan = lay.plan(owner).ok_or_else(|| edit(format!("no plan for {owner}")))?;
    let (k, at) = plan.side[field as usize].ok_or_else(|| edit(format!("{c}: field {field} not moved")))?;
    let x = elements * plan.groups[k as usize].size as i64 + (at + off) as i64;
    Ok(m.const_byte_offset(storage[k as usize], x, c.gep_is_inbounds())?)
}

/// The arrays of a structure split by peel or aos-to-soa: globals holding
/// the address of the main array (the structure's remaining fields, where
/// pointers to it point) and of each side array, and the side records.
pub struct SplitArrays<'m> {
    pub base: Value<'m>,
    pub sides: Vec<Value<'m>>,
    pub records: Vec<Type<'m>>,
}

/// What the actions need beyond the layouts: the arrays of split
/// structures, the checks of narrowed fields.
pub struct Splits<'m> {
    /// Per checked narrowed field (old structure, old field): the function
    /// that stops the program when a stored value does not fit.
    pub narrow_checks: HashMap<(Type<'m>, u32), Function<'m>>,
    pub arrays: HashMap<Type<'m>, SplitArrays<'m>>,
    /// A TBAA tag for loads of a pointer (`any pointer`), so that loads of
    /// the array addresses are known not to alias the fields' stores.
    pub pointer_tag: Option<Metadata<'m>>,
    /// Per structure laid out in blocks: its copy and set helpers
    /// (`blocked::build_whole`).
    pub blocks: HashMap<Type<'m>, (Function<'m>, Function<'m>)>,
    /// The allocation helpers, when a structure is laid out in blocks.
    pub(super) block_fns: Option<blocked::BlockFns<'m>>,
    /// Per structure laid out in blocks whose small arrays share blocks:
    /// its allocation helpers (`blocked::build_slab`).
    pub(super) slabs: HashMap<Type<'m>, blocked::SlabFns<'m>>,
    /// Steps over a variable count of elements of a structure in blocks
    /// call `blocked::step_function` instead of computing in place.
    pub step_calls: bool,
}

/// A step of `k` elements (variable, or one: a pointer walk's step) from
/// element pointer `p`: in place, or a call of the geometry's step
/// function (`Splits::step_calls`).
fn block_step<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    splits: &Splits<'m>,
    g: &super::layouts::BlockGeom,
    p: Value<'m>,
    k: Value<'m>,
) -> Result<Value<'m>, OptError> {
    if !splits.step_calls || k.const_int_value().is_some_and(|c| c != 1) {
        return blocked::step(m, b, g, p, k);
    }
    let f = blocked::step_function(m, g)?;
    Ok(b.call(f.function_type(), f.as_value(), &[p, k], "")?.as_value())
}

pub fn apply<'m>(
    cx: &OptContext<'m, '_>,
    lay: &Layouts<'m>,
    actions: &[Action<'m>],
    splits: &Splits<'m>,
    tbaa: &super::tbaa::TbaaRewrite<'m>,
) -> Result<(), OptError> {
    let m = cx.m;
    let b = m.builder();
    // Constant operands first: the instruction-level actions read them.
    for a in actions {
        if let Action::ConstOperand { inst, op } = a {
            let c = inst.operand(*op).expect("planned operand");
            let n = rebuild_address(m, lay, c)?;
            inst.set_operand(*op, n)?;
        }
    }
    for a in actions {
        match a {
            Action::ConstOperand { .. } => {}
            Action::LowerGep { gep } => lower_gep(cx, lay, &b, *gep)?,
            Action::ByteGep { gep, offset } => {
                at(&b, *gep);
                let base = gep.operand(0).expect("GEP base");
                let n = b.byte_offset(base, *offset, gep.as_value().gep_is_inbounds(), "")?;
                gep.as_value().replace_all_uses_with(n)?;
                cx.mark_erased(gep.as_value());
            }
            Action::VarGep { gep, old, new } => {
                at(&b, *gep);
                let idx = gep.operand(1).expect("GEP index");
                let n = rescale(m, idx, *old, *new, Some(&b)).map_err(edit)?.expect("built");
                gep.set_operand(1, n)?;
            }
            Action::ChoiceGep { gep, map } => {
                // The phi or select of offsets serves only this GEP: its
                // constants are replaced in place.
                let choice = gep.operand(1).and_then(|c| c.as_instruction()).expect("a phi or select");
                let first = if choice.opcode() == dtrans_ir::Opcode::LLVMSelect { 1 } else { 0 };
                for k in first..choice.num_operands() {
                    let Some(c) = choice.operand(k).and_then(|c| c.const_int_value()) else { continue };
                    if let Some((_, new)) = map.iter().find(|(old, _)| *old == c) {
                        choice.set_operand(k, m.const_int_of(choice.as_value().ty(), *new)?)?;
                    }
                }
            }
            Action::LeafAddr { inst, op, offset } => {
                at(&b, *inst);
                let p = inst.operand(*op).expect("address");
                let n = b.byte_offset(p, *offset, true, "")?;
                inst.set_operand(*op, n)?;
            }
            Action::Erase { inst } => cx.mark_erased(inst.as_value()),
            Action::ReplaceLoad { load, value } => {
                let v = load.as_value();
                let c = constant_of(m, v.ty(), value).ok_or_else(|| edit(format!("{value} as a {}", v.ty())))?;
                v.replace_all_uses_with(c)?;
                cx.mark_erased(v);
            }
            Action::Rescale { inst, op, old, new } => {
                at(&b, *inst);
                let v = inst.operand(*op).expect("size operand");
                let n = rescale(m, v, *old, *new, Some(&b)).map_err(edit)?.expect("built");
                inst.set_operand(*op, n)?;
            }
            Action::Split { call, pieces, base_new, bytes } => split(cx, &b, *call, pieces, *base_new, *bytes)?,
            Action::SetConst { inst, op, value } => {
                let ty = inst.operand(*op).expect("operand").ty();
                inst.set_operand(*op, m.const_int_of(ty, *value)?)?;
            }
            Action::DivChain { last, diff, new, signed } => {
                at(&b, *last);
                let d = m.const_int_of(diff.ty(), *new as i64)?;
                let q = b.div(*diff, d, *signed, true, "")?;
                last.as_value().replace_all_uses_with(q)?;
                cx.mark_erased(last.as_value());
            }
            Action::SideGep { gep } => {
                at(&b, *gep);
                let v = gep.as_value();
                let src = gep.gep_source_type().expect("a GEP");
                let idx: Vec<Value<'m>> = v.gep_indices().unwrap_or_default();
                let base = gep.operand(0).expect("GEP base");
                let elem =
                    if idx[0].const_int_value() == Some(0) { base } else { b.gep(src, base, &idx[..1], true, "")? };
                let k = idx[1].const_uint_value().expect("constant field index") as u32;
                let addr = field_path(m, &b, lay, splits, (src, k), elem, &idx[2..])?;
                v.replace_all_uses_with(addr)?;
                cx.mark_erased(v);
            }
            Action::SideByteGep { gep, owner, field, off, elements } => {
                at(&b, *gep);
                let base = gep.operand(0).expect("GEP base");
                let elem =
                    if *elements == 0 { base } else { b.gep(*owner, base, &[m.const_int(64, *elements)], true, "")? };
                let addr = side_address(m, &b, lay, splits, *owner, *field, elem, *off)?;
                gep.as_value().replace_all_uses_with(addr)?;
                cx.mark_erased(gep.as_value());
            }
            Action::SideLeaf { inst, op, owner, field } => {
                at(&b, *inst);
                let elem = inst.operand(*op).expect("address");
                let addr = side_address(m, &b, lay, splits, *owner, *field, elem, 0)?;
                inst.set_operand(*op, addr)?;
            }
            Action::AllocSplit { call, owner, op, count, zeroed, check } => {
                // The check first: it reads the size argument before the
                // split rewrites it.
                if *check {
                    index_check(m, &b, lay, *call, *owner, (*op, *count))?;
                }
                alloc_split(m, &b, lay, splits, *call, *owner, (*op, *count, *zeroed))?;
            }
            Action::ResizeSplit { call, owner, old, op } => {
                resize_split(m, &b, lay, splits, *call, *owner, (*old, *op))?;
            }
            Action::ConstLeaf { inst, op, addr } => {
                inst.set_operand(*op, rebuild_leaf_address(m, lay, *addr)?)?;
            }
            Action::Index { inst, op, target } => index_access(cx, &b, lay, splits, *inst, *op, *target)?,
            Action::Narrow { inst, op, owner, narrow } => {
                let check = splits.narrow_checks.get(&(*owner, narrow.field)).copied();
                narrow_access(cx, &b, *inst, *op, *narrow, check)?
            }
            Action::SplitWhole { call, owner } => split_whole(m, &b, lay, splits, *call, *owner)?,
            Action::FreeSplit { call, owner } => {
                // Only a free of the array itself frees the side arrays (a
                // free of null frees nothing); they are then forgotten.
                at(&b, *call);
                let arrays = &splits.arrays[owner];
                let fty = m.function_type(m.void_type(), &[m.pointer_type()], false)?;
                let free = Function::get_or_declare(m, "free", fty).ok_or_else(|| edit("`free` of another type"))?;
                let p = call.call_arg(0).expect("the pointer freed");
                let null = m.const_null(m.pointer_type());
                let base = load_pointer(m, &b, splits, arrays.base)?;
                let is_base = b.icmp(dtrans_ir::IntPredicate::LLVMIntEQ, p, base, "")?;
                let not_null = b.icmp(dtrans_ir::IntPredicate::LLVMIntNE, p, null, "")?;
                let array = b.select(is_base, not_null, m.const_int(1, 0), "")?;
                for s in arrays.sides.iter().chain(std::iter::once(&arrays.base)) {
                    let old = load_pointer(m, &b, splits, *s)?;
                    if *s != arrays.base {
                        let gone = b.select(array, old, null, "")?;
                        b.call(fty, free.as_value(), &[gone], "")?;
                    }
                    let kept = b.select(array, null, old, "")?;
                    b.store(kept, *s)?;
                }
            }
            Action::BlockStep { gep, owner } => {
                at(&b, *gep);
                let first = gep.operand(1).expect("GEP index");
                let k = b.int_cast(first, m.int_type(64), true, "")?;
                let e = block_step(m, &b, splits, block_geom(lay, *owner)?, gep.operand(0).expect("GEP base"), k)?;
                gep.set_operand(0, e)?;
                gep.set_operand(1, m.const_int_of(first.ty(), 0)?)?;
            }
            Action::BlockAlloca { alloca, owner } => {
                let t = alloca.allocated_type().expect("an alloca");
                let (_, n) = lay.blocked_array(t).ok_or_else(|| edit(format!("{t} is no array of {owner}")))?;
                let g = block_geom(lay, *owner)?;
                let bytes = n.div_ceil(g.per).saturating_mul(g.bytes);
                let align = u32::try_from(g.align.max(u64::from(alloca.alignment().unwrap_or(1))))
                    .map_err(|_| edit(format!("blocks of {owner} aligned beyond 4 GiB")))?;
                at(&b, *alloca);
                let new = b.alloca(m.array_type(m.int_type(8), bytes)?, align, "")?;
                alloca.as_value().replace_all_uses_with(new.as_value())?;
                cx.mark_erased(alloca.as_value());
            }
            Action::BlockArrayGep { gep, owner } => block_array_gep(m, &b, lay, splits, *gep, *owner, cx)?,
            Action::BlockByte { gep, owner, elements, pos } => {
                at(&b, *gep);
                let g = block_geom(lay, *owner)?;
                let e = block_step(m, &b, splits, g, gep.operand(0).expect("GEP base"), m.const_int(64, *elements))?;
                let addr = match *pos {
                    Pos::At(x) => b.byte_offset(e, x, false, "")?,
                    Pos::Side { owner: o, field, off, elements: 0 } => {
                        side_address(m, &b, lay, splits, o, field, e, off)?
                    }
                    p => return Err(edit(format!("{}: {p:?} after a step over elements", gep.as_value()))),
                };
                gep.as_value().replace_all_uses_with(addr)?;
                cx.mark_erased(gep.as_value());
            }
            Action::BlockVar { gep, owner } => {
                at(&b, *gep);
                let k = elements_of(m, &b, lay, *gep, *owner)?;
                let e = block_step(m, &b, splits, block_geom(lay, *owner)?, gep.operand(0).expect("GEP base"), k)?;
                gep.as_value().replace_all_uses_with(e)?;
                cx.mark_erased(gep.as_value());
            }
            Action::BlockInside { gep, owner, field, elements } => {
                at(&b, *gep);
                let k = match elements {
                    Some(k) => m.const_int(64, *k),
                    None => elements_of(m, &b, lay, *gep, *owner)?,
                };
                let plan = lay.plan(*owner).ok_or_else(|| edit(format!("no plan for {owner}")))?;
                let group = plan.side[*field as usize].map_or(0, |(g, _)| g as usize + 1);
                let base = gep.operand(0).expect("GEP base");
                let e = blocked::step_in(m, &b, block_geom(lay, *owner)?, base, k, group)?;
                gep.as_value().replace_all_uses_with(e)?;
                cx.mark_erased(gep.as_value());
            }
            Action::BlockDiff { sub, owner } => {
                at(&b, *sub);
                let (x, y) = (sub.operand(0).and_then(ptr_of), sub.operand(1).and_then(ptr_of));
                let (x, y) =
                    x.zip(y).ok_or_else(|| edit(format!("{} is no difference of pointers", sub.as_value())))?;
                let d = blocked::difference(m, &b, block_geom(lay, *owner)?, x, y)?;
                let bytes = b.mul(d, m.const_int(64, lay.old_size(*owner) as i64), "")?;
                let v = sub.as_value();
                let bytes = b.int_cast(bytes, v.ty(), true, "")?;
                v.replace_all_uses_with(bytes)?;
                cx.mark_erased(v);
            }
            Action::BlockAlloc { call, owner, op, count, kind } => {
                block_alloc(cx, &b, lay, splits, *call, *owner, (*op, *count, *kind))?;
            }
            Action::BlockFree { call, arg, owner } => {
                // The block the array came in (an array in a slab: kept
                // for the next one, null to the library).
                at(&b, *call);
                let fns = splits.block_fns.as_ref().ok_or_else(|| edit("no block allocation helpers"))?;
                let p = call.call_arg(*arg).expect("the pointer freed");
                let release = splits.slabs.get(owner).map_or(fns.raw, |s| s.release);
                let raw = b.call(release.function_type(), release.as_value(), &[p], "")?;
                call.set_call_arg(*arg, raw.as_value())?;
                // (The block of an array in a slab is null: a `nonnull` the
                // optimizer put on the program's free would make that path
                // undefined, and LLVM drops it, the slab's lock with it.)
                call.drop_call_site_attribute_facts();
            }
            Action::BlockSort { call, owner } => {
                let fns = splits.block_fns.as_ref().ok_or_else(|| edit("no block allocation helpers"))?;
                let (copy, _) = splits.blocks.get(owner).ok_or_else(|| edit(format!("no helpers for {owner}")))?;
                let name = format!("__dtrans_blocks_sort.{}", owner.struct_name().unwrap_or_default());
                let sort = blocked::build_sort(m, &name, block_geom(lay, *owner)?, fns, *copy)?;
                let cmp = call.call_arg(3).and_then(|c| c.as_function()).ok_or_else(|| edit("qsort's comparison"))?;
                let cmp = blocked::build_sort_cmp(m, cmp)?;
                at(&b, *call);
                let n = to_i64(m, &b, call.call_arg(1).expect("the count"))?;
                let args = [call.call_arg(0).expect("the array"), n, cmp.as_value()];
                b.call(sort.function_type(), sort.as_value(), &args, "")?;
                cx.mark_erased(call.as_value());
            }
            Action::BlockWhole { call, owner } => {
                at(&b, *call);
                let (copy, set) = splits.blocks.get(owner).ok_or_else(|| edit(format!("no helpers for {owner}")))?;
                let MemCall { callee, fty, args, copy: copies, .. } = MemCall::of(*call);
                let n = rescale(m, args[2], lay.old_size(*owner), 1, Some(&b)).map_err(edit)?.expect("built");
                if n.const_int_value() == Some(1) {
                    // One element (a structure assignment): the same call
                    // per group, which LLVM makes loads and stores.
                    let g = block_geom(lay, *owner)?;
                    for (k, size) in g.sizes.iter().enumerate() {
                        let mut a = args.clone();
                        a[0] = blocked::group_address(m, &b, g, args[0], k, 0)?;
                        if copies {
                            a[1] = blocked::group_address(m, &b, g, args[1], k, 0)?;
                        }
                        a[2] = m.const_int_of(args[2].ty(), *size as i64)?;
                        let c = b.call(fty, callee, &a, "")?;
                        super::scopes::in_scope(m, c.as_value(), *owner);
                    }
                    cx.mark_erased(call.as_value());
                    continue;
                }
                let n = to_i64(m, &b, n)?;
                let (f, second) =
                    if copies { (*copy, args[1]) } else { (*set, b.int_cast(args[1], m.int_type(32), false, "")?) };
                let c = b.call(f.function_type(), f.as_value(), &[args[0], second, n], "")?;
                super::scopes::in_scope(m, c.as_value(), *owner);
                cx.mark_erased(call.as_value());
            }
            Action::Align { inst, align } => {
                inst.set_alignment(*align as u32);
            }
            Action::MemAlign { call, align } => {
                for k in 0..2 {
                    if call.call_arg(k).is_some_and(|p| p.ty().is_pointer())
                        && call.call_param_align(k).is_some_and(|a| a > *align)
                    {
                        call.set_call_param_align(k, *align);
                    }
                }
            }
            Action::Scope { inst, owner } => {
                super::scopes::in_scope(m, inst.as_value(), *owner);
            }
            Action::NoAlias { inst } => {
                super::scopes::outside(m, inst.as_value(), lay.blocks.keys().copied());
            }
            Action::Tbaa { inst } => {
                let kind = m.md_kind_id("tbaa");
                match inst.as_value().metadata(kind).and_then(|t| tbaa.rewrite(m, lay, t)) {
                    Some(t) => {
                        inst.as_value().set_metadata(kind, Some(t));
                    }
                    None => scalar_tbaa(m, *inst),
                }
            }
            Action::DropTbaaStruct { inst } => {
                inst.as_value().set_metadata(m.md_kind_id("tbaa.struct"), None);
            }
        }
    }
    Ok(())
}

/// A GEP through changed types becomes typed steps for its variable
/// indices (types remapped in step 8b) and byte offsets of the new layout
/// for its constant ones.
fn lower_gep<'m>(
    cx: &OptContext<'m, '_>,
    lay: &Layouts<'m>,
    b: &Builder<'m>,
    gep: Instruction<'m>,
) -> Result<(), OptError> {
    at(b, gep);
    let v = gep.as_value();
    let inbounds = v.gep_is_inbounds();
    let src = gep.gep_source_type().expect("a GEP");
    let idx: Vec<Value<'m>> = v.gep_indices().unwrap_or_default();
    let mut cur = gep.operand(0).expect("GEP base");
    if let Some(first) = idx.first() {
        if first.const_int_value() != Some(0) {
            cur = b.gep(src, cur, &[*first], inbounds, "")?;
        }
    }
    let mut pending: i64 = 0;
    let mut t = src;
    for i in idx.iter().skip(1) {
        if t.is_struct() {
            let k = i.const_uint_value().expect("constant field index") as u32;
            let off = match lay.plan(t) {
                Some(p) => p.new_off[k as usize].ok_or_else(|| edit(format!("{v} addresses a deleted field")))?,
                None => lay.dl.field_offset(t, k).expect("field offset"),
            };
            pending += off as i64;
            t = t.struct_fields()[k as usize];
        } else {
            let e = t.element_type().expect("an array");
            match i.const_int_value() {
                Some(c) => pending += c * lay.new_size(e) as i64,
                None => {
                    cur = b.byte_offset(cur, pending, inbounds, "")?;
                    pending = 0;
                    cur = b.gep(e, cur, &[*i], inbounds, "")?;
                }
            }
            t = e;
        }
    }
    cur = b.byte_offset(cur, pending, inbounds, "")?;
    v.replace_all_uses_with(cur)?;
    cx.mark_erased(v);
    Ok(())
}

/// The parts of a memset/memcpy/memmove call the splitting rewrites
/// need: callee, type, arguments, whether it copies (a source pointer),
/// and the alignments its pointer arguments claim.
struct MemCall<'m> {
    callee: Value<'m>,
    fty: Type<'m>,
    args: Vec<Value<'m>>,
    copy: bool,
    orig_align: Vec<Option<u64>>,
}

impl<'m> MemCall<'m> {
    fn of(call: Instruction<'m>) -> Self {
        let args: Vec<Value<'m>> = (0..call.call_arg_count().unwrap_or(0)).filter_map(|k| call.call_arg(k)).collect();
        MemCall {
            callee: call.called_value().expect("a call"),
            fty: call.called_function_type().expect("a call"),
            copy: args.get(1).is_some_and(|a| a.ty().is_pointer()),
            args,
            orig_align: (0..2).map(|k| call.call_param_align(k)).collect(),
        }
    }
}

/// A memset/memcpy/memmove over part of an object, as one call per run of
/// bytes that stay together in the new layout.
fn split<'m>(
    cx: &OptContext<'m, '_>,
    b: &Builder<'m>,
    call: Instruction<'m>,
    pieces: &[super::layouts::Piece],
    base_new: u64,
    bytes: Option<u32>,
) -> Result<(), OptError> {
    let m = cx.m;
    at(b, call);
    let MemCall { callee, fty, args, copy, orig_align } = MemCall::of(call);
    // Runs: consecutive pieces that are consecutive in the new layout too
    // (and in the old one, which the plain side of a one-sided copy keeps).
    let mut runs: Vec<(u64, u64, u64, u64)> = Vec::new(); // (new offset, old offset, length, align)
    for p in pieces {
        let Some(n) = p.new else { continue };
        match runs.last_mut() {
            Some((s, o, l, a)) if *s + *l == n && *o + *l == p.old => {
                *l += p.len;
                *a = (*a).min(p.align);
            }
            _ => runs.push((n, p.old, p.len, p.align)),
        }
    }
    let lo = pieces.first().map_or(0, |p| p.old);
    for (n, old, len, align) in runs {
        let delta = n as i64 - base_new as i64;
        let plain = old as i64 - lo as i64;
        let mut a = args.clone();
        let sides = if copy { 2 } else { 1 };
        for (k, arg) in a.iter_mut().enumerate().take(sides) {
            let d = if bytes == Some(k as u32) { plain } else { delta };
            *arg = b.byte_offset(args[k], d, true, "")?;
        }
        a[2] = m.const_int_of(args[2].ty(), len as i64)?;
        let c = b.call(fty, callee, &a, "")?;
        for (k, orig) in orig_align.iter().enumerate().take(if copy { 2 } else { 1 }) {
            let al = orig.map_or(align, |o| o.min(align)).max(1);
            c.set_call_param_align(k as u32, al);
        }
    }
    cx.mark_erased(call.as_value());
    Ok(())
}

/// `!{base, access, offset}` becomes `!{access, access, 0}` (the constant
/// flag kept): still the access type, no longer a position in a layout.
fn scalar_tbaa<'m>(m: &'m Module<'_>, i: Instruction<'m>) {
    let kind = m.md_kind_id("tbaa");
    let Some(tag) = i.as_value().metadata(kind) else { return };
    let ops = tag.operands();
    let Some(Some(access)) = ops.get(1).copied() else { return };
    let mut new = vec![Some(access), Some(access), Some(m.md_value(m.const_int(64, 0)))];
    if let Some(flag) = ops.get(3).copied() {
        new.push(flag);
    }
    i.as_value().set_metadata(kind, Some(m.md_tuple(&new)));
}

/// The constant the analysis printed as `text` (see
/// `dtrans_analysis::fields::SingleValue`), of type `ty`: integers,
/// `null`, `float`/`double` values. `None` for anything else.
pub fn constant_of<'m>(m: &'m Module<'_>, ty: dtrans_ir::Type<'m>, text: &str) -> Option<Value<'m>> {
    use dtrans_ir::TypeKind as K;
    match ty.kind() {
        K::LLVMIntegerTypeKind => m.const_int_of(ty, text.parse::<i64>().ok()?).ok(),
        K::LLVMPointerTypeKind if text == "null" => Some(m.const_null(ty)),
        K::LLVMFloatTypeKind | K::LLVMDoubleTypeKind => m.const_real(ty, text.parse::<f64>().ok()?).ok(),
        _ => None,
    }
}

fn load_pointer<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    splits: &Splits<'m>,
    g: Value<'m>,
) -> Result<Value<'m>, OptError> {
    let l = b.load(m.pointer_type(), g, "")?;
    if let Some(tag) = splits.pointer_tag {
        l.as_value().set_metadata(m.md_kind_id("tbaa"), Some(tag));
    }
    Ok(l.as_value())
}

/// The address of field `field` of the object at `elem` (a pointer into
/// the main array of split structure `owner`), plus `off` bytes: in the
/// field's side array, at the element's index.
#[allow(clippy::too_many_arguments)]
fn side_address<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    lay: &Layouts<'m>,
    splits: &Splits<'m>,
    owner: Type<'m>,
    field: u32,
    elem: Value<'m>,
    off: u64,
) -> Result<Value<'m>, OptError> {
    let plan = lay.plan(owner).ok_or_else(|| edit(format!("no plan for {owner}")))?;
    let (g, goff) = plan.side[field as usize].ok_or_else(|| edit(format!("field {field} of {owner} is not moved")))?;
    if let Some(geom) = lay.blocks.get(&owner) {
        if splits.step_calls {
            let f = blocked::field_function(m, geom, g as usize + 1)?;
            let at = b.call(f.function_type(), f.as_value(), &[elem], "")?.as_value();
            return Ok(b.byte_offset(at, (goff + off) as i64, false, "")?);
        }
        return blocked::group_address(m, b, geom, elem, g as usize + 1, goff + off);
    }
    let arrays = splits.arrays.get(&owner).ok_or_else(|| edit(format!("no arrays for {owner}")))?;
    let i64t = m.int_type(64);
    let base = load_pointer(m, b, splits, arrays.base)?;
    let side = load_pointer(m, b, splits, arrays.sides[g as usize])?;
    let delta = b.sub(b.ptr_to_int(elem, i64t, "")?, b.ptr_to_int(base, i64t, "")?, "")?;
    let (size0, size_g) = (plan.new_size, plan.groups[g as usize].size);
    let bytes = if size0 == size_g {
        delta
    } else {
        let index = b.div(delta, m.const_int(64, size0 as i64), true, true, "")?;
        b.mul(index, m.const_int(64, size_g as i64), "")?
    };
    let rec = b.gep(m.int_type(8), side, &[bytes], true, "")?;
    Ok(b.byte_offset(rec, (goff + off) as i64, true, "")?)
}

/// The elements a GEP's variable byte offset (a multiple of `owner`'s
/// old size, the planner checked) steps over, as an `i64`.
fn elements_of<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    lay: &Layouts<'m>,
    gep: Instruction<'m>,
    owner: Type<'m>,
) -> Result<Value<'m>, OptError> {
    let idx = b.int_cast(gep.operand(1).expect("GEP index"), m.int_type(64), true, "")?;
    Ok(b.div(idx, m.const_int(64, lay.old_size(owner) as i64), true, true, "")?)
}

/// A GEP over an array (of arrays) of `owner`, laid out in blocks: its
/// array indices counted in elements, one step through the blocks, then
/// the field path from the element reached (`Action::BlockArrayGep`).
fn block_array_gep<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    lay: &Layouts<'m>,
    splits: &Splits<'m>,
    gep: Instruction<'m>,
    owner: Type<'m>,
    cx: &OptContext<'m, '_>,
) -> Result<(), OptError> {
    at(b, gep);
    let v = gep.as_value();
    let idx: Vec<Value<'m>> = v.gep_indices().unwrap_or_default();
    let i64t = m.int_type(64);
    let mut t = gep.gep_source_type().expect("a GEP");
    let mut elements = m.const_int(64, 0);
    let mut rest = idx.len();
    for (j, i) in idx.iter().enumerate() {
        if j > 0 {
            if !t.is_array() {
                rest = j;
                break;
            }
            t = t.element_type().expect("an array");
        }
        let (_, n) = lay.blocked_array(t).unwrap_or((owner, 1));
        let i = b.int_cast(*i, i64t, true, "")?;
        elements = b.add(elements, b.mul(i, m.const_int(64, n as i64), "")?, "")?;
    }
    let elem = block_step(m, b, splits, block_geom(lay, owner)?, gep.operand(0).expect("GEP base"), elements)?;
    let addr = match idx.get(rest) {
        None => elem,
        Some(k) => {
            let k = k.const_uint_value().ok_or_else(|| edit(format!("{v}: a field index not constant")))? as u32;
            field_path(m, b, lay, splits, (owner, k), elem, &idx[rest + 1..])?
        }
    };
    v.replace_all_uses_with(addr)?;
    cx.mark_erased(v);
    Ok(())
}

/// The address of field `k` of `owner` (split or laid out in blocks) of
/// element `elem` in the new layout, then `inner` indices into the field
/// (whose own type is unchanged).
fn field_path<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    lay: &Layouts<'m>,
    splits: &Splits<'m>,
    (owner, k): (Type<'m>, u32),
    elem: Value<'m>,
    inner: &[Value<'m>],
) -> Result<Value<'m>, OptError> {
    let plan = lay.plan(owner).ok_or_else(|| edit(format!("no plan for {owner}")))?;
    let addr = match plan.side.get(k as usize).copied().flatten() {
        Some(_) => side_address(m, b, lay, splits, owner, k, elem, 0)?,
        None => {
            let off = plan.new_off.get(k as usize).copied().flatten();
            b.byte_offset(elem, off.ok_or_else(|| edit(format!("field {k} of {owner} is gone")))? as i64, false, "")?
        }
    };
    if inner.is_empty() {
        return Ok(addr);
    }
    let ft = owner.struct_fields()[k as usize];
    let mut rest = vec![m.const_int(64, 0)];
    rest.extend_from_slice(inner);
    Ok(b.gep(ft, addr, &rest, true, "")?)
}

/// The block geometry of `owner`.
fn block_geom<'a, 'm>(lay: &'a Layouts<'m>, owner: Type<'m>) -> Result<&'a super::layouts::BlockGeom, OptError> {
    lay.blocks.get(&owner).ok_or_else(|| edit(format!("{owner} is not in blocks")))
}

/// An allocation of an array of `owner`, laid out in blocks: the count of
/// elements (the size operand `op` divided by the old size, times the
/// `count` argument of a calloc) rounded up to whole blocks, plus
/// `blocked::block_extra`, asked of the same call (a calloc's count made
/// 1); the array placed in the block it returns. A realloc is given the
/// block the array came in, and 0 bytes when the array shrinks to no
/// elements (the library then frees it and returns null, as it did).
fn block_alloc<'m>(
    cx: &OptContext<'m, '_>,
    b: &Builder<'m>,
    lay: &Layouts<'m>,
    splits: &Splits<'m>,
    call: Instruction<'m>,
    owner: Type<'m>,
    (op, count, kind): (u32, Option<u32>, dtrans_analysis::alloc::AllocKind),
) -> Result<(), OptError> {
    use dtrans_analysis::alloc::AllocKind as K;
    let m = cx.m;
    let g = block_geom(lay, owner)?;
    let fns = splits.block_fns.as_ref().ok_or_else(|| edit("no block allocation helpers"))?;
    at(b, call);
    let size = call.call_arg(op).expect("size argument");
    let mut n = to_i64(m, b, rescale(m, size, lay.old_size(owner), 1, Some(b)).map_err(edit)?.expect("built"))?;
    // Counts whose blocks fit far below any address space (2^62 bytes):
    // beyond, the call gets its old arguments and fails as it did (no
    // product of a calloc's count wraps into a small block).
    let most = (1u64 << 62) / g.bytes * g.per;
    let mut fits = b.icmp(dtrans_ir::IntPredicate::LLVMIntULE, n, m.const_int(64, most as i64), "")?;
    if let Some(c) = count {
        let k = call.call_arg(c).expect("count argument");
        let k64 = to_i64(m, b, k)?;
        // n * k <= most: n <= most / k (any n when k is 0).
        let zero = b.icmp(dtrans_ir::IntPredicate::LLVMIntEQ, k64, m.const_int(64, 0), "")?;
        let divisor = b.select(zero, m.const_int(64, 1), k64, "")?;
        let limit = b.div(m.const_int(64, most as i64), divisor, false, false, "")?;
        fits = b.icmp(dtrans_ir::IntPredicate::LLVMIntULE, n, limit, "")?;
        n = b.mul(n, k64, "")?;
        call.set_call_arg(c, b.select(fits, m.const_int_of(k.ty(), 1)?, k, "")?)?;
    }
    let bytes = blocked::block_bytes(m, b, g, n)?;
    let total = b.add(bytes, m.const_int(64, blocked::block_extra(g.align) as i64), "")?;
    // The library's own calls, where small arrays share blocks: the
    // helpers allocate (a count that does not fit asks for -1 bytes, and
    // the library fails as it did).
    if let (Some(slab), K::Malloc | K::Calloc | K::Realloc) = (splits.slabs.get(&owner), kind) {
        let none = m.const_int(64, -1);
        let (n, total) = (b.select(fits, n, none, "")?, b.select(fits, total, none, "")?);
        let new = if kind == K::Realloc {
            let old = call.call_arg(0).expect("the pointer resized");
            b.call(slab.resize.function_type(), slab.resize.as_value(), &[old, n, bytes, total], "")?
        } else {
            let zeroed = m.const_int(1, i64::from(kind == K::Calloc));
            b.call(slab.new.function_type(), slab.new.as_value(), &[n, bytes, total, zeroed], "")?
        };
        call.as_value().replace_all_uses_with(new.as_value())?;
        cx.mark_erased(call.as_value());
        return Ok(());
    }
    let total = b.select(fits, total, to_i64(m, b, size)?, "")?;
    let align = m.const_int(64, g.align as i64);
    let resized = matches!(kind, K::Realloc | K::UserRealloc);
    let (old, raw) = if resized {
        let old = call.call_arg(0).expect("the pointer resized");
        let raw = b.call(fns.raw.function_type(), fns.raw.as_value(), &[old], "")?.as_value();
        let none = b.icmp(dtrans_ir::IntPredicate::LLVMIntEQ, n, m.const_int(64, 0), "")?;
        let some = b.icmp(dtrans_ir::IntPredicate::LLVMIntNE, old, m.const_null(m.pointer_type()), "")?;
        let frees = b.select(none, some, m.const_int(1, 0), "")?;
        let total = b.select(frees, m.const_int(64, 0), total, "")?;
        call.set_call_arg(0, raw)?;
        call.set_call_arg(op, b.int_cast(total, size.ty(), false, "")?)?;
        // (The block may be null, the size changed: the facts the
        // optimizer put on the call are of the program's arguments.)
        call.drop_call_site_attribute_facts();
        (Some(old), Some(raw))
    } else {
        call.set_call_arg(op, b.int_cast(total, size.ty(), false, "")?)?;
        (None, None)
    };
    let next = call.next().ok_or_else(|| edit("an allocation at the end of its block"))?;
    at(b, next);
    let block = call.as_value();
    let placed = match (old, raw) {
        (Some(old), Some(raw)) => {
            b.call(fns.moved.function_type(), fns.moved.as_value(), &[block, old, raw, bytes, align], "")?
        }
        _ => b.call(fns.place.function_type(), fns.place.as_value(), &[block, align, bytes], "")?,
    };
    block.replace_all_uses_with(placed.as_value())?;
    placed.set_call_arg(0, block)?;
    Ok(())
}

/// A memset/memcpy/memmove of whole elements of split structure `owner`:
/// the same call over each side array (the records of the same elements,
/// the length counting side records), then the main array's length
/// counting its new records.
fn split_whole<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    lay: &Layouts<'m>,
    splits: &Splits<'m>,
    call: Instruction<'m>,
    owner: Type<'m>,
) -> Result<(), OptError> {
    let plan = lay.plan(owner).ok_or_else(|| edit(format!("no plan for {owner}")))?;
    at(b, call);
    let MemCall { callee, fty, args, copy, orig_align } = MemCall::of(call);
    let old = lay.old_size(owner);
    for group in &plan.groups {
        let first = *group.fields.first().ok_or_else(|| edit("an empty side group"))?;
        let at_start = plan.side[first as usize].map_or(0, |(_, o)| o) as i64;
        let record = |p: Value<'m>| -> Result<Value<'m>, OptError> {
            let field = side_address(m, b, lay, splits, owner, first, p, 0)?;
            Ok(b.byte_offset(field, -at_start, true, "")?)
        };
        let mut a = args.clone();
        a[0] = record(args[0])?;
        if copy {
            a[1] = record(args[1])?;
        }
        a[2] = rescale(m, args[2], old, group.size, Some(b)).map_err(edit)?.expect("built");
        let c = b.call(fty, callee, &a, "")?;
        for (k, orig) in orig_align.iter().enumerate().take(if copy { 2 } else { 1 }) {
            c.set_call_param_align(k as u32, orig.map_or(group.align, |o| o.min(group.align)).max(1));
        }
    }
    let n = rescale(m, args[2], old, plan.new_size, Some(b)).map_err(edit)?.expect("built");
    call.set_operand(2, n)?;
    Ok(())
}

/// The allocation of a split structure's array: the main array shrinks to
/// the remaining fields, each side array is allocated for the same count by
/// the library's `malloc`, or `calloc(count, size)` when the block is
/// zeroed, and the addresses are recorded.
fn alloc_split<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    lay: &Layouts<'m>,
    splits: &Splits<'m>,
    call: Instruction<'m>,
    owner: Type<'m>,
    (op, count, zeroed): (u32, Option<u32>, bool),
) -> Result<(), OptError> {
    let plan = lay.plan(owner).ok_or_else(|| edit(format!("no plan for {owner}")))?;
    let arrays = splits.arrays.get(&owner).ok_or_else(|| edit(format!("no arrays for {owner}")))?;
    let old = lay.old_size(owner);
    let size = call.operand(op).expect("size argument");
    let next = call.next().ok_or_else(|| edit("an allocation at the end of its block"))?;
    at(b, next);
    let i64t = m.int_type(64);
    let (name, params) = if zeroed { ("calloc", vec![i64t, i64t]) } else { ("malloc", vec![i64t]) };
    let fty = m.function_type(m.pointer_type(), &params, false)?;
    let lib = Function::get_or_declare(m, name, fty).ok_or_else(|| edit(format!("`{name}` of another type")))?;
    b.store(call.as_value(), arrays.base)?;
    for (g, group) in plan.groups.iter().enumerate() {
        let bytes = to_i64(m, b, rescale(m, size, old, group.size, Some(b)).map_err(edit)?.expect("built"))?;
        let args = match (zeroed, count.and_then(|k| call.call_arg(k))) {
            (false, _) => vec![bytes],
            (true, Some(n)) => vec![to_i64(m, b, n)?, bytes],
            (true, None) => vec![m.const_int(64, 1), bytes],
        };
        let c = b.call(fty, lib.as_value(), &args, "")?;
        b.store(c.as_value(), arrays.sides[g])?;
    }
    // The main array last: its size operand is replaced in place.
    rescale_operand(m, b, call, op, (old, plan.new_size))
}

/// `v` as an `i64` (a size or count argument may be narrower), built at
/// `b`'s position.
fn to_i64<'m>(m: &'m Module<'_>, b: &Builder<'m>, v: Value<'m>) -> Result<Value<'m>, OptError> {
    let i64t = m.int_type(64);
    Ok(if v.ty() == i64t { v } else { b.int_cast(v, i64t, false, "")? })
}

/// The allocation's size operand `op`, counting `old`-byte objects, made
/// to count `new`-byte ones in place (before the call).
fn rescale_operand<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    call: Instruction<'m>,
    op: u32,
    (old, new): (u64, u64),
) -> Result<(), OptError> {
    at(b, call);
    let size = call.operand(op).expect("size argument");
    let n = rescale(m, size, old, new, Some(b)).map_err(edit)?.expect("built");
    call.set_operand(op, n)?;
    Ok(())
}

/// An allocation of a split structure's array that `realloc` resizes
/// (`old`: the argument resized, `None` for a malloc): the main array's
/// size shrinks to the remaining fields, and `__dtrans_resize.<struct>`
/// runs after the call to resize the side arrays to the same count.
fn resize_split<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    lay: &Layouts<'m>,
    splits: &Splits<'m>,
    call: Instruction<'m>,
    owner: Type<'m>,
    (old, op): (Option<u32>, u32),
) -> Result<(), OptError> {
    let plan = lay.plan(owner).ok_or_else(|| edit(format!("no plan for {owner}")))?;
    let arrays = splits.arrays.get(&owner).ok_or_else(|| edit(format!("no arrays for {owner}")))?;
    let old_size = lay.old_size(owner);
    let size = call.operand(op).expect("size argument");
    let name = format!("__dtrans_resize.{}", owner.struct_name().unwrap_or_default());
    let helper = match m.function(&name) {
        Some(f) => f,
        None => build_resize(m, &name, owner, arrays)?,
    };
    let next = call.next().ok_or_else(|| edit("an allocation at the end of its block"))?;
    at(b, next);
    let old_ptr = match old {
        Some(k) => call.call_arg(k).expect("the pointer resized"),
        None => m.const_null(m.pointer_type()),
    };
    let mut args = vec![old_ptr, call.as_value()];
    for bytes in std::iter::once(plan.new_size).chain(plan.groups.iter().map(|g| g.size)) {
        args.push(to_i64(m, b, rescale(m, size, old_size, bytes, Some(b)).map_err(edit)?.expect("built"))?);
    }
    b.call(helper.function_type(), helper.as_value(), &args, "")?;
    // The main array's size operand last (the helper's arguments read the
    // old one).
    rescale_operand(m, b, call, op, (old_size, plan.new_size))
}

/// `define internal void @NAME(ptr %old, ptr %new, i64 %bytes, i64
/// %side.0, ...)`, run after the main array of split structure `ty` went
/// from `old` to `new` (`bytes` long now; `old` null for a new array):
/// - an array other than the live one (a second array) cannot be
///   represented: a message on standard error, then abort;
/// - a failed realloc (`new` null, `bytes` not 0) changed nothing;
/// - else each side array is `realloc`ed to its size (a realloc to 0 bytes
///   frees it as glibc's frees the main array), stopping with a message if
///   memory runs out, and the addresses are recorded.
fn build_resize<'m>(
    m: &'m Module<'_>,
    name: &str,
    ty: Type<'m>,
    arrays: &SplitArrays<'m>,
) -> Result<Function<'m>, OptError> {
    use dtrans_ir::IntPredicate::{LLVMIntEQ, LLVMIntNE};
    let (i64t, ptr) = (m.int_type(64), m.pointer_type());
    let mut params = vec![ptr, ptr, i64t];
    params.extend(arrays.sides.iter().map(|_| i64t));
    let fty = m.function_type(m.void_type(), &params, false)?;
    let realloc_ty = m.function_type(ptr, &[ptr, i64t], false)?;
    let realloc =
        Function::get_or_declare(m, "realloc", realloc_ty).ok_or_else(|| edit("`realloc` of another type"))?;
    let f = m.add_function(name, fty)?;
    f.set_internal();
    let p = |k: u32| f.param(k).expect("declared parameter");
    let (null, zero, no) = (m.const_null(ptr), m.const_int(64, 0), m.const_int(1, 0));
    let ty_name = ty.struct_name().unwrap_or_default();
    let b = m.builder();
    b.clear_debug_location();
    let entry = f.append_block("entry");
    let second = f.append_block("second");
    let resize = f.append_block("resize");
    b.position_at_end(entry);
    let base = b.load(ptr, arrays.base, "")?.as_value();
    let live = b.icmp(LLVMIntNE, base, null, "")?;
    let other = b.icmp(LLVMIntNE, p(0), base, "")?;
    let bad = b.select(live, other, no, "")?;
    b.cond_br(bad, second, resize)?;
    stop_with(m, &b, second, &format!("{name}.second"), &format!(
        "dtrans: %{ty_name}: a second array while one is live (the program was built with its structure split into arrays, which needs one)\n"
    ))?;
    b.position_at_end(resize);
    let done = f.append_block("done");
    let grow = f.append_block("grow");
    let failed = b.select(b.icmp(LLVMIntEQ, p(1), null, "")?, b.icmp(LLVMIntNE, p(2), zero, "")?, no, "")?;
    b.cond_br(failed, done, grow)?;
    b.position_at_end(done);
    b.ret(None)?;
    let oom = f.append_block("oom");
    stop_with(
        m,
        &b,
        oom,
        &format!("{name}.oom"),
        &format!("dtrans: %{ty_name}: out of memory resizing its side arrays\n"),
    )?;
    b.position_at_end(grow);
    for (g, side) in arrays.sides.iter().enumerate() {
        let bytes = p(3 + g as u32);
        let was = b.load(ptr, *side, "")?.as_value();
        let now = b.call(realloc_ty, realloc.as_value(), &[was, bytes], "")?.as_value();
        let lost = b.select(b.icmp(LLVMIntEQ, now, null, "")?, b.icmp(LLVMIntNE, bytes, zero, "")?, no, "")?;
        let next = f.append_block("next");
        b.cond_br(lost, oom, next)?;
        b.position_at_end(next);
        b.store(now, *side)?;
    }
    b.store(p(1), arrays.base)?;
    b.ret(None)?;
    Ok(f)
}

/// Fills block `bl` with a write of `text` to standard error (the string
/// global `global`) and an abort.
pub(super) fn stop_with<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    bl: dtrans_ir::BasicBlock<'m>,
    global: &str,
    text: &str,
) -> Result<(), OptError> {
    let (i32t, i64t, ptr) = (m.int_type(32), m.int_type(64), m.pointer_type());
    let write_ty = m.function_type(i64t, &[i32t, ptr, i64t], false)?;
    let abort_ty = m.function_type(m.void_type(), &[], false)?;
    let write = Function::get_or_declare(m, "write", write_ty).ok_or_else(|| edit("`write` of another type"))?;
    let abort = Function::get_or_declare(m, "abort", abort_ty).ok_or_else(|| edit("`abort` of another type"))?;
    let msg = m.add_global_string(global, text)?;
    b.position_at_end(bl);
    b.call(write_ty, write.as_value(), &[m.const_int(32, 2), msg, m.const_int(64, text.len() as i64)], "")?;
    b.call(abort_ty, abort.as_value(), &[], "")?;
    b.unreachable()?;
    Ok(())
}

/// A TBAA access tag of an `any pointer` load or store in `m`, if any.
pub fn pointer_tag<'m>(m: &'m Module<'_>) -> Option<Metadata<'m>> {
    let kind = m.md_kind_id("tbaa");
    for f in m.functions() {
        for i in f.instructions() {
            let Some(tag) = i.as_value().metadata(kind) else { continue };
            let ops = tag.operands();
            let access = ops.get(1).copied().flatten()?;
            let base = ops.first().copied().flatten()?;
            let name = access.operands().first().copied().flatten().and_then(|s| s.as_string());
            if base == access && name.as_deref() == Some("any pointer") {
                return Some(tag);
            }
        }
    }
    None
}

/// A load or store of a pointer to split structure `target` in a field
/// that holds its index now. The index of the element at `p` is
/// `(p - base) / size + 1` (one past the last element included), 0 for
/// null; decoding is the reverse. The field's address gets the AOS-to-SOA
/// index-field annotation (document 002).
fn index_access<'m>(
    cx: &OptContext<'m, '_>,
    b: &Builder<'m>,
    lay: &Layouts<'m>,
    splits: &Splits<'m>,
    inst: Instruction<'m>,
    op: u32,
    target: Type<'m>,
) -> Result<(), OptError> {
    use crate::annotator::{annotation_variable, create_ptr_annotation, AnnotKind};
    use dtrans_ir::IntPredicate::LLVMIntEQ;
    let m = cx.m;
    at(b, inst);
    let addr = inst.operand(op).expect("address");
    let var = annotation_variable(m, AnnotKind::AosToSoaIndexField, "").map_err(edit)?;
    create_ptr_annotation(m, addr, var, "dtrans", 0, "", inst).map_err(edit)?;
    let size = lay.plan(target).ok_or_else(|| edit(format!("no plan for {target}")))?.new_size as i64;
    let arrays = splits.arrays.get(&target).ok_or_else(|| edit(format!("no arrays for {target}")))?;
    let (i32t, i64t, ptr) = (m.int_type(32), m.int_type(64), m.pointer_type());
    let null = m.const_null(ptr);
    let kind = m.md_kind_id("tbaa");
    let tag = inst.as_value().metadata(kind);
    let align = inst.alignment().map_or(4, |a| a.min(4));
    let stored = (op == 1).then(|| inst.operand(0).expect("stored value"));
    let access = if stored.is_some_and(|v| v.kind() == ValueKind::ConstantNull) {
        b.store(m.const_int(32, 0), addr)?
    } else if op == 0 {
        let base = load_pointer(m, b, splits, arrays.base)?;
        let idx = b.load(i32t, addr, "")?;
        let wide = b.int_cast(idx.as_value(), i64t, false, "")?;
        let off = b.sub(b.mul(wide, m.const_int(64, size), "")?, m.const_int(64, size), "")?;
        let p = b.gep(m.int_type(8), base, &[off], false, "")?;
        let is_null = b.icmp(LLVMIntEQ, idx.as_value(), m.const_int(32, 0), "")?;
        let v = b.select(is_null, null, p, "")?;
        inst.as_value().replace_all_uses_with(v)?;
        idx
    } else {
        let v = stored.expect("stored value");
        let base = load_pointer(m, b, splits, arrays.base)?;
        let d = b.sub(b.ptr_to_int(v, i64t, "")?, b.ptr_to_int(base, i64t, "")?, "")?;
        // Exact for a pointer to an element; the null case is selected away.
        let q = b.div(d, m.const_int(64, size), true, true, "")?;
        let n = b.int_cast(b.add(q, m.const_int(64, 1), "")?, i32t, false, "")?;
        let is_null = b.icmp(LLVMIntEQ, v, null, "")?;
        let idx = b.select(is_null, m.const_int(32, 0), n, "")?;
        b.store(idx, addr)?
    };
    replaced_access(cx, inst, access, align, tag);
    Ok(())
}

/// `access` takes the place of `inst`: its alignment, `inst`'s TBAA tag;
/// `inst` goes.
fn replaced_access<'m>(
    cx: &OptContext<'m, '_>,
    inst: Instruction<'m>,
    access: Instruction<'m>,
    align: u32,
    tag: Option<dtrans_ir::Metadata<'m>>,
) {
    access.set_alignment(align);
    if let Some(t) = tag {
        access.as_value().set_metadata(cx.m.md_kind_id("tbaa"), Some(t));
    }
    cx.mark_erased(inst.as_value());
}

/// A load or store of a narrowed integer field, in its new width: the
/// load extended back to its old type (exact: every value stored fits),
/// the stored value truncated, after a call of `check` with it when the
/// field is checked.
fn narrow_access<'m>(
    cx: &OptContext<'m, '_>,
    b: &Builder<'m>,
    inst: Instruction<'m>,
    op: u32,
    n: super::layouts::Narrow,
    check: Option<Function<'m>>,
) -> Result<(), OptError> {
    if let Some(p) = n.packed {
        return packed_access(cx, b, inst, op, n, p);
    }
    let (bits, signed) = (n.bits, n.signed);
    let m = cx.m;
    at(b, inst);
    let addr = inst.operand(op).expect("address");
    let nt = m.int_type(bits);
    let kind = m.md_kind_id("tbaa");
    let tag = inst.as_value().metadata(kind);
    let align = inst.alignment().map_or(bits / 8, |a| a.min(bits / 8));
    let access = if op == 0 {
        let narrow = b.load(nt, addr, "")?;
        let wide = b.int_cast(narrow.as_value(), inst.as_value().ty(), signed, "")?;
        inst.as_value().replace_all_uses_with(wide)?;
        narrow
    } else {
        let v = inst.operand(0).expect("stored value");
        if let Some(c) = check {
            let fty = m.function_type(m.void_type(), &[v.ty()], false)?;
            b.call(fty, c.as_value(), &[v], "")?;
        } else if n.checked {
            return Err(edit(format!("no check for the narrowed field stored by {}", inst.as_value())));
        }
        let narrow = b.int_cast(v, nt, false, "")?;
        b.store(narrow, addr)?
    };
    replaced_access(cx, inst, access, align, tag);
    Ok(())
}

/// A load or store of a field bit-packed into a host word of `n.bits`
/// bits (`p`: its bits in the word), at the field's address, which is the
/// host's now.
///
/// A load reads the word and takes the field's bits: `lshr` then `and`
/// when the values are not negative, `shl` then `ashr` (sign extension
/// from the field's top bit) when some are, then extends (or truncates)
/// to the old type: exact, since every value stored fits its bits.
///
/// A store is a read-modify-write of the word: the word read is frozen
/// first (in memory never written, such as a fresh `malloc`'s, its bits
/// are undefined, and without `freeze` LLVM may treat the whole merged
/// word as poison, the other fields' bits included), the field's bits
/// cleared, the stored value's low bits put in. Neither access keeps the
/// old instruction's `!tbaa`: the tag describes one field, and the word
/// is several; without a tag, the accesses alias every other access, so
/// no store to the word is moved past another.
fn packed_access<'m>(
    cx: &OptContext<'m, '_>,
    b: &Builder<'m>,
    inst: Instruction<'m>,
    op: u32,
    n: super::layouts::Narrow,
    p: super::layouts::Packed,
) -> Result<(), OptError> {
    use dtrans_ir::BitOp;
    let m = cx.m;
    at(b, inst);
    let addr = inst.operand(op).expect("address");
    let hb = n.bits;
    let ht = m.int_type(hb);
    let k = |v: u64| m.const_int(hb, v as i64);
    let align = inst.alignment().map_or(hb / 8, |a| a.min(hb / 8));
    let word = b.load(ht, addr, "")?;
    word.set_alignment(align);
    // (A shift by nothing is left out.)
    let shift = |op: BitOp, v: Value<'m>, by: u32| if by == 0 { Ok(v) } else { b.bits(op, v, k(u64::from(by)), "") };
    if op == 0 {
        let bits = if n.signed {
            let up = shift(BitOp::Shl, word.as_value(), hb - p.shift - p.width)?;
            b.ashr(up, k(u64::from(hb - p.width)), "")?
        } else {
            let down = shift(BitOp::LShr, word.as_value(), p.shift)?;
            b.and(down, k(super::layouts::low_ones(p.width)), "")?
        };
        let wide = b.int_cast(bits, inst.as_value().ty(), n.signed, "")?;
        inst.as_value().replace_all_uses_with(wide)?;
    } else {
        let v = inst.operand(0).expect("stored value");
        let frozen = b.freeze(word.as_value(), "")?;
        let kept = b.and(frozen, k(!p.mask() & super::layouts::low_ones(hb)), "")?;
        let low = b.and(b.int_cast(v, ht, false, "")?, k(super::layouts::low_ones(p.width)), "")?;
        let placed = shift(BitOp::Shl, low, p.shift)?;
        let merged = b.bits(BitOp::Or, kept, placed, "")?;
        let st = b.store(merged, addr)?;
        st.set_alignment(align);
    }
    cx.mark_erased(inst.as_value());
    Ok(())
}

/// `define internal void @NAME(iN %v)`: returns when `v` fits a signed
/// integer of `bits` bits, else writes which field of which structure
/// did not hold it to standard error and aborts (`--compress-checked`).
pub fn build_narrow_check<'m>(
    m: &'m Module<'_>,
    name: &str,
    wide: Type<'m>,
    bits: u32,
    what: &str,
) -> Result<Function<'m>, OptError> {
    let text = format!(
        "dtrans: {what}: a value that does not fit in {bits} bits (the program was built with --compress-checked)\n"
    );
    build_check(m, name, wide, &text, |b, v| {
        let narrow = b.int_cast(v, m.int_type(bits), false, "")?;
        let back = b.int_cast(narrow, wide, true, "")?;
        Ok(b.icmp(dtrans_ir::IntPredicate::LLVMIntNE, back, v, "")?)
    })
}

/// `define internal void @NAME(T %v)` that returns unless `bad(v)`, and
/// else writes `text` to standard error and aborts.
fn build_check<'m>(
    m: &'m Module<'_>,
    name: &str,
    param: Type<'m>,
    text: &str,
    bad: impl FnOnce(&Builder<'m>, Value<'m>) -> Result<Value<'m>, OptError>,
) -> Result<Function<'m>, OptError> {
    let fty = m.function_type(m.void_type(), &[param], false)?;
    let f = m.add_function(name, fty)?;
    f.set_internal();
    let (entry, fail, ok) = (f.append_block("entry"), f.append_block("fail"), f.append_block("ok"));
    let b = m.builder();
    b.clear_debug_location();
    b.position_at_end(entry);
    let v = f.param(0).expect("the one parameter");
    let is_bad = bad(&b, v)?;
    b.cond_br(is_bad, fail, ok)?;
    stop_with(m, &b, fail, &format!("{name}.message"), text)?;
    b.position_at_end(ok);
    b.ret(None)?;
    Ok(f)
}

/// After the allocation of split structure `owner`'s array: a call of a
/// function that stops the program with a message when the element count
/// does not fit a 32-bit index (`--index-width 32`).
fn index_check<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    lay: &Layouts<'m>,
    call: Instruction<'m>,
    owner: Type<'m>,
    (op, count): (u32, Option<u32>),
) -> Result<(), OptError> {
    let i64t = m.int_type(64);
    let name = owner.struct_name().unwrap_or_default();
    let check_name = format!("__dtrans_index_check.{name}");
    let fty = m.function_type(m.void_type(), &[i64t], false)?;
    let check = match m.function(&check_name) {
        Some(f) => f,
        None => build_index_check(m, &check_name, &name)?,
    };
    // The count, from the arguments as they were (the old element size).
    let next = call.next().ok_or_else(|| edit("an allocation at the end of its block"))?;
    at(b, next);
    let bytes = to_i64(m, b, call.operand(op).expect("size argument"))?;
    let mut n = b.div(bytes, m.const_int(64, lay.old_size(owner) as i64), false, false, "")?;
    if let Some(k) = count.and_then(|k| call.call_arg(k)) {
        n = b.mul(n, to_i64(m, b, k)?, "")?;
    }
    b.call(fty, check.as_value(), &[n], "")?;
    Ok(())
}

/// `define internal void @NAME(i64 %n)`: returns when `n` is at most
/// [`super::MAX_INDEXED`], else writes why to standard error and aborts.
fn build_index_check<'m>(m: &'m Module<'_>, name: &str, ty: &str) -> Result<Function<'m>, OptError> {
    let text = format!(
        "dtrans: %{ty}: more elements than a 32-bit index holds (the program was built with --index-width 32)\n"
    );
    build_check(m, name, m.int_type(64), &text, |b, n| {
        Ok(b.icmp(dtrans_ir::IntPredicate::LLVMIntUGT, n, m.const_int(64, super::MAX_INDEXED as i64), "")?)
    })
}
