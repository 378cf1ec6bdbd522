//! The code of structures laid out in blocks (the `blocks` pass; the
//! layout is `layouts::BlockGeom`, the policy `crate::blocks`): slots and
//! steps computed from an element's address, differences of element
//! pointers, and the helper functions for allocation and for copies and
//! sets of whole elements.
//!
//! An element pointer `p` is its record in group 0: the block is
//! `p & -align`, the slot `(p - block) / sizes[0]`. Every address built
//! here is a byte offset from the pointer it comes from (a GEP, not an
//! `inttoptr`), so it keeps that pointer's provenance: the blocks of one
//! array are one allocation.
use dtrans_ir::IntPredicate::{LLVMIntEQ, LLVMIntNE, LLVMIntSLT, LLVMIntUGT, LLVMIntULE, LLVMIntULT};
use dtrans_ir::{Builder, Function, Module, Value};

use super::layouts::BlockGeom;
use crate::optbase::OptError;

fn edit(e: impl std::fmt::Display) -> OptError {
    OptError::Unsupported(format!("cannot rewrite for blocks: {e}"))
}

fn c64<'m>(m: &'m Module<'_>, v: u64) -> Value<'m> {
    m.const_int(64, v as i64)
}

/// The address `p` in group `group`'s records as integers: its block, its
/// distance from the group's first record and its slot.
fn slot<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    g: &BlockGeom,
    p: Value<'m>,
    group: usize,
) -> Result<(Value<'m>, Value<'m>, Value<'m>), OptError> {
    let pi = b.ptr_to_int(p, m.int_type(64), "")?;
    let block = b.and(pi, m.const_int(64, -(g.align as i64)), "")?;
    let mut rel = b.sub(pi, block, "")?;
    if g.offsets[group] != 0 {
        rel = b.sub(rel, c64(m, g.offsets[group]), "")?;
    }
    // (Not `exact`: inside a record, for a field's address, it is not.)
    let s = b.div(rel, c64(m, g.sizes[group]), false, false, "")?;
    Ok((block, rel, s))
}

/// The smaller of `x` and `y`, unsigned (built at `b`).
pub(super) fn umin<'m>(b: &Builder<'m>, x: Value<'m>, y: Value<'m>) -> Result<Value<'m>, OptError> {
    Ok(b.select(b.icmp(LLVMIntULT, x, y, "")?, x, y, "")?)
}

/// `p` plus `delta` bytes (an `i64`), as a GEP from `p`.
fn offset<'m>(m: &'m Module<'_>, b: &Builder<'m>, p: Value<'m>, delta: Value<'m>) -> Result<Value<'m>, OptError> {
    Ok(b.gep(m.int_type(8), p, &[delta], false, "")?)
}

/// The element `k` (an `i64`, any sign) elements from element pointer `p`:
/// the slot plus `k`, carried into whole blocks (floor division, so that
/// a step back from a block's first slot reaches the previous block's
/// last).
pub(super) fn step<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    g: &BlockGeom,
    p: Value<'m>,
    k: Value<'m>,
) -> Result<Value<'m>, OptError> {
    step_from(m, b, g, p, k, 0)
}

/// The same place `k` elements away from `p`, a place inside the record of
/// group `group` of an element (a field's address, or inside a field):
/// `p`'s slot is its distance from the group's first record over the
/// record size, whatever lies inside the record.
pub(super) fn step_in<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    g: &BlockGeom,
    p: Value<'m>,
    k: Value<'m>,
    group: usize,
) -> Result<Value<'m>, OptError> {
    step_from(m, b, g, p, k, group)
}

fn step_from<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    g: &BlockGeom,
    p: Value<'m>,
    k: Value<'m>,
    group: usize,
) -> Result<Value<'m>, OptError> {
    if k.const_int_value() == Some(0) {
        return Ok(p);
    }
    let i64t = m.int_type(64);
    let size = c64(m, g.sizes[group]);
    let (_, _, s) = slot(m, b, g, p, group)?;
    let per = c64(m, g.per);
    let t = b.add(s, k, "")?;
    // The blocks the step crosses: floor((slot + k) / per).
    let q = if g.per.is_power_of_two() {
        b.ashr(t, c64(m, u64::from(g.per.trailing_zeros())), "")?
    } else if non_negative(k, &mut Vec::new()) {
        b.div(t, per, false, false, "")?
    } else {
        let q = b.div(t, per, true, false, "")?;
        let r = b.sub(t, b.mul(q, per, "")?, "")?;
        let neg = b.int_cast(b.icmp(LLVMIntSLT, r, c64(m, 0), "")?, i64t, false, "")?;
        b.sub(q, neg, "")?
    };
    // k records on, plus for each block crossed the rest of the block
    // (its other groups) skipped: the group's place in the block and the
    // place inside the record stay.
    let gap = g.bytes - g.per * g.sizes[group];
    let delta = b.add(b.mul(k, size, "")?, b.mul(q, c64(m, gap), "")?, "")?;
    offset(m, b, p, delta)
}

/// The prefix of the step functions ([`step_function`]).
pub const STEP_PREFIX: &str = "__dtrans_blocks_step.";

/// `define internal ptr @__dtrans_blocks_step.BYTES.ALIGN.PER.SIZE(ptr %p,
/// i64 %k)` (`noinline`): [`step`] of the geometry its name gives (group
/// 0's record `SIZE` bytes). Under `dtrans cc` at `-O1` and up the steps
/// over a variable count of elements are calls to it, so that LLVM's
/// first run keeps them whole (it moves, shares and hoists them like any
/// pure call); then [`super::strip`] splits the loops that step with a
/// counter into an outer loop over blocks and an inner one over a block's
/// slots, and puts the arithmetic in place of every call left.
pub(super) fn step_function<'m>(m: &'m Module<'_>, g: &BlockGeom) -> Result<Function<'m>, OptError> {
    let name = format!("{STEP_PREFIX}{}.{}.{}.{}", g.bytes, g.align, g.per, g.sizes[0]);
    let (i64t, ptr) = (m.int_type(64), m.pointer_type());
    let ty = m.function_type(ptr, &[ptr, i64t], false)?;
    let Some((f, b)) = new_helper(m, &name, ty)? else { return existing(m, &name) };
    let p = |k: u32| f.param(k).expect("declared parameter");
    let e = step(m, &b, &step_geom(g.bytes, g.align, g.per, g.sizes[0]), p(0), p(1))?;
    b.ret(Some(e))?;
    Ok(f)
}

/// A new internal `noinline` helper `name` of type `ty` with a builder at
/// the end of its empty entry block; `None` when the module has a
/// function of that name and type already ([`existing`]), an error when
/// of another type.
fn new_helper<'m>(
    m: &'m Module<'_>,
    name: &str,
    ty: dtrans_ir::Type<'m>,
) -> Result<Option<(Function<'m>, dtrans_ir::Builder<'m>)>, OptError> {
    new_helper_with(m, name, ty, &["noinline", "nounwind", "willreturn"])
}

/// [`new_helper`] with the function attributes `attrs` (none that a call
/// of the program's own code, which may not return, would break).
fn new_helper_with<'m>(
    m: &'m Module<'_>,
    name: &str,
    ty: dtrans_ir::Type<'m>,
    attrs: &[&str],
) -> Result<Option<(Function<'m>, dtrans_ir::Builder<'m>)>, OptError> {
    if let Some(f) = m.function(name) {
        return if f.function_type() == ty { Ok(None) } else { Err(edit(format!("@{name} of another type"))) };
    }
    let f = m.add_function(name, ty)?;
    f.set_internal();
    for a in attrs {
        f.add_enum_attribute(dtrans_ir::AttrIndex::Function, a);
    }
    let b = m.builder();
    b.clear_debug_location();
    b.position_at_end(f.append_block("entry"));
    Ok(Some((f, b)))
}

/// The helper [`new_helper`] found.
fn existing<'m>(m: &'m Module<'_>, name: &str) -> Result<Function<'m>, OptError> {
    m.function(name).ok_or_else(|| edit(format!("@{name} vanished")))
}

/// The prefix of the field functions ([`field_function`]).
pub const FIELD_PREFIX: &str = "__dtrans_blocks_field.";

/// `define internal ptr @__dtrans_blocks_field.ALIGN.SIZE0.OFFSET.SIZE(ptr
/// %p)` (`noinline`): [`group_address`] of group `group` (at `OFFSET` in
/// the block, records of `SIZE` bytes) for element pointer `%p` (group
/// 0's records `SIZE0` bytes, blocks aligned to `ALIGN`). Under `dtrans
/// cc` the fields of side groups are reached through it until
/// [`super::strip`], which makes it a stride inside a run over a block
/// and puts its arithmetic in place elsewhere.
pub(super) fn field_function<'m>(m: &'m Module<'_>, g: &BlockGeom, group: usize) -> Result<Function<'m>, OptError> {
    let name = format!("{FIELD_PREFIX}{}.{}.{}.{}", g.align, g.sizes[0], g.offsets[group], g.sizes[group]);
    let ptr = m.pointer_type();
    let ty = m.function_type(ptr, &[ptr], false)?;
    let fg = field_function_geom(&name).ok_or_else(|| edit(format!("@{name}: no geometry")))?;
    let Some((f, b)) = new_helper(m, &name, ty)? else { return existing(m, &name) };
    let e = group_address(m, &b, &fg, f.param(0).expect("declared parameter"), 1, 0)?;
    b.ret(Some(e))?;
    Ok(f)
}

/// The geometry a field function's name gives, as far as
/// [`group_address`] of its group (group 1 of the result) needs it.
pub(super) fn field_function_geom(name: &str) -> Option<BlockGeom> {
    let rest = name.strip_prefix(FIELD_PREFIX)?;
    let v: Vec<u64> = rest.split('.').map(|x| x.parse().ok()).collect::<Option<_>>()?;
    let [align, size0, off, size] = v[..] else { return None };
    let sane = align.is_power_of_two() && size0 > 0 && size > 0 && align / size0 > 0;
    sane.then(|| BlockGeom {
        bytes: off + align / size0 * size,
        align,
        per: align / size0,
        offsets: vec![0, off],
        sizes: vec![size0, size],
    })
}

/// The geometry a step function's name gives, as far as steps need it
/// (group 0 only); `None` for another name.
pub(super) fn step_function_geom(name: &str) -> Option<BlockGeom> {
    let rest = name.strip_prefix(STEP_PREFIX)?;
    let v: Vec<u64> = rest.split('.').map(|x| x.parse().ok()).collect::<Option<_>>()?;
    let [bytes, align, per, size] = v[..] else { return None };
    let sane = align.is_power_of_two() && size > 0 && per > 0 && per.checked_mul(size).is_some_and(|s| s <= bytes);
    sane.then(|| step_geom(bytes, align, per, size))
}

fn step_geom(bytes: u64, align: u64, per: u64, size: u64) -> BlockGeom {
    BlockGeom { bytes, align, per, offsets: vec![0], sizes: vec![size] }
}

/// Whether integer `v` is never negative: a constant, a zero extension,
/// a mask, a right shift, an unsigned division or remainder, or a sum or
/// phi of such (a phi cycle assumed so while its other inputs are
/// checked: a loop's counter from 0 up). A sum is taken not to wrap: the
/// value indexes an array (a wrapped index would leave it). Then a step's
/// slot arithmetic divides unsigned, with no correction for a negative
/// remainder.
fn non_negative<'m>(v: Value<'m>, seen: &mut Vec<Value<'m>>) -> bool {
    use dtrans_ir::Opcode as O;
    if let Some(c) = v.const_int_value() {
        return c >= 0;
    }
    let Some(i) = v.as_instruction() else { return false };
    if seen.len() > 16 {
        return false;
    }
    let op = |k: u32| i.operand(k);
    match i.opcode() {
        O::LLVMZExt => true,
        // (A quotient by at least 2, a remainder by a positive divisor that
        // is itself non-negative in the type.)
        O::LLVMUDiv => op(1).and_then(|c| c.const_int_value()).is_some_and(|c| c >= 2),
        O::LLVMURem => op(1).and_then(|c| c.const_int_value()).is_some_and(|c| c > 0),
        O::LLVMLShr => op(1).and_then(|c| c.const_int_value()).is_some_and(|c| c > 0),
        O::LLVMAnd => [0, 1].iter().any(|k| op(*k).and_then(|c| c.const_int_value()).is_some_and(|c| c >= 0)),
        O::LLVMSExt => op(0).is_some_and(|a| non_negative(a, seen)),
        O::LLVMAdd => [0, 1].iter().all(|k| op(*k).is_some_and(|a| non_negative(a, seen))),
        O::LLVMPHI => {
            if seen.contains(&v) {
                return true;
            }
            seen.push(v);
            i.incoming().into_iter().all(|(x, _)| non_negative(x, seen))
        }
        _ => false,
    }
}

/// The address `off` bytes into the record of group `group` (0 is the
/// element's own) of the element at `p`.
pub(super) fn group_address<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    g: &BlockGeom,
    p: Value<'m>,
    group: usize,
    off: u64,
) -> Result<Value<'m>, OptError> {
    if group == 0 {
        return Ok(b.byte_offset(p, off as i64, false, "")?);
    }
    let (_, rel, s) = slot(m, b, g, p, 0)?;
    let at = b.add(b.mul(s, c64(m, g.sizes[group]), "")?, c64(m, g.offsets[group] + off), "")?;
    let delta = b.sub(at, rel, "")?;
    offset(m, b, p, delta)
}

/// `a - b` of two element pointers of one array, in elements.
pub(super) fn difference<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    g: &BlockGeom,
    x: Value<'m>,
    y: Value<'m>,
) -> Result<Value<'m>, OptError> {
    let (bx, _, sx) = slot(m, b, g, x, 0)?;
    let (by, _, sy) = slot(m, b, g, y, 0)?;
    let blocks = b.div(b.sub(bx, by, "")?, c64(m, g.bytes), true, true, "")?;
    Ok(b.add(b.mul(blocks, c64(m, g.per), "")?, b.sub(sx, sy, "")?, "")?)
}

/// The bytes of whole blocks holding `n` elements (an `i64`).
pub(super) fn block_bytes<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    g: &BlockGeom,
    n: Value<'m>,
) -> Result<Value<'m>, OptError> {
    let up = b.add(n, c64(m, g.per - 1), "")?;
    Ok(b.mul(b.div(up, c64(m, g.per), false, false, "")?, c64(m, g.bytes), "")?)
}

fn declare<'m>(m: &'m Module<'_>, name: &str, ty: dtrans_ir::Type<'m>) -> Result<Function<'m>, OptError> {
    Function::get_or_declare(m, name, ty).ok_or_else(|| edit(format!("`{name}` of another type")))
}

/// The helpers of allocation. An array laid out in blocks is allocated by
/// the program's own call (the library's: a calloc still gets pages the
/// system zeroes lazily) for `block_extra` more bytes than its blocks;
/// the array starts at the first block boundary at least 16 bytes in,
/// and the 16 bytes before it keep the bytes of its blocks (at -16) and
/// the block the call returned (at -8), which frees and reallocs of the
/// array are given instead (`raw`).
pub(super) struct BlockFns<'m> {
    /// `ptr @__dtrans_blocks_raw(ptr %array)`: the block an array with
    /// blocks of its own came in (null for null).
    pub raw: Function<'m>,
    /// `ptr @__dtrans_blocks_place(ptr %block, i64 %align, i64 %bytes)`:
    /// the array of `bytes` in a fresh block (null for null), the block
    /// and the bytes recorded before it.
    pub place: Function<'m>,
    /// `ptr @__dtrans_blocks_moved(ptr %block, ptr %old, ptr %oldblock,
    /// i64 %bytes, i64 %align)`: the same after a realloc of `oldblock`,
    /// where `old` was the array: when the new block's boundary is at
    /// another distance from its start, the array's bytes (they kept their
    /// distance from the block's start, and so did its header) move to it,
    /// as many as the old array had (the header says) and the new one
    /// holds: a move of the whole new size would touch every page of the
    /// grown part. A realloc of a large block by `mremap` keeps the
    /// distance when the alignment is at most a page: nothing moves.
    pub moved: Function<'m>,
    /// `@__dtrans_blocks_lock`, an `i32`: held (1) while a thread changes
    /// a slab's count or a structure's current slab ([`build_slab`]).
    pub lock: Value<'m>,
}

/// The bytes an allocation of blocks of `align` bytes asks for beyond
/// them: room to reach a boundary and keep the header before it.
pub(super) fn block_extra(align: u64) -> u64 {
    align + 16
}

/// The address of the first `align` boundary at least 16 bytes after `p`
/// (a malloc result, aligned to 16), as a GEP from `p` (built at `b`),
/// and its distance from `p`.
fn boundary<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    p: Value<'m>,
    align: Value<'m>,
) -> Result<(Value<'m>, Value<'m>), OptError> {
    let pi = b.ptr_to_int(p, m.int_type(64), "")?;
    let up = b.add(pi, b.add(align, c64(m, 15), "")?, "")?;
    let mask = b.sub(c64(m, 0), align, "")?;
    let delta = b.sub(b.and(up, mask, "")?, pi, "")?;
    Ok((offset(m, b, p, delta)?, delta))
}

pub(super) fn build_fns<'m>(m: &'m Module<'_>) -> Result<BlockFns<'m>, OptError> {
    let (i64t, ptr) = (m.int_type(64), m.pointer_type());
    let null = m.const_null(ptr);
    let b = m.builder();
    b.clear_debug_location();
    let define = |name: &str, params: &[dtrans_ir::Type<'m>]| -> Result<Function<'m>, OptError> {
        if m.function(name).is_some() {
            return Err(edit(format!("@{name} is defined in the program")));
        }
        let f = m.add_function(name, m.function_type(ptr, params, false)?)?;
        f.set_internal();
        Ok(f)
    };
    // Returns null from `entry` when its parameter 0 is null; the rest in
    // the block returned.
    let null_or = |f: Function<'m>| -> Result<dtrans_ir::BasicBlock<'m>, OptError> {
        let (entry, none, go) = (f.append_block("entry"), f.append_block("none"), f.append_block("go"));
        b.position_at_end(entry);
        let p0 = f.param(0).expect("declared parameter");
        b.cond_br(b.icmp(LLVMIntEQ, p0, null, "")?, none, go)?;
        b.position_at_end(none);
        b.ret(Some(null))?;
        b.position_at_end(go);
        Ok(go)
    };

    // (An array in a slab is released by its structure's helper,
    // `build_slab`: frees and reallocs of a structure with slabs never
    // come here.) The header is loaded at alignment 1 as everywhere.
    let lock = m.add_internal_global("__dtrans_blocks_lock", m.int_type(32), m.const_int(32, 0))?;
    let raw = define("__dtrans_blocks_raw", &[ptr])?;
    null_or(raw)?;
    let p0 = raw.param(0).expect("declared parameter");
    let at = b.load(ptr, offset(m, &b, p0, m.const_int(64, -8))?, "")?;
    at.set_alignment(1);
    b.ret(Some(at.as_value()))?;

    // The header before array `a`: its blocks' bytes and its block.
    let header = |a: Value<'m>, bytes: Value<'m>, block: Value<'m>| -> Result<(), OptError> {
        b.store(bytes, offset(m, &b, a, m.const_int(64, -16))?)?;
        b.store(block, offset(m, &b, a, m.const_int(64, -8))?)?;
        Ok(())
    };

    let place = define("__dtrans_blocks_place", &[ptr, i64t, i64t])?;
    null_or(place)?;
    let p = |k: u32| place.param(k).expect("declared parameter");
    let (a, _) = boundary(m, &b, p(0), p(1))?;
    header(a, p(2), p(0))?;
    b.ret(Some(a))?;

    let moved = define("__dtrans_blocks_moved", &[ptr, ptr, ptr, i64t, i64t])?;
    null_or(moved)?;
    let p = |k: u32| moved.param(k).expect("declared parameter");
    let (a, now) = boundary(m, &b, p(0), p(4))?;
    let (check, shift, keep) = (moved.append_block("check"), moved.append_block("shift"), moved.append_block("keep"));
    b.cond_br(b.icmp(LLVMIntEQ, p(1), null, "")?, keep, check)?;
    b.position_at_end(check);
    let before = b.sub(b.ptr_to_int(p(1), i64t, "")?, b.ptr_to_int(p(2), i64t, "")?, "")?;
    b.cond_br(b.icmp(LLVMIntEQ, before, now, "")?, keep, shift)?;
    b.position_at_end(shift);
    let memmove_ty = m.function_type(ptr, &[ptr, ptr, i64t], false)?;
    let memmove = declare(m, "memmove", memmove_ty)?;
    let from = offset(m, &b, p(0), before)?;
    let had = b.load(i64t, offset(m, &b, from, m.const_int(64, -16))?, "")?.as_value();
    let n = umin(&b, had, p(3))?;
    b.call(memmove_ty, memmove.as_value(), &[a, from, n], "")?;
    b.br(keep)?;
    b.position_at_end(keep);
    header(a, p(3), p(0))?;
    b.ret(Some(a))?;
    Ok(BlockFns { raw, place, moved, lock })
}

/// At `b`'s position in `f`: spins until it takes the slabs' `lock`
/// (`atomicrmw xchg` acquire); `b` ends in the block after, returned.
fn lock_slabs<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    f: Function<'m>,
    lock: Value<'m>,
) -> Result<dtrans_ir::BasicBlock<'m>, OptError> {
    let (spin, locked) = (f.append_block("lock"), f.append_block("locked"));
    b.br(spin)?;
    b.position_at_end(spin);
    let was = b.atomic_xchg_acquire(lock, m.const_int(32, 1))?.as_value();
    b.cond_br(b.icmp(LLVMIntEQ, was, m.const_int(32, 0), "")?, locked, spin)?;
    b.position_at_end(locked);
    Ok(locked)
}

/// At `b`'s position: gives the slabs' `lock` back (a release store).
fn unlock_slabs<'m>(m: &'m Module<'_>, b: &Builder<'m>, lock: Value<'m>) -> Result<(), OptError> {
    let s = b.store(m.const_int(32, 0), lock)?;
    s.set_alignment(4);
    if !s.set_release() {
        return Err(edit("the slabs' lock is no aligned i32"));
    }
    Ok(())
}

/// At `b`'s position in `f`: the reference count of `slab` (at -16; the
/// block it came in at -8) less one, the block freed when none is left;
/// `b` ends in the block after.
fn unref_slab<'m>(m: &'m Module<'_>, b: &Builder<'m>, f: Function<'m>, slab: Value<'m>) -> Result<(), OptError> {
    let (i64t, ptr) = (m.int_type(64), m.pointer_type());
    let count = offset(m, b, slab, m.const_int(64, -16))?;
    let left = b.sub(b.load(i64t, count, "")?.as_value(), c64(m, 1), "")?;
    b.store(left, count)?;
    let (free_it, after) = (f.append_block("slab.free"), f.append_block("slab.kept"));
    b.cond_br(b.icmp(LLVMIntEQ, left, c64(m, 0), "")?, free_it, after)?;
    b.position_at_end(free_it);
    let free_ty = m.function_type(m.void_type(), &[ptr], false)?;
    let free = declare(m, "free", free_ty)?;
    let block = b.load(ptr, offset(m, b, slab, m.const_int(64, -8))?, "")?.as_value();
    b.call(free_ty, free.as_value(), &[block], "")?;
    b.br(after)?;
    b.position_at_end(after);
    Ok(())
}

/// The helpers of a structure whose small arrays share blocks
/// ([`build_slab`]).
pub(super) struct SlabFns<'m> {
    /// `ptr @__dtrans_blocks_new.<struct>(i64 %n, i64 %bytes, i64
    /// %total, i1 %zeroed)`: a fresh array of `n` elements (`bytes` of
    /// whole blocks, `total` with the room to place them: what a malloc
    /// of the array asks for; a count that does not fit gives `n` and
    /// `total` -1, and the library's failure), zeroed when `zeroed`.
    pub new: Function<'m>,
    /// `ptr @__dtrans_blocks_resize.<struct>(ptr %old, i64 %n, i64
    /// %bytes, i64 %total)`: what `realloc(old, ...)` of `n` elements
    /// does.
    pub resize: Function<'m>,
    /// `ptr @__dtrans_blocks_release.<struct>(ptr %p)`: what a free of
    /// array `p` hands the library (its block; null for an array in a
    /// slab, which is kept for the next array that fits its slots).
    pub release: Function<'m>,
}

/// The most elements an array in a slab holds: as many as fit in one
/// block with their header. (An array of a few thousand elements with a
/// block of its own took the whole block: up to four times the
/// memory of the program's own arrays, and as many library calls.)
pub(super) fn slab_most(g: &BlockGeom) -> u64 {
    g.per.saturating_sub(header_slots(g))
}

/// The group-0 records before an array in a slab that hold its header
/// (one word: an array of 8 records of 8 bytes took 10 slots of every
/// group with the two words an array with blocks of its own has, a
/// quarter more of each stream and 1.15 times the original's memory).
fn header_slots(g: &BlockGeom) -> u64 {
    8u64.div_ceil(g.sizes[0].max(1))
}

/// Whether the small arrays of a structure of geometry `g` can share
/// blocks: the largest one and its header fit in one, and a slab is found
/// from any of its arrays by clearing the low bits ([`slab_of`]: its
/// group-0 records end within its alignment).
pub(super) fn slab_fits(g: &BlockGeom) -> bool {
    slab_most(g) > 0 && slab_most(g) + header_slots(g) <= g.per && g.offsets[0] + g.per * g.sizes[0] <= g.align
}

/// The slab of array `a` (in a slab): the start of the block its header
/// word is in, the header's address with its low bits cleared (every slot
/// of a slab's group 0 is within its alignment: [`slab_fits`]). Not `a`'s:
/// an array of no elements may start just past the slab's last slot.
fn slab_of<'m>(m: &'m Module<'_>, b: &Builder<'m>, g: &BlockGeom, a: Value<'m>) -> Result<Value<'m>, OptError> {
    let head = offset(m, b, a, m.const_int(64, -8))?;
    let low = b.and(b.ptr_to_int(head, m.int_type(64), "")?, c64(m, g.align - 1), "")?;
    offset(m, b, head, b.sub(c64(m, 0), low, "")?)
}

/// The helpers that allocate and resize arrays of the structure `name`
/// (geometry `g`) when small ones share blocks ("slabs"). An array of at
/// most [`slab_most`] elements does not get blocks of its own (a block
/// each would make a program of many short arrays, one per node of a
/// graph, take a block per node, most of it address space, a page per
/// group touched): it takes the next free slots of the structure's
/// current slab, one block allocated by the library's malloc and placed
/// like an array of one block. Elements, steps and runs are those of any
/// array (a small array never crosses its block's end). Before the
/// array, in the records of [`header_slots`] slots of group 0, its header:
/// one word, its count with the sign bit set (in the word where an array
/// with blocks of its own keeps its block, a pointer, never negative); its
/// slab is the block it is in ([`slab_of`]). A slab
/// counts its references in its own header's first word (the bytes of
/// one block that `place` wrote there are known): one per array, one
/// while it is current, and the last one frees the slab. A free of an
/// array in a slab (`__dtrans_blocks_release.<struct>`, which frees and
/// reallocs call) keeps it in `@__dtrans_blocks_kept.<struct>`, its
/// reference held, and gives back the reference of the one kept before;
/// the next array of at least half and at most all of its count takes
/// its slots (the way a program remakes an array: free, then malloc of
/// the same count; without it a program remaking a third of its arrays
/// each round took 1.7 times the original's memory, the new arrays out
/// of order, 1.24 times its time). Other slots of freed arrays are not
/// reused while their slab lives. The globals
/// `@__dtrans_blocks_slab.<struct>`, `@__dtrans_blocks_next.<struct>`
/// (the current slab and its first free slot) and the kept array, and
/// the slabs' counts, change only under one spin lock
/// (`BlockFns::lock`), for programs that run threads; a fresh slab's
/// malloc is made under it, the zeroing of an array after it.
pub(super) fn build_slab<'m>(
    m: &'m Module<'_>,
    name: &str,
    g: &BlockGeom,
    fns: &BlockFns<'m>,
    (copy, set): (Function<'m>, Function<'m>),
) -> Result<SlabFns<'m>, OptError> {
    let (i64t, i1t, ptr) = (m.int_type(64), m.int_type(1), m.pointer_type());
    let null = m.const_null(ptr);
    let malloc_ty = m.function_type(ptr, &[i64t], false)?;
    let calloc_ty = m.function_type(ptr, &[i64t, i64t], false)?;
    let realloc_ty = m.function_type(ptr, &[ptr, i64t], false)?;
    let malloc = declare(m, "malloc", malloc_ty)?;
    let calloc = declare(m, "calloc", calloc_ty)?;
    let realloc = declare(m, "realloc", realloc_ty)?;
    let current = m.add_internal_global(&format!("__dtrans_blocks_slab.{name}"), ptr, null)?;
    let next = m.add_internal_global(&format!("__dtrans_blocks_next.{name}"), i64t, c64(m, 0))?;
    // The last array in a slab the program freed, its slab's reference
    // still held: the next array that fits its slots takes them (a free
    // and a malloc of the same count, the way a program remakes an
    // array, then keep the array's place, as the library's malloc does).
    let kept = m.add_internal_global(&format!("__dtrans_blocks_kept.{name}"), ptr, null)?;
    let align = c64(m, g.align);
    let hs = header_slots(g);

    // new(n, bytes, total, zeroed)
    let new_name = format!("__dtrans_blocks_new.{name}");
    let new_ty = m.function_type(ptr, &[i64t, i64t, i64t, i1t], false)?;
    let (new, b) = new_helper_with(m, &new_name, new_ty, &[])?.ok_or_else(|| edit(format!("@{new_name} exists")))?;
    let p = |k: u32| new.param(k).expect("declared parameter");
    let (own, own_zero, own_plain, own_placed) = (
        new.append_block("own"),
        new.append_block("own.zeroed"),
        new.append_block("own.plain"),
        new.append_block("own.placed"),
    );
    let (shared, fresh, got, none, carve) = (
        new.append_block("shared"),
        new.append_block("fresh"),
        new.append_block("got"),
        new.append_block("none"),
        new.append_block("carve"),
    );
    b.cond_br(b.icmp(LLVMIntULE, p(0), c64(m, slab_most(g)), "")?, shared, own)?;
    // An array with blocks of its own, as the program's call would make it.
    b.position_at_end(own);
    b.cond_br(p(3), own_zero, own_plain)?;
    b.position_at_end(own_zero);
    let z = b.call(calloc_ty, calloc.as_value(), &[c64(m, 1), p(2)], "")?.as_value();
    b.br(own_placed)?;
    b.position_at_end(own_plain);
    let u = b.call(malloc_ty, malloc.as_value(), &[p(2)], "")?.as_value();
    b.br(own_placed)?;
    b.position_at_end(own_placed);
    let block = b.phi(ptr, "block")?;
    block.add_incoming(z, own_zero)?;
    block.add_incoming(u, own_plain)?;
    let placed = b.call(fns.place.function_type(), fns.place.as_value(), &[block.as_value(), align, p(1)], "")?;
    b.ret(Some(placed.as_value()))?;
    // In the current slab when its free slots hold the array and its
    // header, else in a fresh one.
    b.position_at_end(shared);
    lock_slabs(m, &b, new, fns.lock)?;
    // The kept array when it holds at least n and at most 2n elements.
    let (check_kept, reuse, taken, tail) =
        (new.append_block("kept"), new.append_block("reuse"), new.append_block("slabs"), new.append_block("placed"));
    let old = b.load(ptr, kept, "")?.as_value();
    b.cond_br(b.icmp(LLVMIntNE, old, null, "")?, check_kept, taken)?;
    b.position_at_end(check_kept);
    let old_head = b.load(i64t, offset(m, &b, old, m.const_int(64, -8))?, "")?;
    old_head.set_alignment(1);
    let had = b.and(old_head.as_value(), m.const_int(64, i64::MAX), "")?;
    let enough = b.icmp(LLVMIntULE, p(0), had, "")?;
    let not_twice = b.icmp(LLVMIntULE, b.sub(had, p(0), "")?, p(0), "")?;
    b.cond_br(b.and(enough, not_twice, "")?, reuse, taken)?;
    b.position_at_end(reuse);
    b.store(null, kept)?;
    // (Its slab stays the block it is in; n is below the sign bit.)
    let sign = b.add(p(0), m.const_int(64, i64::MIN), "")?;
    b.store(sign, offset(m, &b, old, m.const_int(64, -8))?)?.set_alignment(1);
    unlock_slabs(m, &b, fns.lock)?;
    b.br(tail)?;
    b.position_at_end(taken);
    let slab = b.load(ptr, current, "")?.as_value();
    let k = b.load(i64t, next, "")?.as_value();
    let need = b.add(p(0), c64(m, hs), "")?;
    let room = b.icmp(LLVMIntULE, b.add(k, need, "")?, c64(m, g.per), "")?;
    let some = b.icmp(LLVMIntNE, slab, null, "")?;
    b.cond_br(b.and(some, room, "")?, carve, fresh)?;
    b.position_at_end(fresh);
    let total = c64(m, g.bytes + block_extra(g.align));
    let raw = b.call(malloc_ty, malloc.as_value(), &[total], "")?.as_value();
    b.cond_br(b.icmp(LLVMIntEQ, raw, null, "")?, none, got)?;
    b.position_at_end(none);
    unlock_slabs(m, &b, fns.lock)?;
    b.ret(Some(null))?;
    b.position_at_end(got);
    let fresh_slab =
        b.call(fns.place.function_type(), fns.place.as_value(), &[raw, align, c64(m, g.bytes)], "")?.as_value();
    let fresh_count = offset(m, &b, fresh_slab, m.const_int(64, -16))?;
    // The fresh slab becomes current when it keeps more free slots than
    // the current one (whose first free slot is past the array's need):
    // a slab is left only for one with more room, so a large array does
    // not make the small ones after it start yet another slab.
    let (make_current, aside) = (new.append_block("make.current"), new.append_block("aside"));
    let roomier = b.select(some, b.icmp(LLVMIntUGT, k, need, "")?, m.const_int(1, 1), "")?;
    b.cond_br(roomier, make_current, aside)?;
    b.position_at_end(aside);
    b.store(c64(m, 0), fresh_count)?;
    b.br(carve)?;
    b.position_at_end(make_current);
    b.store(c64(m, 1), fresh_count)?;
    let (drop_old, dropped) = (new.append_block("old"), new.append_block("current"));
    b.cond_br(some, drop_old, dropped)?;
    b.position_at_end(drop_old);
    unref_slab(m, &b, new, slab)?;
    b.br(dropped)?;
    b.position_at_end(dropped);
    b.store(fresh_slab, current)?;
    b.br(carve)?;
    b.position_at_end(carve);
    let s = b.phi(ptr, "slab")?;
    s.add_incoming(slab, taken)?;
    s.add_incoming(fresh_slab, dropped)?;
    s.add_incoming(fresh_slab, aside)?;
    let first = b.phi(i64t, "first")?;
    first.add_incoming(k, taken)?;
    first.add_incoming(c64(m, 0), dropped)?;
    first.add_incoming(c64(m, 0), aside)?;
    let is_current = b.phi(i1t, "current")?;
    is_current.add_incoming(m.const_int(1, 1), taken)?;
    is_current.add_incoming(m.const_int(1, 1), dropped)?;
    is_current.add_incoming(m.const_int(1, 0), aside)?;
    let s = s.as_value();
    let slot = b.add(first.as_value(), c64(m, hs), "")?;
    let at = b.add(c64(m, g.offsets[0]), b.mul(slot, c64(m, g.sizes[0]), "")?, "")?;
    let a = offset(m, &b, s, at)?;
    // (n is small: adding the sign bit sets it.)
    let sign = b.add(p(0), m.const_int(64, i64::MIN), "")?;
    // (A record may be narrower than 8 bytes: the header's word may be
    // unaligned.)
    b.store(sign, offset(m, &b, a, m.const_int(64, -8))?)?.set_alignment(1);
    let count = offset(m, &b, s, m.const_int(64, -16))?;
    b.store(b.add(b.load(i64t, count, "")?.as_value(), c64(m, 1), "")?, count)?;
    let after = b.add(first.as_value(), need, "")?;
    b.store(b.select(is_current.as_value(), after, k, "")?, next)?;
    unlock_slabs(m, &b, fns.lock)?;
    b.br(tail)?;
    // A calloc'd array (taken again or carved) is zeroed after the lock.
    b.position_at_end(tail);
    let array = b.phi(ptr, "array")?;
    array.add_incoming(old, reuse)?;
    array.add_incoming(a, carve)?;
    let (zero, done) = (new.append_block("zero"), new.append_block("done"));
    b.cond_br(p(3), zero, done)?;
    b.position_at_end(zero);
    b.call(set.function_type(), set.as_value(), &[array.as_value(), m.const_int(32, 0), p(0)], "")?;
    b.br(done)?;
    b.position_at_end(done);
    b.ret(Some(array.as_value()))?;

    // release(p): an array in a slab becomes the kept one, the one kept
    // before gives its slab's reference back; blocks of its own are
    // handed to the library as `__dtrans_blocks_raw` does.
    let release_name = format!("__dtrans_blocks_release.{name}");
    let release_ty = m.function_type(ptr, &[ptr], false)?;
    let (release, b) =
        new_helper_with(m, &release_name, release_ty, &[])?.ok_or_else(|| edit(format!("@{release_name} exists")))?;
    let p = |k: u32| release.param(k).expect("declared parameter");
    let (none, go, own, shared, drop_old, done) = (
        release.append_block("none"),
        release.append_block("go"),
        release.append_block("own"),
        release.append_block("shared"),
        release.append_block("old"),
        release.append_block("done"),
    );
    b.cond_br(b.icmp(LLVMIntEQ, p(0), null, "")?, none, go)?;
    b.position_at_end(none);
    b.ret(Some(null))?;
    b.position_at_end(go);
    // The word before the array: its block (a pointer, never negative)
    // for blocks of its own, its count with the sign bit set in a slab.
    let head = b.load(i64t, offset(m, &b, p(0), m.const_int(64, -8))?, "")?;
    head.set_alignment(1);
    b.cond_br(b.icmp(LLVMIntSLT, head.as_value(), c64(m, 0), "")?, shared, own)?;
    b.position_at_end(own);
    let block = b.load(ptr, offset(m, &b, p(0), m.const_int(64, -8))?, "")?;
    block.set_alignment(1);
    b.ret(Some(block.as_value()))?;
    b.position_at_end(shared);
    lock_slabs(m, &b, release, fns.lock)?;
    let before = b.load(ptr, kept, "")?.as_value();
    b.store(p(0), kept)?;
    b.cond_br(b.icmp(LLVMIntNE, before, null, "")?, drop_old, done)?;
    b.position_at_end(drop_old);
    let its_slab = slab_of(m, &b, g, before)?;
    unref_slab(m, &b, release, its_slab)?;
    b.br(done)?;
    b.position_at_end(done);
    unlock_slabs(m, &b, fns.lock)?;
    b.ret(Some(null))?;

    // resize(old, n, bytes, total)
    let resize_name = format!("__dtrans_blocks_resize.{name}");
    let resize_ty = m.function_type(ptr, &[ptr, i64t, i64t, i64t], false)?;
    let (resize, b) =
        new_helper_with(m, &resize_name, resize_ty, &[])?.ok_or_else(|| edit(format!("@{resize_name} exists")))?;
    let p = |k: u32| resize.param(k).expect("declared parameter");
    let fresh_call = |b: &Builder<'m>| -> Result<Value<'m>, OptError> {
        let args = [p(1), p(2), p(3), m.const_int(1, 0)];
        Ok(b.call(new_ty, new.as_value(), &args, "")?.as_value())
    };
    let (from_null, check, own, shared, gone, grow, copy_it) = (
        resize.append_block("from.null"),
        resize.append_block("check"),
        resize.append_block("own"),
        resize.append_block("shared"),
        resize.append_block("gone"),
        resize.append_block("grow"),
        resize.append_block("copy"),
    );
    b.cond_br(b.icmp(LLVMIntEQ, p(0), null, "")?, from_null, check)?;
    // realloc(NULL, ...) is a malloc.
    b.position_at_end(from_null);
    b.ret(Some(fresh_call(&b)?))?;
    b.position_at_end(check);
    let head = b.load(i64t, offset(m, &b, p(0), m.const_int(64, -8))?, "")?;
    head.set_alignment(1);
    let head = head.as_value();
    b.cond_br(b.icmp(LLVMIntSLT, head, c64(m, 0), "")?, shared, own)?;
    // Blocks of its own: the library's realloc of its block (none left
    // for no elements: the library frees it and returns null), placed.
    b.position_at_end(own);
    let raw = b.load(ptr, offset(m, &b, p(0), m.const_int(64, -8))?, "")?.as_value();
    let frees = b.icmp(LLVMIntEQ, p(1), c64(m, 0), "")?;
    let total = b.select(frees, c64(m, 0), p(3), "")?;
    let block = b.call(realloc_ty, realloc.as_value(), &[raw, total], "")?.as_value();
    let args = [block, p(0), raw, p(2), align];
    b.ret(Some(b.call(fns.moved.function_type(), fns.moved.as_value(), &args, "")?.as_value()))?;
    // In a slab: a fresh array, the elements both have copied, the old
    // one given back; no elements: given back, null (as the library's
    // realloc to 0 bytes); out of memory: null, the old one kept.
    b.position_at_end(shared);
    b.cond_br(b.icmp(LLVMIntEQ, p(1), c64(m, 0), "")?, gone, grow)?;
    b.position_at_end(gone);
    b.call(release_ty, release.as_value(), &[p(0)], "")?;
    b.ret(Some(null))?;
    b.position_at_end(grow);
    let fresh = fresh_call(&b)?;
    let fail = resize.append_block("fail");
    b.cond_br(b.icmp(LLVMIntEQ, fresh, null, "")?, fail, copy_it)?;
    b.position_at_end(fail);
    b.ret(Some(null))?;
    b.position_at_end(copy_it);
    let had = b.and(head, m.const_int(64, i64::MAX), "")?;
    b.call(copy.function_type(), copy.as_value(), &[fresh, p(0), umin(&b, had, p(1))?], "")?;
    b.call(release_ty, release.as_value(), &[p(0)], "")?;
    b.ret(Some(fresh))?;
    Ok(SlabFns { new, resize, release })
}

/// `define internal void @NAME(ptr %dst, ptr %src, i64 %n)` (`set`:
/// `(ptr %dst, i32 %byte, i64 %n)`): a copy (as `memmove`) or a set of
/// `n` whole elements, by runs: a run is as many elements as stay in one
/// block of the destination and of the source, and each group's records
/// of a run are one call (a copy of whole arrays both starting a block
/// moves whole blocks). A copy whose destination is after its source
/// takes the runs from the last element back, as `memmove` would the
/// elements: a run never reads what an earlier run wrote.
pub(super) fn build_whole<'m>(
    m: &'m Module<'_>,
    name: &str,
    g: &BlockGeom,
    set: bool,
) -> Result<Function<'m>, OptError> {
    if let Some(f) = m.function(name) {
        return Ok(f);
    }
    let (i64t, i32t, ptr) = (m.int_type(64), m.int_type(32), m.pointer_type());
    let memmove_ty = m.function_type(ptr, &[ptr, ptr, i64t], false)?;
    let memset_ty = m.function_type(ptr, &[ptr, i32t, i64t], false)?;
    let memmove = declare(m, "memmove", memmove_ty)?;
    let memset = declare(m, "memset", memset_ty)?;
    let second = if set { i32t } else { ptr };
    let f = m.add_function(name, m.function_type(m.void_type(), &[ptr, second, i64t], false)?)?;
    f.set_internal();
    let p = |k: u32| f.param(k).expect("declared parameter");
    let b = m.builder();
    b.clear_debug_location();
    let entry = f.append_block("entry");
    let (start, forward, done) = (f.append_block("start"), f.append_block("forward"), f.append_block("done"));
    let backward = (!set).then(|| f.append_block("backward"));
    let umin = |x: Value<'m>, y: Value<'m>| umin(&b, x, y);
    // The calls for the run of `run` elements from element `first`.
    let run_calls = |first: Value<'m>, run: Value<'m>| -> Result<(), OptError> {
        let dst = step(m, &b, g, p(0), first)?;
        let src = if set { None } else { Some(step(m, &b, g, p(1), first)?) };
        for (k, size) in g.sizes.iter().enumerate() {
            let d = group_address(m, &b, g, dst, k, 0)?;
            let bytes = b.mul(run, c64(m, *size), "")?;
            match src {
                Some(s) => {
                    let s = group_address(m, &b, g, s, k, 0)?;
                    b.call(memmove_ty, memmove.as_value(), &[d, s, bytes], "")?;
                }
                None => {
                    b.call(memset_ty, memset.as_value(), &[d, p(1), bytes], "")?;
                }
            }
        }
        Ok(())
    };
    // The slot of element `i` of the array at `base`.
    let slot_of = |base: Value<'m>, i: Value<'m>| -> Result<Value<'m>, OptError> {
        Ok(slot(m, &b, g, step(m, &b, g, base, i)?, 0)?.2)
    };
    let per = c64(m, g.per);

    b.position_at_end(entry);
    b.cond_br(b.icmp(LLVMIntEQ, p(2), c64(m, 0), "")?, done, start)?;
    b.position_at_end(start);
    if let Some(backward) = backward {
        let back = b.icmp(LLVMIntUGT, b.ptr_to_int(p(0), i64t, "")?, b.ptr_to_int(p(1), i64t, "")?, "")?;
        b.cond_br(back, backward, forward)?;
    } else {
        b.br(forward)?;
    }

    // Forward: from element j, as many as stay in both blocks.
    b.position_at_end(forward);
    let j = b.phi(i64t, "j")?;
    j.add_incoming(c64(m, 0), start)?;
    let mut room = b.sub(per, slot_of(p(0), j.as_value())?, "")?;
    if !set {
        room = umin(room, b.sub(per, slot_of(p(1), j.as_value())?, "")?)?;
    }
    let run = umin(room, b.sub(p(2), j.as_value(), "")?)?;
    run_calls(j.as_value(), run)?;
    let next = b.add(j.as_value(), run, "")?;
    j.add_incoming(next, forward)?;
    b.cond_br(b.icmp(LLVMIntEQ, next, p(2), "")?, done, forward)?;

    // Backward: the elements before e, as many as stay in the blocks of
    // element e - 1.
    if let Some(backward) = backward {
        b.position_at_end(backward);
        let e = b.phi(i64t, "e")?;
        e.add_incoming(p(2), start)?;
        let last = b.sub(e.as_value(), c64(m, 1), "")?;
        let one = c64(m, 1);
        let room = umin(b.add(slot_of(p(0), last)?, one, "")?, b.add(slot_of(p(1), last)?, one, "")?)?;
        let run = umin(room, e.as_value())?;
        let first = b.sub(e.as_value(), run, "")?;
        run_calls(first, run)?;
        e.add_incoming(first, backward)?;
        b.cond_br(b.icmp(LLVMIntEQ, first, c64(m, 0), "")?, done, backward)?;
    }
    b.position_at_end(done);
    b.ret(None)?;
    Ok(f)
}

/// `void @name(ptr %base, i64 %n, ptr %cmp)`: what `qsort(base, n, size,
/// cmp)` does to `n` elements from `base`, laid out in blocks. The
/// library's qsort sorts an array of pointers to the elements with
/// `cmp` behind a trampoline ([`build_sort_cmp`]), then the elements are
/// copied in that order into blocks of their own and back (`copy`, the
/// structure's copy helper). The library's algorithm makes the same
/// comparisons of the same positions whatever the size of what it sorts
/// (glibc's merge sort sorts large elements through pointers itself), so
/// equal elements end in the same order as the program's own qsort left
/// them. Out of memory for the pointers or the copy, the program stops
/// with a message (its own qsort would have sorted in place).
pub(super) fn build_sort<'m>(
    m: &'m Module<'_>,
    name: &str,
    g: &BlockGeom,
    fns: &BlockFns<'m>,
    copy: Function<'m>,
) -> Result<Function<'m>, OptError> {
    let (i64t, ptr) = (m.int_type(64), m.pointer_type());
    let ty = m.function_type(m.void_type(), &[ptr, i64t, ptr], false)?;
    let Some((f, b)) = new_helper_with(m, name, ty, &[])? else { return existing(m, name) };
    let p = |k: u32| f.param(k).expect("declared parameter");
    let (base, n, cmp) = (p(0), p(1), p(2));
    let malloc_ty = m.function_type(ptr, &[i64t], false)?;
    let free_ty = m.function_type(m.void_type(), &[ptr], false)?;
    let qsort_ty = m.function_type(m.void_type(), &[ptr, i64t, i64t, ptr], false)?;
    let malloc = declare(m, "malloc", malloc_ty)?;
    let free = declare(m, "free", free_ty)?;
    let qsort = declare(m, "qsort", qsort_ty)?;
    let copy_ty = copy.function_type();
    let (alloc, fail, fill, sort, gather, done) = (
        f.append_block("alloc"),
        f.append_block("fail"),
        f.append_block("fill"),
        f.append_block("sort"),
        f.append_block("gather"),
        f.append_block("done"),
    );
    // (Fewer than two elements: qsort compares nothing.)
    b.cond_br(b.icmp(LLVMIntULT, n, c64(m, 2), "")?, done, alloc)?;

    b.position_at_end(alloc);
    let ptrs = b.call(malloc_ty, malloc.as_value(), &[b.mul(n, c64(m, 8), "")?], "")?.as_value();
    let bytes = block_bytes(m, &b, g, n)?;
    let total = b.add(bytes, c64(m, block_extra(g.align)), "")?;
    let raw = b.call(malloc_ty, malloc.as_value(), &[total], "")?.as_value();
    // (Null for null.)
    let tmp = b.call(fns.place.function_type(), fns.place.as_value(), &[raw, c64(m, g.align), bytes], "")?.as_value();
    let null = m.const_null(ptr);
    let ok = b.and(b.icmp(LLVMIntNE, ptrs, null, "")?, b.icmp(LLVMIntNE, raw, null, "")?, "")?;
    b.cond_br(ok, fill, fail)?;
    let text = "dtrans: out of memory for the qsort of an array laid out in blocks\n";
    super::apply::stop_with(m, &b, fail, &format!("{name}.message"), text)?;

    // The pointers to the elements, in order.
    b.position_at_end(fill);
    let i = b.phi(i64t, "i")?;
    i.add_incoming(c64(m, 0), alloc)?;
    let at = b.gep(ptr, ptrs, &[i.as_value()], false, "")?;
    b.store(step(m, &b, g, base, i.as_value())?, at)?;
    let next = b.add(i.as_value(), c64(m, 1), "")?;
    i.add_incoming(next, fill)?;
    b.cond_br(b.icmp(LLVMIntEQ, next, n, "")?, sort, fill)?;

    b.position_at_end(sort);
    b.call(qsort_ty, qsort.as_value(), &[ptrs, n, c64(m, 8), cmp], "")?;
    b.br(gather)?;

    // Element k of the copy is the one the k-th pointer points to.
    b.position_at_end(gather);
    let k = b.phi(i64t, "k")?;
    k.add_incoming(c64(m, 0), sort)?;
    let src = b.load(ptr, b.gep(ptr, ptrs, &[k.as_value()], false, "")?, "")?.as_value();
    b.call(copy_ty, copy.as_value(), &[step(m, &b, g, tmp, k.as_value())?, src, c64(m, 1)], "")?;
    let next = b.add(k.as_value(), c64(m, 1), "")?;
    k.add_incoming(next, gather)?;
    let last = b.icmp(LLVMIntEQ, next, n, "")?;
    let back = f.append_block("back");
    b.cond_br(last, back, gather)?;

    b.position_at_end(back);
    b.call(copy_ty, copy.as_value(), &[base, tmp, n], "")?;
    b.call(free_ty, free.as_value(), &[raw], "")?;
    b.call(free_ty, free.as_value(), &[ptrs], "")?;
    b.br(done)?;

    b.position_at_end(done);
    b.ret(None)?;
    Ok(f)
}

/// `i32 @__dtrans_blocks_cmp.<cmp>(ptr %a, ptr %b)`: `cmp` of the
/// elements two pointers in [`build_sort`]'s array point to.
pub(super) fn build_sort_cmp<'m>(m: &'m Module<'_>, cmp: Function<'m>) -> Result<Function<'m>, OptError> {
    let name = format!("__dtrans_blocks_cmp.{}", cmp.name());
    let ptr = m.pointer_type();
    let Some((f, b)) = new_helper_with(m, &name, cmp.function_type(), &[])? else { return existing(m, &name) };
    let x = b.load(ptr, f.param(0).expect("declared parameter"), "")?.as_value();
    let y = b.load(ptr, f.param(1).expect("declared parameter"), "")?.as_value();
    let r = b.call(cmp.function_type(), cmp.as_value(), &[x, y], "")?.as_value();
    b.ret(Some(r))?;
    Ok(f)
}
