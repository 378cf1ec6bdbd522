//! `blocks-loops`: the calls of `blocked::step_function` made by `blocks`
//! (under `dtrans cc`, after LLVM's first run over the program) put in
//! place, and loops that step with a counter strip-mined so that inside a
//! block their element addresses are plain strides, which LLVM's loop
//! vectorizer and strength reduction handle.
//!
//! A loop is split when it has this shape (LLVM's rotated loop): a header
//! `H` with exactly two predecessors, a preheader `P` outside and a latch
//! `L` (`br i1 %c` to `H` and to one exit `X`, the only edge leaving the
//! loop: the loop's blocks are `H` and the blocks that reach `L` without
//! passing `H`, each entered only from the loop), and a counter `%i = phi
//! i64 [%start, P], [%next, L]` with `%next = add %i, 1`; the steps split
//! are `step(%base, %i)` with `%base` defined outside the loop (any
//! geometry: a page-sized block's slot divides once per run). Then:
//!
//! ```text
//! P:  br O                        ; was br H
//! O:  %i0 = phi [%start, P], [%next, N]   (and one phi per phi of H)
//!     %e0 = step(%base, %i0)      ; per base: its element %i0
//!     %lim = %i0 + min over the bases of (per - slot(%e0))
//!     br H
//! H:  %i = phi [%i0, O], [%next, L] ...
//!     step(%base, %i) -> %e0 + (%i - %i0) * size
//! L:  br (%c or %next == %lim), N, H       ; (%c and %next != %lim when
//! N:  br %c, X, O                          ;  %c true stays in the loop)
//! ```
//!
//! When the latch's test `%c` bounds the counter (the loop stays while
//! `%next != %n`, `%next < %n` or `%next <= %n`, signed or not, `%n`
//! defined outside the loop), `%lim` is also at most the first `%next`
//! where that test leaves (`%i0 + 1 + umin(room - 1, %n - %i0 - 1)` for
//! `!=`; `%i0 + umin(room, %i0 < %n ? %n - %i0 : 1)` for `<` and `<=`, an
//! underestimate for `<=`) and the latch tests `%next == %lim` alone: the
//! inner loop has one exit test and a trip count LLVM computes (it
//! unrolls and vectorizes it like the original loop); the outer block's
//! `%c` still decides. The run's length goes through a `freeze`
//! (`opaque_run`) so that LLVM's trip count for the inner loop is one
//! value, cheap to expand, and the run-time unroller treats the inner loop
//! as it treated the original. The outer block also prefetches the first
//! lines of the next block's group-0 records per base (`prefetch_next`),
//! when the latch's test bounds the run only if the run goes to its
//! block's end (a branch around the prefetches).
//! The latch keeps the original loop's ID, so that the inner loop (the
//! run) has it, with `llvm.loop.align` added (`align_runs`, the cost
//! model's `run-align`): codegen starts the run on a fetch-line boundary.
//!
//! Pointer walks (`strip_walk`): a header phi `%p = phi [%s, P], [%n,
//! L]` with `%n = step(%p, 1)` (a step of one element, also a call under
//! `--block-step-calls`), in a loop of the same shape, `%p` and `%n` used
//! in the loop only as addresses (loaded or stored through, GEP bases,
//! step or field bases, `ptrtoint`) or compared (`walk_uses_ok`; a
//! pointer stored or passed is left per element), become runs the same
//! way: `%p` steps by the record size inside a run, the exact `%n` stays
//! for the latch's own test and the next run's start; the run is bounded
//! by that test when it compares `%n` with `step(%s, n)` (`walk_bound`).
//!
//! Side groups' fields: `blocks` reaches them through calls of
//! `blocked::field_function` under `--block-step-calls`; inside a run a
//! call of the run's element becomes the field of the run's first element
//! plus the run index times the group's record size (`stride_fields`),
//! elsewhere `blocked::group_address` in place.
//!
//! The inner loop runs from `%i0` to at most `%lim`, never past the end of
//! the block `%i0` is in for any base, where `step(%base, %i)` is `%e0 +
//! (%i - %i0) * size` (the block crossings of `step` are `floor((slot +
//! %i) / per)`, the same for every `%i` of the run); the outer loop goes
//! on from `%next` exactly when the original loop would have. Every
//! iteration runs as before, in the same order: only addresses computed
//! differently, to the same values, and the iterations grouped in runs.
//! Every other call of a step function becomes `blocked::step`'s
//! arithmetic.
use dtrans_ir::IntPredicate::{self, *};
use dtrans_ir::{BasicBlock, Builder, Function, Instruction, Metadata, Module, Opcode, Value};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::blocked::{self, field_function_geom, step_function_geom};
use super::cost::CostModel;
use super::layouts::BlockGeom;
use crate::optbase::OptError;

/// What [`run`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stripped {
    /// Loops split into runs over blocks.
    pub loops: usize,
    /// Steps that became strides inside a run.
    pub strided: usize,
    /// Steps put in place as they are.
    pub expanded: usize,
    /// Of the loops split, the pointer walks.
    pub walks: usize,
    /// Addresses of side groups' fields that became strides inside a run.
    pub fields: usize,
}

fn edit(e: impl std::fmt::Display) -> OptError {
    OptError::Unsupported(format!("blocks-loops: {e}"))
}

/// A step call and its geometry (its base and count read when needed:
/// a split replaces phis).
#[derive(Clone)]
struct StepCall<'m> {
    call: Instruction<'m>,
    geom: BlockGeom,
}

impl<'m> StepCall<'m> {
    fn base(&self) -> Value<'m> {
        self.call.operand(0).expect("checked call")
    }
    fn k(&self) -> Value<'m> {
        self.call.operand(1).expect("checked call")
    }
}

/// The calls of every step function (defined, of type `ptr (ptr, i64)`)
/// not in `gone`.
fn step_calls<'m>(m: &'m Module<'_>, gone: &HashSet<Instruction<'m>>) -> Vec<StepCall<'m>> {
    helper_calls(m, step_function_geom, 2)
        .into_iter()
        .filter(|(call, _)| !gone.contains(call) && call.operand(1).is_some_and(|k| k.ty().int_width() == Some(64)))
        .map(|(call, geom)| StepCall { call, geom })
        .collect()
}

/// The direct calls, with `params` arguments the first a pointer, of
/// every defined function whose name `geom_of` reads a geometry from (the
/// step and field functions `blocks` made), with that geometry.
fn helper_calls<'m>(
    m: &'m Module<'_>,
    geom_of: fn(&str) -> Option<BlockGeom>,
    params: u32,
) -> Vec<(Instruction<'m>, BlockGeom)> {
    let mut out = Vec::new();
    for f in m.functions() {
        let Some(geom) = geom_of(&f.name()) else { continue };
        if f.is_declaration() || f.num_params() != params {
            continue;
        }
        for u in f.as_value().users() {
            let Some(call) = u.as_instruction() else { continue };
            if call.opcode() == Opcode::LLVMCall
                && call.called_value() == Some(f.as_value())
                && call.call_arg_count() == Some(params)
                && call.operand(0).is_some_and(|p| p.ty().is_pointer())
            {
                out.push((call, geom.clone()));
            }
        }
    }
    out
}

/// Splits the loops and puts every step call in place; `erase_kind` is
/// the metadata kind marking what the caller erases afterwards
/// ([`run`] does).
fn rewrite<'m>(m: &'m Module<'_>, erase_kind: u32, code: RunCode) -> Result<Stripped, OptError> {
    let mut done = Stripped::default();
    let mark = |v: Value<'m>| {
        v.set_metadata(erase_kind, Some(m.md_tuple(&[])));
    };
    let mut gone: HashSet<Instruction<'m>> = HashSet::default();
    let mut tried: HashSet<Instruction<'m>> = HashSet::default();
    // One loop at a time, by the first counter of a step not tried yet
    // (a split rebuilds phis: the calls are found again).
    loop {
        let calls = step_calls(m, &gone);
        let iv = calls.iter().find_map(|c| {
            let i = c.k().as_instruction().filter(|i| i.opcode() == Opcode::LLVMPHI)?;
            (!tried.contains(&i)).then_some(i)
        });
        let Some(iv) = iv else { break };
        tried.insert(iv);
        let Some(lp) = Loop::of(iv) else { continue };
        let mine: Vec<&StepCall<'m>> = calls
            .iter()
            .filter(|c| {
                c.k() == iv.as_value()
                    && c.call.parent_block().is_some_and(|b| lp.body.contains(&b))
                    && lp.invariant(c.base())
            })
            .collect();
        if mine.is_empty() {
            continue;
        }
        let (strided, fields) = strip(m, &lp, iv.as_value(), &mine, &mark, code)?;
        done.loops += 1;
        done.fields += fields;
        done.strided += strided.len();
        gone.extend(strided);
    }
    // Then the pointer walks, one at a time (a split rebuilds phis).
    loop {
        let calls = step_calls(m, &gone);
        let walk = calls.iter().find_map(|c| {
            let p = c.base().as_instruction().filter(|i| i.opcode() == Opcode::LLVMPHI)?;
            let ok = c.k().const_int_value() == Some(1)
                && !tried.contains(&p)
                && p.incoming().iter().any(|(v, _)| *v == c.call.as_value());
            ok.then(|| (p, c.clone()))
        });
        let Some((p, step)) = walk else { break };
        tried.insert(p);
        let Some(lp) = Loop::shape(p, step.call.as_value()) else { continue };
        if !step.call.parent_block().is_some_and(|b| lp.body.contains(&b)) || !walk_uses_ok(&lp, p, step.call) {
            continue;
        }
        done.fields += strip_walk(m, &lp, p, &step, &mark, code)?;
        done.loops += 1;
        done.walks += 1;
    }
    let b = m.builder();
    for c in step_calls(m, &gone) {
        b.position_before(c.call);
        b.set_debug_location_from(c.call);
        let e = blocked::step(m, &b, &c.geom, c.base(), c.k())?;
        c.call.as_value().replace_all_uses_with(e)?;
        mark(c.call.as_value());
        done.expanded += 1;
    }
    for (call, fg) in field_calls(m) {
        if call.as_value().metadata(erase_kind).is_some() {
            continue;
        }
        b.position_before(call);
        b.set_debug_location_from(call);
        let e = blocked::group_address(m, &b, &fg, call.operand(0).expect("checked call"), 1, 0)?;
        call.as_value().replace_all_uses_with(e)?;
        mark(call.as_value());
        done.expanded += 1;
    }
    // The step and field functions, when nothing else uses them.
    for f in m.functions() {
        if (step_function_geom(&f.name()).is_some() || field_function_geom(&f.name()).is_some())
            && !f.is_declaration()
            && f.as_value().users().iter().all(|u| u.metadata(erase_kind).is_some())
        {
            mark(f.as_value());
        }
    }
    Ok(done)
}

/// What the code of each run gets (from the [`CostModel`]).
#[derive(Clone, Copy, Debug)]
struct RunCode {
    /// Lines of the next block prefetched at a run's start
    /// (`CostModel::prefetch_lines`).
    lines: u64,
    /// The run loop's alignment in bytes (`CostModel::run_align`).
    align: u64,
}

/// Splits the loops and puts every step call in place (module doc); each
/// run prefetches the cost model's `prefetch_lines` lines of the next
/// block and its loop is aligned at `run_align` bytes.
pub fn run(m: &mut Module<'_>, cost: &CostModel) -> Result<Stripped, OptError> {
    let kind = m.md_kind_id("dtrans.blocks-loops.erase");
    let done = rewrite(m, kind, RunCode { lines: cost.prefetch_lines, align: cost.run_align })?;
    m.erase_marked(kind).map_err(edit)?;
    Ok(done)
}

/// Whether the module calls a step function (it needs [`run`] after a
/// first optimization).
pub fn has_step_calls(m: &Module<'_>) -> bool {
    m.functions().any(|f| {
        (step_function_geom(&f.name()).is_some() || field_function_geom(&f.name()).is_some())
            && !f.as_value().users().is_empty()
    })
}

/// A loop of the shape of the module doc around counter `iv`.
struct Loop<'m> {
    func: Function<'m>,
    header: BasicBlock<'m>,
    pre: BasicBlock<'m>,
    latch: BasicBlock<'m>,
    exit: BasicBlock<'m>,
    /// Whether the latch's branch leaves on true.
    exit_on_true: bool,
    body: HashSet<BasicBlock<'m>>,
    next: Value<'m>,
}

impl<'m> Loop<'m> {
    fn of(iv: Instruction<'m>) -> Option<Loop<'m>> {
        // %next = add %i, 1 (either order), from either incoming edge
        // (LLVM lists the latch first or second).
        let one = |v: Value<'m>| v.const_int_value() == Some(1);
        let is_next = |v: Value<'m>| {
            v.as_instruction().filter(|a| a.opcode() == Opcode::LLVMAdd).is_some_and(|add| {
                let (Some(x), Some(y)) = (add.operand(0), add.operand(1)) else { return false };
                (x == iv.as_value() && one(y)) || (y == iv.as_value() && one(x))
            })
        };
        let incoming = iv.incoming();
        let [(a, _), (b, _)] = incoming[..] else { return None };
        let next = match (is_next(a), is_next(b)) {
            (true, false) => a,
            (false, true) => b,
            _ => return None,
        };
        Loop::shape(iv, next)
    }

    /// The loop of header phi `phi`, `next` its value from the latch.
    fn shape(phi: Instruction<'m>, next: Value<'m>) -> Option<Loop<'m>> {
        let header = phi.parent_block()?;
        let func = phi.parent_function()?;
        let incoming = phi.incoming();
        let [(a, pa), (b, pb)] = incoming[..] else { return None };
        let (pre, latch) = match (a == next, b == next) {
            (false, true) => (pa, pb),
            (true, false) => (pb, pa),
            _ => return None,
        };
        if pre == latch || header == pre {
            return None;
        }
        let mut preds: HashMap<BasicBlock<'m>, Vec<BasicBlock<'m>>> = HashMap::default();
        for bb in func.basic_blocks() {
            for s in bb.terminator()?.successors() {
                preds.entry(s).or_default().push(bb);
            }
        }
        let preds_of = |b: BasicBlock<'m>| preds.get(&b).cloned().unwrap_or_default();
        if preds_of(header).len() != 2 || !preds_of(header).contains(&pre) || !preds_of(header).contains(&latch) {
            return None;
        }
        // Every phi of the header: one incoming from each.
        for phi in header.instructions().take_while(|i| i.opcode() == Opcode::LLVMPHI) {
            let inc = phi.incoming();
            if inc.len() != 2 || !inc.iter().any(|(_, b)| *b == pre) || !inc.iter().any(|(_, b)| *b == latch) {
                return None;
            }
        }
        let pre_term = pre.terminator()?;
        if pre_term.opcode() != Opcode::LLVMBr || pre_term.successors().iter().filter(|s| **s == header).count() != 1 {
            return None;
        }
        // The body: the header and what reaches the latch without it.
        let mut body: HashSet<BasicBlock<'m>> = HashSet::default();
        body.insert(header);
        let mut work = vec![latch];
        while let Some(b) = work.pop() {
            if body.insert(b) {
                work.extend(preds_of(b));
            }
        }
        if body.contains(&pre) || func.entry_block().is_some_and(|e| body.contains(&e)) {
            return None;
        }
        // Entered only at the header; left only from the latch, once.
        for b in &body {
            if *b != header && preds_of(*b).iter().any(|p| !body.contains(p)) {
                return None;
            }
            let t = b.terminator()?;
            if *b == latch {
                continue;
            }
            if t.successors().iter().any(|s| !body.contains(s)) {
                return None;
            }
            // (No invoke, callbr or indirect branch: their edges are not
            // all plain successors to rewrite.)
            if !matches!(t.opcode(), Opcode::LLVMBr | Opcode::LLVMSwitch | Opcode::LLVMUnreachable) {
                return None;
            }
        }
        let t = latch.terminator()?;
        if t.opcode() != Opcode::LLVMBr || t.num_operands() != 3 {
            return None;
        }
        let s = t.successors();
        let (exit, exit_on_true) = match (s[0] == header, s[1] == header) {
            (true, false) => (s[1], false),
            (false, true) => (s[0], true),
            _ => return None,
        };
        if body.contains(&exit) {
            return None;
        }
        Some(Loop { func, header, pre, latch, exit, exit_on_true, body, next })
    }

    /// Whether `v` is the same in every iteration: not computed inside.
    fn invariant(&self, v: Value<'m>) -> bool {
        match v.as_instruction() {
            Some(i) => i.parent_block().is_some_and(|b| !self.body.contains(&b)),
            None => true,
        }
    }
}

/// Rebuilds phi `old` with its incoming from `from` coming from `to`
/// instead, as `value` when given; marks `old`.
fn rephi<'m>(
    b: &Builder<'m>,
    old: Instruction<'m>,
    (from, to): (BasicBlock<'m>, BasicBlock<'m>),
    value: Option<Value<'m>>,
    mark: &dyn Fn(Value<'m>),
) -> Result<Instruction<'m>, OptError> {
    b.position_before(old);
    b.set_debug_location_from(old);
    let new = b.phi(old.as_value().ty(), "")?;
    for (v, bb) in old.incoming() {
        if bb == from {
            new.add_incoming(value.unwrap_or(v), to)?;
        } else {
            new.add_incoming(v, bb)?;
        }
    }
    old.as_value().replace_all_uses_with(new.as_value())?;
    mark(old.as_value());
    Ok(new)
}

/// Splits loop `lp` for `calls` (module doc); returns the calls replaced.
fn strip<'m>(
    m: &'m Module<'_>,
    lp: &Loop<'m>,
    iv: Value<'m>,
    calls: &[&StepCall<'m>],
    mark: &dyn Fn(Value<'m>),
    code: RunCode,
) -> Result<(Vec<Instruction<'m>>, usize), OptError> {
    let i64t = m.int_type(64);
    let c64 = |v: u64| m.const_int(64, v as i64);
    let b = m.builder();
    b.clear_debug_location();
    let (outer, next_run, phis, mut outer_of) = run_blocks(&b, lp)?;
    let i0 = outer_of[&iv].as_value();
    // Per base: its element i0, and the slots left in its block.
    let mut e0: Vec<(Value<'m>, &BlockGeom, Value<'m>, Value<'m>)> = Vec::new();
    let mut room: Option<Value<'m>> = None;
    for c in calls {
        let size = c.geom.sizes[0];
        if e0.iter().any(|(base, g, _, _)| *base == c.base() && **g == c.geom) {
            continue;
        }
        let e = blocked::step(m, &b, &c.geom, c.base(), i0)?;
        let pi = b.ptr_to_int(e, i64t, "")?;
        let rel = b.and(pi, c64(c.geom.align - 1), "")?;
        let slot = b.div(rel, c64(size), false, false, "")?;
        let r = b.sub(c64(c.geom.per), slot, "")?;
        room = Some(match room {
            None => r,
            Some(x) => b.select(b.icmp(LLVMIntULT, x, r, "")?, x, r, "")?,
        });
        e0.push((c.base(), &c.geom, e, slot));
    }
    let room = room.expect("one call at least");
    // The run's end: the nearest block end, or sooner where the latch's
    // own test bounds the counter, so that the inner loop has one test.
    let umin = |x: Value<'m>, y: Value<'m>| blocked::umin(&b, x, y);
    let t = lp.latch.terminator().expect("checked");
    let cond = t.operand(0).expect("conditional branch");
    let len = match bound(lp, cond) {
        // Stays while %next != %n: the test fails first after
        // ((%n - %i0 - 1) mod 2^64) + 1 steps.
        Some(Bound::Ne(n)) => {
            let d1 = b.sub(b.sub(n, i0, "")?, c64(1), "")?;
            b.add(umin(b.sub(room, c64(1), "")?, d1)?, c64(1), "")?
        }
        // Stays while %next < %n (or <=): after %n - %i0 steps at the
        // earliest when %i0 < %n, else after one at least.
        Some(Bound::Lt { n, signed }) => {
            let less = b.icmp(if signed { LLVMIntSLT } else { LLVMIntULT }, i0, n, "")?;
            let d = b.select(less, b.sub(n, i0, "")?, c64(1), "")?;
            umin(room, d)?
        }
        None => room,
    };
    let bounded = bound(lp, cond).is_some();
    let full = if bounded { Some(b.icmp(LLVMIntEQ, len, room, "")?) } else { None };
    let run = prefetch_next(m, &b, (lp.func, outer), &e0, code.lines, full)?;
    let lim = b.add(i0, opaque_run(&b, len)?, "blocks.end")?;
    b.br(lp.header)?;

    // The header's phis: from the outer block instead of the preheader.
    for phi in &phis {
        let inc = phi.incoming();
        let (start, _) = inc.iter().find(|(_, bb)| *bb == lp.pre).copied().expect("checked");
        let o = outer_of[&phi.as_value()];
        let new = rephi(&b, *phi, (lp.pre, run), Some(o.as_value()), mark)?;
        o.add_incoming(start, lp.pre)?;
        // (After the replacement: a phi of itself is the new phi.)
        let (from_latch, _) = new.incoming().into_iter().find(|(_, bb)| *bb == lp.latch).expect("checked");
        o.add_incoming(from_latch, next_run)?;
        outer_of.insert(phi.as_value(), new);
    }
    let pre_term = lp.pre.terminator().expect("checked");
    let k = pre_term.successors().iter().position(|s| *s == lp.header).expect("checked");
    pre_term.set_successor(k as u32, outer);

    // The steps: strides from the run's first element.
    let ivn = outer_of[&iv].as_value();
    let mut replaced = Vec::new();
    let mut fields = 0;
    for c in calls {
        let size = c.geom.sizes[0];
        let (_, _, e, _) = *e0.iter().find(|(base, g, _, _)| *base == c.base() && **g == c.geom).expect("built");
        b.position_before(c.call);
        b.set_debug_location_from(c.call);
        let d = b.mul(b.sub(ivn, i0, "")?, c64(size), "")?;
        let a = b.gep(m.int_type(8), e, &[d], false, "")?;
        c.call.as_value().replace_all_uses_with(a)?;
        mark(c.call.as_value());
        replaced.push(c.call);
        fields += stride_fields(m, lp, a, (e, &c.geom), outer, (ivn, i0), mark)?;
    }

    // The latch leaves the run at its end (also where the original test
    // would leave, unless that end is bounded by it); then the original
    // test decides between the exit and the next run.
    b.position_before(t);
    b.set_debug_location_from(t);
    end_runs(&b, lp, cond, bounded, (lp.next, lim), (next_run, outer), mark)?;
    align_runs(m, lp, code.align);
    Ok((replaced, fields))
}

/// The blocks a split adds to `lp`: the outer block, which starts each
/// run, and the next-run block after the latch; the header's phis and, for
/// each, its (empty) counterpart in the outer block, where `b` is left.
#[allow(clippy::type_complexity)]
fn run_blocks<'m>(
    b: &Builder<'m>,
    lp: &Loop<'m>,
) -> Result<(BasicBlock<'m>, BasicBlock<'m>, Vec<Instruction<'m>>, HashMap<Value<'m>, Instruction<'m>>), OptError> {
    let outer = lp.func.append_block("blocks.outer");
    let next_run = lp.func.append_block("blocks.next");
    let phis: Vec<Instruction<'m>> = lp.header.instructions().take_while(|i| i.opcode() == Opcode::LLVMPHI).collect();
    b.position_at_end(outer);
    let mut outer_of: HashMap<Value<'m>, Instruction<'m>> = HashMap::default();
    for phi in &phis {
        outer_of.insert(phi.as_value(), b.phi(phi.as_value().ty(), "")?);
    }
    Ok((outer, next_run, phis, outer_of))
}

/// The latch of a split loop: leave the run when `at` reaches `end` (only
/// that when the loop's own test `cond` bounds the run, else also where
/// `cond` leaves), then in `next_run` the loop's test chooses between the
/// exit and the next run (`outer`); the exit's phis come from `next_run`.
/// The builder is before the latch's terminator.
fn end_runs<'m>(
    b: &Builder<'m>,
    lp: &Loop<'m>,
    cond: Value<'m>,
    bounded: bool,
    (at, end): (Value<'m>, Value<'m>),
    (next_run, outer): (BasicBlock<'m>, BasicBlock<'m>),
    mark: &dyn Fn(Value<'m>),
) -> Result<(), OptError> {
    let t = lp.latch.terminator().expect("checked");
    let new = match (lp.exit_on_true, bounded) {
        (true, true) => b.icmp(LLVMIntEQ, at, end, "")?,
        (false, true) => b.icmp(LLVMIntNE, at, end, "")?,
        (true, false) => b.bits(dtrans_ir::BitOp::Or, cond, b.icmp(LLVMIntEQ, at, end, "")?, "")?,
        (false, false) => b.and(cond, b.icmp(LLVMIntNE, at, end, "")?, "")?,
    };
    t.set_operand(0, new)?;
    t.set_successor(if lp.exit_on_true { 0 } else { 1 }, next_run);
    b.position_at_end(next_run);
    if lp.exit_on_true {
        b.cond_br(cond, lp.exit, outer)?;
    } else {
        b.cond_br(cond, outer, lp.exit)?;
    }
    let exit_phis: Vec<Instruction<'m>> = lp
        .exit
        .instructions()
        .take_while(|i| i.opcode() == Opcode::LLVMPHI)
        .filter(|p| p.incoming().iter().any(|(_, bb)| *bb == lp.latch))
        .collect();
    for phi in exit_phis {
        rephi(b, phi, (lp.latch, next_run), None, mark)?;
    }
    Ok(())
}

/// Asks codegen to start the run loop on an `align`-byte boundary (0:
/// LLVM's choice). After a split the latch's branch, and with it the
/// original loop's ID, belongs to the inner loop: a property is added to
/// that ID. The run loop is where the program's time goes, and with LLVM's
/// default of 16 bytes where it happens to fall moved qregs by several
/// percent.
fn align_runs<'m>(m: &'m Module<'_>, lp: &Loop<'m>, align: u64) {
    if align == 0 {
        return;
    }
    let t = lp.latch.terminator().expect("checked");
    let kind = m.md_kind_id("llvm.loop");
    let is_align = |p: &Metadata<'_>| {
        p.operands().first().copied().flatten().and_then(|s| s.as_string()).is_some_and(|s| s == "llvm.loop.align")
    };
    // Operand 0 of a loop ID is the ID itself.
    let mut props: Vec<Metadata<'m>> = t
        .as_value()
        .metadata(kind)
        .map(|id| id.operands().into_iter().skip(1).flatten().filter(|p| !is_align(p)).collect())
        .unwrap_or_default();
    props.push(m.md_tuple(&[Some(m.md_string("llvm.loop.align")), Some(m.md_value(m.const_int(32, align as i64)))]));
    t.as_value().set_metadata(kind, Some(m.md_loop_id(&props)));
}

/// How a latch's test bounds the counter (the loop staying while it
/// holds), `%n` defined outside the loop.
enum Bound<'m> {
    /// `%next != %n`.
    Ne(Value<'m>),
    /// `%next < %n` or `%next <= %n`, signed or not.
    Lt { n: Value<'m>, signed: bool },
}

fn swapped(p: IntPredicate) -> IntPredicate {
    match p {
        LLVMIntUGT => LLVMIntULT,
        LLVMIntUGE => LLVMIntULE,
        LLVMIntULT => LLVMIntUGT,
        LLVMIntULE => LLVMIntUGE,
        LLVMIntSGT => LLVMIntSLT,
        LLVMIntSGE => LLVMIntSLE,
        LLVMIntSLT => LLVMIntSGT,
        LLVMIntSLE => LLVMIntSGE,
        p => p,
    }
}

fn inverse(p: IntPredicate) -> IntPredicate {
    match p {
        LLVMIntEQ => LLVMIntNE,
        LLVMIntNE => LLVMIntEQ,
        LLVMIntUGT => LLVMIntULE,
        LLVMIntUGE => LLVMIntULT,
        LLVMIntULT => LLVMIntUGE,
        LLVMIntULE => LLVMIntUGT,
        LLVMIntSGT => LLVMIntSLE,
        LLVMIntSGE => LLVMIntSLT,
        LLVMIntSLT => LLVMIntSGE,
        LLVMIntSLE => LLVMIntSGT,
    }
}

/// The bound `cond` (the latch's test) puts on `lp`'s counter, when it
/// compares `%next` with a value defined outside the loop.
fn bound<'m>(lp: &Loop<'m>, cond: Value<'m>) -> Option<Bound<'m>> {
    let c = cond.as_instruction()?;
    let pred = c.int_predicate()?;
    let (x, y) = (c.operand(0)?, c.operand(1)?);
    let (pred, n) = if x == lp.next {
        (pred, y)
    } else if y == lp.next {
        (swapped(pred), x)
    } else {
        return None;
    };
    if n == lp.next || !lp.invariant(n) {
        return None;
    }
    match if lp.exit_on_true { inverse(pred) } else { pred } {
        LLVMIntNE => Some(Bound::Ne(n)),
        LLVMIntSLT | LLVMIntSLE => Some(Bound::Lt { n, signed: true }),
        LLVMIntULT | LLVMIntULE => Some(Bound::Lt { n, signed: false }),
        _ => None,
    }
}

/// A run's length behind a `freeze` (the identity here: the length is
/// never poison), so that ScalarEvolution sees the inner loop's trip count
/// as one opaque value instead of the `umin` of the block arithmetic.
/// Without it the trip count is too costly to expand (more than
/// `scev-cheap-expansion-budget`) and LLVM does not unroll the inner loop
/// by a run-time count where it unrolls the original (qregs' controlled X:
/// the hand variant's loop is unrolled by two, the blocked one was not).
fn opaque_run<'m>(b: &Builder<'m>, len: Value<'m>) -> Result<Value<'m>, OptError> {
    Ok(b.freeze(len, "blocks.run")?)
}

/// At a run's start, for each base: a prefetch of the first `lines` lines
/// (of 64 bytes; the cost model's `prefetch-lines`, at most the records'
/// span) of the group-0 records of the block after the run's
/// (`%e0 + bytes - slot * size`). A run reads one block's records, then
/// the next run those of a block `bytes` further on, past the other
/// groups: a hardware stream prefetcher stops at a page's end and starts
/// again only after misses in the next run; the prefetch starts it early.
/// (A prefetch does not fault: past the array's end it does nothing.)
/// With `full` (whether the run goes to its block's end), only when it
/// does: a run the loop's own test ends sooner is the loop's last, and a
/// loop over a short array (in a slab) would fetch a next block it never
/// reads at every entry (4 to 16 records per array, 32 lines: 1.4 to 1.9
/// times the original's time). The prefetches are then in a block of
/// their own between `outer` and the block returned, where the run's
/// start goes on (`outer` itself without `full`).
fn prefetch_next<'m>(
    m: &'m Module<'_>,
    b: &Builder<'m>,
    (func, outer): (Function<'m>, BasicBlock<'m>),
    e0: &[(Value<'m>, &BlockGeom, Value<'m>, Value<'m>)],
    lines: u64,
    full: Option<Value<'m>>,
) -> Result<BasicBlock<'m>, OptError> {
    if lines == 0 {
        return Ok(outer);
    }
    let go = match full {
        None => outer,
        Some(full) => {
            let (fetch, go) = (func.append_block("blocks.prefetch"), func.append_block("blocks.begin"));
            b.cond_br(full, fetch, go)?;
            b.position_at_end(fetch);
            go
        }
    };
    let (ptr, i32t) = (m.pointer_type(), m.int_type(32));
    let ty = m.function_type(m.void_type(), &[ptr, i32t, i32t, i32t], false)?;
    let f =
        Function::get_or_declare(m, "llvm.prefetch.p0", ty).ok_or_else(|| edit("@llvm.prefetch.p0 of another type"))?;
    let (c32, c64) = (|v: i64| m.const_int(32, v), |v: u64| m.const_int(64, v as i64));
    for (_, g, e, slot) in e0 {
        let span = g.per * g.sizes[0];
        let next =
            b.gep(m.int_type(8), *e, &[b.sub(c64(g.bytes), b.mul(*slot, c64(g.sizes[0]), "")?, "")?], false, "")?;
        for k in 0..span.div_ceil(64).clamp(1, lines) {
            let a = if k == 0 { next } else { b.gep(m.int_type(8), next, &[c64(64 * k)], false, "")? };
            // (read, high locality, data)
            b.call(ty, f.as_value(), &[a, c32(0), c32(3), c32(1)], "")?;
        }
    }
    if go != outer {
        b.br(go)?;
        b.position_at_end(go);
    }
    Ok(go)
}

/// Whether every use in `lp` of walk pointer `p` (a header phi) and of its
/// step `next` is as an address (loaded or stored through, a GEP's base,
/// a step's base, converted to an integer) or compared, or the header's
/// phi: a pointer stored or passed elsewhere is left to the per-element
/// form.
fn walk_uses_ok<'m>(lp: &Loop<'m>, p: Instruction<'m>, next: Instruction<'m>) -> bool {
    [p.as_value(), next.as_value()].iter().all(|v| {
        v.users().iter().all(|u| {
            let Some(i) = u.as_instruction() else { return false };
            if !i.parent_block().is_some_and(|b| lp.body.contains(&b)) {
                return true;
            }
            match i.opcode() {
                Opcode::LLVMLoad | Opcode::LLVMPtrToInt | Opcode::LLVMICmp => true,
                Opcode::LLVMStore => i.operand(0) != Some(*v),
                Opcode::LLVMGetElementPtr => (1..i.num_operands()).all(|k| i.operand(k) != Some(*v)),
                Opcode::LLVMPHI => i == p,
                Opcode::LLVMCall => {
                    i.called_value().and_then(|f| f.as_function()).is_some_and(|f| {
                        step_function_geom(&f.name()).is_some() || field_function_geom(&f.name()).is_some()
                    }) && (1..i.num_operands()).all(|k| i.operand(k) != Some(*v))
                }
                _ => false,
            }
        })
    })
}

/// How a walk's latch test bounds it (the loop staying while it holds):
/// `%next != %end` or `%next < %end` (`<=`), unsigned, `%end` a step of
/// `n` elements from the walk's start, outside the loop.
enum WalkBound<'m> {
    Ne(Value<'m>),
    Lt(Value<'m>),
}

fn walk_bound<'m>(lp: &Loop<'m>, cond: Value<'m>, step: &StepCall<'m>, start: Value<'m>) -> Option<WalkBound<'m>> {
    let c = cond.as_instruction()?;
    let pred = c.int_predicate()?;
    let next = step.call.as_value();
    let (x, y) = (c.operand(0)?, c.operand(1)?);
    let (pred, end) = if x == next {
        (pred, y)
    } else if y == next {
        (swapped(pred), x)
    } else {
        return None;
    };
    if !lp.invariant(end) {
        return None;
    }
    // %end = step(%start, %n) of the walk's geometry.
    let e = end.as_instruction().filter(|e| e.opcode() == Opcode::LLVMCall && e.call_arg_count() == Some(2))?;
    let f = e.called_value()?.as_function()?;
    if step_function_geom(&f.name()).as_ref() != Some(&step.geom) || e.operand(0)? != start {
        return None;
    }
    let n = e.operand(1)?;
    match if lp.exit_on_true { inverse(pred) } else { pred } {
        LLVMIntNE => Some(WalkBound::Ne(n)),
        LLVMIntULT | LLVMIntULE => Some(WalkBound::Lt(n)),
        _ => None,
    }
}

/// Splits pointer walk `lp` (`%p = phi [%s, P], [%next, L]`, `%next =
/// step(%p, 1)`) into runs over blocks: the outer block takes `%p0`, the
/// run's first element, and ends the run at `%end = %p0 + len * size`,
/// `len` the slots left in `%p0`'s block or fewer where the latch's test
/// bounds the walk ([`walk_bound`]: the element count from `%p0` to the
/// end, by `blocked::difference` from the start); inside, `%p` steps by
/// `size` bytes (`%p1`), and the latch leaves the run at `%p1 == %end`
/// (or where its own test leaves, when not bounded). `%next`, the exact
/// step, stays for the test and the next run's start (LLVM sinks it out
/// of the run).
fn strip_walk<'m>(
    m: &'m Module<'_>,
    lp: &Loop<'m>,
    p: Instruction<'m>,
    step: &StepCall<'m>,
    mark: &dyn Fn(Value<'m>),
    code: RunCode,
) -> Result<usize, OptError> {
    let g = &step.geom;
    let size = g.sizes[0];
    let c64 = |v: u64| m.const_int(64, v as i64);
    let i64t = m.int_type(64);
    let b = m.builder();
    b.clear_debug_location();
    let start = p.incoming().iter().find(|(_, bb)| *bb == lp.pre).map(|(v, _)| *v).expect("checked");
    let (outer, next_run, phis, outer_of) = run_blocks(&b, lp)?;
    let p0 = outer_of[&p.as_value()].as_value();
    let pi = b.ptr_to_int(p0, i64t, "")?;
    let slot = b.div(b.and(pi, c64(g.align - 1), "")?, c64(size), false, false, "")?;
    let room = b.sub(c64(g.per), slot, "")?;
    let umin = |x: Value<'m>, y: Value<'m>| blocked::umin(&b, x, y);
    let t = lp.latch.terminator().expect("checked");
    let cond = t.operand(0).expect("conditional branch");
    let bounded = walk_bound(lp, cond, step, start);
    let len = match &bounded {
        Some(WalkBound::Ne(n)) => {
            let k0 = blocked::difference(m, &b, g, p0, start)?;
            let d1 = b.sub(b.sub(*n, k0, "")?, c64(1), "")?;
            b.add(umin(b.sub(room, c64(1), "")?, d1)?, c64(1), "")?
        }
        Some(WalkBound::Lt(n)) => {
            let k0 = blocked::difference(m, &b, g, p0, start)?;
            let less = b.icmp(LLVMIntSLT, k0, *n, "")?;
            umin(room, b.select(less, b.sub(*n, k0, "")?, c64(1), "")?)?
        }
        None => room,
    };
    let full = if bounded.is_some() { Some(b.icmp(LLVMIntEQ, len, room, "")?) } else { None };
    let run = prefetch_next(m, &b, (lp.func, outer), &[(start, g, p0, slot)], code.lines, full)?;
    let len = opaque_run(&b, len)?;
    let end = b.gep(m.int_type(8), p0, &[b.mul(len, c64(size), "")?], false, "blocks.end")?;
    b.br(lp.header)?;

    let mut walk = None;
    for phi in &phis {
        let inc = phi.incoming();
        let (start, _) = inc.iter().find(|(_, bb)| *bb == lp.pre).copied().expect("checked");
        let (from_latch, _) = inc.iter().find(|(_, bb)| *bb == lp.latch).copied().expect("checked");
        let o = outer_of[&phi.as_value()];
        let new = rephi(&b, *phi, (lp.pre, run), Some(o.as_value()), mark)?;
        o.add_incoming(start, lp.pre)?;
        // (A phi of itself is the new phi.)
        let from_latch = if from_latch == phi.as_value() { new.as_value() } else { from_latch };
        o.add_incoming(from_latch, next_run)?;
        if *phi == p {
            walk = Some(new);
        }
    }
    let pre_term = lp.pre.terminator().expect("checked");
    let k = pre_term.successors().iter().position(|s| *s == lp.header).expect("checked");
    pre_term.set_successor(k as u32, outer);

    // Inside the run: %p1 = %p + size; the latch leaves at the run's end.
    let walk = walk.expect("the walk's phi");
    // A counter of the run's elements, for the side groups' fields.
    b.position_before(walk);
    b.clear_debug_location();
    let j = b.phi(i64t, "")?;
    j.add_incoming(c64(0), run)?;
    b.position_before(t);
    b.set_debug_location_from(t);
    let j1 = b.add(j.as_value(), c64(1), "")?;
    j.add_incoming(j1, lp.latch)?;
    let fields = stride_fields(m, lp, walk.as_value(), (p0, g), outer, (j.as_value(), c64(0)), mark)?;
    b.position_before(t);
    b.set_debug_location_from(t);
    let p1 = b.gep(m.int_type(8), walk.as_value(), &[c64(size)], false, "")?;
    let at = walk.incoming().iter().position(|(_, bb)| *bb == lp.latch).expect("checked");
    walk.set_operand(at as u32, p1)?;
    end_runs(&b, lp, cond, bounded.is_some(), (p1, end), (next_run, outer), mark)?;
    align_runs(m, lp, code.align);
    Ok(fields)
}

/// The calls of field functions (defined, `ptr (ptr)`) and their
/// geometries.
fn field_calls<'m>(m: &'m Module<'_>) -> Vec<(Instruction<'m>, BlockGeom)> {
    helper_calls(m, field_function_geom, 1)
}

/// Inside a run of `lp`: the field calls of `elem` (the run's element
/// `x - y`, `first` its first element, of geometry `g`) whose geometry
/// has `g`'s blocks and group-0 records become `f0 + (x - y) * size`, the
/// field's address of the first element `f0` built at the end of `outer`
/// (a run stays in one block: the slot grows by one per element). Returns
/// how many.
fn stride_fields<'m>(
    m: &'m Module<'_>,
    lp: &Loop<'m>,
    elem: Value<'m>,
    (first, g): (Value<'m>, &BlockGeom),
    outer: BasicBlock<'m>,
    (x, y): (Value<'m>, Value<'m>),
    mark: &dyn Fn(Value<'m>),
) -> Result<usize, OptError> {
    let b = m.builder();
    let mut f0s: Vec<(BlockGeom, Value<'m>)> = Vec::new();
    let mut n = 0;
    for (call, fg) in field_calls(m) {
        if call.operand(0) != Some(elem)
            || !call.parent_block().is_some_and(|bb| lp.body.contains(&bb))
            || fg.align != g.align
            || fg.sizes[0] != g.sizes[0]
        {
            continue;
        }
        let f0 = match f0s.iter().find(|(h, _)| *h == fg) {
            Some((_, v)) => *v,
            None => {
                b.position_before(outer.terminator().expect("built"));
                b.clear_debug_location();
                let v = blocked::group_address(m, &b, &fg, first, 1, 0)?;
                f0s.push((fg.clone(), v));
                v
            }
        };
        b.position_before(call);
        b.set_debug_location_from(call);
        let d = b.mul(b.sub(x, y, "")?, m.const_int(64, fg.sizes[1] as i64), "")?;
        let a = b.gep(m.int_type(8), f0, &[d], false, "")?;
        call.as_value().replace_all_uses_with(a)?;
        mark(call.as_value());
        n += 1;
    }
    Ok(n)
}
