//! The planning walk: every place of the module that depends on the
//! layout of a changed type, classified before anything is changed.
//!
//! A place the walk does not understand is a failure blamed on the
//! structures involved; the pass drops them and plans again, so that a
//! structure is changed only when every place is rewritten. What the walk
//! relies on from the analysis: for each pointer value, the types it is
//! declared and used as. Its "object type" is the outermost of those that
//! explains the others (the rest start at offset 0 of it): a pointer to the
//! start of an object of that type, or of an array of them.
use dtrans_analysis::alloc::{AllocKind, MemFn};
use dtrans_analysis::info::AnalysisInfo;
use dtrans_analysis::layout::{zero_chain, Layout};
use dtrans_ir::{Function, Instruction, Module, Opcode, Type, TypeKind, Value, ValueKind};
use dtrans_types::DType;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::layouts::{Layouts, Narrow, Piece, Pos};

/// One rewrite, decided from the unchanged module and applied in step 8a.
/// Instructions are named by handle; operands are re-read when applied.
#[derive(Clone, Debug)]
pub enum Action<'m> {
    /// Operand `op` is a constant address into a changed global: rebuilt as
    /// a byte offset in the new layout.
    ConstOperand { inst: Instruction<'m>, op: u32 },
    /// A GEP whose indices step through changed types: lowered to typed
    /// steps (variable indices) and byte offsets (the constant parts).
    LowerGep { gep: Instruction<'m> },
    /// A GEP of constant byte offset from a pointer to a changed object.
    ByteGep { gep: Instruction<'m>, offset: i64 },
    /// A GEP of variable byte offset (`gep i8, p, %n*40`): the offset is
    /// rescaled.
    VarGep { gep: Instruction<'m>, old: u64, new: u64 },
    /// A GEP whose byte offset is a phi or select of constants: each
    /// constant (old -> new) is a position in the new layout.
    ChoiceGep { gep: Instruction<'m>, map: Vec<(i64, i64)> },
    /// A load or store through a pointer to the start of a changed object:
    /// the field it reaches moved by `offset`.
    LeafAddr { inst: Instruction<'m>, op: u32, offset: i64 },
    /// Goes (a store to a deleted field, the address of one).
    Erase { inst: Instruction<'m> },
    /// A load of a deleted field whose value is always `value` (as the
    /// analysis prints it): replaced by that constant.
    ReplaceLoad { load: Instruction<'m>, value: String },
    /// Operand `op` counts bytes of objects `old` bytes long, now `new`.
    Rescale { inst: Instruction<'m>, op: u32, old: u64, new: u64 },
    /// A memset/memcpy over part of an object: one call per piece.
    /// `bytes`: the argument (0 or 1) that is plain memory, not an object
    /// of the changed type (`strcpy(net->name, "...")` at -O2 is a memcpy
    /// from a string into the start of a structure): its offsets stay.
    Split { call: Instruction<'m>, pieces: Vec<Piece>, base_new: u64, bytes: Option<u32> },
    /// Operand `op` becomes the constant `value`.
    SetConst { inst: Instruction<'m>, op: u32, value: i64 },
    /// `value` (the end of an -O2 exact division of a pointer difference
    /// by shifts and a multiplication) becomes `diff / new`.
    DivChain { last: Instruction<'m>, diff: Value<'m>, new: u64, signed: bool },
    /// A GEP into a field moved to a side array (peel, aos-to-soa): the
    /// element's address, then the field's in the side record.
    SideGep { gep: Instruction<'m> },
    /// A byte offset into a field moved to a side array, `elements` whole
    /// objects from the base pointer.
    SideByteGep { gep: Instruction<'m>, owner: Type<'m>, field: u32, off: u64, elements: i64 },
    /// A load or store through a pointer to the object's start whose first
    /// field moved to a side array.
    SideLeaf { inst: Instruction<'m>, op: u32, owner: Type<'m>, field: u32 },
    /// The same through constant address `addr` (an element of a global
    /// array of a split structure; the operand as it was, before any
    /// `ConstOperand` rebuilt it as a pointer): the constant address of
    /// the field in the side records' global array.
    ConstLeaf { inst: Instruction<'m>, op: u32, addr: Value<'m> },
    /// The allocation of the one array of a split structure: the side
    /// arrays are allocated with it (same count) by the library's `malloc`
    /// (`calloc` when `zeroed`, of `count` and the size), never by a user
    /// wrapper whose other effects would run again, and the bases recorded.
    /// `check`: the element count is checked to fit a 32-bit index.
    AllocSplit { call: Instruction<'m>, owner: Type<'m>, op: u32, count: Option<u32>, zeroed: bool, check: bool },
    /// An allocation of the array of a split structure resized by
    /// `realloc` (`old`: the argument it resizes; `None` for a malloc):
    /// the main array's size operand `op` is rescaled, and a call after it
    /// resizes the side arrays the same way and records the addresses.
    ResizeSplit { call: Instruction<'m>, owner: Type<'m>, old: Option<u32>, op: u32 },
    /// A load (`op` 0) or store (`op` 1) of a pointer to split structure
    /// `target` in a field that holds its index now: the index is loaded
    /// and decoded, or encoded and stored.
    Index { inst: Instruction<'m>, op: u32, target: Type<'m> },
    /// A load or store of a narrowed integer field of `owner`
    /// (compress-fields): the access in fewer bits, a load extended back,
    /// a stored value truncated (after its check, for a checked field).
    Narrow { inst: Instruction<'m>, op: u32, owner: Type<'m>, narrow: Narrow },
    /// A memset, memcpy or memmove of whole elements of split structure
    /// `owner` (from their starts on every side): the same call over each
    /// side array, at the same elements, for the same count, then the main
    /// array's length rescaled to its new records.
    SplitWhole { call: Instruction<'m>, owner: Type<'m> },
    /// A free of the split structure's array: the side arrays go too, by
    /// the library's `free` (a user wrapper is not run again).
    FreeSplit { call: Instruction<'m>, owner: Type<'m> },
    /// A typed GEP over elements of `owner`, laid out in blocks, whose
    /// first index is not 0: that step goes through the blocks (the base
    /// becomes the element reached, the index 0), before any other action
    /// on the GEP.
    BlockStep { gep: Instruction<'m>, owner: Type<'m> },
    /// A local array of `owner`, laid out in blocks: an alloca of its
    /// whole blocks, aligned like them, element 0 at its start.
    BlockAlloca { alloca: Instruction<'m>, owner: Type<'m> },
    /// A GEP over an array (of arrays) of `owner`, laid out in blocks:
    /// the element its array indices reach (a step through the blocks),
    /// then the field path from there.
    BlockArrayGep { gep: Instruction<'m>, owner: Type<'m> },
    /// A GEP of constant byte offset from an element of `owner` (laid out
    /// in blocks) that steps over `elements` whole elements to `pos` in
    /// the element reached.
    BlockByte { gep: Instruction<'m>, owner: Type<'m>, elements: i64, pos: Pos<'m> },
    /// A GEP of variable byte offset over whole elements of `owner` (laid
    /// out in blocks).
    BlockVar { gep: Instruction<'m>, owner: Type<'m> },
    /// A GEP from inside field `field` of an element of `owner` (laid out
    /// in blocks) to the same place of another element, `elements` away
    /// (`None`: its variable byte offset over the old size).
    BlockInside { gep: Instruction<'m>, owner: Type<'m>, field: u32, elements: Option<i64> },
    /// `sub (ptrtoint a), (ptrtoint b)` of elements of `owner` (laid out in
    /// blocks): their distance in elements, times the old size (what
    /// the users of the difference expect).
    BlockDiff { sub: Instruction<'m>, owner: Type<'m> },
    /// A `malloc` (`op` its size), `calloc` (`count` the other argument)
    /// or `realloc` of an array of `owner` (the library's:
    /// `sites::blocks_allowed`): whole blocks, placed on a boundary inside
    /// what the call returns.
    BlockAlloc { call: Instruction<'m>, owner: Type<'m>, op: u32, count: Option<u32>, kind: AllocKind },
    /// A free (the library's or a wrapper, argument `arg` freed) of an
    /// array laid out in blocks: given the block the array came in.
    BlockFree { call: Instruction<'m>, arg: u32, owner: Type<'m> },
    /// A memset, memcpy or memmove of whole elements of `owner` (laid out
    /// in blocks): each element's groups by themselves.
    BlockWhole { call: Instruction<'m>, owner: Type<'m> },
    /// A `qsort` of elements of `owner` (laid out in blocks): the library
    /// sorts pointers to them with the same comparisons, then the
    /// elements are copied in that order (`blocked::build_sort`).
    BlockSort { call: Instruction<'m>, owner: Type<'m> },
    /// The access's `align` may promise more than the new layout gives.
    Align { inst: Instruction<'m>, align: u64 },
    /// A memory intrinsic's pointer arguments get at most `align`.
    MemAlign { call: Instruction<'m>, align: u64 },
    /// A load or store at a place of `owner`, laid out in blocks: in the
    /// alias scope of its blocks (`scopes`).
    Scope { inst: Instruction<'m>, owner: Type<'m> },
    /// A load or store the analysis proves is at no place of a structure
    /// laid out in blocks: `!noalias` with their scopes.
    NoAlias { inst: Instruction<'m> },
    /// A struct-path TBAA tag names the old layout: made a scalar tag.
    Tbaa { inst: Instruction<'m> },
    /// A memcpy's `!tbaa.struct` names old offsets: dropped.
    DropTbaaStruct { inst: Instruction<'m> },
}

/// A place not understood, and the changed types it involves.
pub struct Failure<'m> {
    pub types: Vec<Type<'m>>,
    pub why: String,
}

pub struct Planner<'a, 'm, 'c> {
    pub m: &'m Module<'c>,
    pub info: &'a AnalysisInfo<'m>,
    pub lay: &'a Layouts<'m>,
    layout: Layout<'m, 'c>,
    pub actions: HashMap<Function<'m>, Vec<Action<'m>>>,
    pub failures: Vec<Failure<'m>>,
    /// Split structures whose pointers cannot become indices, and why.
    pub index_failures: Vec<(Type<'m>, String)>,
    allocs: HashMap<Instruction<'m>, Option<Type<'m>>>,
    /// C names of changed structures, as TBAA type nodes name them.
    tbaa_names: HashSet<String>,
    tbaa_kind: u32,
    tbaa_struct_kind: u32,
    fname: String,
    /// The constant address a load or store being planned goes through:
    /// one past an array field there is the next field (nothing is read
    /// or written past an array's end).
    deref: Option<Value<'m>>,
    /// Where pointers inside fields of changed structures are
    /// ([`Planner::anchor`]), memoized.
    anchors: HashMap<Value<'m>, Option<Anchor<'m>>>,
    /// The values whose anchor is being computed (a cycle of phis).
    anchoring: HashSet<Value<'m>>,
    /// Pointers of unknown type (with no changed structure among their
    /// types) made from pointers to changed objects ([`Planner::object`]),
    /// memoized: the changed structures found.
    unknown_origins: HashMap<Value<'m>, Vec<Type<'m>>>,
}

/// A place inside a field of a changed structure (not at the start of an
/// object of it): the structure, the field, and how far into the field
/// (`None`: somewhere inside, not known where).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Anchor<'m> {
    pub owner: Type<'m>,
    pub field: u32,
    pub off: Option<i64>,
}

/// An anchor that depends on a phi whose own is being computed.
#[derive(Clone, Copy, Debug)]
struct OnCycle;

/// What a pointer points to the start of.
enum Object<'m> {
    /// Nothing the relayout changes.
    Unchanged,
    Changed(Type<'m>),
    /// Types that do not nest at offset 0, one of them changed.
    Unclear(Vec<Type<'m>>),
}

impl<'a, 'm, 'c> Planner<'a, 'm, 'c> {
    pub fn new(m: &'m Module<'c>, info: &'a AnalysisInfo<'m>, lay: &'a Layouts<'m>) -> Self {
        let mut layout = Layout::new(m);
        let tm = info.ptr.tm();
        let mut allocs = HashMap::default();
        for a in &info.ptr.allocations {
            let t = a.allocated.and_then(|t| layout.ir_type(tm, t));
            allocs.insert(a.call, t);
        }
        let tbaa_names =
            lay.plans.keys().filter_map(|t| t.struct_name()).map(|n| super::source_name(&n).to_string()).collect();
        Planner {
            m,
            info,
            lay,
            layout,
            actions: HashMap::default(),
            failures: Vec::new(),
            index_failures: Vec::new(),
            allocs,
            tbaa_names,
            tbaa_kind: m.md_kind_id("tbaa"),
            tbaa_struct_kind: m.md_kind_id("tbaa.struct"),
            fname: String::new(),
            deref: None,
            anchors: HashMap::default(),
            anchoring: HashSet::default(),
            unknown_origins: HashMap::default(),
        }
    }

    fn fail(&mut self, types: Vec<Type<'m>>, why: impl Into<String>) {
        self.failures.push(Failure { types, why: format!("{}: {}", self.fname, why.into()) });
    }

    fn push(&mut self, f: Function<'m>, a: Action<'m>) {
        self.actions.entry(f).or_default().push(a);
    }

    /// The object type of pointer `v` (see the module docs).
    fn object(&mut self, v: Value<'m>) -> Object<'m> {
        match self.object_as_declared(v) {
            // A pointer to an array of a structure laid out in blocks is
            // one to its first element: every rule of the blocks applies.
            Object::Changed(t) => Object::Changed(self.lay.blocked_array(t).map_or(t, |(s, _)| s)),
            o => o,
        }
    }

    fn object_as_declared(&mut self, v: Value<'m>) -> Object<'m> {
        let Some(info) = self.info.ptr.info(v) else { return Object::Unchanged };
        let tm = self.info.ptr.tm();
        let mut pointees = Vec::new();
        for t in info.all_types() {
            if let Some(p) = tm.pointee(t) {
                // (A vector read or written through it says nothing of
                // where it points: the access's width is checked where it
                // is, `plan_access`.)
                let skip = matches!(tm.get(p), DType::Int(8) | DType::Void | DType::Unknown | DType::Vector { .. });
                if !skip && !pointees.contains(&p) {
                    pointees.push(p);
                }
            }
        }
        let irs: Vec<Option<Type<'m>>> = pointees.iter().map(|p| self.layout.ir_type(tm, *p)).collect();
        let any_changed = irs.iter().flatten().any(|t| self.lay.changed(*t));
        let types_mentioned: Vec<Type<'m>> = irs.iter().flatten().copied().filter(|t| self.lay.changed(*t)).collect();
        if (info.unknown.is_some() || info.ambiguous.is_some()) && any_changed {
            return Object::Unclear(types_mentioned);
        }
        if !any_changed {
            // A pointer of unknown type made (through phis, selects, GEPs
            // and casts) from a pointer to changed objects: its accesses
            // and steps are the objects', which nothing here can find (a
            // `p < end` walk `p = phi [a, p + 88]` whose only other view
            // was a struct-path TBAA tag an earlier pass made scalar).
            if info.unknown.is_some() {
                let from = self.unknown_origin(v);
                if !from.is_empty() {
                    return Object::Unclear(from);
                }
            }
            // A field address inside a changed structure is a pointer to the
            // field's own (unchanged) type: nothing to do for its accesses.
            return Object::Unchanged;
        }
        // The analysis's dominant type explains every type of the value
        // (pointers to pointers included: a `vertex **` slot also seen as the
        // `int **` of its first field's first field); one view with the
        // legality verdict, which reads the same dominant type.
        if let Some(t) = info.dominant.and_then(|d| tm.pointee(d)).and_then(|p| self.layout.ir_type(tm, p)) {
            if self.lay.changed(t) {
                return Object::Changed(t);
            }
        }
        // The outermost: every other pointee lies on its chain at offset 0.
        let outer = pointees.iter().position(|p| {
            let chain: Vec<_> = zero_chain(tm, *p).collect();
            pointees.iter().all(|q| chain.contains(q))
        });
        match outer.and_then(|i| irs[i]) {
            Some(t) if self.lay.changed(t) => Object::Changed(t),
            _ => Object::Unclear(types_mentioned),
        }
    }

    /// The changed structures whose objects pointer `v` (of unknown type)
    /// is made from: back through phis, selects, GEPs and casts of values
    /// of unknown type to one whose types (declared or used) point to a
    /// changed structure. A failure names the first such merge or step.
    fn unknown_origin(&mut self, v: Value<'m>) -> Vec<Type<'m>> {
        if let Some(t) = self.unknown_origins.get(&v) {
            return t.clone();
        }
        let tm = self.info.ptr.tm();
        let mut found: Vec<Type<'m>> = Vec::new();
        let mut seen: HashSet<Value<'m>> = HashSet::default();
        let mut work = vec![v];
        let mut through: Option<(Value<'m>, Value<'m>)> = None;
        while let Some(x) = work.pop() {
            if !seen.insert(x) || seen.len() > 256 {
                continue;
            }
            let Some(i) = x.as_instruction() else { continue };
            let ops: Vec<Value<'m>> = match i.opcode() {
                Opcode::LLVMPHI => i.incoming().into_iter().map(|(y, _)| y).collect(),
                Opcode::LLVMSelect => [i.operand(1), i.operand(2)].into_iter().flatten().collect(),
                Opcode::LLVMGetElementPtr | Opcode::LLVMBitCast | Opcode::LLVMAddrSpaceCast => {
                    i.operand(0).into_iter().collect()
                }
                _ => Vec::new(),
            };
            for o in ops {
                let Some(oi) = self.info.ptr.info(o) else { continue };
                let mut here: Vec<Type<'m>> = Vec::new();
                for t in oi.all_types().into_iter().chain(oi.dominant) {
                    if let Some(ir) = tm.pointee(t).and_then(|p| self.layout.ir_type(tm, p)) {
                        if self.lay.changed(ir) && !here.contains(&ir) {
                            here.push(ir);
                        }
                    }
                }
                if !here.is_empty() {
                    through.get_or_insert((x, o));
                    for t in here {
                        if !found.contains(&t) {
                            found.push(t);
                        }
                    }
                } else if oi.unknown.is_some() && o.ty().is_pointer() {
                    work.push(o);
                }
            }
        }
        if let Some((x, o)) = through {
            let why = self.info.ptr.info(v).and_then(|i| i.unknown.clone()).unwrap_or_default();
            let names: Vec<String> = found.iter().map(|t| t.to_string()).collect();
            self.fail(
                found.clone(),
                format!(
                    "{v} is a pointer of unknown type ({why}) made from a pointer to {} ({}): \
                     its accesses and steps cannot be found",
                    names.join(" or "),
                    if x == v { o.to_string() } else { format!("{o}, through {x}") }
                ),
            );
        }
        self.unknown_origins.insert(v, found.clone());
        found
    }

    /// The changed structures a value's recovered types mention as fields
    /// (it addresses a field of one).
    fn field_of_changed(&mut self, v: Value<'m>) -> Vec<(Type<'m>, u32)> {
        let Some(info) = self.info.ptr.info(v) else { return Vec::new() };
        let tm = self.info.ptr.tm();
        let mut out = Vec::new();
        for e in &info.elements {
            if let Some(t) = self.layout.ir_type(tm, e.aggregate) {
                if self.lay.changed(t) {
                    out.push((t, e.field));
                }
            }
        }
        out
    }

    /// The field of a changed structure that `v` points inside of, when
    /// `v` is not itself a pointer to (an array of) changed objects:
    /// found from the GEPs `v` is made by, back to a pointer to a changed
    /// object or to a field's address. A GEP on the way that leaves the
    /// field (other than by whole objects, to the same field of another
    /// element) ends the walk (`None`: `plan_gep` refuses that step). A
    /// cycle of phis is taken optimistically (each step on it is planned
    /// and checked by itself), with the offset unknown.
    pub fn anchor(&mut self, v: Value<'m>) -> Option<Anchor<'m>> {
        self.anchor_depth(v, 0).unwrap_or(None)
    }

    /// `Err(OnCycle)`: `v` depends on a phi whose anchor is being computed
    /// (not memoized: found again once the phi's is known).
    fn anchor_depth(&mut self, v: Value<'m>, depth: u32) -> Result<Option<Anchor<'m>>, OnCycle> {
        if let Some(a) = self.anchors.get(&v) {
            return Ok(*a);
        }
        if self.anchoring.contains(&v) {
            return Err(OnCycle);
        }
        if depth > 24 || !v.ty().is_pointer() {
            return Ok(None);
        }
        self.anchoring.insert(v);
        let a = self.find_anchor(v, depth);
        self.anchoring.remove(&v);
        if let Ok(a) = a {
            self.anchors.insert(v, a);
        }
        a
    }

    fn find_anchor(&mut self, v: Value<'m>, depth: u32) -> Result<Option<Anchor<'m>>, OnCycle> {
        if !matches!(self.object(v), Object::Unchanged) {
            return Ok(None);
        }
        if let Some(idx) = v.gep_indices() {
            let src = match v.as_instruction() {
                Some(i) => i.gep_source_type(),
                None => v.const_gep_source_type(),
            };
            let (Some(src), Some(base)) = (src, v.operand(0)) else { return Ok(None) };
            if let Object::Changed(o) = self.object(base) {
                // A step from the start of an object into one of its fields.
                let s = innermost(o);
                let Some(plan) = self.lay.plan(s) else { return Ok(None) };
                let old = self.lay.old_size(s) as i64;
                let exact = const_gep_offset(self.lay, src, &idx);
                // Only whole objects may be stepped over by a variable.
                let first_only = idx.iter().skip(1).all(|x| x.const_int_value().is_some());
                let place = match exact {
                    Some(x) => Some(x),
                    None if idx.len() > 1 => place_offset(self.lay, src, &idx),
                    None => None,
                };
                let Some(place) = place else { return Ok(None) };
                let pos = place.rem_euclid(old.max(1));
                let Some((k, _)) = self.lay.field_at(s, &plan, pos as u64) else { return Ok(None) };
                let start = plan.old_off[k as usize] as i64;
                let off = (exact.is_some() || first_only).then_some(pos - start);
                return Ok(Some(Anchor { owner: s, field: k, off }));
            }
            let Some(a) = self.anchor_depth(base, depth + 1)? else { return Ok(None) };
            let fsize = self.lay.old_size(a.owner.struct_fields()[a.field as usize]) as i64;
            let old = self.lay.old_size(a.owner) as i64;
            if let Some(r) = const_gep_offset(self.lay, src, &idx) {
                return Ok(match a.off {
                    Some(d) if (0..=fsize).contains(&(d + r)) => Some(Anchor { off: Some(d + r), ..a }),
                    _ if r != 0 && old > 0 && r % old == 0 => Some(a),
                    Some(_) => None,
                    None if r.abs() < fsize => Some(a),
                    None => None,
                });
            }
            return Ok(Some(Anchor { off: None, ..a }));
        }
        if let Some(i) = v.as_instruction() {
            if matches!(i.opcode(), Opcode::LLVMPHI | Opcode::LLVMSelect) {
                let ins: Vec<Value<'m>> = match i.opcode() {
                    Opcode::LLVMPHI => i.incoming().into_iter().map(|(x, _)| x).collect(),
                    _ => i.operand(1).into_iter().chain(i.operand(2)).collect(),
                };
                let mut out: Option<Anchor<'m>> = None;
                let mut cycle = false;
                for x in ins {
                    let a = match self.anchor_depth(x, depth + 1) {
                        Err(OnCycle) => {
                            cycle = true; // around a cycle back to a phi
                            continue;
                        }
                        Ok(None) => return Ok(None),
                        Ok(Some(a)) => a,
                    };
                    out = match out {
                        None => Some(a),
                        Some(b) if b.owner == a.owner && b.field == a.field => {
                            Some(Anchor { off: if b.off == a.off { b.off } else { None }, ..b })
                        }
                        Some(_) => return Ok(None),
                    };
                }
                // (Only cycles: `v`'s anchor comes from outside them.)
                if out.is_none() && cycle {
                    return Err(OnCycle);
                }
                return Ok(out.map(|a| if cycle { Anchor { off: None, ..a } } else { a }));
            }
        }
        // A field's address the analysis knows (from memory, a call, ...).
        let fields = self.field_of_changed(v);
        let [(x, k)] = fields[..] else { return Ok(None) };
        let array = x.struct_fields()[k as usize].is_array();
        Ok(Some(Anchor { owner: x, field: k, off: (!array).then_some(0) }))
    }

    /// Whether accesses through `v` concern a changed type at all.
    fn related(&mut self, v: Value<'m>) -> bool {
        !matches!(self.object(v), Object::Unchanged) || !self.field_of_changed(v).is_empty()
    }

    // ---- globals ----

    /// Globals: the IR type must agree with the recovered one, and the
    /// initializer must be one the pass can rebuild.
    pub fn plan_globals(&mut self) {
        self.fname = "globals".into();
        let globals: Vec<Value<'m>> = self.m.globals().collect();
        for g in globals {
            let Some(t) = g.global_value_type() else { continue };
            match self.object(g) {
                Object::Changed(o) if !self.same_storage(o, t) => {
                    self.fail(vec![o], format!("@{} is {} in the IR, used as {}", g.name(), t, o))
                }
                Object::Unclear(ts) => self.fail(ts, format!("@{}: its type is not clear", g.name())),
                _ => {}
            }
            if let Some(init) = g.initializer() {
                if let Err((ts, why)) = self.check_init(init, t) {
                    self.fail(ts, format!("initializer of @{}: {why}", g.name()));
                }
            }
        }
    }

    /// Whether storage of IR type `t` holds objects of type `o`: `o`
    /// itself or an array of them.
    fn same_storage(&self, o: Type<'m>, t: Type<'m>) -> bool {
        let mut cur = t;
        loop {
            if cur == o {
                return true;
            }
            match cur.kind() {
                TypeKind::LLVMArrayTypeKind => match cur.element_type() {
                    Some(e) => cur = e,
                    None => return false,
                },
                _ => return false,
            }
        }
    }

    /// Whether an initializer of type `t` can be rebuilt for the new layout.
    fn check_init(&mut self, c: Value<'m>, t: Type<'m>) -> Result<(), (Vec<Type<'m>>, String)> {
        if self.lay.changed(t) {
            match c.kind() {
                ValueKind::ConstantNull | ValueKind::Undef | ValueKind::Poison => return Ok(()),
                // (The side records would need their part of it.)
                _ if self.lay.plan(t).is_some_and(|p| !p.groups.is_empty()) => {
                    return Err((vec![t], "an initialized instance of a structure split into arrays".into()));
                }
                ValueKind::ConstantAggregate => {
                    let fields: Vec<Type<'m>> = match t.kind() {
                        TypeKind::LLVMStructTypeKind => t.struct_fields(),
                        TypeKind::LLVMArrayTypeKind => {
                            vec![t.element_type().expect("array"); t.len().unwrap_or(0) as usize]
                        }
                        _ => return Err((vec![t], "a vector of changed structures".into())),
                    };
                    let is_struct = t.kind() == TypeKind::LLVMStructTypeKind;
                    for (i, ft) in fields.into_iter().enumerate() {
                        let Some(e) = c.aggregate_element(i as u32) else {
                            return Err((vec![t], "an element that cannot be read".into()));
                        };
                        // A narrowed field's initial value must fit (the
                        // analysis saw the initializers it could type).
                        if let Some(n) = self.lay.narrowed(t, i as u32).filter(|_| is_struct) {
                            if !narrow_holds(e, n) {
                                return Err((
                                    vec![t],
                                    format!("{e} in field {i}, which becomes {} bits", n.value_bits()),
                                ));
                            }
                        }
                        self.check_init(e, ft)?;
                    }
                    return Ok(());
                }
                _ => return Err((vec![t], format!("a constant of changed type {t} that is not an aggregate"))),
            }
        }
        self.check_const(c).map(|_| ())
    }

    /// A constant that is (or holds) an address into a changed global:
    /// `Ok(true)` if it must be rebuilt and can be.
    pub fn check_const(&mut self, c: Value<'m>) -> Result<bool, (Vec<Type<'m>>, String)> {
        match c.kind() {
            ValueKind::ConstantExpr => {}
            ValueKind::ConstantAggregate => {
                let mut any = false;
                for i in 0.. {
                    let Some(e) = c.aggregate_element(i) else { break };
                    any |= self.check_const(e)?;
                    if i > 1_000_000 {
                        break;
                    }
                }
                return Ok(any);
            }
            _ => return Ok(false),
        }
        if c.const_opcode() == Some(Opcode::LLVMGetElementPtr) {
            return match const_address(self.lay, c) {
                None => {
                    let touched = gep_touched(self.lay, c);
                    if touched.is_empty() {
                        // Not a constant offset from a global: its operands decide.
                        self.check_operands(c)
                    } else {
                        Err((touched, format!("constant address {c} not understood")))
                    }
                }
                Some((g, off)) => {
                    let gt = g.global_value_type().expect("a global");
                    if let Some((owner, _)) = self.lay.blocked_array(gt) {
                        // An element of a global array laid out in blocks
                        // (or a field of one): its place in the blocks.
                        let os = self.lay.old_size(owner).max(1) as i64;
                        if self.lay.ambiguous_end(owner, off.rem_euclid(os) as u64) && self.deref != Some(c) {
                            return Err((vec![owner], format!("{c} is one past an array field or the next field")));
                        }
                        return match self.lay.blocked_offset(owner, off, true) {
                            Some(_) => Ok(true),
                            None => Err((vec![owner], format!("{c} is not at a field of @{}", g.name()))),
                        };
                    }
                    if self.lay.changed(gt) && const_new_address(self.lay, c).is_some() {
                        // Typed steps all the way: translated field by field.
                        Ok(true)
                    } else if self.lay.changed(gt) {
                        let os = self.lay.old_size(gt).max(1) as i64;
                        if self.lay.ambiguous_end(gt, off.rem_euclid(os) as u64) && self.deref != Some(c) {
                            return Err((vec![gt], format!("{c} is one past an array field or the next field")));
                        }
                        match self.lay.translate_ptr(gt, off) {
                            Pos::At(_) => Ok(true),
                            Pos::Deleted { .. } => Err((vec![gt], format!("{c} addresses a deleted field"))),
                            // (In a global array, the side records are a
                            // global array too.)
                            Pos::Side { owner, .. } if self.lay.global_arrays.contains(&owner) => Ok(true),
                            Pos::Side { .. } => Err((vec![gt], format!("{c} addresses a field moved out"))),
                            Pos::Invalid => Err((vec![gt], format!("{c} is not at a field"))),
                        }
                    } else {
                        let touched = gep_touched(self.lay, c);
                        if touched.is_empty() {
                            Ok(false)
                        } else {
                            Err((touched, format!("{c} addresses @{} as another type", g.name())))
                        }
                    }
                }
            };
        }
        self.check_operands(c)
    }

    fn check_operands(&mut self, c: Value<'m>) -> Result<bool, (Vec<Type<'m>>, String)> {
        let mut any = false;
        for o in c.operands() {
            any |= self.check_const(o)?;
        }
        if any && c.const_opcode() != Some(Opcode::LLVMGetElementPtr) {
            // Only GEP chains are rebuilt; another expression around one
            // (`ptrtoint (gep ...)`) would need rebuilding too.
            return Err((Vec::new(), format!("an address into a changed global inside {c}")));
        }
        Ok(any)
    }

    // ---- functions ----

    pub fn plan_function(&mut self, f: Function<'m>) {
        self.fname = format!("@{}", f.name());
        let indices = !self.lay.index_fields.is_empty();
        for i in f.instructions() {
            self.plan_constants(f, i);
            if indices {
                self.check_index_uses(i);
            }
            match i.opcode() {
                Opcode::LLVMGetElementPtr => self.plan_gep(f, i),
                Opcode::LLVMLoad => self.plan_access(f, i, 0),
                Opcode::LLVMStore => self.plan_access(f, i, 1),
                Opcode::LLVMCall | Opcode::LLVMInvoke => self.plan_call(f, i),
                Opcode::LLVMSub => self.plan_sub(f, i),
                Opcode::LLVMPtrToInt => self.plan_ptrtoint(i.as_value(), i.operand(0)),
                Opcode::LLVMAlloca => {
                    let v = i.as_value();
                    if let (Object::Changed(o), Some(t)) = (self.object(v), i.allocated_type()) {
                        if self.lay.blocks.contains_key(&o) {
                            // A local array laid out in blocks: blocks of
                            // its own (`sites::blocks_allowed` took only
                            // arrays of a constant count).
                            match self.lay.blocked_array(t) {
                                Some((s, _)) if s == o && i.operand(0).and_then(|n| n.const_int_value()) == Some(1) => {
                                    self.push(f, Action::BlockAlloca { alloca: i, owner: o })
                                }
                                _ => self.fail(vec![o], format!("an alloca of {t} holding {o}, not an array of it")),
                            }
                        } else if !self.same_storage(o, t) {
                            self.fail(vec![o], format!("an alloca of {t} used as {o}"));
                        }
                    }
                }
                Opcode::LLVMAtomicRMW | Opcode::LLVMAtomicCmpXchg => {
                    if let Some(p) = i.operand(0) {
                        if let Object::Changed(o) = self.object(p) {
                            self.fail(vec![o], "an atomic read-modify-write of a field at the object's start");
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn plan_constants(&mut self, f: Function<'m>, i: Instruction<'m>) {
        let n = i.num_operands();
        let callee = if i.is_call() { n.checked_sub(1) } else { None };
        for k in 0..n {
            if Some(k) == callee {
                continue;
            }
            let Some(o) = i.operand(k) else { continue };
            if o.const_opcode() == Some(Opcode::LLVMPtrToInt) {
                // The constant's one user here is this instruction.
                let ok = matches!(i.opcode(), Opcode::LLVMICmp)
                    || (i.opcode() == Opcode::LLVMSub
                        && i.operand(0).and_then(ptr_of).is_some()
                        && i.operand(1).and_then(ptr_of).is_some());
                if let Some(p) = o.operand(0) {
                    if !ok && self.related(p) {
                        let ts = self.mentioned(p);
                        self.fail(ts, format!("the address {o} is used as a number by {}", i.as_value()));
                    }
                }
            }
            if o.kind() != ValueKind::ConstantExpr && o.kind() != ValueKind::ConstantAggregate {
                continue;
            }
            let deref = (i.opcode() == Opcode::LLVMLoad && k == 0) || (i.opcode() == Opcode::LLVMStore && k == 1);
            self.deref = deref.then_some(o);
            let checked = self.check_const(o);
            self.deref = None;
            match checked {
                Ok(true) => {
                    if o.kind() == ValueKind::ConstantAggregate {
                        self.fail(
                            Vec::new(),
                            format!("an aggregate constant holding a changed address in {}", i.as_value()),
                        );
                    } else {
                        self.push(f, Action::ConstOperand { inst: i, op: k });
                    }
                }
                Ok(false) => {}
                Err((ts, why)) => {
                    // A store through a constant address of a deleted field goes.
                    if why.contains("deleted field") && i.opcode() == Opcode::LLVMStore && k == 1 {
                        self.push(f, Action::Erase { inst: i });
                    } else {
                        self.fail(ts, why);
                    }
                }
            }
        }
    }

    fn plan_gep(&mut self, f: Function<'m>, i: Instruction<'m>) {
        let v = i.as_value();
        if v.ty().kind() == TypeKind::LLVMVectorTypeKind {
            if let Some(b) = i.operand(0) {
                if self.related(b) {
                    let ts = self.mentioned(b);
                    self.fail(ts, "a vector of addresses");
                }
            }
            return;
        }
        // A step over an array (of arrays) of elements laid out in blocks
        // (a global array's `&g[i][j].f`): one step over its elements,
        // counted, then the rest as from that element.
        if let Some((owner, _)) = i.gep_source_type().and_then(|t| self.lay.blocked_array(t)) {
            match i.operand(0).map(|b| self.object(b)) {
                Some(Object::Changed(o)) if o == owner => match gep_path_pos(self.lay, v) {
                    Some(Pos::At(_) | Pos::Side { .. }) => self.push(f, Action::BlockArrayGep { gep: i, owner }),
                    _ => self.fail(vec![owner], format!("{v} is not a path of fields")),
                },
                _ => self.fail(vec![owner], format!("{v} steps over elements laid out in blocks from elsewhere")),
            }
            return;
        }
        // A step over elements laid out in blocks goes through the blocks
        // first; the rest of the GEP then starts from index 0.
        if let Some(src) = i.gep_source_type().filter(|t| self.lay.blocks.contains_key(t)) {
            let first = v.gep_indices().and_then(|x| x.first().copied());
            if first.is_some_and(|x| x.const_int_value() != Some(0)) {
                match i.operand(0).map(|b| self.object(b)) {
                    Some(Object::Changed(o)) if o == src => self.push(f, Action::BlockStep { gep: i, owner: src }),
                    _ => {
                        self.fail(vec![src], format!("{v} steps over elements laid out in blocks from elsewhere"));
                        return;
                    }
                }
            }
        }
        let touched = gep_touched(self.lay, v);
        if !touched.is_empty() {
            // Typed steps through changed types.
            match gep_path_pos(self.lay, v) {
                Some(Pos::Deleted { owner, field }) => self.plan_deleted_address(f, i, touched, owner, field),
                Some(Pos::Side { owner, .. }) => {
                    // Only a field of the structure the GEP steps over.
                    if i.gep_source_type() == Some(owner) && v.gep_indices().is_some_and(|x| x.len() >= 2) {
                        self.push(f, Action::SideGep { gep: i });
                    } else {
                        self.fail(touched, format!("{} reaches a moved field through another type", v));
                    }
                }
                Some(_) => self.push(f, Action::LowerGep { gep: i }),
                None => self.fail(touched, format!("{} is not a path of fields", v)),
            }
            return;
        }
        let Some(base) = i.operand(0) else { return };
        let src = i.gep_source_type().expect("a GEP");
        if self.lay.changed(src) {
            // Whole objects stepped over: the remapped source type gives the
            // new stride. The base must point to objects of that type.
            match self.object(base) {
                // (A pointer to an array is one to its first element, at
                // any depth.)
                Object::Changed(o) if array_chain(o).any(|t| t == src) => {}
                // From inside a field moved to a side array, whose records
                // have another stride.
                Object::Unchanged => {
                    if let Some(a) = self.anchor(base) {
                        let side = self.lay.plan(a.owner).is_some_and(|p| p.side[a.field as usize].is_some());
                        if side {
                            self.fail(vec![a.owner], format!("{} steps over {src} from inside a field moved out", v));
                        }
                    }
                }
                Object::Changed(o) => self.fail(vec![o, src], format!("{} steps over {src} from a pointer to {o}", v)),
                Object::Unclear(ts) => self.fail(ts, format!("{} from a pointer of unclear type", v)),
            }
            return;
        }
        match self.object(base) {
            Object::Unchanged => self.plan_field_step(f, i, base),
            Object::Unclear(ts) => self.fail(ts, format!("{} from a pointer of unclear type", v)),
            Object::Changed(o) => {
                let idx: Vec<Value<'m>> = v.gep_indices().unwrap_or_default();
                // Typed steps into the field at the object's start (its
                // type, or one at its start, as the source type): from
                // that field's new address, even at offset 0 (where a
                // pointer would otherwise be the object's own start).
                if let Some(a) = self.into_first_field(i, o, src, &idx) {
                    if let Some(a) = a {
                        self.push(f, a);
                    }
                    return;
                }
                if let Some(off) = const_gep_offset(self.lay, src, &idx) {
                    let os = self.lay.old_size(o).max(1) as i64;
                    if self.lay.ambiguous_end(o, off.rem_euclid(os) as u64) && !self.addresses_field_start(v) {
                        self.fail(vec![o], format!("{} is one past an array field or the next field", v));
                        return;
                    }
                    if self.lay.blocks.contains_key(&o) && !(0..os).contains(&off) {
                        let (elements, r) = (off.div_euclid(os), off.rem_euclid(os));
                        match self.lay.translate_ptr(o, r) {
                            Pos::Deleted { owner, field } => self.plan_deleted_address(f, i, vec![o], owner, field),
                            Pos::Invalid => {
                                self.fail(vec![o], format!("{} is {off} bytes into {o}, not at a field", v))
                            }
                            pos => self.push(f, Action::BlockByte { gep: i, owner: o, elements, pos }),
                        }
                        return;
                    }
                    match self.lay.translate_ptr(o, off) {
                        Pos::At(x) if x == off => {}
                        Pos::At(x) => self.push(f, Action::ByteGep { gep: i, offset: x }),
                        Pos::Deleted { owner, field } => self.plan_deleted_address(f, i, vec![o], owner, field),
                        Pos::Side { owner, field, off, elements } => {
                            self.push(f, Action::SideByteGep { gep: i, owner, field, off, elements })
                        }
                        Pos::Invalid => self.fail(vec![o], format!("{} is {off} bytes into {o}, not at a field", v)),
                    }
                } else if idx.len() == 1 && self.lay.old_size(src) == 1 {
                    // Whole objects stepped over (a multiple of the size,
                    // checked even when the size stays), or one of a few
                    // constant positions (a phi or select of offsets).
                    let (old, new) = (self.lay.old_size(o), self.lay.new_size(o));
                    if self.lay.blocks.contains_key(&o) {
                        match multiple_of(idx[0], old, &mut Vec::new()) {
                            true => self.push(f, Action::BlockVar { gep: i, owner: o }),
                            false => self.fail(vec![o], format!("{}: not a step of whole elements", v)),
                        }
                        return;
                    }
                    match rescale(self.m, idx[0], old, new, None) {
                        Ok(_) if old == new => {}
                        Ok(_) => self.push(f, Action::VarGep { gep: i, old, new }),
                        Err(why) => match self.choice_offsets(o, idx[0]) {
                            Some(map) => {
                                if map.iter().any(|(a, b)| a != b) {
                                    self.push(f, Action::ChoiceGep { gep: i, map });
                                }
                            }
                            None => self.fail(vec![o], format!("{}: {why}", v)),
                        },
                    }
                } else if idx.len() >= 2
                    && idx[0].const_int_value() == Some(0)
                    && leads_with(o, src)
                    && matches!(self.lay.translate_ptr(o, 0), Pos::At(0))
                {
                    // Inside the aggregate at the start of the object
                    // (`gep [24 x i32], %h, 0, %i` for `h->count[i]` at
                    // -O2), which stays at the start.
                } else {
                    self.fail(vec![o], format!("{} steps through {o} by {src}", v));
                }
            }
        }
    }

    /// A GEP from the start of an object of type `o` that views it as the
    /// aggregate field at its start (source type that field's type, or a
    /// type at its start; first index 0) with a variable index inside: a
    /// step inside that field, from the field's new address (the base
    /// operand redirected there).
    fn into_first_field(
        &self,
        i: Instruction<'m>,
        o: Type<'m>,
        src: Type<'m>,
        idx: &[Value<'m>],
    ) -> Option<Option<Action<'m>>> {
        if idx.len() < 2 || idx[0].const_int_value() != Some(0) {
            return None;
        }
        let s = innermost(o);
        let plan = self.lay.plan(s)?;
        let (f0, ft) = self.lay.field_at(s, &plan, 0)?;
        if self.lay.changed(ft) || self.lay.recoded(s, f0) {
            return None;
        }
        // `src` on the chain of types at the field's start.
        let mut t = Some(ft);
        let mut found = false;
        for _ in 0..16 {
            let Some(x) = t else { break };
            if x == src {
                found = true;
                break;
            }
            t = match x.kind() {
                TypeKind::LLVMArrayTypeKind => x.element_type(),
                TypeKind::LLVMStructTypeKind => x.struct_fields().first().copied(),
                _ => None,
            };
        }
        if !found {
            return None;
        }
        match (plan.new_off[f0 as usize], plan.side[f0 as usize]) {
            (_, Some(_)) => Some(Some(Action::SideLeaf { inst: i, op: 0, owner: s, field: f0 })),
            (Some(0), None) => Some(None),
            (Some(n), None) => Some(Some(Action::LeafAddr { inst: i, op: 0, offset: n as i64 })),
            (None, None) => None,
        }
    }

    /// Whether the analysis found `v` to address the start of a field (and
    /// not one past the end of the array before it).
    fn addresses_field_start(&self, v: Value<'m>) -> bool {
        let Some(info) = self.info.ptr.info(v) else { return false };
        let tm = self.info.ptr.tm();
        let not_array = info.elements.iter().all(|e| {
            dtrans_analysis::layout::struct_fields(tm, e.aggregate)
                .and_then(|f| f.get(e.field as usize))
                .is_some_and(|t| !matches!(tm.get(*t), dtrans_types::DType::Array { .. }))
        });
        !info.elements.is_empty() && (not_array || only_dereferenced(v))
    }

    /// The positions a phi or select of constant byte offsets from a
    /// pointer to `o` may take, translated: `None` if it is not one, or a
    /// constant is not a position of the new layout.
    fn choice_offsets(&self, o: Type<'m>, v: Value<'m>) -> Option<Vec<(i64, i64)>> {
        let i = v.as_instruction()?;
        let consts: Vec<Value<'m>> = match i.opcode() {
            Opcode::LLVMPHI => i.incoming().into_iter().map(|(x, _)| x).collect(),
            Opcode::LLVMSelect => vec![i.operand(1)?, i.operand(2)?],
            _ => return None,
        };
        let mut map = Vec::new();
        for c in consts {
            let old = c.const_int_value()?;
            let Pos::At(new) = self.lay.translate_ptr(o, old) else { return None };
            map.push((old, new));
        }
        // One instruction is rewritten in place: it must serve only here.
        (v.users().len() == 1).then_some(map)
    }

    /// A GEP (of unchanged source type) from the address of a field of a
    /// changed structure: it stays inside the field, or steps over whole
    /// structures (the same field of another element), which are new-size
    /// steps now.
    fn plan_field_step(&mut self, f: Function<'m>, i: Instruction<'m>, base: Value<'m>) {
        let fields = self.field_of_changed(base);
        if fields.len() <= 1 {
            if let Some(a) = self.anchor(base) {
                self.plan_inside_step(f, i, a);
                return;
            }
        }
        if fields.is_empty() {
            return;
        }
        let v = i.as_value();
        let mut holders: Vec<Type<'m>> = fields.iter().map(|(t, _)| *t).collect();
        holders.dedup();
        let [x] = holders[..] else {
            self.fail(holders, format!("{} from the address of fields of several structures", v));
            return;
        };
        let (old, mut new) = (self.lay.old_size(x), self.lay.new_size(x));
        // A field moved to a side array steps over side records.
        if let Some(p) = self.lay.plan(x) {
            let groups: Vec<Option<u32>> = fields.iter().map(|(_, k)| p.side[*k as usize].map(|g| g.0)).collect();
            if groups.windows(2).any(|w| w[0] != w[1]) {
                self.fail(vec![x], format!("{} from fields of different arrays", v));
                return;
            }
            if let Some(Some(g)) = groups.first() {
                new = p.groups[*g as usize].size;
            }
        }
        let src = i.gep_source_type().expect("a GEP");
        let idx: Vec<Value<'m>> = v.gep_indices().unwrap_or_default();
        let field_size =
            fields.iter().map(|(t, k)| self.lay.old_size(t.struct_fields()[*k as usize])).min().unwrap_or(0);
        if let Some(off) = const_gep_offset(self.lay, src, &idx) {
            if off >= 0 && (off as u64) < field_size {
                return; // inside the field
            }
            if old > 0 && off % old as i64 == 0 {
                if self.lay.blocks.contains_key(&x) {
                    self.block_inside(f, i, x, fields[0].1, Some(off / old as i64));
                    return;
                }
                if old != new {
                    self.push(f, Action::ByteGep { gep: i, offset: off / old as i64 * new as i64 });
                }
                return;
            }
            self.fail(vec![x], format!("{} leaves a field of {x}", v));
        } else if idx.len() == 1 && self.lay.old_size(src) == 1 {
            if self.lay.blocks.contains_key(&x) {
                match multiple_of(idx[0], old, &mut Vec::new()) {
                    true => self.block_inside(f, i, x, fields[0].1, None),
                    false => {
                        self.fail(vec![x], format!("{} steps from a field of {x} by other than whole elements", v))
                    }
                }
                return;
            }
            // Checked even when the size stays: the offset must step whole
            // objects.
            match rescale(self.m, idx[0], old, new, None) {
                Ok(_) if old == new => {}
                Ok(_) => self.push(f, Action::VarGep { gep: i, old, new }),
                Err(why) => self.fail(vec![x], format!("{} steps from a field of {x}: {why}", v)),
            }
        } else if fields.iter().all(|(t, k)| {
            let ft = t.struct_fields()[*k as usize];
            ft.is_array() && ft.element_type().is_some_and(|e| self.lay.old_size(e) == self.lay.old_size(src))
        }) && idx.len() == 1
        {
            // An element of an array field: it stays inside the field.
        } else {
            self.fail(vec![x], format!("{} steps from a field of {x} by {src}", v));
        }
    }

    /// A step from inside field `field` of `x` (laid out in blocks) to
    /// another element: `BlockInside`, when a place in the field's group
    /// finds its block by masking (`BlockGeom::masks`), else a failure.
    fn block_inside(&mut self, f: Function<'m>, i: Instruction<'m>, x: Type<'m>, field: u32, elements: Option<i64>) {
        let group = self.lay.plan(x).and_then(|p| p.side[field as usize]).map_or(0, |(g, _)| g as usize + 1);
        if self.lay.blocks.get(&x).is_some_and(|g| g.masks(group)) {
            self.push(f, Action::BlockInside { gep: i, owner: x, field, elements });
        } else {
            self.fail(
                vec![x],
                format!("{} steps over elements from inside a field of {x} outside its pointer record", i.as_value()),
            );
        }
    }

    /// The distance between the records that hold field `a.field` of
    /// consecutive elements, in the new layout.
    fn stride(&self, a: Anchor<'m>) -> u64 {
        match self.lay.plan(a.owner) {
            Some(p) => match p.side[a.field as usize] {
                Some((g, _)) => p.groups[g as usize].size,
                None => p.new_size,
            },
            None => self.lay.old_size(a.owner),
        }
    }

    /// A GEP (of unchanged source type) from a place inside field
    /// `a.field` of changed structure `a.owner` (its start, or anywhere in
    /// an aggregate field: a nested structure, an array, a complex
    /// number): it stays inside the field (nothing moves there), or steps
    /// over whole structures to the same place of another element (steps
    /// of the new size, or of the side record's when the field moved to a
    /// side array); anything else is refused.
    fn plan_inside_step(&mut self, f: Function<'m>, i: Instruction<'m>, a: Anchor<'m>) {
        let v = i.as_value();
        let x = a.owner;
        let Some(plan) = self.lay.plan(x) else { return };
        let ft = x.struct_fields()[a.field as usize];
        let fsize = self.lay.old_size(ft) as i64;
        let (old, mut new) = (self.lay.old_size(x), self.lay.new_size(x));
        if let Some((g, _)) = plan.side[a.field as usize] {
            new = plan.groups[g as usize].size;
        }
        let src = i.gep_source_type().expect("a GEP");
        let idx: Vec<Value<'m>> = v.gep_indices().unwrap_or_default();
        // A sibling field the analysis resolved the step to.
        let sibling = self.field_of_changed(v).iter().any(|(t, k)| *t == x && *k != a.field);
        if let Some(r) = const_gep_offset(self.lay, src, &idx) {
            let inside = match a.off {
                Some(d) => (0..fsize).contains(&(d + r)) || (d + r == fsize && ft.is_array() && !sibling),
                None => r.abs() < fsize && !sibling,
            };
            if inside {
                return;
            }
            if r != 0 && old > 0 && r % old as i64 == 0 {
                if self.lay.blocks.contains_key(&x) {
                    self.block_inside(f, i, x, a.field, Some(r / old as i64));
                    return;
                }
                if old != new {
                    self.push(f, Action::ByteGep { gep: i, offset: r / old as i64 * new as i64 });
                }
                return;
            }
            self.fail(vec![x], format!("{} leaves a field of {x}", v));
            return;
        }
        let elem = self.lay.old_size(src) as i64;
        if idx.len() == 1 {
            // Whole objects (checked even when the size stays), or an
            // element of an array inside the field, indexed by a value
            // that is no stride of whole objects.
            let mut why = format!("{} steps from inside a field of {x} by a variable", v);
            if elem == 1 && self.lay.blocks.contains_key(&x) {
                if rescale(self.m, idx[0], old, new, None).is_ok() || multiple_of(idx[0], old, &mut Vec::new()) {
                    self.block_inside(f, i, x, a.field, None);
                    return;
                }
                if !(holds_array_of(self.lay, ft, elem as u64) && small_index(idx[0], (fsize / elem.max(1)).max(1))) {
                    self.fail(vec![x], format!("{} steps from a field of {x} by other than whole elements", v));
                }
                return;
            }
            if elem == 1 {
                match rescale(self.m, idx[0], old, new, None) {
                    Ok(_) if old == new => return,
                    Ok(_) => {
                        self.push(f, Action::VarGep { gep: i, old, new });
                        return;
                    }
                    Err(e) => why = format!("{} steps from a field of {x}: {e}", v),
                }
            }
            if holds_array_of(self.lay, ft, elem as u64) && small_index(idx[0], (fsize / elem.max(1)).max(1)) {
                return;
            }
            self.fail(vec![x], why);
            return;
        }
        // A path of typed steps into the field from the place itself.
        if idx[0].const_int_value() == Some(0) {
            return;
        }
        self.fail(vec![x], format!("{} steps from inside a field of {x} by {src}", v));
    }

    /// A GEP that addresses deleted field `field` of `owner`: it goes with
    /// the stores through it (and GEPs further into it), and loads through
    /// it when the field's value is a known constant; anything else that
    /// uses it is a failure.
    fn plan_deleted_address(
        &mut self,
        f: Function<'m>,
        i: Instruction<'m>,
        ts: Vec<Type<'m>>,
        owner: Type<'m>,
        field: u32,
    ) {
        let constant = self.lay.plan(owner).and_then(|p| p.constants.get(field as usize).cloned().flatten());
        let mut erase = Vec::new();
        if self.erasable(i.as_value(), &mut erase, 0, constant.is_some()) {
            for e in erase {
                match (e.opcode(), &constant) {
                    (Opcode::LLVMLoad, Some(c)) => self.push(f, Action::ReplaceLoad { load: e, value: c.clone() }),
                    _ => self.push(f, Action::Erase { inst: e }),
                }
            }
        } else {
            self.fail(ts, format!("{} addresses a deleted field and is used by more than stores", i.as_value()));
        }
    }

    fn erasable(&self, v: Value<'m>, out: &mut Vec<Instruction<'m>>, depth: u32, loads: bool) -> bool {
        let Some(i) = v.as_instruction() else { return false };
        if depth > 8 {
            return false;
        }
        for u in v.users() {
            let Some(ui) = u.as_instruction() else { return false };
            let ok = match ui.opcode() {
                Opcode::LLVMStore => ui.operand(1) == Some(v) && ui.operand(0) != Some(v) && !ui.is_volatile(),
                Opcode::LLVMLoad => loads && !ui.is_volatile() && !ui.is_atomic(),
                Opcode::LLVMGetElementPtr => ui.operand(0) == Some(v) && self.erasable(u, out, depth + 1, loads),
                _ => false,
            };
            if !ok {
                return false;
            }
            if matches!(ui.opcode(), Opcode::LLVMStore | Opcode::LLVMLoad) {
                out.push(ui);
            }
        }
        out.push(i);
        true
    }

    fn mentioned(&mut self, v: Value<'m>) -> Vec<Type<'m>> {
        match self.object(v) {
            Object::Changed(t) => vec![t],
            Object::Unclear(ts) => ts,
            Object::Unchanged => self.field_of_changed(v).into_iter().map(|(t, _)| t).collect(),
        }
    }

    /// A load (`op` 0) or store (`op` 1).
    fn plan_access(&mut self, f: Function<'m>, i: Instruction<'m>, op: u32) {
        let Some(addr) = i.operand(op) else { return };
        let ty = if op == 0 { i.as_value().ty() } else { i.operand(0).map(|v| v.ty()).expect("stored value") };
        let size = self.lay.dl.store_size(ty).unwrap_or(0);
        // A narrowed field is read and written only as one value of its
        // old type, which the access then extends or truncates.
        let narrow = match self.narrow_at(addr) {
            Ok(x) => x,
            Err((types, why)) => {
                self.fail(types, format!("{} {why}", i.as_value()));
                return;
            }
        };
        if let Some((owner, n)) = narrow {
            let old = owner.struct_fields()[n.field as usize];
            if ty != old || i.is_volatile() || i.is_atomic() {
                self.fail(
                    vec![owner],
                    format!("{} reads or writes a narrowed field other than as one {old}", i.as_value()),
                );
                return;
            }
        }
        let narrow_action = narrow.map(|(owner, narrow)| Action::Narrow { inst: i, op, owner, narrow });
        self.plan_scope(f, i, addr);
        let related = match self.object(addr) {
            Object::Unchanged => {
                // Inside a field of a changed structure: the access must
                // stay in it (the field's bytes move together).
                if let Some(a) = self.anchor(addr) {
                    let fsize = self.lay.old_size(a.owner.struct_fields()[a.field as usize]) as i64;
                    if a.off.unwrap_or(0) + size as i64 > fsize {
                        self.fail(vec![a.owner], format!("{} is wider than the field it is in", i.as_value()));
                        return;
                    }
                }
                !self.field_of_changed(addr).is_empty()
            }
            Object::Unclear(ts) => {
                self.fail(ts, format!("{} through a pointer of unclear type", i.as_value()));
                return;
            }
            Object::Changed(o) => {
                let (pos, leaf) = self.lay.translate_leaf(o);
                let whole = size == self.lay.old_size(o) && size > self.lay.old_size(leaf);
                if whole {
                    // A whole object as one value: only a copy from one
                    // object of the type to another keeps meaning when the
                    // bytes move (and only if their number stays).
                    let copy = if op == 0 {
                        let users = i.as_value().users();
                        !users.is_empty()
                            && users.iter().all(|u| {
                                u.as_instruction().is_some_and(|s| {
                                    s.opcode() == Opcode::LLVMStore
                                        && s.operand(0) == Some(i.as_value())
                                        && s.operand(1)
                                            .is_some_and(|p| matches!(self.object(p), Object::Changed(x) if x == o))
                                })
                            })
                    } else {
                        i.operand(0).and_then(|v| v.as_instruction()).is_some_and(|l| {
                            l.opcode() == Opcode::LLVMLoad
                                && l.operand(0).is_some_and(|p| matches!(self.object(p), Object::Changed(x) if x == o))
                        })
                    };
                    if !copy || self.lay.new_size(o) != self.lay.old_size(o) {
                        self.fail(vec![o], format!("{} reads or writes a whole {o} as one value", i.as_value()));
                        return;
                    }
                } else if size > self.lay.old_size(leaf) {
                    self.fail(vec![o], format!("{} is wider than the field it reaches", i.as_value()));
                    return;
                } else {
                    match pos {
                        Pos::At(0) => {}
                        Pos::At(x) => self.push(f, Action::LeafAddr { inst: i, op, offset: x }),
                        Pos::Deleted { .. } if op == 1 && !i.is_volatile() => {
                            self.push(f, Action::Erase { inst: i });
                            return;
                        }
                        // A constant address (an element of a global
                        // array): a constant in the side records' array.
                        Pos::Side { owner, .. } if addr.is_constant() => {
                            let blocked = const_address(self.lay, addr).is_some_and(|(g, off)| {
                                g.global_value_type().and_then(|t| self.lay.blocked_array(t)).is_some_and(|(s, _)| {
                                    s == owner && self.lay.blocked_offset(s, off, false).is_some()
                                })
                            });
                            let split = self.lay.global_arrays.contains(&owner);
                            if (split || blocked) && const_address(self.lay, addr).is_some() {
                                self.push(f, Action::ConstLeaf { inst: i, op, addr });
                            } else {
                                self.fail(
                                    vec![o],
                                    format!("{} reaches a moved field at a constant address", i.as_value()),
                                );
                                return;
                            }
                        }
                        Pos::Side { owner, field, .. } => {
                            self.push(f, Action::SideLeaf { inst: i, op, owner, field });
                        }
                        Pos::Deleted { owner, field } if op == 0 && !i.is_volatile() => {
                            let c =
                                self.lay.plan(owner).and_then(|p| p.constants.get(field as usize).cloned().flatten());
                            match c {
                                Some(value) => self.push(f, Action::ReplaceLoad { load: i, value }),
                                None => self.fail(vec![o], format!("{} reads a deleted field", i.as_value())),
                            }
                            return;
                        }
                        _ => {
                            self.fail(vec![o], format!("{} reaches a deleted or unknown field", i.as_value()));
                            return;
                        }
                    }
                }
                true
            }
        };
        if !related {
            // A field of a structure nested in a changed one: its new
            // position keeps only the ABI alignment of what it holds, and
            // a struct-path tag on the changed structure names its old
            // position.
            let abi = self.access_align(addr, ty);
            if self.within_changed(addr) {
                if i.alignment().is_some_and(|a| u64::from(a) > abi) {
                    self.push(f, Action::Align { inst: i, align: abi });
                }
                self.plan_tbaa(f, i, false);
            }
            if let Some(a) = narrow_action {
                self.push(f, a);
            }
            return;
        }
        let index = match self.index_at(addr) {
            Ok(x) => x,
            Err((targets, why)) => {
                self.index_fail(targets, why);
                None
            }
        };
        if let Some(target) = index {
            // A whole pointer, loaded or stored as one: what an index
            // replaces. (A stored pointer is the value, not the address.)
            let whole = ty.is_pointer() && (op == 0 || i.operand(0) != Some(addr));
            if !whole || i.is_volatile() || i.is_atomic() {
                let why = format!("{} reads or writes a pointer to it other than as a pointer", i.as_value());
                self.index_fail(vec![target], why);
            }
        }
        let abi = self.access_align(addr, ty);
        if i.alignment().is_some_and(|a| u64::from(a) > abi) {
            self.push(f, Action::Align { inst: i, align: abi });
        }
        self.plan_tbaa(f, i, true);
        // Last: the index access replaces the instruction the actions
        // above edited.
        if let Some(target) = index {
            self.push(f, Action::Index { inst: i, op, target });
        }
        if let Some(a) = narrow_action {
            self.push(f, a);
        }
    }

    /// The alias scope of a load or store `i` through `addr` when
    /// structures are laid out in blocks (`scopes`): in a blocked
    /// structure's scope when `addr` is a place of it, `!noalias` when
    /// the analysis knows `addr` is a place of nothing laid out in blocks.
    fn plan_scope(&mut self, f: Function<'m>, i: Instruction<'m>, addr: Value<'m>) {
        if self.lay.blocks.is_empty() || i.is_volatile() || i.is_atomic() {
            return;
        }
        let mut owners: Vec<Type<'m>> = match self.object(addr) {
            Object::Changed(o) => vec![o],
            Object::Unclear(_) => return,
            Object::Unchanged => {
                let mut v: Vec<Type<'m>> = self.field_of_changed(addr).into_iter().map(|(t, _)| t).collect();
                v.extend(self.anchor(addr).map(|a| a.owner));
                v
            }
        };
        owners.dedup();
        match owners.as_slice() {
            [o] if self.lay.blocks.contains_key(o) => self.push(f, Action::Scope { inst: i, owner: *o }),
            [] if self.outside_blocks(addr) => self.push(f, Action::NoAlias { inst: i }),
            _ => {}
        }
    }

    /// Whether the analysis knows exactly what `v` points to (one view or
    /// views that agree, none generic) and none of it is, or holds, a
    /// structure laid out in blocks.
    fn outside_blocks(&mut self, v: Value<'m>) -> bool {
        // (A constant address into a global array laid out in blocks is
        // inside them, whatever type the analysis gives the place.)
        if const_address(self.lay, v).is_some_and(|(g, _)| g.global_value_type().is_some_and(|t| self.holds_blocks(t)))
        {
            return false;
        }
        let Some(info) = self.info.ptr.info(v) else { return false };
        if info.unknown.is_some() || info.ambiguous.is_some() {
            return false;
        }
        let tm = self.info.ptr.tm();
        let types = info.all_types();
        for t in &types {
            let Some(p) = tm.pointee(*t) else { return false };
            if matches!(tm.get(p), DType::Int(8) | DType::Void | DType::Unknown | DType::Vector { .. }) {
                return false;
            }
            match self.layout.ir_type(tm, p) {
                Some(ir) if !self.holds_blocks(ir) => {}
                _ => return false,
            }
        }
        !types.is_empty()
    }

    /// Whether `t` is or contains (in a field or an array, at any depth)
    /// a structure laid out in blocks.
    fn holds_blocks(&self, t: Type<'m>) -> bool {
        if self.lay.blocks.contains_key(&t) {
            return true;
        }
        if let Some(e) = t.element_type().filter(|_| t.is_array()) {
            return self.holds_blocks(e);
        }
        t.is_struct() && t.struct_fields().into_iter().any(|f| self.holds_blocks(f))
    }

    /// The narrowed field (with its structure) an access through `v`
    /// reaches: the first field (at any depth) of a changed object `v`
    /// points to, or the field `v` is the address of, found back through
    /// its GEPs. Only a narrowed field's start is still a place: an
    /// address inside one, or one that may be one of several fields, is
    /// an error (with the structures to drop).
    fn narrow_at(&mut self, v: Value<'m>) -> Result<Option<(Type<'m>, Narrow)>, (Vec<Type<'m>>, String)> {
        if self.lay.narrow.is_empty() {
            return Ok(None);
        }
        if let Object::Changed(o) = self.object(v) {
            return Ok(self.lay.leaf_narrow(o));
        }
        if let Some(a) = self.anchor(v) {
            if let Some(n) = self.lay.narrowed(a.owner, a.field) {
                return match a.off {
                    Some(0) => Ok(Some((a.owner, n))),
                    _ => Err((vec![a.owner], "reaches inside a narrowed field".into())),
                };
            }
        }
        let fields = self.field_of_changed(v);
        let hit: Vec<Type<'m>> =
            fields.iter().filter(|(t, k)| self.lay.narrowed(*t, *k).is_some()).map(|(t, _)| *t).collect();
        if hit.is_empty() {
            Ok(None)
        } else {
            Err((hit, format!("may address a narrowed field through {v}")))
        }
    }

    /// The alignment an access of type `ty` through `addr` may claim in the
    /// new layout: the access type's ABI alignment, and no more than the
    /// field it is in guarantees (a field, moved or not, is at a multiple
    /// of its type's ABI alignment, in records at multiples of theirs; a
    /// `<2 x double>` of a complex number claimed 16 where the old layout
    /// gave it, and a side record gives 8), nor than its offset in the
    /// field.
    fn access_align(&mut self, addr: Value<'m>, ty: Type<'m>) -> u64 {
        let abi = |t: Type<'m>| u64::from(self.lay.dl.abi_align(t).unwrap_or(1));
        let mut cap = abi(ty);
        if let Some(a) = self.anchor(addr) {
            cap = cap.min(abi(a.owner.struct_fields()[a.field as usize]));
            if let Some(d) = a.off.filter(|d| *d > 0) {
                cap = cap.min(1u64 << d.trailing_zeros().min(32));
            }
        } else if let Object::Changed(o) = self.object(addr) {
            let (_, leaf) = self.lay.translate_leaf(o);
            cap = cap.min(abi(leaf));
        }
        cap.max(1)
    }

    /// Whether address `v` is reached by GEPs from a pointer into a changed
    /// object, or steps through a changed type: a field of a structure
    /// nested in a changed one, whose alignment the old layout gave.
    fn within_changed(&mut self, v: Value<'m>) -> bool {
        let mut v = v;
        for _ in 0..16 {
            if self.related(v) || v.global_value_type().is_some_and(|t| self.lay.changed(t)) {
                return true;
            }
            let is_gep = v.as_instruction().is_some_and(|i| i.opcode() == Opcode::LLVMGetElementPtr)
                || v.const_opcode() == Some(Opcode::LLVMGetElementPtr);
            if !is_gep {
                return false;
            }
            if !gep_touched(self.lay, v).is_empty() {
                return true;
            }
            let Some(base) = v.operand(0) else { return false };
            v = base;
        }
        false
    }

    /// The split structure whose index the field `v` addresses holds:
    /// `Ok(None)` when `v` addresses no index field, an error when it may
    /// address index fields and other fields, or indices of different
    /// structures.
    fn index_at(&mut self, v: Value<'m>) -> Result<Option<Type<'m>>, (Vec<Type<'m>>, String)> {
        if let Object::Changed(o) = self.object(v) {
            return Ok(self.lay.leaf_index(o));
        }
        let fields = self.field_of_changed(v);
        let targets: Vec<Option<Type<'m>>> = fields.iter().map(|(t, k)| self.lay.index_target(*t, *k)).collect();
        match targets.first() {
            None | Some(None) if targets.iter().all(|t| t.is_none()) => Ok(None),
            Some(Some(s)) if targets.iter().all(|t| *t == Some(*s)) => Ok(Some(*s)),
            _ => Err((
                targets.into_iter().flatten().collect(),
                format!("{v} may address a field holding a pointer to it or another field"),
            )),
        }
    }

    /// The pointers to split structures `targets` cannot all become
    /// indices: they stay pointers (the pass plans again without them).
    fn index_fail(&mut self, targets: Vec<Type<'m>>, why: String) {
        let why = format!("{}: {why}", self.fname);
        for t in targets {
            if !self.index_failures.iter().any(|(x, _)| *x == t) {
                self.index_failures.push((t, why.clone()));
            }
        }
    }

    /// The address of a field that becomes an index may only be loaded
    /// from, stored to (as a whole pointer: see `plan_access`), compared,
    /// or stepped from into another such address; anything else would see
    /// the index's bytes.
    fn check_index_uses(&mut self, i: Instruction<'m>) {
        let n = i.num_operands();
        let callee = if i.is_call() { n.checked_sub(1) } else { None };
        for k in 0..n {
            let Some(v) = i.operand(k) else { continue };
            if Some(k) == callee || !v.ty().is_pointer() || matches!(self.object(v), Object::Changed(_)) {
                continue;
            }
            let target = match self.index_at(v) {
                Ok(None) => continue,
                Ok(Some(t)) => t,
                Err((targets, why)) => {
                    self.index_fail(targets, why);
                    continue;
                }
            };
            let carries = |p: &mut Self| matches!(p.index_at(i.as_value()), Ok(Some(t)) if t == target);
            let ok = match i.opcode() {
                Opcode::LLVMLoad | Opcode::LLVMICmp => true,
                Opcode::LLVMStore => k == 1,
                Opcode::LLVMGetElementPtr => k == 0 && carries(self),
                Opcode::LLVMPHI | Opcode::LLVMSelect => carries(self),
                Opcode::LLVMCall => {
                    crate::annotator::is_dtrans_ptr_annotation(i.as_value())
                        && (i.as_value().users().is_empty() || carries(self))
                }
                _ => false,
            };
            if !ok {
                let why = format!("{} uses {v}, the address of a field holding a pointer to it", i.as_value());
                self.index_fail(vec![target], why);
            }
        }
    }

    fn plan_tbaa(&mut self, f: Function<'m>, i: Instruction<'m>, related: bool) {
        let Some(tag) = i.as_value().metadata(self.tbaa_kind) else { return };
        let ops = tag.operands();
        let (Some(Some(base)), Some(Some(access))) = (ops.first(), ops.get(1)) else { return };
        if base == access {
            return;
        }
        let named = base.operands().first().copied().flatten().and_then(|s| s.as_string());
        if related || named.is_some_and(|n| self.tbaa_names.contains(&n)) {
            self.push(f, Action::Tbaa { inst: i });
        }
    }

    fn plan_call(&mut self, f: Function<'m>, i: Instruction<'m>) {
        let callee = i.called_function();
        let name = callee.map(|c| c.name()).unwrap_or_default();
        if name.starts_with("llvm.memcpy") || name.starts_with("llvm.memmove") || name.starts_with("llvm.memset") {
            self.plan_mem(f, i, !name.starts_with("llvm.memset"));
            return;
        }
        if matches!(name.as_str(), "memcpy" | "memmove" | "memset") {
            let touches = (0..2).filter_map(|k| i.call_arg(k)).any(|a| a.ty().is_pointer() && self.related(a));
            if touches {
                let ts = (0..2).filter_map(|k| i.call_arg(k)).flat_map(|a| self.mentioned(a)).collect();
                self.fail(ts, format!("a call of @{name} (not the intrinsic) over a changed structure"));
            }
            return;
        }
        // The address of a narrowed field given to a function: it could
        // read or write the field's old bytes.
        if !name.starts_with("llvm.dbg") && !name.starts_with("llvm.lifetime") {
            let n = i.call_arg_count().unwrap_or(0);
            for k in 0..n {
                let Some(a) = i.call_arg(k).filter(|a| a.ty().is_pointer()) else { continue };
                if matches!(self.object(a), Object::Changed(_)) {
                    continue;
                }
                match self.narrow_at(a) {
                    Ok(None) => {}
                    Ok(Some((t, _))) => {
                        self.fail(vec![t], format!("{} gets the address of a narrowed field", i.as_value()));
                        return;
                    }
                    Err((ts, why)) => {
                        self.fail(ts, format!("{} {why}", i.as_value()));
                        return;
                    }
                }
            }
        }
        if name.starts_with("llvm.lifetime") {
            if let (Some(sz), Some(p)) = (i.call_arg(0), i.call_arg(1)) {
                if let Object::Changed(o) = self.object(p) {
                    let old = sz.const_int_value().unwrap_or(-1);
                    let alloc_ty = p.as_instruction().and_then(|a| a.allocated_type());
                    let new = match alloc_ty {
                        // (A local array laid out in blocks: its storage
                        // is bytes of another size.)
                        _ if self.lay.blocks.contains_key(&o) => -1,
                        Some(t) if old == self.lay.old_size(t) as i64 => self.lay.new_size(t) as i64,
                        _ if old == -1 => -1,
                        _ if old > 0 && (old as u64).is_multiple_of(self.lay.old_size(o).max(1)) => {
                            old / self.lay.old_size(o) as i64 * self.lay.new_size(o) as i64
                        }
                        _ => -1,
                    };
                    if new != old {
                        self.push(f, Action::SetConst { inst: i, op: 0, value: new });
                    }
                }
            }
            return;
        }
        // Frees of a split structure's array free its side arrays.
        if let Some(MemFn::Free(k)) = callee.and_then(|c| self.info.ptr.mem_fns.kind(c)) {
            if let Some(p) = i.call_arg(k.freed_arg()) {
                if let Object::Changed(o) = self.object(p) {
                    let blocked = self.lay.blocks.contains_key(&o);
                    let split = !blocked && self.lay.plan(o).is_some_and(|pl| !pl.groups.is_empty());
                    if split && k.freed_arg() != 0 {
                        // The side arrays' frees below free argument 0.
                        self.fail(
                            vec![o],
                            format!("{} frees a split structure as argument {}", i.as_value(), k.freed_arg()),
                        );
                    } else if blocked {
                        if i.opcode() == Opcode::LLVMCall {
                            self.push(f, Action::BlockFree { call: i, arg: k.freed_arg(), owner: o });
                        } else {
                            self.fail(vec![o], "an invoke freeing a structure laid out in blocks");
                        }
                    } else if split {
                        if self.lay.global_arrays.contains(&o) {
                            self.fail(vec![o], "a free of a structure kept in a global array");
                        } else if !library_usable(self.m, "free") {
                            self.fail(vec![o], "`free` is not the library's (side arrays are freed by it)");
                        } else if i.opcode() == Opcode::LLVMCall {
                            self.push(f, Action::FreeSplit { call: i, owner: o });
                        } else {
                            self.fail(vec![o], "an invoke freeing a structure split into arrays");
                        }
                    }
                }
            }
            return;
        }
        // A realloc of an array laid out in blocks is planned with the
        // array's allocations (`plan_block_alloc`): one that is not (its
        // result not known as the structure's) would get the array, not
        // the block it came in.
        let resizes = matches!(
            callee.and_then(|c| self.info.ptr.mem_fns.kind(c)),
            Some(MemFn::Alloc(AllocKind::Realloc | AllocKind::UserRealloc | AllocKind::ReallocArray))
        );
        if resizes {
            if let Some(Object::Changed(o)) = i.call_arg(0).map(|p| self.object(p)) {
                let planned = self.allocs.get(&i).copied().flatten() == Some(o);
                if self.lay.blocks.contains_key(&o) && !planned {
                    self.fail(vec![o], format!("{} resizes an array laid out in blocks as another type", i.as_value()));
                    return;
                }
            }
        }
        // Allocations of changed objects: sizes.
        if let Some(&alloc) = self.allocs.get(&i) {
            let kind = callee.and_then(|c| self.info.ptr.mem_fns.kind(c));
            let changed = alloc.filter(|t| self.lay.changed(*t));
            let result_obj = self.object(i.as_value());
            match (changed, result_obj) {
                (Some(t), _) => self.plan_alloc(f, i, kind, t),
                (None, Object::Changed(o)) => {
                    self.fail(vec![o], format!("an allocation of unclear type used as {o}"));
                }
                (None, Object::Unclear(ts)) => self.fail(ts, "an allocation of unclear type"),
                _ => {}
            }
            return;
        }
        // A library function that reads or writes bytes given the start
        // of an object: the analysis lets that be only a structure that
        // starts with a character array (at -O2 `s->name` is `s`), so it
        // is that array, wherever the field holding it went.
        if callee.is_some_and(|c| c.is_declaration())
            && dtrans_analysis::libfuncs::lib_effect(&name) == Some(dtrans_analysis::libfuncs::LibEffect::Bytes)
        {
            let n = i.call_arg_count().unwrap_or(0);
            for k in 0..n {
                let Some(a) = i.call_arg(k).filter(|a| a.ty().is_pointer()) else { continue };
                let Object::Changed(o) = self.object(a) else { continue };
                let s = innermost(o);
                let Some(plan) = self.lay.plan(s) else { continue };
                let Some((f0, ft)) = self.lay.field_at(s, &plan, 0) else { continue };
                if self.lay.changed(ft) || self.lay.recoded(s, f0) {
                    self.fail(vec![s], format!("{} reads the start of {s} as bytes", i.as_value()));
                    continue;
                }
                match (plan.new_off[f0 as usize], plan.side[f0 as usize]) {
                    (_, Some(_)) => self.push(f, Action::SideLeaf { inst: i, op: k, owner: s, field: f0 }),
                    (Some(0), None) => {}
                    (Some(n), None) => self.push(f, Action::LeafAddr { inst: i, op: k, offset: n as i64 }),
                    (None, None) => self.fail(vec![s], format!("{} reads a deleted field as bytes", i.as_value())),
                }
            }
            return;
        }
        if matches!(name.as_str(), "qsort" | "bsearch") {
            let (base, size) = if name == "qsort" { (0, 2) } else { (1, 3) };
            if let (Some(b), Some(s)) = (i.call_arg(base), i.call_arg(size)) {
                match self.object(b) {
                    Object::Changed(o) if name == "qsort" && self.lay.blocks.contains_key(&o) => {
                        match self.block_sort(i, s, o) {
                            Ok(()) => self.push(f, Action::BlockSort { call: i, owner: o }),
                            Err(why) => self.fail(vec![o], format!("@qsort of a structure laid out in blocks: {why}")),
                        }
                    }
                    Object::Changed(o) if self.lay.plan(o).is_some_and(|p| !p.groups.is_empty()) => {
                        // The library moves whole elements; the side arrays
                        // (the other groups of a block) would not follow.
                        let how =
                            if self.lay.blocks.contains_key(&o) { "laid out in blocks" } else { "split into arrays" };
                        self.fail(vec![o], format!("@{name} of a structure {how}"));
                    }
                    Object::Changed(o) => {
                        let (old, new) = (self.lay.old_size(o), self.lay.new_size(o));
                        if s.const_uint_value() == Some(old) {
                            if old != new {
                                self.push(f, Action::SetConst { inst: i, op: size, value: new as i64 });
                            }
                        } else {
                            self.fail(vec![o], format!("@{name} of {o} with an element size that is not its size"));
                        }
                    }
                    Object::Unclear(ts) => self.fail(ts, format!("@{name} of an array of unclear type")),
                    Object::Unchanged => {}
                }
            }
        }
    }

    /// Whether `qsort` call `i` (element size `size`) of an array of `o`,
    /// laid out in blocks, can become a sort of its element pointers
    /// (`Action::BlockSort`), else why not: the library's qsort, malloc
    /// and free, elements of `o`'s size, a comparison function the call
    /// names (the helper calls it through a trampoline of its own).
    fn block_sort(&self, i: Instruction<'m>, size: Value<'m>, o: Type<'m>) -> Result<(), String> {
        if i.opcode() != Opcode::LLVMCall {
            return Err("an invoke".into());
        }
        if size.const_uint_value() != Some(self.lay.old_size(o)) {
            return Err("an element size that is not its size".into());
        }
        let cmp = i.call_arg(3).and_then(|c| c.as_function()).ok_or("the comparison is not a function named")?;
        let ptr = self.m.pointer_type();
        let int_cmp = self.m.function_type(self.m.int_type(32), &[ptr, ptr], false).map_err(|e| e.to_string())?;
        if cmp.function_type() != int_cmp {
            return Err(format!("@{} is not `int (const void *, const void *)`", cmp.name()));
        }
        let declared = |n: &str| self.m.function(n).is_none_or(|x| x.is_declaration());
        if let Some(n) = ["qsort", "malloc", "free", "write", "abort"].iter().find(|n| !declared(n)) {
            return Err(format!("`{n}` is defined in the program (the sort calls it)"));
        }
        Ok(())
    }

    /// An allocation of a split structure whose array is resized by
    /// realloc (`sites.rs` made sure it is the library's realloc, or a
    /// malloc that runs once, each kept in the array's home).
    fn plan_resize(&mut self, f: Function<'m>, i: Instruction<'m>, k: AllocKind, t: Type<'m>) {
        let old = match k {
            AllocKind::Realloc => Some(0),
            AllocKind::Malloc | AllocKind::UserMalloc => None,
            _ => {
                self.fail(vec![t], format!("a {k:?} of a structure split into arrays resized by realloc"));
                return;
            }
        };
        if i.opcode() != Opcode::LLVMCall {
            self.fail(vec![t], "an invoke allocating a structure split into arrays");
            return;
        }
        if self.info.ptr.mem_fns.fill_of_call(i).is_some() {
            self.fail(vec![t], "an allocation wrapper that fills its block (side arrays would not be)");
            return;
        }
        if !library_usable(self.m, "realloc") {
            self.fail(vec![t], "`realloc` is not the library's (side arrays are resized by it)");
            return;
        }
        if !["write", "abort"].iter().all(|n| self.m.function(n).is_none_or(|x| x.is_declaration())) {
            self.fail(vec![t], "`write` or `abort` is defined in the program (the resized arrays' check calls them)");
            return;
        }
        let (old_size, new) = (self.lay.old_size(t), self.lay.new_size(t));
        let sizes: Vec<u64> = self.lay.plan(t).map(|p| p.groups.iter().map(|g| g.size).collect()).unwrap_or_default();
        let op = k.size_args().map(|(a, _)| a);
        let size = op.and_then(|a| i.call_arg(a));
        let Some((op, size)) = op.zip(size) else {
            self.fail(vec![t], "an allocation whose size is not an argument");
            return;
        };
        if !std::iter::once(new).chain(sizes).all(|n| rescale(self.m, size, old_size, n, None).is_ok()) {
            self.fail(vec![t], format!("the size of {} is not a count of {t} the pass can rewrite", i.as_value()));
            return;
        }
        self.push(f, Action::ResizeSplit { call: i, owner: t, old, op });
    }

    /// An allocation of an array of `t`, laid out in blocks: the library's
    /// malloc, calloc or realloc, or a wrapper of malloc or calloc
    /// (`sites::blocks_allowed`), whose size is a count of `t` the pass
    /// can divide out. A wrapper that fills its block (a memset of its
    /// size argument, the only write the analysis lets one make) fills the
    /// whole new block with the same byte: every field of every element
    /// holds what it held.
    fn plan_block_alloc(&mut self, f: Function<'m>, i: Instruction<'m>, k: AllocKind, t: Type<'m>) {
        if i.opcode() != Opcode::LLVMCall {
            self.fail(vec![t], "an invoke allocating a structure laid out in blocks");
            return;
        }
        let old = self.lay.old_size(t);
        let counts = |a: u32| i.call_arg(a).is_some_and(|v| rescale(self.m, v, old, 1, None).is_ok());
        use AllocKind as K;
        let (op, count) = match k {
            K::Malloc | K::UserMalloc | K::UserMalloc0 if counts(0) => (0, None),
            K::UserMallocArg(a) if counts(a) => (a, None),
            K::Realloc | K::UserRealloc if counts(1) => (1, None),
            K::Calloc | K::UserCalloc if counts(1) => (1, Some(0)),
            K::Calloc | K::UserCalloc if counts(0) => (0, Some(1)),
            K::Malloc
            | K::UserMalloc
            | K::UserMalloc0
            | K::UserMallocArg(_)
            | K::Realloc
            | K::UserRealloc
            | K::Calloc
            | K::UserCalloc => {
                self.fail(vec![t], format!("the size of {} is not a count of {t} the pass can rewrite", i.as_value()));
                return;
            }
            _ => {
                self.fail(vec![t], format!("a {k:?} of a structure laid out in blocks"));
                return;
            }
        };
        self.push(f, Action::BlockAlloc { call: i, owner: t, op, count, kind: k });
    }

    fn plan_alloc(&mut self, f: Function<'m>, i: Instruction<'m>, kind: Option<MemFn>, t: Type<'m>) {
        let (old, new) = (self.lay.old_size(t), self.lay.new_size(t));
        let Some(MemFn::Alloc(k)) = kind else {
            self.fail(vec![t], "an allocation the pass does not know");
            return;
        };
        if matches!(k, AllocKind::New | AllocKind::NewArray | AllocKind::Strdup) {
            self.fail(vec![t], format!("a {k:?} allocation"));
            return;
        }
        if self.lay.blocks.contains_key(&t) {
            self.plan_block_alloc(f, i, k, t);
            return;
        }
        let split = self.lay.plan(t).is_some_and(|p| !p.groups.is_empty());
        if split && self.lay.resized.contains(&t) {
            self.plan_resize(f, i, k, t);
            return;
        }
        if split && !matches!(k, AllocKind::Malloc | AllocKind::Calloc | AllocKind::UserMalloc | AllocKind::UserCalloc)
        {
            self.fail(vec![t], format!("a {k:?} of a structure split into arrays"));
            return;
        }
        if old == new && !split {
            return;
        }
        let Some((a, b)) = k.size_args() else {
            self.fail(vec![t], "an allocation whose size is not an argument");
            return;
        };
        if split {
            if i.opcode() != Opcode::LLVMCall {
                self.fail(vec![t], "an invoke allocating a structure split into arrays");
                return;
            }
            let zeroed = matches!(k, AllocKind::Calloc | AllocKind::UserCalloc)
                || self.info.ptr.mem_fns.fill_of_call(i).is_some();
            let lib = if zeroed { "calloc" } else { "malloc" };
            if !library_usable(self.m, lib) {
                self.fail(vec![t], format!("`{lib}` is not the library's (side arrays are allocated by it)"));
                return;
            }
            let sizes: Vec<u64> =
                self.lay.plan(t).map(|p| p.groups.iter().map(|g| g.size).collect()).unwrap_or_default();
            for k in std::iter::once(a).chain(b) {
                let Some(v) = i.call_arg(k) else { continue };
                let all =
                    std::iter::once(new).chain(sizes.iter().copied()).all(|n| rescale(self.m, v, old, n, None).is_ok());
                if all {
                    // A wrapper that fills its block with other bytes than
                    // zero would need them in the side arrays too.
                    if self.info.ptr.mem_fns.fill_of_call(i) == Some(dtrans_analysis::alloc::Fill::Other) {
                        self.fail(vec![t], "an allocation wrapper that fills its block (side arrays would not be)");
                        return;
                    }
                    let count = match (zeroed, b) {
                        (false, _) => None,
                        (true, Some(other)) => Some(if other == k { a } else { other }),
                        (true, None) => None,
                    };
                    let check = self.lay.index_targets.get(&t) == Some(&true);
                    if check
                        && !["write", "abort"].iter().all(|n| self.m.function(n).is_none_or(|x| x.is_declaration()))
                    {
                        self.fail(vec![t], "`write` or `abort` is defined in the program (the index check calls them)");
                        return;
                    }
                    self.push(f, Action::AllocSplit { call: i, owner: t, op: k, count, zeroed, check });
                    return;
                }
            }
            self.fail(vec![t], format!("the size of {} is not a count of {t} the pass can rewrite", i.as_value()));
            return;
        }
        let args: Vec<u32> = std::iter::once(a).chain(b).collect();
        for k in args.iter().copied() {
            if let Some(v) = i.call_arg(k) {
                if rescale(self.m, v, old, new, None).is_ok() {
                    self.push(f, Action::Rescale { inst: i, op: k, old, new });
                    return;
                }
            }
        }
        self.fail(vec![t], format!("the size of {} is not a multiple of {t} the pass can rewrite", i.as_value()));
    }

    fn plan_mem(&mut self, f: Function<'m>, i: Instruction<'m>, copy: bool) {
        let (Some(dst), Some(src), Some(len)) = (i.call_arg(0), i.call_arg(1), i.call_arg(2)) else { return };
        let ptrs: Vec<Value<'m>> = if copy { vec![dst, src] } else { vec![dst] };
        // From inside a field of a changed structure: the bytes must stay
        // in that field (they move together).
        // (A field's own address may start a run of fields: below.)
        for p in &ptrs {
            if !matches!(self.object(*p), Object::Unchanged) || !self.field_of_changed(*p).is_empty() {
                continue;
            }
            if let Some(a) = self.anchor(*p) {
                let fsize = self.lay.old_size(a.owner.struct_fields()[a.field as usize]) as i64;
                let fits = len.const_uint_value().is_some_and(|l| a.off.unwrap_or(0) + l as i64 <= fsize);
                if !fits {
                    self.fail(vec![a.owner], format!("{} reaches out of the field it starts in", i.as_value()));
                    return;
                }
                if self.lay.recoded(a.owner, a.field) {
                    let why = format!(
                        "{} copies or sets bytes inside a field that becomes an index or a narrower integer",
                        i.as_value()
                    );
                    self.fail(vec![a.owner], why);
                    return;
                }
            }
        }
        if !ptrs.iter().any(|p| self.related(*p)) {
            // Inside a structure nested in a changed one: the alignment
            // the old position gave may be gone (1 is always true).
            if ptrs.iter().any(|p| self.within_changed(*p)) {
                self.push(f, Action::MemAlign { call: i, align: 1 });
            }
            return;
        }
        if i.as_value().metadata(self.tbaa_struct_kind).is_some() {
            self.push(f, Action::DropTbaaStruct { inst: i });
        }
        self.plan_tbaa(f, i, true);
        let objs: Vec<Object<'m>> = ptrs.iter().map(|p| self.object(*p)).collect();
        // The alignment the pointers may claim: an object's new alignment, or
        // the ABI alignment of the field they address (a field that moved
        // keeps only that).
        let mut align = u64::MAX;
        for (p, o) in ptrs.iter().zip(&objs) {
            match o {
                Object::Changed(t) => align = align.min(self.lay.new_align(*t)),
                _ => {
                    for (x, k) in self.field_of_changed(*p) {
                        let ft = x.struct_fields()[k as usize];
                        align = align.min(u64::from(self.lay.dl.abi_align(ft).unwrap_or(1)));
                    }
                }
            }
        }
        if align != u64::MAX {
            self.push(f, Action::MemAlign { call: i, align });
        }
        // A structure split into arrays is not copied or set as bytes.
        let mut touched: Vec<Type<'m>> = objs
            .iter()
            .filter_map(|o| match o {
                Object::Changed(t) => Some(*t),
                _ => None,
            })
            .collect();
        for p in &ptrs {
            touched.extend(self.field_of_changed(*p).into_iter().map(|(t, _)| t));
        }
        let split: Vec<Type<'m>> = touched
            .into_iter()
            .filter(|t| self.lay.plan(innermost(*t)).is_some_and(|p| !p.groups.is_empty()))
            .collect();
        if !split.is_empty() {
            if let Err(why) = self.plan_split_mem(f, i, &ptrs, &objs, len) {
                self.fail(split, format!("{} {why}", i.as_value()));
            }
            return;
        }
        // Whole objects (or arrays of them) from their starts.
        let whole = match objs.as_slice() {
            [Object::Changed(d)] => Some(*d),
            [Object::Changed(d), Object::Changed(s)] if d == s => Some(*d),
            _ => None,
        };
        if let Some(o) = whole {
            let (old, new) = (self.lay.old_size(o), self.lay.new_size(o));
            // Bytes other than zeros set over an index or a narrowed
            // integer would not read back as the value they made.
            let nonzero = !copy && i.call_arg(1).and_then(|v| v.const_int_value()) != Some(0);
            if nonzero && self.lay.covers_recoded(o, 0, old) {
                let why = format!(
                    "{} sets a field that becomes an index or a narrower integer to bytes other than zeros",
                    i.as_value()
                );
                self.fail(vec![o], why);
                return;
            }
            let l = len.const_uint_value();
            if l.is_some_and(|l| l < old) {
                // Part of one object from its start.
                self.plan_pieces(f, i, o, 0, l.unwrap(), 0);
                return;
            }
            if old != new {
                if let Err(why) = rescale(self.m, len, old, new, None) {
                    self.fail(vec![o], format!("{}: {why}", i.as_value()));
                    return;
                }
                self.push(f, Action::Rescale { inst: i, op: 2, old, new });
            }
            return;
        }
        let fields: Vec<Vec<(Type<'m>, u32)>> = ptrs.iter().map(|p| self.field_of_changed(*p)).collect();
        // Inside one unchanged field (or object) on every side: nothing in
        // the copied bytes moves.
        let l = len.const_uint_value();
        let inside = objs.iter().zip(&fields).all(|(o, fs)| match (o, fs.as_slice()) {
            (Object::Unchanged, []) => true,
            (Object::Unchanged, [(x, k)]) => {
                let ft = x.struct_fields()[*k as usize];
                !self.lay.changed(ft) && !self.lay.recoded(*x, *k) && l.is_some_and(|l| l <= self.lay.old_size(ft))
            }
            _ => false,
        });
        if inside {
            return;
        }
        // A run of fields from a field's address: the same field of the
        // same structure on both sides.
        let same = fields.iter().all(|fs| fs.len() == 1 && fs[0] == fields[0][0]);
        let Some(l) = len.const_uint_value() else {
            let ts = ptrs.iter().flat_map(|p| self.mentioned(*p)).collect();
            self.fail(ts, format!("{} of variable length over part of a changed structure", i.as_value()));
            return;
        };
        if same && !fields[0].is_empty() {
            let (x, fi) = fields[0][0];
            let Some(p) = self.lay.plan(x) else { return };
            let lo = p.old_off[fi as usize];
            // The field's own bytes only: nothing moves inside an unchanged field.
            let field_ty = x.struct_fields()[fi as usize];
            if l <= self.lay.old_size(field_ty) && !self.lay.changed(field_ty) && !self.lay.recoded(x, fi) {
                return;
            }
            match p.new_off[fi as usize] {
                Some(base_new) => self.plan_pieces(f, i, x, lo, l, base_new),
                None => self.fail(vec![x], format!("{} starts in a deleted field", i.as_value())),
            }
            return;
        }
        // A copy between part of one object (from its start or from a
        // field) and plain memory (no changed type, no field of one):
        // `strcpy(s->name, "...")` at -O2. Each piece of the object goes to
        // its new place; the plain side keeps its bytes' order.
        if let (2, Some(l)) = (objs.len(), len.const_uint_value()) {
            let plain = |k: usize| fields[k].is_empty() && matches!(objs[k], Object::Unchanged);
            for (k, other) in [(0usize, 1usize), (1, 0)] {
                if !plain(other) {
                    continue;
                }
                let start = match (&objs[k], fields[k].as_slice()) {
                    (Object::Changed(o), _) if l < self.lay.old_size(*o) => Some((*o, 0, Some(0))),
                    (Object::Unchanged, [(x, fi)]) => {
                        self.lay.plan(*x).map(|p| (*x, p.old_off[*fi as usize], p.new_off[*fi as usize]))
                    }
                    _ => None,
                };
                match start {
                    Some((o, lo, Some(base_new))) => {
                        self.plan_pieces_with(f, i, o, (lo, l, base_new), Some(other as u32));
                        return;
                    }
                    Some((o, _, None)) => {
                        self.fail(vec![o], format!("{} starts in a deleted field", i.as_value()));
                        return;
                    }
                    None => {}
                }
            }
        }
        let ts = ptrs.iter().flat_map(|p| self.mentioned(*p)).collect();
        self.fail(ts, format!("{} between different types or positions", i.as_value()));
    }

    /// A memset or copy involving a structure split into arrays: allowed
    /// inside one field on every side (a nested structure or complex
    /// number copied or set, part of an array), which moves as a unit:
    /// a pointer to a field (or inside one) was made by a GEP that now
    /// gives the field's new address; a pointer to the start of an
    /// element gets the new address of the field there. Else why not.
    fn plan_split_mem(
        &mut self,
        f: Function<'m>,
        i: Instruction<'m>,
        ptrs: &[Value<'m>],
        objs: &[Object<'m>],
        len: Value<'m>,
    ) -> Result<(), String> {
        // Whole elements on every side.
        let starts: Vec<Type<'m>> = objs
            .iter()
            .filter_map(|o| match o {
                Object::Changed(t) => Some(innermost(*t)),
                _ => None,
            })
            .collect();
        if let [s, rest @ ..] = starts.as_slice() {
            let old = self.lay.old_size(*s);
            let whole = starts.len() == objs.len()
                && rest.iter().all(|t| t == s)
                && len.const_uint_value().is_none_or(|l| l >= old);
            if whole && self.lay.blocks.contains_key(s) {
                rescale(self.m, len, old, 1, None)
                    .map_err(|why| format!("copies or sets elements of a structure laid out in blocks: {why}"))?;
                if i.opcode() != Opcode::LLVMCall {
                    return Err("is not a call".into());
                }
                self.push(f, Action::BlockWhole { call: i, owner: *s });
                return Ok(());
            }
            if whole {
                let plan = self.lay.plan(*s).ok_or("a structure without a plan")?;
                let sizes = std::iter::once(plan.new_size).chain(plan.groups.iter().map(|g| g.size));
                for n in sizes {
                    rescale(self.m, len, old, n, None)
                        .map_err(|why| format!("copies or sets elements of a structure split into arrays: {why}"))?;
                }
                if i.opcode() != Opcode::LLVMCall {
                    return Err("is not a call".into());
                }
                self.push(f, Action::SplitWhole { call: i, owner: *s });
                return Ok(());
            }
        }
        let Some(l) = len.const_uint_value() else {
            return Err("copies or sets a structure split into arrays by a variable length".into());
        };
        let more = "copies or sets more than one field of a structure split into arrays";
        let mut actions = Vec::new();
        for (k, (p, o)) in ptrs.iter().zip(objs).enumerate() {
            match o {
                Object::Unchanged => {
                    let fields = self.field_of_changed(*p);
                    let Some(a) = self.anchor(*p) else {
                        if fields.is_empty() {
                            continue; // the other side: no changed structure
                        }
                        return Err("copies or sets one of several fields of a structure split into arrays".into());
                    };
                    let ft = a.owner.struct_fields()[a.field as usize];
                    if a.off.unwrap_or(0) + l as i64 > self.lay.old_size(ft) as i64 {
                        return Err(more.into());
                    }
                    if self.lay.changed(ft) || self.lay.recoded(a.owner, a.field) {
                        return Err("copies or sets a field whose layout changes".into());
                    }
                }
                Object::Changed(o) => {
                    let s = innermost(*o);
                    let plan = self.lay.plan(s).ok_or("a structure without a plan")?;
                    let (fk, ft) = self.lay.field_at(s, &plan, 0).ok_or("a structure without a first field")?;
                    if l > self.lay.old_size(ft) {
                        return Err(more.into());
                    }
                    if self.lay.changed(ft) || self.lay.covers_recoded(s, 0, l) {
                        return Err("copies or sets a field whose layout changes".into());
                    }
                    let op = k as u32;
                    match (plan.new_off[fk as usize], plan.side[fk as usize]) {
                        // A constant address (an element of a global array,
                        // `memcpy(g[1].f, g[2].f, ...)` at -O2): a constant
                        // in the side records' array, as for a load.
                        (_, Some(_)) if p.is_constant() => {
                            if !(self.lay.global_arrays.contains(&s) && const_address(self.lay, *p).is_some()) {
                                return Err("reaches a moved field at a constant address".into());
                            }
                            actions.push(Action::ConstLeaf { inst: i, op, addr: *p });
                            let abi = u64::from(self.lay.dl.abi_align(ft).unwrap_or(1));
                            actions.push(Action::MemAlign { call: i, align: abi });
                        }
                        (_, Some(_)) => {
                            actions.push(Action::SideLeaf { inst: i, op, owner: s, field: fk });
                            let abi = u64::from(self.lay.dl.abi_align(ft).unwrap_or(1));
                            actions.push(Action::MemAlign { call: i, align: abi });
                        }
                        (Some(n), None) if n != 0 => actions.push(Action::LeafAddr { inst: i, op, offset: n as i64 }),
                        _ => {}
                    }
                }
                Object::Unclear(_) => return Err("copies or sets memory of unclear type".into()),
            }
        }
        for a in actions {
            self.push(f, a);
        }
        Ok(())
    }

    /// A memory intrinsic over `[lo, lo + len)` of an object of type `o`,
    /// whose pointers point at old offset `lo` (new offset `base_new`).
    fn plan_pieces(&mut self, f: Function<'m>, i: Instruction<'m>, o: Type<'m>, lo: u64, len: u64, base_new: u64) {
        self.plan_pieces_with(f, i, o, (lo, len, base_new), None);
    }

    fn plan_pieces_with(
        &mut self,
        f: Function<'m>,
        i: Instruction<'m>,
        o: Type<'m>,
        (lo, len, base_new): (u64, u64, u64),
        bytes: Option<u32>,
    ) {
        if self.lay.covers_recoded(o, lo, lo.saturating_add(len)) {
            self.fail(
                vec![o],
                format!("{} copies or sets bytes of a field that becomes an index or a narrower integer", i.as_value()),
            );
            return;
        }
        let Some(pieces) = self.lay.pieces(o, lo, len) else {
            self.fail(vec![o], format!("{} leaves the object", i.as_value()));
            return;
        };
        // Unchanged when the pieces keep their places relative to the start.
        let same = pieces.iter().all(|p| p.new.is_some_and(|n| n as i64 - base_new as i64 == p.old as i64 - lo as i64));
        if same {
            return;
        }
        if bytes.is_some() && pieces.iter().any(|p| p.new.is_none()) {
            // The plain side would have to skip the deleted bytes too.
            self.fail(vec![o], format!("{} copies bytes into or out of a deleted field", i.as_value()));
            return;
        }
        self.push(f, Action::Split { call: i, pieces, base_new, bytes });
    }

    /// A pointer to a changed type turned into an integer: compared, or
    /// subtracted from another such integer (a difference, `plan_sub`), and
    /// nothing else; other arithmetic on its bits (`end - 12 - p`, what -O2
    /// makes of some loops) would count bytes of the old layout.
    fn plan_ptrtoint(&mut self, v: Value<'m>, p: Option<Value<'m>>) {
        let Some(p) = p else { return };
        if !self.related(p) && self.anchor(p).is_none() {
            return;
        }
        for u in v.users() {
            let ok = u.as_instruction().is_some_and(|ui| match ui.opcode() {
                Opcode::LLVMICmp => true,
                Opcode::LLVMSub => ui.operand(0).and_then(ptr_of).is_some() && ui.operand(1).and_then(ptr_of).is_some(),
                _ => false,
            });
            if !ok {
                let ts = self.mentioned(p);
                self.fail(ts, format!("the address {v} is used as a number by {u}"));
                return;
            }
        }
    }

    /// `sub (ptrtoint a), (ptrtoint b)` of pointers to changed objects.
    fn plan_sub(&mut self, f: Function<'m>, i: Instruction<'m>) {
        let (Some(x), Some(y)) = (i.operand(0), i.operand(1)) else { return };
        let (Some(a), Some(b)) = (ptr_of(x), ptr_of(y)) else { return };
        let (oa, ob) = (self.object(a), self.object(b));
        let o = match (oa, ob) {
            // (A pointer to an array is one to its first element: both
            // point into arrays of the same structure, and the difference
            // counts its elements.)
            (Object::Changed(p), Object::Changed(q)) if innermost(p) == innermost(q) => innermost(p),
            (Object::Unchanged, Object::Unchanged) => {
                // Addresses inside fields: the same field's addresses keep
                // their distances while its records keep their stride (a
                // moved field's side records do not: `p - s->name` and
                // the distance between two elements' fields are no longer
                // told apart).
                let (x, y) = (self.anchor(a), self.anchor(b));
                if x.is_none() && y.is_none() {
                    return;
                }
                if let (Some(x), Some(y)) = (x, y) {
                    if x.owner == y.owner
                        && x.field == y.field
                        && self.stride(x) == self.lay.old_size(x.owner)
                        && !self.lay.blocks.contains_key(&x.owner)
                    {
                        return;
                    }
                }
                let ts = x.iter().chain(y.iter()).map(|a| a.owner).collect();
                self.fail(ts, format!("{}: a difference of addresses inside fields", i.as_value()));
                return;
            }
            (oa, ob) => {
                let mut ts = Vec::new();
                for o in [oa, ob] {
                    match o {
                        Object::Changed(t) => ts.push(t),
                        Object::Unclear(v) => ts.extend(v),
                        Object::Unchanged => {}
                    }
                }
                self.fail(ts, format!("{}: a difference of pointers to different types", i.as_value()));
                return;
            }
        };
        if self.lay.blocks.contains_key(&o) {
            self.push(f, Action::BlockDiff { sub: i, owner: o });
            return;
        }
        let (old, new) = (self.lay.old_size(o), self.lay.new_size(o));
        if old == new {
            return;
        }
        let d = i.as_value();
        for u in d.users() {
            let Some(ui) = u.as_instruction() else {
                self.fail(vec![o], format!("{}: a pointer difference used by a constant", d));
                return;
            };
            let rhs = ui.operand(1).and_then(|r| r.const_int_value());
            match ui.opcode() {
                Opcode::LLVMSDiv | Opcode::LLVMUDiv if ui.operand(0) == Some(d) && rhs == Some(old as i64) => {
                    self.push(f, Action::SetConst { inst: ui, op: 1, value: new as i64 });
                }
                Opcode::LLVMAShr | Opcode::LLVMLShr if ui.operand(0) == Some(d) => {
                    let tz = u64::from(old.trailing_zeros());
                    let odd = old >> tz;
                    let signed = ui.opcode() == Opcode::LLVMAShr;
                    if rhs != Some(tz as i64) {
                        self.fail(
                            vec![o],
                            format!("{}: a pointer difference shifted by other than the size", ui.as_value()),
                        );
                        return;
                    }
                    if odd == 1 {
                        self.push(f, Action::DivChain { last: ui, diff: d, new, signed });
                        continue;
                    }
                    for m in ui.as_value().users() {
                        let mi = m.as_instruction().filter(|mi| {
                            mi.opcode() == Opcode::LLVMMul
                                && mi
                                    .operand(1)
                                    .and_then(|c| c.const_uint_value())
                                    .is_some_and(|c| c.wrapping_mul(odd) == 1)
                        });
                        match mi {
                            Some(mi) => self.push(f, Action::DivChain { last: mi, diff: d, new, signed }),
                            None => {
                                self.fail(vec![o], format!("{}: a pointer difference not divided by the size", m));
                                return;
                            }
                        }
                    }
                }
                Opcode::LLVMICmp => {
                    for k in 0..2 {
                        let Some(c) = ui.operand(k).and_then(|c| c.const_int_value()) else { continue };
                        if c % old as i64 != 0 {
                            self.fail(vec![o], format!("{}: a pointer difference compared with {c}", ui.as_value()));
                            return;
                        }
                        if c != 0 {
                            self.push(f, Action::SetConst { inst: ui, op: k, value: c / old as i64 * new as i64 });
                        }
                    }
                }
                _ => {
                    self.fail(vec![o], format!("{}: a pointer difference used as bytes", ui.as_value()));
                    return;
                }
            }
        }
    }
}

/// Whether pointer `v` is only read or written through, or stepped
/// forward from by constants: it is no pointer one past the end of an
/// array (reading there, or stepping further, would be undefined), so it
/// is the start of what follows the array.
fn only_dereferenced(v: Value<'_>) -> bool {
    let users = v.users();
    !users.is_empty()
        && users.iter().all(|u| {
            let Some(ui) = u.as_instruction() else { return false };
            match ui.opcode() {
                Opcode::LLVMLoad => !ui.is_volatile(),
                Opcode::LLVMStore => ui.operand(1) == Some(v) && ui.operand(0) != Some(v),
                Opcode::LLVMGetElementPtr => {
                    ui.operand(0) == Some(v)
                        && u.gep_indices().is_some_and(|idx| {
                            // (Steps into an object of the source type
                            // there: one is there.)
                            idx.first().and_then(|c| c.const_int_value()).is_some_and(|c| c >= 0)
                        })
                }
                Opcode::LLVMCall => {
                    let name = ui.called_function().map(|f| f.name()).unwrap_or_default();
                    let mem = ["llvm.memset", "llvm.memcpy", "llvm.memmove"].iter().any(|p| name.starts_with(p));
                    mem && (0..2).any(|k| ui.call_arg(k) == Some(v))
                        && ui.call_arg(2).and_then(|l| l.const_int_value()).is_some_and(|l| l > 0)
                }
                _ => false,
            }
        })
}

/// Whether type `t` is, or holds at any depth, an array whose elements
/// are `elem` bytes long.
fn holds_array_of<'m>(lay: &Layouts<'m>, t: Type<'m>, elem: u64) -> bool {
    match t.kind() {
        TypeKind::LLVMArrayTypeKind => {
            t.element_type().is_some_and(|e| lay.old_size(e) == elem || holds_array_of(lay, e, elem))
        }
        TypeKind::LLVMStructTypeKind => t.struct_fields().into_iter().any(|f| holds_array_of(lay, f, elem)),
        _ => false,
    }
}

/// Whether a variable index `v` (into an array inside a field of `limit`
/// elements) shows no sign of stepping over whole structures: no constant
/// as large as the field in what computes it (additions, multiplications,
/// shifts, casts, phis and selects followed a few levels), which is what
/// -O2's induction variables over an array of structures carry (`iv +
/// 88`). Other values (loads, arguments) are indices as C has them.
fn small_index(v: Value<'_>, limit: i64) -> bool {
    let mut seen = Vec::new();
    small_index_walk(v, limit, 0, &mut seen)
}

fn small_index_walk<'m>(v: Value<'m>, limit: i64, depth: u32, seen: &mut Vec<Value<'m>>) -> bool {
    if let Some(c) = v.const_int_value() {
        return c.abs() < limit;
    }
    let Some(i) = v.as_instruction() else { return true };
    if seen.contains(&v) {
        return true; // a cycle: its other values decide
    }
    if depth > 12 {
        return false;
    }
    seen.push(v);
    let mut ok = |k: u32| i.operand(k).is_some_and(|a| small_index_walk(a, limit, depth + 1, seen));
    match i.opcode() {
        Opcode::LLVMShl => match i.operand(1).and_then(|c| c.const_int_value()) {
            Some(k) if (0..62).contains(&k) => (1i64 << k) < limit && ok(0),
            _ => false,
        },
        Opcode::LLVMAdd | Opcode::LLVMSub | Opcode::LLVMMul | Opcode::LLVMOr | Opcode::LLVMAnd => ok(0) && ok(1),
        Opcode::LLVMSExt | Opcode::LLVMZExt | Opcode::LLVMTrunc => ok(0),
        Opcode::LLVMSelect => ok(1) && ok(2),
        Opcode::LLVMPHI => i.incoming().into_iter().all(|(a, _)| small_index_walk(a, limit, depth + 1, seen)),
        _ => true,
    }
}

/// `ptrtoint p`: `p`.
pub(super) fn ptr_of(v: Value<'_>) -> Option<Value<'_>> {
    match v.as_instruction() {
        Some(i) => (i.opcode() == Opcode::LLVMPtrToInt).then(|| i.operand(0))?,
        None => (v.const_opcode() == Some(Opcode::LLVMPtrToInt)).then(|| v.operand(0))?,
    }
}

/// The changed types a GEP (instruction or constant) steps into with its
/// indices after the first: where field offsets change.
pub fn gep_touched<'m>(lay: &Layouts<'m>, gep: Value<'m>) -> Vec<Type<'m>> {
    let src = match gep.as_instruction() {
        Some(i) => i.gep_source_type(),
        None => gep.const_gep_source_type(),
    };
    let Some(mut t) = src else { return Vec::new() };
    let idx = gep.gep_indices().unwrap_or_default();
    let mut out = Vec::new();
    for i in idx.iter().skip(1) {
        if lay.changed(t) {
            out.push(t);
        }
        t = match t.kind() {
            TypeKind::LLVMStructTypeKind => {
                let Some(k) = i.const_uint_value() else { break };
                match t.struct_fields().get(k as usize) {
                    Some(f) => *f,
                    None => break,
                }
            }
            TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => match t.element_type() {
                Some(e) => e,
                None => break,
            },
            _ => break,
        };
    }
    out
}

/// Where the path of a GEP through changed types ends, relative to its
/// first step (`None`: an index the walk cannot follow).
pub fn gep_path_pos<'m>(lay: &Layouts<'m>, gep: Value<'m>) -> Option<Pos<'m>> {
    let src = match gep.as_instruction() {
        Some(i) => i.gep_source_type(),
        None => gep.const_gep_source_type(),
    }?;
    let idx = gep.gep_indices()?;
    let mut t = src;
    for i in idx.iter().skip(1) {
        match t.kind() {
            TypeKind::LLVMStructTypeKind => {
                let k = i.const_uint_value()? as usize;
                if let Some(p) = lay.plan(t) {
                    if p.new_off.get(k)?.is_none() {
                        if p.side.get(k)?.is_some() {
                            return Some(Pos::Side { owner: t, field: k as u32, off: 0, elements: 0 });
                        }
                        return Some(Pos::Deleted { owner: t, field: k as u32 });
                    }
                }
                t = *t.struct_fields().get(k)?;
            }
            TypeKind::LLVMArrayTypeKind => t = t.element_type()?,
            _ => return None,
        }
    }
    Some(Pos::At(0))
}

/// The constant byte offset of GEP indices over `src` in the old layout
/// (`None` if an index is not constant).
pub fn const_gep_offset<'m>(lay: &Layouts<'m>, src: Type<'m>, idx: &[Value<'m>]) -> Option<i64> {
    gep_offset(lay, src, idx, false)
}

/// The byte offset of GEP indices over `src` in the old layout with every
/// variable index taken as 0: the same field, up to whole objects and
/// elements of arrays (`None` for a step the types do not have).
pub fn place_offset<'m>(lay: &Layouts<'m>, src: Type<'m>, idx: &[Value<'m>]) -> Option<i64> {
    gep_offset(lay, src, idx, true)
}

/// [`const_gep_offset`], or with `variable_as_zero` [`place_offset`].
fn gep_offset<'m>(lay: &Layouts<'m>, src: Type<'m>, idx: &[Value<'m>], variable_as_zero: bool) -> Option<i64> {
    let index = |v: &Value<'m>| v.const_int_value().or(variable_as_zero.then_some(0));
    let mut off = index(idx.first()?)?.checked_mul(lay.old_size(src) as i64)?;
    let mut t = src;
    for i in idx.iter().skip(1) {
        match t.kind() {
            TypeKind::LLVMStructTypeKind => {
                let k = i.const_uint_value()? as u32;
                off += lay.dl.field_offset(t, k)? as i64;
                t = *t.struct_fields().get(k as usize)?;
            }
            TypeKind::LLVMArrayTypeKind => {
                let e = t.element_type()?;
                off += index(i)?.checked_mul(lay.old_size(e) as i64)?;
                t = e;
            }
            _ => return None,
        }
    }
    Some(off)
}

/// A constant address as (global variable, byte offset) in the old
/// layout: a chain of constant GEPs on a global.
pub fn const_address<'m>(lay: &Layouts<'m>, c: Value<'m>) -> Option<(Value<'m>, i64)> {
    if c.kind() == ValueKind::GlobalVariable {
        return Some((c, 0));
    }
    if c.const_opcode() != Some(Opcode::LLVMGetElementPtr) {
        return None;
    }
    let ops = c.operands();
    let (g, base) = const_address(lay, *ops.first()?)?;
    let off = const_gep_offset(lay, c.const_gep_source_type()?, &ops[1..])?;
    Some((g, base + off))
}

/// `t`, and its element type while it is an array.
fn array_chain(t: Type<'_>) -> impl Iterator<Item = Type<'_>> {
    std::iter::successors(Some(t), |t| t.element_type().filter(|_| t.is_array()))
}

/// The element type of (nested) arrays, or `t`.
fn innermost(t: Type<'_>) -> Type<'_> {
    array_chain(t).last().unwrap_or(t)
}

/// A constant address made of typed GEPs on a global, as (global, new byte
/// offset): each step translated by its own type, so a pointer one past an
/// array field stays one past it. `None` where a step's type is not the
/// type of what it steps over (a byte offset into a structure, say).
pub fn const_new_address<'m>(lay: &Layouts<'m>, c: Value<'m>) -> Option<(Value<'m>, i64)> {
    const_walk(lay, c).map(|(g, off, _)| (g, off))
}

fn const_walk<'m>(lay: &Layouts<'m>, c: Value<'m>) -> Option<(Value<'m>, i64, Type<'m>)> {
    if c.kind() == ValueKind::GlobalVariable {
        return Some((c, 0, c.global_value_type()?));
    }
    if c.const_opcode() != Some(Opcode::LLVMGetElementPtr) {
        return None;
    }
    let ops = c.operands();
    let (g, base, at) = const_walk(lay, *ops.first()?)?;
    let src = c.const_gep_source_type()?;
    // The first index steps over objects of `src`: what the base points to,
    // or an element of the array it points to.
    let fits = at == src || (at.is_array() && at.element_type() == Some(src));
    if !fits {
        return None;
    }
    let idx = &ops[1..];
    let mut off = idx.first()?.const_int_value()?.checked_mul(lay.new_size(src) as i64)?;
    let mut t = src;
    for i in idx.iter().skip(1) {
        match t.kind() {
            TypeKind::LLVMStructTypeKind => {
                let k = i.const_uint_value()? as u32;
                off += match lay.plan(t) {
                    Some(p) => (*p.new_off.get(k as usize)?)? as i64,
                    None => lay.dl.field_offset(t, k)? as i64,
                };
                t = *t.struct_fields().get(k as usize)?;
            }
            TypeKind::LLVMArrayTypeKind => {
                let e = t.element_type()?;
                off += i.const_int_value()?.checked_mul(lay.new_size(e) as i64)?;
                t = e;
            }
            _ => return None,
        }
    }
    Some((g, base + off, t))
}

/// `v` (a count of bytes of objects `old` bytes long) rescaled to objects
/// `new` bytes long: with `at`, the new value is built before that
/// instruction; without, only checked. Understands constants, `mul`,
/// `shl` (of a size by anything, or of anything by a constant), `add` of
/// two such values and `zext`/`sext` of one.
pub fn rescale<'m>(
    m: &'m Module<'_>,
    v: Value<'m>,
    old: u64,
    new: u64,
    at: Option<&dtrans_ir::Builder<'m>>,
) -> Result<Option<Value<'m>>, String> {
    rescale_depth(m, v, old, new, at, 0)
}

fn rescale_depth<'m>(
    m: &'m Module<'_>,
    v: Value<'m>,
    old: u64,
    new: u64,
    at: Option<&dtrans_ir::Builder<'m>>,
    depth: u32,
) -> Result<Option<Value<'m>>, String> {
    if depth > 12 || old == 0 {
        return Err(format!("{v} is not a size the pass can rewrite"));
    }
    if let Some(c) = v.const_int_value() {
        if c % old as i64 != 0 {
            return Err(format!("{c} is not a multiple of {old}"));
        }
        return match at {
            Some(_) => Ok(Some(m.const_int_of(v.ty(), c / old as i64 * new as i64).map_err(|e| e.to_string())?)),
            None => Ok(None),
        };
    }
    let Some(i) = v.as_instruction() else { return Err(format!("{v} is not a size the pass can rewrite")) };
    let (a, b) = (i.operand(0), i.operand(1));
    let err = || format!("{} is not a size the pass can rewrite", v);
    match i.opcode() {
        Opcode::LLVMMul => {
            let (a, b) = (a.ok_or_else(err)?, b.ok_or_else(err)?);
            if let Ok(nb) = rescale_depth(m, b, old, new, at, depth + 1) {
                return Ok(match (at, nb) {
                    (Some(bld), Some(nb)) => Some(bld.clone_binop(i, a, nb).map_err(|e| e.to_string())?),
                    _ => None,
                });
            }
            let na = rescale_depth(m, a, old, new, at, depth + 1)?;
            Ok(match (at, na) {
                (Some(bld), Some(na)) => Some(bld.clone_binop(i, na, b).map_err(|e| e.to_string())?),
                _ => None,
            })
        }
        Opcode::LLVMShl => {
            let (a, b) = (a.ok_or_else(err)?, b.ok_or_else(err)?);
            // `size << k`: the size scales, whatever k is.
            if b.const_uint_value().is_none() {
                let na = rescale_depth(m, a, old, new, at, depth + 1)?;
                return Ok(match (at, na) {
                    (Some(bld), Some(na)) => Some(bld.clone_binop(i, na, b).map_err(|e| e.to_string())?),
                    _ => None,
                });
            }
            let k = b.const_uint_value().filter(|k| *k < 63).ok_or_else(err)?;
            let p = 1u64 << k;
            if p.is_multiple_of(old) {
                return Ok(match at {
                    Some(bld) => {
                        let c = m.const_int_of(v.ty(), (p / old * new) as i64).map_err(|e| e.to_string())?;
                        Some(bld.mul(a, c, "").map_err(|e| e.to_string())?)
                    }
                    None => None,
                });
            }
            let na = rescale_depth(m, a, old, new, at, depth + 1)?;
            Ok(match (at, na) {
                (Some(bld), Some(na)) => Some(bld.clone_binop(i, na, b).map_err(|e| e.to_string())?),
                _ => None,
            })
        }
        Opcode::LLVMAdd => {
            let (a, b) = (a.ok_or_else(err)?, b.ok_or_else(err)?);
            let na = rescale_depth(m, a, old, new, at, depth + 1)?;
            let nb = rescale_depth(m, b, old, new, at, depth + 1)?;
            Ok(match (at, na, nb) {
                (Some(bld), Some(na), Some(nb)) => Some(bld.clone_binop(i, na, nb).map_err(|e| e.to_string())?),
                _ => None,
            })
        }
        Opcode::LLVMZExt | Opcode::LLVMSExt => {
            let a = a.ok_or_else(err)?;
            let na = rescale_depth(m, a, old, new, at, depth + 1)?;
            Ok(match (at, na) {
                (Some(bld), Some(na)) => Some(bld.clone_cast(i, na, v.ty()).map_err(|e| e.to_string())?),
                _ => None,
            })
        }
        _ => Err(err()),
    }
}

/// Whether integer `v` is always a multiple of `old` (a byte offset of
/// whole elements): a constant multiple, a product with one, a sum,
/// difference, shift, extension or choice of such, or a phi of such (a
/// cycle of phis is assumed so while its other inputs are checked: the
/// induction variable of a walk over elements at -O2).
pub(super) fn multiple_of<'m>(v: Value<'m>, old: u64, seen: &mut Vec<Value<'m>>) -> bool {
    if old == 0 || seen.len() > 32 {
        return false;
    }
    if let Some(c) = v.const_int_value() {
        return c % old as i64 == 0;
    }
    let Some(i) = v.as_instruction() else { return false };
    let op = |k: u32| i.operand(k);
    match i.opcode() {
        Opcode::LLVMPHI => {
            if seen.contains(&v) {
                return true;
            }
            seen.push(v);
            i.incoming().into_iter().all(|(x, _)| multiple_of(x, old, seen))
        }
        Opcode::LLVMAdd | Opcode::LLVMSub => {
            op(0).is_some_and(|a| multiple_of(a, old, seen)) && op(1).is_some_and(|b| multiple_of(b, old, seen))
        }
        Opcode::LLVMMul => {
            op(0).is_some_and(|a| multiple_of(a, old, seen)) || op(1).is_some_and(|b| multiple_of(b, old, seen))
        }
        Opcode::LLVMShl => {
            let pow = op(1).and_then(|k| k.const_uint_value()).filter(|k| *k < 63).map(|k| 1u64 << k);
            pow.is_some_and(|p| p.is_multiple_of(old)) || op(0).is_some_and(|a| multiple_of(a, old, seen))
        }
        Opcode::LLVMSExt | Opcode::LLVMZExt => op(0).is_some_and(|a| multiple_of(a, old, seen)),
        Opcode::LLVMSelect => {
            op(1).is_some_and(|a| multiple_of(a, old, seen)) && op(2).is_some_and(|b| multiple_of(b, old, seen))
        }
        _ => false,
    }
}

/// Whether `name` is absent (it will be declared) or the library function
/// of that name: split structures' side arrays are allocated and freed by
/// the library directly.
fn library_usable(m: &Module<'_>, name: &str) -> bool {
    m.function(name).is_none_or(|f| dtrans_analysis::alloc::classify_library(f).is_some())
}

/// Whether `t` is `o` or lies at offset 0 of it (its first field, that
/// field's first field, ...).
fn leads_with<'m>(o: Type<'m>, t: Type<'m>) -> bool {
    let mut cur = o;
    for _ in 0..32 {
        if cur == t {
            return true;
        }
        if cur.kind() != TypeKind::LLVMStructTypeKind {
            return false;
        }
        match cur.struct_fields().first() {
            Some(f) => cur = *f,
            None => return false,
        }
    }
    false
}

/// Whether constant `e` is a value narrowed field `n` holds exactly: zero
/// (null, undef, poison), or an integer in its range (the bits of its
/// own when it is bit-packed).
fn narrow_holds(e: Value<'_>, n: Narrow) -> bool {
    if matches!(e.kind(), ValueKind::ConstantNull | ValueKind::Undef | ValueKind::Poison) {
        return true;
    }
    e.const_int_value().map(i128::from).is_some_and(|v| n.holds(v))
}
