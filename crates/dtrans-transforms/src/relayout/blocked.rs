//! The code of structures laid out in blocks (the `blocks` pass; the
//! layout is `layouts::BlockGeom`, the policy `crate::blocks`): slots and
//! steps computed from an element's address, differences of element
//! pointers, and the helper functions for allocation and for copies and
//! sets of whole elements.
//!
//! An element pointer `p` is its record in group 0: the block is
//! `p & -bytes`, the slot `(p - block) / sizes[0]`. Every address built
//! here is a byte offset from the pointer it comes from (a GEP, not an
//! `inttoptr`), so it keeps that pointer's provenance: the blocks of one
//! array are one allocation.
use dtrans_ir::IntPredicate::{LLVMIntEQ, LLVMIntNE, LLVMIntSLT, LLVMIntUGT};
use dtrans_ir::{Builder, Function, Module, Value};

use super::apply::stop_with;
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
    let block = b.and(pi, m.const_int(64, -(g.bytes as i64)), "")?;
    let mut rel = b.sub(pi, block, "")?;
    if g.offsets[group] != 0 {
        rel = b.sub(rel, c64(m, g.offsets[group]), "")?;
    }
    // (Not `exact`: a zero-length array kept from a `realloc` may be
    // unaligned; no element of it is ever reached.)
    let s = b.div(rel, c64(m, g.sizes[group]), false, false, "")?;
    Ok((block, rel, s))
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
    let (q, r) = if k.const_int_value().is_some_and(|k| k > 0) {
        let q = b.div(t, per, false, false, "")?;
        (q, b.sub(t, b.mul(q, per, "")?, "")?)
    } else {
        let q = b.div(t, per, true, false, "")?;
        let r = b.sub(t, b.mul(q, per, "")?, "")?;
        let neg = b.int_cast(b.icmp(LLVMIntSLT, r, c64(m, 0), "")?, i64t, false, "")?;
        (b.sub(q, neg, "")?, b.add(r, b.mul(neg, per, "")?, "")?)
    };
    // The new slot's place minus the old one's: whole blocks, then slots
    // (the group's offset and the place inside the record stay).
    let slots = b.mul(b.sub(r, s, "")?, size, "")?;
    let delta = b.add(b.mul(q, c64(m, g.bytes), "")?, slots, "")?;
    offset(m, b, p, delta)
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

/// `define internal ptr @__dtrans_blocks_alloc(i64 %align, i64 %bytes, i1
/// %zero)`: `aligned_alloc`, the block zeroed when asked and made.
pub(super) fn build_alloc<'m>(m: &'m Module<'_>) -> Result<Function<'m>, OptError> {
    const NAME: &str = "__dtrans_blocks_alloc";
    if let Some(f) = m.function(NAME) {
        return Ok(f);
    }
    let (i64t, i32t, ptr) = (m.int_type(64), m.int_type(32), m.pointer_type());
    let aligned_ty = m.function_type(ptr, &[i64t, i64t], false)?;
    let memset_ty = m.function_type(ptr, &[ptr, i32t, i64t], false)?;
    let aligned = declare(m, "aligned_alloc", aligned_ty)?;
    let memset = declare(m, "memset", memset_ty)?;
    let f = m.add_function(NAME, m.function_type(ptr, &[i64t, i64t, m.int_type(1)], false)?)?;
    f.set_internal();
    let p = |k: u32| f.param(k).expect("declared parameter");
    let b = m.builder();
    b.clear_debug_location();
    let (entry, clear, done) = (f.append_block("entry"), f.append_block("clear"), f.append_block("done"));
    b.position_at_end(entry);
    let block = b.call(aligned_ty, aligned.as_value(), &[p(0), p(1)], "")?.as_value();
    let made = b.icmp(LLVMIntNE, block, m.const_null(ptr), "")?;
    let zero = b.select(p(2), made, m.const_int(1, 0), "")?;
    b.cond_br(zero, clear, done)?;
    b.position_at_end(clear);
    b.call(memset_ty, memset.as_value(), &[block, m.const_int(32, 0), p(1)], "")?;
    b.br(done)?;
    b.position_at_end(done);
    b.ret(Some(block))?;
    Ok(f)
}

/// `define internal ptr @__dtrans_blocks_realloc(ptr %old, i64 %align,
/// i64 %bytes)`: the library's `realloc` (its answer kept when it fails
/// or frees), then, when the block it returns is not aligned, its bytes
/// moved to an aligned one (the program stops if there is no memory for
/// it: the original block is gone by then).
pub(super) fn build_realloc<'m>(m: &'m Module<'_>) -> Result<Function<'m>, OptError> {
    const NAME: &str = "__dtrans_blocks_realloc";
    if let Some(f) = m.function(NAME) {
        return Ok(f);
    }
    let (i64t, ptr) = (m.int_type(64), m.pointer_type());
    let realloc_ty = m.function_type(ptr, &[ptr, i64t], false)?;
    let aligned_ty = m.function_type(ptr, &[i64t, i64t], false)?;
    let memmove_ty = m.function_type(ptr, &[ptr, ptr, i64t], false)?;
    let free_ty = m.function_type(m.void_type(), &[ptr], false)?;
    let realloc = declare(m, "realloc", realloc_ty)?;
    let aligned = declare(m, "aligned_alloc", aligned_ty)?;
    let memmove = declare(m, "memmove", memmove_ty)?;
    let free = declare(m, "free", free_ty)?;
    let f = m.add_function(NAME, m.function_type(ptr, &[ptr, i64t, i64t], false)?)?;
    f.set_internal();
    let p = |k: u32| f.param(k).expect("declared parameter");
    let null = m.const_null(ptr);
    let b = m.builder();
    b.clear_debug_location();
    let entry = f.append_block("entry");
    let check = f.append_block("check");
    let keep = f.append_block("keep");
    let moving = f.append_block("move");
    let none = f.append_block("none");
    let oom = f.append_block("oom");
    let freed = f.append_block("freed");
    let copy = f.append_block("copy");
    b.position_at_end(entry);
    let q = b.call(realloc_ty, realloc.as_value(), &[p(0), p(2)], "")?.as_value();
    b.cond_br(b.icmp(LLVMIntEQ, q, null, "")?, keep, check)?;
    b.position_at_end(keep);
    b.ret(Some(q))?;
    b.position_at_end(check);
    let low = b.sub(p(1), c64(m, 1), "")?;
    let misaligned = b.and(b.ptr_to_int(q, i64t, "")?, low, "")?;
    b.cond_br(b.icmp(LLVMIntEQ, misaligned, c64(m, 0), "")?, keep, moving)?;
    b.position_at_end(moving);
    let fresh = b.call(aligned_ty, aligned.as_value(), &[p(1), p(2)], "")?.as_value();
    b.cond_br(b.icmp(LLVMIntEQ, fresh, null, "")?, none, copy)?;
    b.position_at_end(none);
    b.cond_br(b.icmp(LLVMIntNE, p(2), c64(m, 0), "")?, oom, freed)?;
    stop_with(
        m,
        &b,
        oom,
        "__dtrans_blocks_realloc.oom",
        "dtrans: out of memory moving an array into aligned blocks (the program was built with `blocks`)\n",
    )?;
    b.position_at_end(freed);
    b.call(free_ty, free.as_value(), &[q], "")?;
    b.ret(Some(null))?;
    b.position_at_end(copy);
    b.call(memmove_ty, memmove.as_value(), &[fresh, q, p(2)], "")?;
    b.call(free_ty, free.as_value(), &[q], "")?;
    b.ret(Some(fresh))?;
    Ok(f)
}

/// `define internal void @NAME(ptr %dst, ptr %src, i64 %n)` (`set`:
/// `(ptr %dst, i32 %byte, i64 %n)`): a copy (as `memmove`: from the last
/// element when the destination is after the source) or a set of `n`
/// whole elements, each group's record by itself.
pub(super) fn build_whole<'m>(m: &'m Module<'_>, name: &str, g: &BlockGeom, set: bool) -> Result<Function<'m>, OptError> {
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
    let (entry, body, done) = (f.append_block("entry"), f.append_block("element"), f.append_block("done"));
    b.position_at_end(entry);
    let back = if set {
        m.const_int(1, 0)
    } else {
        b.icmp(LLVMIntUGT, b.ptr_to_int(p(0), i64t, "")?, b.ptr_to_int(p(1), i64t, "")?, "")?
    };
    b.cond_br(b.icmp(LLVMIntEQ, p(2), c64(m, 0), "")?, done, body)?;
    b.position_at_end(body);
    let j = b.phi(i64t, "j")?;
    j.add_incoming(c64(m, 0), entry)?;
    let last = b.sub(b.sub(p(2), c64(m, 1), "")?, j.as_value(), "")?;
    let i = b.select(back, last, j.as_value(), "")?;
    let dst = step(m, &b, g, p(0), i)?;
    let src = if set { None } else { Some(step(m, &b, g, p(1), i)?) };
    for (k, size) in g.sizes.iter().enumerate() {
        let d = group_address(m, &b, g, dst, k, 0)?;
        match src {
            Some(s) => {
                let s = group_address(m, &b, g, s, k, 0)?;
                b.call(memmove_ty, memmove.as_value(), &[d, s, c64(m, *size)], "")?;
            }
            None => {
                b.call(memset_ty, memset.as_value(), &[d, p(1), c64(m, *size)], "")?;
            }
        }
    }
    let next = b.add(j.as_value(), c64(m, 1), "")?;
    j.add_incoming(next, body)?;
    b.cond_br(b.icmp(LLVMIntEQ, next, p(2), "")?, done, body)?;
    b.position_at_end(done);
    b.ret(None)?;
    Ok(f)
}
