//! Access regions: where and how the program visits the objects of each
//! structure, the input of the layout cost model
//! (`dtrans_transforms::relayout::cost`).
//!
//! A region is one pointer walking over objects of one structure in one
//! loop (the innermost natural loop of the accesses in which the pointer
//! changes: a loop over an array field of one object is not a walk over
//! objects; outside such loops, the function's body): the accesses made through the same pointer variable
//! (the same local slot at -O0, the same SSA value at -O2, the same field
//! of the same kind of object for a pointer loaded from memory) fall in
//! one region. Per region: how often it visits an object (the executions
//! of the loop's header), the fields each visit accesses (access counts,
//! which the model divides by the visits), and how the pointer moves from
//! one object to the next ([`Walk`]):
//!
//! - **Stream**: consecutive objects of an array, an index that is an
//!   induction variable (`a[i]`, `i++`; also `a[b * K + i]`) or a pointer
//!   stepped by a constant (`p++`). Hardware prefetchers follow such walks:
//!   bandwidth decides, and lines shared by neighbouring objects are
//!   fetched once.
//! - **Random**: everything else: a pointer loaded from memory
//!   (`p = p->next`, `a->tail`), an index computed from data (`t[h %
//!   n]`, `a[order[i]]`), a parameter. Each visit pays for the lines it
//!   touches.
//!
//! Frequencies: with profile metadata (`-fprofile-use`), a block's
//! execution count; otherwise the static estimate [`FrequencyEstimate`]:
//! `loop_weight^depth` per block, times the estimated number of calls of
//! the function (the same estimate at its direct call sites, summed;
//! `main` and functions with no direct caller count once).
use dtrans_ir::{BasicBlock, Function, Instruction, Module, Opcode, Value};
use dtrans_types::TypeId;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

use crate::layout::Element;
use crate::ptr_types::{is_simple_slot, PtrTypes};

/// The static estimate of execution frequencies, when the module has no
/// profile: each loop level multiplies a block's weight by `loop_weight`,
/// up to `max_depth` levels. The values belong to the cost model
/// (`dtrans_transforms::relayout::cost::CostModel`), which documents them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrequencyEstimate {
    pub loop_weight: u64,
    pub max_depth: u32,
}

impl FrequencyEstimate {
    /// The weight of a block at loop depth `depth`.
    pub fn weight(&self, depth: u32) -> u64 {
        self.loop_weight.saturating_pow(depth.min(self.max_depth))
    }

    /// The largest estimated call count of a function (recursion and deep
    /// call chains stop there).
    fn max_calls(&self) -> f64 {
        (self.loop_weight as f64).powi(2 * self.max_depth as i32).max(1.0)
    }
}

/// How a region moves from one object to the next (see the module's doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Walk {
    Stream,
    Random,
}

impl std::fmt::Display for Walk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Walk::Stream => "stream",
            Walk::Random => "random",
        })
    }
}

/// The distance between two visits of a stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    Objects(i64),
    Bytes(i64),
}

/// One pointer visiting objects of one structure in one loop (or function
/// body).
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    pub function: String,
    /// The source line of the loop (its header's first located
    /// instruction); `None` outside loops or without debug information.
    pub line: Option<u32>,
    /// Loop depth of the region (0: outside loops).
    pub depth: u32,
    pub walk: Walk,
    /// For a stream, how far apart its visits are, when a constant: in
    /// objects (`i += 4`: 4) or in bytes (a byte step at -O2, `p + 256`).
    pub step: Option<Step>,
    /// Objects visited: executions of the loop's header (of the function's
    /// entry outside loops), estimated or measured.
    pub visits: f64,
    /// With a profile, in a loop: how many times the loop was entered
    /// (`visits / entries`: the objects one pass of the loop visits).
    pub entries: Option<f64>,
    /// Per field (index, sorted): accesses, weighted like `visits`. A field
    /// read and written in one visit counts twice; the model caps the
    /// share of visits that touch a field at one.
    pub fields: Vec<(u32, f64)>,
    /// Whether the counts are measured (profile metadata) or estimated.
    pub profile: bool,
}

/// Natural loops of a function: each block's depth and innermost header.
pub(crate) struct Loops<'m> {
    pub depth: HashMap<BasicBlock<'m>, u32>,
    pub header: HashMap<BasicBlock<'m>, BasicBlock<'m>>,
    /// Per header, the blocks of its loop.
    pub body: HashMap<BasicBlock<'m>, HashSet<BasicBlock<'m>>>,
    /// Per header, the header of the loop around it.
    pub parent: HashMap<BasicBlock<'m>, BasicBlock<'m>>,
    /// Per header, the blocks outside the loop that branch only to it
    /// (absent when one of them branches elsewhere too).
    pub entries_from: HashMap<BasicBlock<'m>, Vec<BasicBlock<'m>>>,
}

/// Loop depth and innermost loop header of each block (natural loops from
/// the dominator tree, one per header: the union of its back edges'
/// bodies).
pub(crate) fn loops<'m>(f: Function<'m>) -> Loops<'m> {
    let blocks: Vec<BasicBlock<'m>> = f.basic_blocks().collect();
    let index: HashMap<BasicBlock<'m>, usize> = blocks.iter().enumerate().map(|(k, b)| (*b, k)).collect();
    let n = blocks.len();
    let succs: Vec<Vec<usize>> = blocks
        .iter()
        .map(|b| {
            b.terminator()
                .map(|t| t.successors().iter().filter_map(|s| index.get(s).copied()).collect())
                .unwrap_or_default()
        })
        .collect();
    let mut preds = vec![Vec::new(); n];
    for (b, ss) in succs.iter().enumerate() {
        for s in ss {
            preds[*s].push(b);
        }
    }
    // Reverse post-order from the entry.
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    if n > 0 {
        seen[0] = true;
        stack.push((0, 0));
    }
    while let Some((b, k)) = stack.pop() {
        if k < succs[b].len() {
            stack.push((b, k + 1));
            let s = succs[b][k];
            if !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            order.push(b);
        }
    }
    order.reverse();
    let mut rpo = vec![usize::MAX; n];
    for (k, b) in order.iter().enumerate() {
        rpo[*b] = k;
    }
    // Dominators (Cooper, Harvey and Kennedy's iteration).
    let mut idom = vec![usize::MAX; n];
    if n > 0 {
        idom[0] = 0;
    }
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new = usize::MAX;
            for &p in &preds[b] {
                if idom[p] == usize::MAX {
                    continue;
                }
                new = if new == usize::MAX { p } else { intersect(&idom, &rpo, p, new) };
            }
            if new != usize::MAX && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    let dominates = |a: usize, mut b: usize| loop {
        if a == b {
            return true;
        }
        if idom[b] == b || idom[b] == usize::MAX {
            return false;
        }
        b = idom[b];
    };
    // Natural loops: one per header, the union of its back edges' bodies.
    let mut bodies: HashMap<usize, HashSet<usize>> = HashMap::default();
    for (b, ss) in succs.iter().enumerate() {
        for &h in ss {
            if rpo[b] != usize::MAX && dominates(h, b) {
                let body = bodies.entry(h).or_default();
                body.insert(h);
                let mut work = vec![b];
                while let Some(x) = work.pop() {
                    if body.insert(x) {
                        work.extend(preds[x].iter().copied());
                    }
                }
            }
        }
    }
    let mut depth: HashMap<BasicBlock<'m>, u32> = HashMap::default();
    // Innermost loop: the smallest body holding the block.
    let mut inner: HashMap<usize, (usize, usize)> = HashMap::default();
    for (h, body) in &bodies {
        for b in body {
            *depth.entry(blocks[*b]).or_default() += 1;
            let e = inner.entry(*b).or_insert((usize::MAX, *h));
            if body.len() < e.0 || (body.len() == e.0 && *h < e.1) {
                *e = (body.len(), *h);
            }
        }
    }
    let header = inner.into_iter().map(|(b, (_, h))| (blocks[b], blocks[h])).collect();
    let mut parent: HashMap<BasicBlock<'m>, BasicBlock<'m>> = HashMap::default();
    for (h, body) in &bodies {
        let outer = bodies
            .iter()
            .filter(|(h2, b2)| *h2 != h && b2.contains(h) && b2.len() >= body.len())
            .min_by_key(|(h2, b2)| (b2.len(), **h2));
        if let Some((h2, _)) = outer {
            parent.insert(blocks[*h], blocks[*h2]);
        }
    }
    // Where each loop is entered from: its header's predecessors outside
    // it, when each of them goes nowhere else (its count is then the
    // entries it makes).
    let entries_from = bodies
        .iter()
        .filter_map(|(h, body)| {
            let outside: Vec<usize> = preds[*h].iter().copied().filter(|p| !body.contains(p)).collect();
            outside
                .iter()
                .all(|p| succs[*p].len() == 1)
                .then(|| (blocks[*h], outside.into_iter().map(|p| blocks[p]).collect()))
        })
        .collect();
    let body = bodies.into_iter().map(|(h, b)| (blocks[h], b.into_iter().map(|x| blocks[x]).collect())).collect();
    Loops { depth, header, body, parent, entries_from }
}

/// What makes a pointer or index take another value: a local slot stored
/// to, or a value defined (a phi, a call) in a block.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Vary<'m> {
    Slot(Value<'m>),
    Def(BasicBlock<'m>),
}

/// The sources of `v`'s changes (arithmetic, casts, steps and loads looked
/// through; constants, globals and arguments do not change).
fn vary_sources<'m>(sl: &Slots<'m>, v: Value<'m>, out: &mut Vec<Vary<'m>>, depth: u32) {
    if depth > 8 {
        return;
    }
    if let Some(slot) = slot_of(sl, v) {
        if !out.contains(&Vary::Slot(slot)) {
            out.push(Vary::Slot(slot));
        }
        return;
    }
    let Some(i) = v.as_instruction() else {
        // A constant expression's operands are constants.
        return;
    };
    match i.opcode() {
        Opcode::LLVMPHI | Opcode::LLVMCall | Opcode::LLVMInvoke | Opcode::LLVMAlloca => {
            if let Some(b) = i.parent_block() {
                if !out.contains(&Vary::Def(b)) {
                    out.push(Vary::Def(b));
                }
            }
        }
        Opcode::LLVMLoad => {
            if let Some(a) = i.operand(0) {
                vary_sources(sl, a, out, depth + 1);
            }
        }
        _ => {
            for o in i.operands() {
                vary_sources(sl, o, out, depth + 1);
            }
        }
    }
}

impl<'m> Loops<'m> {
    /// The innermost loop around block `b` in which one of `sources`
    /// changes: the loop whose iterations visit other objects (`None`:
    /// the same object all along the function's run).
    fn varying(&self, sl: &Slots<'m>, b: BasicBlock<'m>, sources: &[Vary<'m>]) -> Option<BasicBlock<'m>> {
        let mut h = self.header.get(&b).copied();
        while let Some(x) = h {
            let body = &self.body[&x];
            let varies = sources.iter().any(|s| match s {
                Vary::Def(d) => body.contains(d),
                Vary::Slot(slot) => stored_into_blocks(sl, *slot).iter().any(|sb| body.contains(sb)),
            });
            if varies {
                return Some(x);
            }
            h = self.parent.get(&x).copied();
        }
        None
    }
}

/// The blocks of the stores into a slot.
fn stored_into_blocks<'m>(sl: &Slots<'m>, slot: Value<'m>) -> Vec<BasicBlock<'m>> {
    sl.stores(slot).iter().filter_map(|(_, b)| *b).collect()
}

fn intersect(idom: &[usize], rpo: &[usize], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while rpo[a] > rpo[b] {
            a = idom[a];
        }
        while rpo[b] > rpo[a] {
            b = idom[b];
        }
    }
    a
}

/// Estimated calls of each defined function (static estimate): `main` and
/// functions without a direct caller once, the others the sum over their
/// direct call sites of the caller's calls times the call block's weight;
/// capped (recursion).
pub(crate) fn call_weights<'m>(
    m: &'m Module<'_>,
    loops: &HashMap<Function<'m>, Loops<'m>>,
    est: FrequencyEstimate,
) -> HashMap<Function<'m>, f64> {
    let defined: Vec<Function<'m>> = m.functions().filter(|f| !f.is_declaration()).collect();
    // (caller, callee, weight of the call's block)
    let mut edges: Vec<(Function<'m>, Function<'m>, f64)> = Vec::new();
    for f in &defined {
        let l = &loops[f];
        for b in f.basic_blocks() {
            let w = est.weight(l.depth.get(&b).copied().unwrap_or(0)) as f64;
            for i in b.instructions() {
                if let Some(g) = i.called_function().filter(|g| !g.is_declaration()) {
                    edges.push((*f, g, w));
                }
            }
        }
    }
    let called: HashSet<Function<'m>> = edges.iter().map(|e| e.1).collect();
    let base: HashMap<Function<'m>, f64> =
        defined.iter().map(|f| (*f, if f.name() == "main" || !called.contains(f) { 1.0 } else { 0.0 })).collect();
    let cap = est.max_calls();
    let mut w = base.clone();
    for _ in 0..defined.len().min(64) + 1 {
        let mut next = base.clone();
        for (a, b, x) in &edges {
            let add = w.get(a).copied().unwrap_or(0.0) * x;
            if let Some(v) = next.get_mut(b) {
                *v = (*v + add).min(cap);
            }
        }
        if next == w {
            break;
        }
        w = next;
    }
    w
}

/// How the blocks of the function being walked are weighted.
pub(crate) struct FnFrequencies<'m> {
    pub function: Function<'m>,
    pub loops: Loops<'m>,
    /// Profile counts of the blocks, when the function has them.
    pub counts: Option<HashMap<BasicBlock<'m>, u64>>,
    /// Estimated calls of the function (static estimate only).
    pub calls: f64,
    pub est: FrequencyEstimate,
}

impl<'m> FnFrequencies<'m> {
    /// With a profile, how many times the loop of header `h` was entered.
    fn entries(&self, h: BasicBlock<'m>) -> Option<f64> {
        let counts = self.counts.as_ref()?;
        let from = self.loops.entries_from.get(&h)?;
        Some(from.iter().map(|b| counts.get(b).copied().unwrap_or(0) as f64).sum())
    }

    fn weight(&self, b: BasicBlock<'m>) -> f64 {
        match &self.counts {
            Some(c) => c.get(&b).copied().unwrap_or(0) as f64,
            None => self.calls * self.est.weight(self.loops.depth.get(&b).copied().unwrap_or(0)) as f64,
        }
    }
}

/// A region being collected.
struct Acc<'m> {
    function: Function<'m>,
    header: Option<BasicBlock<'m>>,
    walk: Walk,
    step: Option<Step>,
    visits: f64,
    entries: Option<f64>,
    depth: u32,
    profile: bool,
    fields: BTreeMap<u32, f64>,
}

/// Collects the regions of every structure during the field walk.
#[derive(Default)]
pub(crate) struct RegionBuilder<'m> {
    regions: HashMap<(TypeId, u64), Acc<'m>>,
    order: Vec<(TypeId, u64)>,
    slots: Slots<'m>,
}

/// Local slots (allocas), each looked at once: whether it is a simple slot
/// (only loaded and stored) and what is stored into it, in which block.
/// Every access asks about the slots its pointer and index come from; a
/// slot with thousands of uses (a large function at -O0) made that
/// quadratic.
#[derive(Default)]
struct Slots<'m> {
    facts: std::cell::RefCell<HashMap<Value<'m>, Option<std::rc::Rc<[(Value<'m>, Option<BasicBlock<'m>>)]>>>>,
}

impl<'m> Slots<'m> {
    /// The stores of `slot` when it is a simple slot (`None` otherwise).
    fn facts(&self, slot: Value<'m>) -> Option<std::rc::Rc<[(Value<'m>, Option<BasicBlock<'m>>)]>> {
        if let Some(f) = self.facts.borrow().get(&slot) {
            return f.clone();
        }
        let f = is_simple_slot(slot).then(|| {
            slot.users()
                .into_iter()
                .filter_map(|u| u.as_instruction())
                .filter(|i| i.opcode() == Opcode::LLVMStore && i.operand(1) == Some(slot))
                .filter_map(|i| Some((i.operand(0)?, i.parent_block())))
                .collect()
        });
        self.facts.borrow_mut().insert(slot, f.clone());
        f
    }

    fn simple(&self, slot: Value<'m>) -> bool {
        self.facts(slot).is_some()
    }

    /// What is stored into a slot, and where (nothing for a slot that is
    /// not simple: callers ask only about simple ones).
    fn stores(&self, slot: Value<'m>) -> std::rc::Rc<[(Value<'m>, Option<BasicBlock<'m>>)]> {
        self.facts(slot).unwrap_or_else(|| std::rc::Rc::from(Vec::new()))
    }
}

impl<'m> RegionBuilder<'m> {
    /// An access (load or store) of `elements` through `addr` in block
    /// `b` of the function `fx` describes.
    pub(crate) fn access(
        &mut self,
        pt: &PtrTypes<'m>,
        fx: &FnFrequencies<'m>,
        b: BasicBlock<'m>,
        addr: Value<'m>,
        elements: &[Element],
    ) {
        if elements.is_empty() {
            return;
        }
        let weight = fx.weight(b);
        let sl = &self.slots;
        let (base, index) = element_base(addr);
        // The loop whose iterations move the pointer (not an inner loop
        // over a part of one object).
        let mut sources = Vec::new();
        match index {
            Some(i) => {
                vary_sources(sl, i, &mut sources, 0);
                vary_sources(sl, base, &mut sources, 0);
            }
            None => vary_sources(sl, base, &mut sources, 0),
        }
        let header = fx.loops.varying(sl, b, &sources);
        let key = {
            let mut h = rustc_hash::FxHasher::default();
            fx.function.hash(&mut h);
            header.hash(&mut h);
            base_key(sl, pt, base, 0).hash(&mut h);
            index.map(|i| index_key(sl, i)).hash(&mut h);
            h.finish()
        };
        for e in elements {
            let k = (e.aggregate, key);
            if !self.regions.contains_key(&k) {
                let walk = match index {
                    Some(i) => classify_index(sl, i, 0),
                    None => classify_ptr(sl, base, 0),
                };
                let step = match (walk, index) {
                    (Walk::Random, _) => None,
                    (_, Some(i)) => index_step(sl, i, 0).map(Step::Objects),
                    (_, None) => ptr_step(sl, base),
                };
                let visits = match header {
                    Some(h) => fx.weight(h),
                    None => fx.function.basic_blocks().next().map_or(weight, |entry| fx.weight(entry)),
                };
                let depth = header.and_then(|h| fx.loops.depth.get(&h).copied()).unwrap_or(0);
                self.regions.insert(
                    k,
                    Acc {
                        function: fx.function,
                        header,
                        walk,
                        step,
                        visits,
                        entries: header.and_then(|h| fx.entries(h)),
                        depth,
                        profile: fx.counts.is_some(),
                        fields: BTreeMap::new(),
                    },
                );
                self.order.push(k);
            }
            let acc = self.regions.get_mut(&k).expect("inserted above");
            *acc.fields.entry(e.field).or_default() += weight;
        }
    }

    /// The regions of each structure, in the order they were first seen;
    /// regions never executed (profile counts of zero) are left out.
    pub(crate) fn finish(self) -> HashMap<TypeId, Vec<Region>> {
        let mut out: HashMap<TypeId, Vec<Region>> = HashMap::default();
        let mut regions = self.regions;
        for k in self.order {
            let Some(a) = regions.remove(&k) else { continue };
            if a.visits <= 0.0 {
                continue;
            }
            let line = a.header.and_then(|h| h.instructions().find_map(|i| i.debug_location()).map(|(_, l)| l));
            out.entry(k.0).or_default().push(Region {
                function: a.function.name(),
                line,
                depth: a.depth,
                walk: a.walk,
                step: a.step,
                visits: a.visits,
                entries: a.entries,
                fields: a.fields.into_iter().collect(),
                profile: a.profile,
            });
        }
        out
    }
}

/// The GEP (instruction or constant expression) `v` as (pointer, indices),
/// or a pointer cast as (pointer, no indices).
fn gep_parts<'m>(v: Value<'m>) -> Option<(Value<'m>, Vec<Value<'m>>)> {
    let (op, ops) = match v.as_instruction() {
        Some(i) => (i.opcode(), i.operands()),
        None => (v.const_opcode()?, v.operands()),
    };
    match op {
        Opcode::LLVMGetElementPtr => Some((*ops.first()?, ops[1..].to_vec())),
        Opcode::LLVMBitCast | Opcode::LLVMAddrSpaceCast => Some((*ops.first()?, Vec::new())),
        _ => None,
    }
}

/// The pointer an address is computed from, with the variable index of
/// the step that selects the object (`a[i].f`: `a` and `i`; `g[r][c].f`:
/// `c`, the innermost step that lands on a structure; `a[i].v[k]`: `i`,
/// since `k` only moves inside the object), after steps by constants
/// (field addresses, `p + 1`) and steps inside an object.
fn element_base<'m>(addr: Value<'m>) -> (Value<'m>, Option<Value<'m>>) {
    let mut v = addr;
    for _ in 0..16 {
        let Some((ptr, idx)) = gep_parts(v) else { break };
        if let Some(i) = object_index(v, &idx) {
            return (ptr, Some(i));
        }
        v = ptr;
    }
    (v, None)
}

/// Of a GEP's indices, the last variable one whose step lands on a
/// structure (or, when the types cannot be followed, the last variable
/// one).
fn object_index<'m>(gep: Value<'m>, idx: &[Value<'m>]) -> Option<Value<'m>> {
    let src = match gep.as_instruction() {
        Some(i) => i.gep_source_type(),
        None => gep.const_gep_source_type(),
    };
    let Some(mut cur) = src else { return idx.iter().rev().find(|i| !i.is_constant()).copied() };
    let mut found = None;
    for (k, i) in idx.iter().enumerate() {
        if k > 0 {
            let next = if cur.is_struct() {
                let f = i.const_int_value().and_then(|c| usize::try_from(c).ok());
                f.and_then(|f| cur.struct_fields().get(f).copied())
            } else {
                cur.element_type()
            };
            let Some(n) = next else { return found };
            cur = n;
        }
        if !i.is_constant() && cur.is_struct() {
            found = Some(*i);
        }
    }
    found
}

/// `v` after steps by constants and pointer casts.
fn strip_const_steps(mut v: Value<'_>) -> Value<'_> {
    for _ in 0..16 {
        match gep_parts(v) {
            Some((ptr, idx)) if idx.iter().all(|i| i.is_constant()) => v = ptr,
            _ => break,
        }
    }
    v
}

/// `v` after integer casts and arithmetic with a constant (`i + 1`,
/// `i * 4`, `i << 3`).
fn strip_arith(mut v: Value<'_>) -> Value<'_> {
    for _ in 0..16 {
        let Some(i) = v.as_instruction() else { break };
        let ops = i.operands();
        match i.opcode() {
            Opcode::LLVMSExt | Opcode::LLVMZExt | Opcode::LLVMTrunc => v = ops[0],
            Opcode::LLVMAdd | Opcode::LLVMSub | Opcode::LLVMMul | Opcode::LLVMShl | Opcode::LLVMOr
                if ops.len() == 2 =>
            {
                if ops[1].is_constant() {
                    v = ops[0];
                } else if ops[0].is_constant() {
                    v = ops[1];
                } else {
                    break;
                }
            }
            _ => break,
        }
    }
    v
}

/// The local slot (a simple alloca: only loaded and stored) `v` is loaded
/// from.
fn slot_of<'m>(sl: &Slots<'m>, v: Value<'m>) -> Option<Value<'m>> {
    let i = v.as_instruction().filter(|i| i.opcode() == Opcode::LLVMLoad)?;
    let a = i.operand(0)?;
    (a.as_instruction().is_some_and(|x| x.opcode() == Opcode::LLVMAlloca) && sl.simple(a)).then_some(a)
}

/// The values stored into a slot.
fn stored_into<'m>(sl: &Slots<'m>, slot: Value<'m>) -> Vec<Value<'m>> {
    sl.stores(slot).iter().map(|(v, _)| *v).collect()
}

fn phi(v: Value<'_>) -> Option<Instruction<'_>> {
    v.as_instruction().filter(|i| i.opcode() == Opcode::LLVMPHI)
}

/// Whether an index walks consecutive objects: an induction variable
/// (a phi or a slot that receives itself plus a constant), maybe scaled or
/// offset, or a sum with one.
fn classify_index<'m>(sl: &Slots<'m>, i: Value<'m>, depth: u32) -> Walk {
    if depth > 4 {
        return Walk::Random;
    }
    let x = strip_arith(i);
    if let Some(p) = phi(x) {
        let inc = p.incoming();
        if inc.iter().any(|(y, _)| strip_arith(*y) == x && *y != x) {
            return Walk::Stream;
        }
        if inc.iter().any(|(y, _)| *y != x && classify_index(sl, *y, depth + 1) == Walk::Stream) {
            return Walk::Stream;
        }
        return Walk::Random;
    }
    if let Some(slot) = slot_of(sl, x) {
        let steps =
            stored_into(sl, slot).into_iter().any(|s| strip_arith(s) != s && slot_of(sl, strip_arith(s)) == Some(slot));
        return if steps { Walk::Stream } else { Walk::Random };
    }
    if let Some(ins) = x.as_instruction() {
        if matches!(ins.opcode(), Opcode::LLVMAdd | Opcode::LLVMSub) {
            if ins.operands().into_iter().any(|o| classify_index(sl, o, depth + 1) == Walk::Stream) {
                return Walk::Stream;
            }
        }
    }
    Walk::Random
}

/// The constant an increment `y` (`v + c`, `v - c`) adds.
fn add_step(y: Value<'_>) -> Option<i64> {
    let i = y.as_instruction()?;
    let ops = i.operands();
    match i.opcode() {
        Opcode::LLVMAdd => ops.get(1).and_then(|c| c.const_int_value()).or_else(|| ops[0].const_int_value()),
        Opcode::LLVMSub => ops.get(1).and_then(|c| c.const_int_value()).and_then(i64::checked_neg),
        Opcode::LLVMSExt | Opcode::LLVMZExt | Opcode::LLVMTrunc => add_step(ops[0]),
        _ => None,
    }
}

/// By how many objects a streaming index moves per iteration: its
/// induction variable's step, times a constant scale (`a[2 * i]`).
fn index_step<'m>(sl: &Slots<'m>, i: Value<'m>, depth: u32) -> Option<i64> {
    if depth > 4 {
        return None;
    }
    let mut x = i;
    let mut scale = 1i64;
    for _ in 0..8 {
        let Some(ins) = x.as_instruction() else { break };
        let ops = ins.operands();
        let c = |k: usize| ops.get(k).and_then(|v| v.const_int_value());
        match ins.opcode() {
            Opcode::LLVMSExt | Opcode::LLVMZExt | Opcode::LLVMTrunc => x = ops[0],
            Opcode::LLVMMul if c(1).is_some() => {
                scale = scale.saturating_mul(c(1)?);
                x = ops[0];
            }
            Opcode::LLVMShl if c(1).is_some() => {
                // (A shift by 63 or more is no step an array walk takes.)
                scale = scale.saturating_mul(1i64.checked_shl(c(1)? as u32).filter(|m| *m > 0)?);
                x = ops[0];
            }
            Opcode::LLVMAdd | Opcode::LLVMSub | Opcode::LLVMOr if c(1).is_some() => x = ops[0],
            Opcode::LLVMAdd if c(0).is_some() => x = ops[1],
            Opcode::LLVMAdd | Opcode::LLVMSub => {
                // `base + i`: the stepping side's step.
                return ops.iter().find_map(|o| index_step(sl, *o, depth + 1)).map(|s| s.saturating_mul(scale));
            }
            _ => break,
        }
    }
    let step = if let Some(p) = phi(x) {
        p.incoming().iter().find(|(y, _)| *y != x && strip_arith(*y) == x).and_then(|(y, _)| add_step(*y))
    } else if let Some(slot) = slot_of(sl, x) {
        stored_into(sl, slot).into_iter().find(|s| slot_of(sl, strip_arith(*s)) == Some(slot)).and_then(add_step)
    } else {
        None
    };
    step.map(|s| s.saturating_mul(scale))
}

/// By how much a streaming pointer moves per iteration, when it steps
/// itself by a constant (`p++`, `p += 4`, a byte step at -O2).
fn ptr_step<'m>(sl: &Slots<'m>, p: Value<'m>) -> Option<Step> {
    let x = strip_const_steps(p);
    let stepped: Vec<Value<'_>> = if let Some(ph) = phi(x) {
        ph.incoming().into_iter().map(|(y, _)| y).filter(|y| *y != x && strip_const_steps(*y) == x).collect()
    } else if let Some(slot) = slot_of(sl, x) {
        stored_into(sl, slot)
            .into_iter()
            .filter(|s| *s != strip_const_steps(*s) && slot_of(sl, strip_const_steps(*s)) == Some(slot))
            .collect()
    } else {
        Vec::new()
    };
    let y = *stepped.first()?;
    let i = y.as_instruction().filter(|i| i.opcode() == Opcode::LLVMGetElementPtr)?;
    let ops = i.operands();
    if ops.len() != 2 {
        return None;
    }
    let n = ops[1].const_int_value()?;
    match i.gep_source_type() {
        Some(t) if t.int_width() == Some(8) => Some(Step::Bytes(n)),
        Some(t) if t.is_struct() => Some(Step::Objects(n)),
        _ => None,
    }
}

/// Whether a pointer walks consecutive objects: stepped by a constant
/// from itself (a phi, or a slot that receives itself plus a constant),
/// or an element address with a streaming index.
fn classify_ptr<'m>(sl: &Slots<'m>, p: Value<'m>, depth: u32) -> Walk {
    if depth > 4 {
        return Walk::Random;
    }
    let x = strip_const_steps(p);
    let stream_value = |s: Value<'m>| match element_base(s) {
        (_, Some(i)) => classify_index(sl, i, depth + 1) == Walk::Stream,
        _ => false,
    };
    if let Some(ph) = phi(x) {
        let inc = ph.incoming();
        if inc.iter().any(|(y, _)| *y != x && strip_const_steps(*y) == x) {
            return Walk::Stream;
        }
        if inc.iter().any(|(y, _)| *y != x && (stream_value(*y) || classify_ptr(sl, *y, depth + 1) == Walk::Stream)) {
            return Walk::Stream;
        }
        return Walk::Random;
    }
    if let Some(slot) = slot_of(sl, x) {
        for s in stored_into(sl, slot) {
            let base = strip_const_steps(s);
            if base != s && slot_of(sl, base) == Some(slot) {
                return Walk::Stream;
            }
            if stream_value(s) {
                return Walk::Stream;
            }
        }
        return Walk::Random;
    }
    if stream_value(x) {
        return Walk::Stream;
    }
    Walk::Random
}

/// What identifies the pointer of an access: the slot it is loaded from,
/// the field (and the object pointer of that field) it is loaded from, or
/// the value itself.
fn base_key<'m>(sl: &Slots<'m>, pt: &PtrTypes<'m>, v: Value<'m>, depth: u32) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    let x = strip_const_steps(v);
    let step = gep_parts(x).filter(|_| depth < 8);
    if let Some(slot) = slot_of(sl, x) {
        (0u8, slot).hash(&mut h);
    } else if let Some((ptr, idx)) = step {
        // An element address computed again at each access (-O0's
        // `g[r][c]`): the same element when its indices are.
        let idx: Vec<Option<u64>> = idx.iter().map(|i| (!i.is_constant()).then(|| index_key(sl, *i))).collect();
        (3u8, base_key(sl, pt, ptr, depth + 1), idx).hash(&mut h);
    } else if let (Some(load), true) = (x.as_instruction().filter(|i| i.opcode() == Opcode::LLVMLoad), depth < 4) {
        let addr = load.operand(0).unwrap_or(x);
        let elements = pt.info(addr).map(|i| i.elements.clone()).unwrap_or_default();
        let (b, idx) = element_base(addr);
        (1u8, elements, base_key(sl, pt, b, depth + 1), idx.map(|i| index_key(sl, i))).hash(&mut h);
    } else {
        (2u8, x).hash(&mut h);
    }
    h.finish()
}

/// What identifies an index: its slot, else its value (after casts).
fn index_key<'m>(sl: &Slots<'m>, i: Value<'m>) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    let mut x = i;
    while let Some(ins) = x.as_instruction().filter(|ins| matches!(ins.opcode(), Opcode::LLVMSExt | Opcode::LLVMZExt)) {
        x = ins.operands()[0];
    }
    match slot_of(sl, x) {
        Some(s) => (0u8, s).hash(&mut h),
        None => (1u8, x).hash(&mut h),
    }
    h.finish()
}
