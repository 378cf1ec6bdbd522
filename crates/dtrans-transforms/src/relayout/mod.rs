//! Relayout: the machinery of field reordering and dead field deletion, as
//! one OptBase pass parameterized by a [`Policy`] that chooses each
//! structure's new field list.
//!
//! 1. Candidates: structures the analysis finds legal for the policy's
//!    transformation, with a new layout the policy finds profitable.
//! 2. Planning ([`plan`]): every place of the module that depends on the
//!    layout of a changed type (the candidates and the structures that
//!    hold them by value) is classified before anything changes; a place
//!    that cannot be rewritten drops the structures it involves (with the
//!    reason in the report), and planning starts again.
//! 3. OptBase's steps: new types, dependents, bodies; globals rebuilt for
//!    the new layout ([`apply::rebuild_address`] and the initializer
//!    conversion here); each function rewritten ([`apply`]) and remapped.
//! 4. What the verifier does not check: struct-path TBAA tags on accesses
//!    to changed types become scalar tags, `!tbaa.struct` goes, alignments
//!    are capped, `dereferenceable` attributes go, and the debug
//!    information of each changed structure gets its new member offsets
//!    (or no members, where a bit-field or an unclear match makes offsets
//!    impossible to state), its new size, and no fragment records of the
//!    old layout.
use dtrans_analysis::fields::SingleValue;
use dtrans_analysis::info::{StructInfo, Transform};
use dtrans_ir::{dwarf, DiType, Function, Metadata, Module, Type, TypeKind, Value, ValueKind};
use dtrans_types::TypeId;
use rustc_hash::FxHashMap as HashMap;

use crate::optbase::{Changed, OptContext, OptError, OptPass, PassFactory};
use cost::{CostModel, Prediction};
use dtrans_analysis::regions::FrequencyEstimate;

pub mod apply;
mod blocked;
pub mod cost;
pub mod layouts;
pub mod plan;
mod scopes;
pub mod sites;
pub mod strip;
pub mod tbaa;

pub use layouts::Narrow;
use layouts::{Layouts, StructPlan};
use plan::Planner;
use sites::ArraySource;

/// What a policy sees of one candidate structure.
pub struct Candidate<'a> {
    pub name: String,
    pub info: &'a StructInfo,
    /// Per field: name (from debug information, else `fieldN`), size, ABI
    /// alignment, offset, and whether it is an aggregate (structure or
    /// array).
    pub fields: Vec<FieldFacts>,
    pub size: u64,
    /// Objects in the structure's one array, when the program says how
    /// many (a constant allocation run once, a global array).
    pub count: Option<u64>,
    /// Why the program may run threads (a function that starts one, an
    /// atomic instruction), if it may: fields that share a word would
    /// then be one memory location written by several threads.
    pub threads: Option<String>,
}

impl Candidate<'_> {
    /// What the cost model sees of it.
    pub fn shape(&self) -> cost::Shape<'_> {
        cost::Shape { fields: &self.fields, size: self.size, regions: &self.info.regions, count: self.count }
    }
}

#[derive(Clone, Debug)]
pub struct FieldFacts {
    pub name: String,
    pub size: u64,
    pub align: u64,
    pub offset: u64,
    pub aggregate: bool,
    /// The one value every read of the field gives, when the analysis
    /// knows it and the pass can write it as a constant of the field's
    /// type.
    pub constant: Option<String>,
    /// The width of an integer field.
    pub int_bits: Option<u32>,
}

/// A policy's decision for one structure.
#[derive(Clone, Debug, Default)]
pub struct Choice {
    /// Old field indices that stay, in their new order.
    pub order: Vec<u32>,
    /// Old fields moved to side arrays, one record per group (peel,
    /// aos-to-soa), with a name for each group's record type.
    pub groups: Vec<(String, Vec<u32>)>,
    /// What the change does, in words.
    pub detail: String,
    /// Integer fields stored narrower (compress-fields).
    pub narrow: Vec<Narrow>,
    /// The most bytes a block takes (blocks: `CostModel::block_bytes_for`).
    pub block_bytes: Option<u64>,
}

/// Chooses new layouts.
pub trait Policy: Sync {
    fn pass_name(&self) -> &'static str;
    fn prefix(&self) -> &'static str;
    /// The analysis column whose legality the policy needs.
    fn transform(&self) -> Transform;
    /// Whether the policy splits structures into arrays (which needs one
    /// array holding every object: `sites::split_allowed`).
    fn splits(&self) -> bool {
        false
    }
    /// Whether the split is laid out in blocks inside every allocation
    /// (`blocks`: any number of arrays, `sites::blocks_allowed`) rather
    /// than in side arrays of one array.
    fn blocked(&self) -> bool {
        false
    }
    /// The new field list (old indices, in the new order; deleted or moved
    /// fields left out), the side groups and what it does in words, or why
    /// the structure is left alone. The cost model decides (`model`), and
    /// what it predicted goes to `pred` (for the report).
    fn choose(&self, c: &Candidate<'_>, model: &CostModel, pred: &mut Option<Prediction>) -> Result<Choice, String>;
}

/// How the pointers to a structure split into arrays are stored in the
/// fields of split structures (document 002's peeling index).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum IndexWidth {
    /// 32-bit indices where the element count is a constant that fits
    /// and the indices shrink a record of the structure holding them;
    /// elsewhere the pointers stay (a 64-bit index holds what the pointer
    /// does in the same bytes; an index that saves no byte only adds a
    /// decode to every use).
    #[default]
    Auto,
    /// 32-bit indices for every split structure, with a check at the
    /// allocation that stops the program if the count does not fit.
    Bits32,
    /// Pointers stay pointers.
    Bits64,
}

impl std::fmt::Display for IndexWidth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            IndexWidth::Auto => "auto",
            IndexWidth::Bits32 => "32",
            IndexWidth::Bits64 => "64",
        })
    }
}

impl std::str::FromStr for IndexWidth {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(IndexWidth::Auto),
            "32" => Ok(IndexWidth::Bits32),
            "64" => Ok(IndexWidth::Bits64),
            _ => Err(format!("'{s}' is not an index width (auto, 32 or 64)")),
        }
    }
}

/// The largest element count whose indices (1 to count + 1: an element,
/// or one past the last; 0 is null) fit in 32 bits.
pub const MAX_INDEXED: u64 = u32::MAX as u64 - 1;

pub struct RelayoutFactory {
    pub policy: &'static dyn Policy,
    pub index: IndexWidth,
    pub cost: CostModel,
    /// Layouts the model predicts beside its own candidates (the report).
    pub eval: Vec<cost::EvalLayout>,
    /// `blocks`: steps over a variable count of elements call
    /// `blocked::step_function` (for [`strip`] after LLVM's first run).
    pub step_calls: bool,
}

impl RelayoutFactory {
    pub fn new(policy: &'static dyn Policy) -> Self {
        RelayoutFactory {
            policy,
            index: IndexWidth::Auto,
            cost: CostModel::default(),
            eval: Vec::new(),
            step_calls: false,
        }
    }
}

impl PassFactory for RelayoutFactory {
    fn prefix(&self) -> &'static str {
        self.policy.prefix()
    }

    fn estimate(&self) -> FrequencyEstimate {
        self.cost.estimate()
    }

    fn build<'m>(&self, m: &'m Module<'_>) -> Box<dyn OptPass<'m> + 'm> {
        Box::new(Relayout {
            policy: self.policy,
            index: self.index,
            cost: self.cost,
            eval: self.eval.clone(),
            pointer_fields: HashMap::default(),
            counts: HashMap::default(),
            resized: Default::default(),
            blocked: Default::default(),
            least_alloc: Default::default(),
            least_library: Default::default(),
            block_bytes: Default::default(),
            global_arrays: HashMap::default(),
            no_index: HashMap::default(),
            holders: Vec::new(),
            complex: HashMap::default(),
            lay: Layouts::new(m.data_layout()),
            actions: HashMap::default(),
            details: HashMap::default(),
            names: HashMap::default(),
            constants: HashMap::default(),
            splits: apply::Splits {
                narrow_checks: HashMap::default(),
                arrays: HashMap::default(),
                pointer_tag: None,
                blocks: HashMap::default(),
                block_fns: None,
                slabs: HashMap::default(),
                step_calls: self.step_calls,
            },
            groups: HashMap::default(),
            narrow: HashMap::default(),
            tbaa: tbaa::TbaaRewrite::default(),
        })
    }
}

struct Relayout<'m> {
    policy: &'static dyn Policy,
    index: IndexWidth,
    cost: CostModel,
    eval: Vec<cost::EvalLayout>,
    /// Structure name -> its fields declared as pointers to a structure
    /// (old field, the pointee's name): the index field candidates.
    pointer_fields: HashMap<String, Vec<(u32, String)>>,
    /// Split structure name -> its element count, when the allocation's
    /// size is a constant.
    counts: HashMap<String, Option<u64>>,
    /// Split structures whose array is resized by realloc.
    resized: rustc_hash::FxHashSet<String>,
    /// Structures laid out in blocks (the `blocks` pass).
    blocked: rustc_hash::FxHashSet<String>,
    /// Blocked structure name -> its allocation of a constant count asking
    /// for the fewest bytes (bytes, count, function): under half a block it
    /// would waste more than it holds, so the structure is refused.
    least_alloc: HashMap<String, sites::Least>,
    /// The same among the library's allocations of it, which share blocks
    /// when small (slabs): checked only where they cannot.
    least_library: HashMap<String, sites::Least>,
    /// Blocked structure name -> the most bytes its blocks take.
    block_bytes: HashMap<String, u64>,
    /// Split structure name -> the global array holding every instance,
    /// and how many it holds.
    global_arrays: HashMap<String, (Value<'m>, u64)>,
    /// Split structure name -> why its pointers stay pointers.
    no_index: HashMap<String, String>,
    /// Names of the dependent types (`__SOADT_`) among the candidates.
    holders: Vec<String>,
    /// Structure name -> its fields whose address has a complex use.
    complex: HashMap<String, Vec<u32>>,
    lay: Layouts<'m>,
    actions: HashMap<Function<'m>, Vec<plan::Action<'m>>>,
    /// Structure name -> what the policy did.
    details: HashMap<String, String>,
    /// Structure name -> field names.
    names: HashMap<String, Vec<String>>,
    /// Structure name -> per field, the constant its reads become.
    constants: HashMap<String, Vec<Option<String>>>,
    /// Arrays of the structures split by peel or aos-to-soa.
    splits: apply::Splits<'m>,
    /// Structure name -> its side groups (name, old fields).
    groups: HashMap<String, Vec<(String, Vec<u32>)>>,
    /// Structure name -> its narrowed integer fields.
    narrow: HashMap<String, Vec<Narrow>>,
    /// TBAA struct type nodes rebuilt for the new layouts.
    tbaa: tbaa::TbaaRewrite<'m>,
}

/// Named structures holding (by value) one of `changed`, to a fixed point.
fn dependents<'m>(m: &'m Module<'_>, changed: &[Type<'m>]) -> Vec<Type<'m>> {
    let all: Vec<Type<'m>> = m.struct_types_named().into_iter().map(|(t, _)| t).collect();
    let mut out: Vec<Type<'m>> = Vec::new();
    loop {
        let mut added = false;
        for s in &all {
            if changed.contains(s) || out.contains(s) || s.is_opaque_struct() {
                continue;
            }
            if s.struct_fields().into_iter().any(|f| changed.iter().chain(&out).any(|c| nests(f, *c))) {
                out.push(*s);
                added = true;
            }
        }
        if !added {
            return out;
        }
    }
}

/// The candidates nested (by value) in `t`, `t` included.
fn owners<'m>(t: Type<'m>, cands: &[Type<'m>], out: &mut Vec<Type<'m>>, depth: u32) {
    if depth > 32 {
        return;
    }
    if cands.contains(&t) && !out.contains(&t) {
        out.push(t);
    }
    match t.kind() {
        TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => {
            if let Some(e) = t.element_type() {
                owners(e, cands, out, depth + 1);
            }
        }
        TypeKind::LLVMStructTypeKind => {
            for f in t.struct_fields() {
                owners(f, cands, out, depth + 1);
            }
        }
        _ => {}
    }
}

impl<'m> Relayout<'m> {
    /// The layouts of `cands` (with their orders) and of their dependents,
    /// each computed after those of the structures it holds.
    ///
    /// With `--index-width auto`, a structure keeps its pointer fields as
    /// pointers when 32-bit indices would shrink none of its records (a
    /// 12-byte `{long key; next}` is padded to 16 either way): an index
    /// costs a decode (a shift and an add) at each use, on the critical
    /// path of a pointer chase, and saves nothing there.
    fn layouts(&self, m: &'m Module<'_>, cands: &[(Type<'m>, Vec<u32>)]) -> Layouts<'m> {
        let lay = self.layouts_with(m, cands, &[]);
        if self.index != IndexWidth::Auto {
            return lay;
        }
        let useless: Vec<Type<'m>> = lay
            .index_fields
            .keys()
            .copied()
            .filter(|h| {
                let Some(with) = lay.plans.get(h) else { return false };
                let groups: Vec<Vec<u32>> = with.groups.iter().map(|g| g.fields.clone()).collect();
                let mut without = Layouts::new(m.data_layout());
                without.plans = lay.plans.clone();
                let Some(plain) = without.compute_split(*h, &with.order, &groups) else { return false };
                with.new_size >= plain.new_size && with.groups.iter().zip(&plain.groups).all(|(a, b)| a.size >= b.size)
            })
            .collect();
        if useless.is_empty() {
            lay
        } else {
            self.layouts_with(m, cands, &useless)
        }
    }

    /// [`Relayout::layouts`] with the pointer fields of `pointers` kept.
    fn layouts_with(&self, m: &'m Module<'_>, cands: &[(Type<'m>, Vec<u32>)], pointers: &[Type<'m>]) -> Layouts<'m> {
        let mut lay = Layouts::new(m.data_layout());
        let list: Vec<Type<'m>> = cands.iter().map(|(t, _)| *t).collect();
        self.choose_indices(m, &list, &mut lay);
        lay.index_fields.retain(|h, _| !pointers.contains(h));
        for t in &list {
            if let Some(n) = t.struct_name().and_then(|n| self.narrow.get(&n)) {
                lay.narrow.insert(*t, n.clone());
            }
        }
        let used: Vec<Type<'m>> = lay.index_fields.values().flatten().map(|(_, s)| *s).collect();
        lay.index_targets.retain(|s, _| used.contains(s));
        lay.resized =
            list.iter().copied().filter(|t| t.struct_name().is_some_and(|n| self.resized.contains(&n))).collect();
        lay.global_arrays = list
            .iter()
            .copied()
            .filter(|t| t.struct_name().is_some_and(|n| self.global_arrays.contains_key(&n)))
            .collect();
        let blocked: Vec<Type<'m>> =
            list.iter().copied().filter(|t| t.struct_name().is_some_and(|n| self.blocked.contains(&n))).collect();
        let mut pending: Vec<(Type<'m>, Vec<u32>)> = cands.to_vec();
        for d in dependents(m, &list) {
            pending.push((d, (0..d.struct_fields().len() as u32).collect()));
        }
        let all: Vec<Type<'m>> = pending.iter().map(|(t, _)| *t).collect();
        while !pending.is_empty() {
            let before = pending.len();
            pending.retain(|(t, order)| {
                let waits = t
                    .struct_fields()
                    .into_iter()
                    .any(|f| all.iter().any(|c| c != t && !lay.plans.contains_key(c) && nests(f, *c)));
                if waits {
                    return true;
                }
                let groups: Vec<Vec<u32>> = t
                    .struct_name()
                    .and_then(|n| self.groups.get(&n))
                    .map(|g| g.iter().map(|(_, f)| f.clone()).collect())
                    .unwrap_or_default();
                if let Some(mut p) = lay.compute_split(*t, order, &groups) {
                    if let Some(c) = t.struct_name().and_then(|n| self.constants.get(&n)) {
                        p.constants = c.clone();
                    }
                    lay.plans.insert(*t, p);
                }
                false
            });
            if pending.len() == before {
                break; // no structure holds itself by value: unreachable
            }
        }
        for t in blocked {
            let Some(p) = lay.plans.get(&t) else { continue };
            let sizes: Vec<u64> = std::iter::once(p.new_size).chain(p.groups.iter().map(|g| g.size)).collect();
            let aligns: Vec<u64> = std::iter::once(p.new_align).chain(p.groups.iter().map(|g| g.align)).collect();
            // (`None`: fewer than the least per block fit; the structure
            // is refused after planning.)
            let max = t.struct_name().and_then(|n| self.block_bytes.get(&n).copied()).unwrap_or(self.cost.block_bytes);
            if let Some(g) = layouts::BlockGeom::new(max, &sizes, &aligns, self.cost.block_min) {
                lay.blocks.insert(t, g);
            }
        }
        lay
    }
}

/// A field holding an index: (old field, the split structure).
type IndexField<'m> = (u32, Type<'m>);

/// The prefix of document 002's dependent types: structures that are not
/// split but hold pointers into a split array, stored as indices.
pub const HOLDER_PREFIX: &str = "__SOADT_";

impl<'m> Relayout<'m> {
    fn is_holder(&self, t: Type<'m>) -> bool {
        t.struct_name().is_some_and(|n| self.holders.contains(&n))
    }

    /// Structures that hold pointers to a split candidate, are not
    /// candidates themselves, whose layout may change and whose fields'
    /// addresses are not taken (the analysis's verdict for delete-field):
    /// candidates with their own field order, whose pointer fields may
    /// become indices.
    fn add_holders(&mut self, cx: &mut OptContext<'m, '_>, cands: &mut Vec<(Type<'m>, Vec<u32>)>) {
        if self.groups.is_empty() || self.index == IndexWidth::Bits64 {
            return;
        }
        let m = cx.m;
        let composites = m.debug_composites();
        let tm = cx.info.ptr.tm();
        for s in &cx.info.structs {
            let name = tm.struct_name(s.ty).unwrap_or_default().to_string();
            let Some(t) = m.struct_type(&name).filter(|t| t.is_sized() && !t.is_opaque_struct()) else { continue };
            let points = self
                .pointer_fields
                .get(&name)
                .is_some_and(|p| p.iter().any(|(_, target)| self.groups.contains_key(target)));
            if !points || t.is_packed_struct() || cands.iter().any(|(c, _)| *c == t) {
                continue;
            }
            // Its layout may change, and no field's address is taken (an
            // index field is read and written only where the pass sees it).
            if cx.rejection(s, Transform::DeleteField).is_some() {
                continue;
            }
            self.names.insert(name.clone(), field_names(m, &composites, t));
            self.details.insert(name.clone(), "a dependent type (document 002)".into());
            self.holders.push(name);
            cands.push((t, (0..t.struct_fields().len() as u32).collect()));
        }
    }

    /// Which fields of the split candidates become indices: a field
    /// declared as a pointer to a split candidate whose count fits in 32
    /// bits (proven, or checked when the program runs with `--index-width
    /// 32`).
    fn choose_indices(&self, m: &'m Module<'_>, cands: &[Type<'m>], lay: &mut Layouts<'m>) {
        if self.index == IndexWidth::Bits64 {
            return;
        }
        let split = |t: &Type<'m>| t.struct_name().is_some_and(|n| self.groups.contains_key(&n));
        for t in cands.iter().filter(|t| split(t)) {
            let name = t.struct_name().unwrap_or_default();
            let Some(count) = self.counts.get(&name) else { continue };
            if self.no_index.contains_key(&name) {
                continue;
            }
            let proven = count.is_some_and(|c| c <= MAX_INDEXED);
            if proven || self.index == IndexWidth::Bits32 {
                lay.index_targets.insert(*t, !proven);
            }
        }
        for h in cands.iter().filter(|t| split(t) || self.is_holder(**t)) {
            let Some(ptrs) = h.struct_name().and_then(|n| self.pointer_fields.get(&n)) else { continue };
            let complex = h.struct_name().and_then(|n| self.complex.get(&n));
            let (fields, refused): (Vec<IndexField<'m>>, Vec<IndexField<'m>>) = ptrs
                .iter()
                .filter_map(|(k, target)| m.struct_type(target).map(|s| (*k, s)))
                .filter(|(_, s)| lay.index_targets.contains_key(s))
                // A field whose address is used other than by loads,
                // stores and steps stays a pointer.
                .partition(|(k, _)| !complex.is_some_and(|c| c.contains(k)));
            lay.index_refused.extend(refused.into_iter().map(|(k, _)| (*h, k)));
            if !fields.is_empty() {
                lay.index_fields.insert(*h, fields);
            }
        }
        // A target no field points to needs no check.
        let used: Vec<Type<'m>> = lay.index_fields.values().flatten().map(|(_, s)| *s).collect();
        lay.index_targets.retain(|s, _| used.contains(s));
    }
}

/// The structure types the module's code and globals use, and those
/// nested in them. The annotator makes an LLVM type for a source structure
/// the IR has none of (only its debug description is left after SROA, or
/// llvm-link gave its objects another structure's type); such a type is
/// named only by metadata, and a pass that "changed" it would change
/// nothing. (Types are collected generously: one left out is only refused.)
fn used_struct_types<'m>(m: &'m Module<'_>) -> std::collections::HashSet<Type<'m>> {
    let mut work: Vec<Type<'m>> = Vec::new();
    // Constants whose expressions may name a structure: a global's
    // initializer, and instruction operands (clang lays a global with
    // bit-fields out as a literal structure and reaches its fields by
    // constant GEPs of the named one).
    let mut consts: Vec<Value<'m>> = Vec::new();
    let const_operands = |v: Value<'m>| {
        (0..v.num_operands()).filter_map(move |k| v.operand(k)).filter(|o| o.is_constant() && !o.is_global_value())
    };
    for g in m.globals() {
        work.extend(g.global_value_type());
        consts.extend(g.initializer());
    }
    for f in m.functions() {
        let fty = f.function_type();
        work.extend(fty.return_type());
        work.extend(fty.param_types());
        for i in f.instructions() {
            let v = i.as_value();
            work.push(v.ty());
            work.extend(i.allocated_type());
            work.extend(i.gep_source_type());
            work.extend((0..v.num_operands()).filter_map(|k| v.operand(k)).map(|o| o.ty()));
            consts.extend(const_operands(v));
        }
    }
    let mut seen_consts = std::collections::HashSet::new();
    while let Some(c) = consts.pop() {
        if !seen_consts.insert(c) {
            continue;
        }
        work.push(c.ty());
        work.extend(c.const_gep_source_type());
        consts.extend(const_operands(c));
    }
    let mut seen = std::collections::HashSet::new();
    while let Some(t) = work.pop() {
        if !seen.insert(t) {
            continue;
        }
        match t.kind() {
            TypeKind::LLVMStructTypeKind => work.extend(t.struct_fields()),
            TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => work.extend(t.element_type()),
            _ => {}
        }
    }
    seen.retain(|t| t.kind() == TypeKind::LLVMStructTypeKind);
    seen
}

/// Why the program of `m` may run more than one thread, if it may: it
/// refers to a function that starts a thread or belongs to a threading
/// library (POSIX and C11 threads, OpenMP's runtimes, C++'s
/// `std::thread`, `clone`), to `signal`/`sigaction` (a handler runs
/// between any two instructions), or it has an atomic instruction or a
/// fence (written for threads), or it calls a function without a body
/// that dtrans does not know to start no thread: only LLVM's intrinsics,
/// the C library functions of `libfuncs::lib_effect` and the allocation
/// functions are known; anything else (a native library that may call
/// back into the program from its own threads, `dlsym`, which may return
/// `pthread_create`) may. Bit-level packing needs a program in which no
/// field is written while another code path reads or writes a field
/// sharing its word.
pub fn may_run_threads(m: &Module<'_>) -> Option<String> {
    const PREFIXES: &[&str] = &[
        "pthread_",
        "thrd_",
        "mtx_",
        "cnd_",
        "tss_",
        "__kmpc_",
        "GOMP_",
        "omp_",
        "_ZNSt6thread",
        "_ZSt9this_thread",
        "__gthread",
        "uv_thread",
        "g_thread",
    ];
    const NAMES: &[&str] =
        &["call_once", "clone", "clone3", "__clone", "signal", "sigaction", "__sysv_signal", "bsd_signal", "sigset"];
    for f in m.functions() {
        let name = f.name();
        if PREFIXES.iter().any(|p| name.starts_with(p)) || NAMES.contains(&name.as_str()) {
            return Some(format!("it refers to @{name}"));
        }
    }
    if let Some(f) = dtrans_analysis::libfuncs::first_unknown_declaration(m) {
        return Some(format!("it calls @{}, which dtrans does not know to start no thread", f.name()));
    }
    for f in m.functions() {
        for i in f.instructions() {
            use dtrans_ir::Opcode as O;
            let atomic = match i.opcode() {
                O::LLVMAtomicRMW | O::LLVMAtomicCmpXchg | O::LLVMFence => true,
                O::LLVMLoad | O::LLVMStore => i.is_atomic(),
                _ => false,
            };
            if atomic {
                return Some(format!("@{} has an atomic instruction", f.name()));
            }
        }
    }
    None
}

/// Whether `t` is or holds `inner` by value.
fn nests<'m>(t: Type<'m>, inner: Type<'m>) -> bool {
    if t == inner {
        return true;
    }
    match t.kind() {
        TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => t.element_type().is_some_and(|e| nests(e, inner)),
        TypeKind::LLVMStructTypeKind => t.struct_fields().into_iter().any(|f| nests(f, inner)),
        _ => false,
    }
}

impl<'m> OptPass<'m> for Relayout<'m> {
    fn prepare_types(&mut self, cx: &mut OptContext<'m, '_>) -> Result<(), OptError> {
        let m = cx.m;
        let dl = m.data_layout();
        let composites = m.debug_composites();
        let tm = cx.info.ptr.tm();
        let mut cands: Vec<(Type<'m>, Vec<u32>)> = Vec::new();
        let used = used_struct_types(m);
        let threads = may_run_threads(m);
        for s in &cx.info.structs {
            let name = tm.struct_name(s.ty).unwrap_or_default().to_string();
            // Fields declared as pointers to a structure: where indices may go.
            let ir_fields = m.struct_type(&name).map(|t| t.struct_fields()).unwrap_or_default();
            if let Some(body) = tm.lookup_struct(&name).and_then(|x| tm.struct_body(x)).and_then(|b| b.fields.clone()) {
                let ptrs: Vec<(u32, String)> = body
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| ir_fields.get(*k).is_some_and(|f| f.is_pointer()))
                    .filter_map(|(k, f)| Some((k as u32, tm.struct_name(tm.pointee(*f)?)?.to_string())))
                    .collect();
                self.pointer_fields.insert(name.clone(), ptrs);
            }
            let complex: Vec<u32> = (0..s.fields.len() as u32).filter(|k| s.fields[*k as usize].complex_use).collect();
            self.complex.insert(name.clone(), complex);
            let weight = cx.weight(&format!("%{name}"), s, self.policy.transform());
            cx.outcome.weights.push(weight);
            // (Blocks lays out local arrays too: `sites::blocks_allowed`.)
            if let Some(why) = cx.rejection_with(s, self.policy.transform(), self.policy.blocked()) {
                cx.outcome.rejected.push((format!("%{name}"), why));
                continue;
            }
            let Some(t) = m.struct_type(&name).filter(|t| t.is_sized() && !t.is_opaque_struct()) else { continue };
            if !used.contains(&t) {
                let why = "no instruction or global uses it (a type known from debug information only)";
                cx.outcome.rejected.push((format!("%{name}"), why.into()));
                continue;
            }
            if t.is_packed_struct() {
                cx.outcome.rejected.push((format!("%{name}"), "packed".into()));
                continue;
            }
            let fields_ty = t.struct_fields();
            let names = field_names(m, &composites, t);
            let fields: Vec<FieldFacts> = fields_ty
                .iter()
                .enumerate()
                .map(|(i, f)| FieldFacts {
                    name: names[i].clone(),
                    size: dl.alloc_size(*f).unwrap_or(0),
                    align: u64::from(dl.abi_align(*f).unwrap_or(1)),
                    offset: dl.field_offset(t, i as u32).unwrap_or(0),
                    aggregate: matches!(f.kind(), TypeKind::LLVMStructTypeKind | TypeKind::LLVMArrayTypeKind),
                    constant: match &s.fields[i].single_value {
                        SingleValue::Single(v) if apply::constant_of(m, *f, v).is_some() => Some(v.clone()),
                        _ => None,
                    },
                    int_bits: f.int_width(),
                })
                .collect();
            let size = dl.alloc_size(t).unwrap_or(0);
            let blocked = self.policy.blocked();
            let source = if blocked {
                sites::blocks_allowed(cx, s.ty, size, self.cost.block_min)
            } else {
                sites::split_allowed(cx, s.ty)
            };
            let count = match &source {
                Ok(ArraySource::Once(site)) => sites::constant_count(*site, size),
                Ok(ArraySource::Global { count, .. }) => Some(*count),
                _ => None,
            };
            // A split needs one array: without it, nothing to predict.
            if let (true, Err(why)) = (self.policy.splits(), &source) {
                cx.outcome.rejected.push((format!("%{name}"), why.clone()));
                continue;
            }
            let c = Candidate { name: format!("%{name}"), info: s, fields, size, count, threads: threads.clone() };
            let mut prediction = None;
            let choice = self.policy.choose(&c, &self.cost, &mut prediction).and_then(|ch| {
                if ch.groups.is_empty() {
                    Ok(ch)
                } else if blocked {
                    self.blocked.insert(name.clone());
                    if let Ok(ArraySource::Blocks { least, least_library }) = source {
                        if let Some(least) = least {
                            self.least_alloc.insert(name.clone(), least);
                        }
                        if let Some(least) = least_library {
                            self.least_library.insert(name.clone(), least);
                        }
                    }
                    Ok(ch)
                } else {
                    sites::split_allowed(cx, s.ty).map(|source| {
                        let count = match source {
                            ArraySource::Once(site) => sites::constant_count(site, c.size),
                            ArraySource::Resized => {
                                self.resized.insert(name.clone());
                                // An index decodes against the current
                                // array: a program that rebases its
                                // pointers after a realloc (`p - old`)
                                // needs the pointers.
                                if self.index == IndexWidth::Bits32 {
                                    self.no_index.insert(
                                        name.clone(),
                                        "its array is resized by realloc (pointers into the old array are what a \
                                         program rebases)"
                                            .into(),
                                    );
                                }
                                None
                            }
                            ArraySource::Global { array, count } => {
                                self.global_arrays.insert(name.clone(), (array, count));
                                Some(count)
                            }
                            ArraySource::Blocks { .. } => None,
                        };
                        self.counts.insert(name.clone(), count);
                        ch
                    })
                }
            });
            if let Some(p) = prediction.as_mut() {
                let shape = c.shape();
                for e in self.eval.iter().filter(|e| source_name(&e.structure) == source_name(&name)) {
                    if let Some(l) = e.layout(&c.fields) {
                        let t = self.cost.traffic(&shape, &l);
                        p.add(&e.label, &shape, &l, t);
                    }
                }
            }
            cx.outcome.predictions.extend(prediction);
            match choice {
                Ok(Choice { order, groups, detail, narrow, block_bytes }) => {
                    if let Some(b) = block_bytes {
                        self.block_bytes.insert(name.clone(), b);
                    }
                    if !groups.is_empty() {
                        self.groups.insert(name.clone(), groups);
                    }
                    let sharing: Vec<u32> = narrow
                        .iter()
                        .filter(|n| n.packed.is_some_and(|p| p.host != n.field))
                        .map(|n| n.field)
                        .collect();
                    if !narrow.is_empty() {
                        self.narrow.insert(name.clone(), narrow);
                    }
                    self.details.insert(name.clone(), detail);
                    self.names.insert(name.clone(), names);
                    // Fields deleted though read: their reads become constants.
                    // (A field bit-packed into another's word is not deleted.)
                    let consts: Vec<Option<String>> = c
                        .fields
                        .iter()
                        .enumerate()
                        .map(|(k, fl)| {
                            let deleted = !order.contains(&(k as u32)) && !sharing.contains(&(k as u32));
                            (deleted && s.fields[k].read).then(|| fl.constant.clone()).flatten()
                        })
                        .collect();
                    self.constants.insert(name, consts);
                    cands.push((t, order));
                }
                Err(why) => cx.outcome.rejected.push((format!("%{name}"), why)),
            }
        }
        self.add_holders(cx, &mut cands);
        // Plan, drop what cannot be rewritten, plan again.
        loop {
            if cands.is_empty() {
                return Ok(());
            }
            let lay = self.layouts(m, &cands);
            // Blocked structures whose blocks are too small for the least
            // per block, of page size where that form is not allowed, or
            // too large for an allocation of a constant count (a single
            // node would take a whole block).
            let cramped: Vec<(Type<'m>, String)> = cands
                .iter()
                .filter_map(|(t, _)| {
                    let name = t.struct_name().filter(|n| self.blocked.contains(n))?;
                    let Some(g) = lay.blocks.get(t) else {
                        return Some((
                            *t,
                            format!(
                                "fewer than {} elements fit in a block of {} bytes",
                                self.cost.block_min, self.cost.block_bytes
                            ),
                        ));
                    };
                    // (The policy chose a group order that gives a
                    // power-of-two count from the records' sizes before
                    // planning; should the plan's sizes differ, no page
                    // form slips through.)
                    if !g.per.is_power_of_two() && !self.cost.block_page_form {
                        return Some((
                            *t,
                            format!("{} per {}-byte block: not a power of two (block-page-form=0)", g.per, g.bytes),
                        ));
                    }
                    let own = self.least_alloc.get(&name);
                    let library = self.least_library.get(&name).filter(|_| !blocked::slab_fits(g));
                    let (bytes, _, place) = [own, library].into_iter().flatten().min_by_key(|l| l.0)?;
                    (bytes.saturating_mul(2) < g.bytes).then(|| {
                        let why = format!("less than half a block ({} elements, {} bytes)", g.per, g.bytes);
                        (*t, format!("{place}: {why}"))
                    })
                })
                .collect();
            if !cramped.is_empty() {
                for (t, why) in cramped {
                    let name = t.struct_name().unwrap_or_default();
                    self.blocked.remove(&name);
                    self.groups.remove(&name);
                    cx.outcome.rejected.push((format!("%{name}"), why));
                    cands.retain(|(c, _)| *c != t);
                }
                continue;
            }
            // A dependent type none of whose fields becomes an index (its
            // target was dropped, or keeps pointers) does not change.
            let before = cands.len();
            cands.retain(|(t, _)| !self.is_holder(*t) || lay.index_fields.contains_key(t));
            if cands.len() != before {
                continue;
            }
            // A structure split into arrays whose field holds (by value) a
            // structure this pass changes too: its fields move as units of
            // their old layout, so it is left alone.
            let nesting: Vec<(Type<'m>, String)> = cands
                .iter()
                .filter(|(t, _)| t.struct_name().is_some_and(|n| self.groups.contains_key(&n)))
                .filter_map(|(t, _)| {
                    let names = self.names.get(&t.struct_name().unwrap_or_default());
                    t.struct_fields().into_iter().enumerate().find(|(_, f)| lay.changed(*f)).map(|(k, f)| {
                        let field = names.and_then(|n| n.get(k)).cloned().unwrap_or_else(|| format!("field{k}"));
                        (*t, format!("its field {field} holds {f}, which this pass changes too"))
                    })
                })
                .collect();
            if !nesting.is_empty() {
                // (It may still change as a dependent of what it holds.)
                for (t, why) in nesting {
                    let name = t.struct_name().unwrap_or_default();
                    self.groups.remove(&name);
                    self.counts.remove(&name);
                    self.resized.remove(&name);
                    self.blocked.remove(&name);
                    self.global_arrays.remove(&name);
                    cx.outcome.rejected.push((format!("%{name}"), why));
                    cands.retain(|(c, _)| *c != t);
                }
                continue;
            }
            let mut planner = Planner::new(m, &cx.info, &lay);
            planner.plan_globals();
            for f in m.functions().filter(|f| !f.is_declaration()) {
                planner.plan_function(f);
            }
            if !planner.index_failures.is_empty() {
                // Those pointers stay pointers; the structures may still
                // change.
                for (t, why) in std::mem::take(&mut planner.index_failures) {
                    self.no_index.insert(t.struct_name().unwrap_or_default(), why);
                }
                continue;
            }
            if planner.failures.is_empty() {
                self.actions = std::mem::take(&mut planner.actions);
                drop(planner);
                self.lay = lay;
                break;
            }
            let list: Vec<Type<'m>> = cands.iter().map(|(t, _)| *t).collect();
            let mut dropped: Vec<Type<'m>> = Vec::new();
            for fl in &planner.failures {
                let mut blamed = Vec::new();
                for t in &fl.types {
                    owners(*t, &list, &mut blamed, 0);
                }
                if blamed.is_empty() {
                    blamed = list.clone(); // nothing to pin it on: every candidate
                }
                for b in blamed {
                    if !dropped.contains(&b) {
                        dropped.push(b);
                        let name = b.struct_name().unwrap_or_default();
                        cx.outcome.rejected.push((format!("%{name}"), format!("cannot rewrite {}", fl.why)));
                    }
                }
            }
            cands.retain(|(t, _)| !dropped.contains(t));
        }
        // A dependent type that changes was only refused as a split.
        let holders: Vec<String> = cands
            .iter()
            .filter(|(t, _)| self.is_holder(*t))
            .map(|(t, _)| format!("%{}", t.struct_name().unwrap_or_default()))
            .collect();
        cx.outcome.rejected.retain(|(n, _)| !holders.contains(n));
        for (t, _) in &cands {
            if self.is_holder(*t) {
                cx.add_own_as(*t, HOLDER_PREFIX);
            } else {
                cx.add_own(*t);
            }
        }
        Ok(())
    }

    fn populate_types(&mut self, cx: &mut OptContext<'m, '_>) -> Result<(), OptError> {
        for (old, new) in cx.own.clone() {
            let plan = self.lay.plans.get(&old).expect("a planned structure").clone();
            let fields = old.struct_fields();
            let i32t = cx.m.int_type(32);
            let nf: Vec<Type<'m>> = plan
                .order
                .iter()
                .map(|f| match (self.lay.index_target(old, *f), self.lay.narrowed(old, *f)) {
                    (Some(_), _) => i32t,
                    (None, Some(n)) => cx.m.int_type(n.bits),
                    (None, None) => cx.remap(fields[*f as usize]),
                })
                .collect();
            cx.own_bodies.push((new, nf, false));
        }
        // DTrans bodies: the old DTrans fields in the new order (an index
        // field is an i32).
        let index_ty = cx.types.tm.int(32);
        // (A narrowed field is 8, 16 or 32 bits.)
        let narrow_ty = [cx.types.tm.int(8), cx.types.tm.int(16), index_ty];
        let tm = &cx.types.tm;
        for (old, _) in &cx.own {
            let name = old.struct_name().unwrap_or_default();
            let plan = &self.lay.plans[old];
            if let Some(fields) = tm.lookup_struct(&name).and_then(|s| tm.struct_body(s)).and_then(|b| b.fields.clone())
            {
                let nf: Vec<TypeId> = plan
                    .order
                    .iter()
                    .filter_map(|f| match (self.lay.index_target(*old, *f), self.lay.narrowed(*old, *f)) {
                        (Some(_), _) => Some(index_ty),
                        (None, Some(n)) => Some(narrow_ty[(n.bits / 8).trailing_zeros() as usize]),
                        (None, None) => fields.get(*f as usize).copied(),
                    })
                    .collect();
                cx.own_dtrans.insert(name, nf);
            }
        }
        Ok(())
    }

    /// Checks the computed layouts against LLVM's, makes the side records
    /// and array globals of split structures, and reports them.
    fn prepare_module(&mut self, cx: &mut OptContext<'m, '_>) -> Result<(), OptError> {
        let m = cx.m;
        let dl = m.data_layout();
        self.splits.pointer_tag = apply::pointer_tag(m);
        let changed: Vec<Type<'m>> = cx.replaced().into_iter().map(|(o, _, _)| o).collect();
        self.tbaa = tbaa::TbaaRewrite::build(m, &self.lay, &changed);
        // The checks of narrowed fields whose stores are checked.
        for (old, narrows) in self.lay.narrow.clone() {
            let name = old.struct_name().unwrap_or_default();
            for n in narrows.iter().filter(|n| n.checked) {
                let field = self.names.get(&name).and_then(|v| v.get(n.field as usize)).cloned();
                let field = field.unwrap_or_else(|| format!("field{}", n.field));
                let wide = old.struct_fields()[n.field as usize];
                let check_name = format!("__dtrans_compress_check.{name}.{}", n.field);
                let what = format!("%{name} field {field}");
                let f = apply::build_narrow_check(m, &check_name, wide, n.bits, &what)?;
                self.splits.narrow_checks.insert((old, n.field), f);
            }
        }
        for (old, new) in cx.own.clone() {
            let name = old.struct_name().unwrap_or_default();
            let Some(groups) = self.groups.get(&name) else { continue };
            // Laid out in blocks: no array globals, the code's helpers.
            if let Some(g) = self.lay.blocks.get(&old) {
                if self.splits.block_fns.is_none() {
                    self.splits.block_fns = Some(blocked::build_fns(m)?);
                }
                let copy = blocked::build_whole(m, &format!("__dtrans_blocks_copy.{name}"), g, false)?;
                let set = blocked::build_whole(m, &format!("__dtrans_blocks_set.{name}"), g, true)?;
                self.splits.blocks.insert(old, (copy, set));
                // Small arrays share blocks where every resize of an
                // array is the library's realloc (which the helpers do).
                let user_realloc = self.actions.values().flatten().any(|a| {
                    matches!(a, plan::Action::BlockAlloc { owner, kind: dtrans_analysis::alloc::AllocKind::UserRealloc, .. } if *owner == old)
                });
                if blocked::slab_fits(g) && !user_realloc {
                    let fns = self.splits.block_fns.as_ref().expect("built above");
                    let slab = blocked::build_slab(m, &name, g, fns, (copy, set))?;
                    self.splits.slabs.insert(old, slab);
                }
                continue;
            }
            let plan = &self.lay.plans[&old];
            let fields = old.struct_fields();
            let ptr = m.pointer_type();
            let null = m.const_null(ptr);
            let new_name = new.struct_name().unwrap_or_default();
            // A global array: the bases are constants (the array, whose
            // replacement takes its uses at the end, and a zeroed global
            // array per side group), which loads of them fold to.
            let (global, count) = match self.global_arrays.get(&name) {
                Some((g, n)) => (Some(*g), *n),
                None => (None, 0),
            };
            let base = match global {
                Some(g) => m.add_internal_constant(&format!("{new_name}.base"), ptr, g)?,
                None => m.add_internal_global(&format!("{new_name}.base"), ptr, null)?,
            };
            let mut sides = Vec::new();
            let mut records = Vec::new();
            for (g, (gname, members)) in groups.iter().enumerate() {
                let rec = m.create_opaque_struct(&format!("{}.{gname}", new.struct_name().unwrap_or_default()));
                let ft: Vec<Type<'m>> = members
                    .iter()
                    .map(|f| match (self.lay.index_target(old, *f), self.lay.narrowed(old, *f)) {
                        (Some(_), _) => m.int_type(32),
                        (None, Some(n)) => m.int_type(n.bits),
                        (None, None) => fields[*f as usize],
                    })
                    .collect();
                m.set_struct_body(rec, &ft, false)?;
                let ok = dl.alloc_size(rec) == Some(plan.groups[g].size)
                    && members
                        .iter()
                        .enumerate()
                        .all(|(i, f)| dl.field_offset(rec, i as u32) == plan.side[*f as usize].map(|(_, o)| o));
                if !ok {
                    return Err(OptError::Unsupported(format!("the layout computed for {rec} is not LLVM's")));
                }
                let gv = match global {
                    Some(_) => {
                        let at = m.array_type(rec, count)?;
                        let storage = m.add_internal_global(&format!("{new_name}.{gname}"), at, m.const_null(at))?;
                        self.lay.side_storage.entry(old).or_default().push(storage);
                        m.add_internal_constant(&format!("{new_name}.{gname}.array"), ptr, storage)?
                    }
                    None => m.add_internal_global(&format!("{new_name}.{gname}.array"), ptr, null)?,
                };
                sides.push(gv);
                records.push(rec);
            }
            self.splits.arrays.insert(old, apply::SplitArrays { base, sides, records });
        }
        for (old, new, dependent) in cx.replaced() {
            let plan = self.lay.plans.get(&old).cloned().ok_or_else(|| {
                OptError::Unsupported(format!("{old} changed without a plan (a dependent the planner did not see)"))
            })?;
            let size_ok = dl.alloc_size(new) == Some(plan.new_size);
            let offsets_ok = plan
                .order
                .iter()
                .enumerate()
                .all(|(ni, f)| dl.field_offset(new, ni as u32) == plan.new_off[*f as usize]);
            if !size_ok || !offsets_ok {
                return Err(OptError::Unsupported(format!(
                    "the layout computed for {new} ({} bytes, offsets {:?}) is not LLVM's ({:?} bytes, {:?})",
                    plan.new_size,
                    plan.new_off,
                    dl.alloc_size(new),
                    new.struct_fields().iter().map(|f| format!("{f}")).collect::<Vec<_>>()
                )));
            }
            let name = old.struct_name().unwrap_or_default();
            let names = self
                .names
                .get(&name)
                .cloned()
                .unwrap_or_else(|| (0..old.struct_fields().len()).map(|i| format!("field{i}")).collect());
            let fields = old.struct_fields();
            let describe = |i: usize, off: u64, new: bool| match (
                self.lay.index_target(old, i as u32),
                self.lay.narrowed(old, i as u32),
            ) {
                (Some(s), _) if new => {
                    format!("{}: i32 @{off} (index into %{})", names[i], s.struct_name().unwrap_or_default())
                }
                (_, Some(n)) if new && n.packed.is_some() => {
                    let members = self.lay.pack_members(old, i as u32);
                    let all: Vec<&str> = members.iter().map(|x| names[x.field as usize].as_str()).collect();
                    let bits: Vec<String> = members
                        .iter()
                        .filter_map(|x| {
                            let p = x.packed?;
                            Some(format!(
                                "{} in bits {}..{} {} {}",
                                names[x.field as usize],
                                p.shift,
                                p.shift + p.width - 1,
                                if x.signed { "sign-extended to" } else { "zero-extended to" },
                                fields[x.field as usize]
                            ))
                        })
                        .collect();
                    format!("{}: i{} @{off} ({})", all.join("+"), n.bits, bits.join("; "))
                }
                (_, Some(n)) if new => format!(
                    "{}: i{} @{off} ({} {})",
                    names[i],
                    n.bits,
                    if n.signed { "sign-extended to" } else { "zero-extended to" },
                    fields[i]
                ),
                _ => format!("{}: {} @{off}", names[i], fields[i]),
            };
            let old_layout = (0..fields.len()).map(|i| describe(i, plan.old_off[i], false)).collect();
            let mut new_layout: Vec<String> = plan
                .order
                .iter()
                .map(|f| describe(*f as usize, plan.new_off[*f as usize].unwrap_or(0), true))
                .collect();
            for (g, group) in plan.groups.iter().enumerate() {
                let gname = self.groups.get(&name).and_then(|gs| gs.get(g)).map_or(String::new(), |x| x.0.clone());
                for f in &group.fields {
                    let off = plan.side[*f as usize].map_or(0, |x| x.1);
                    new_layout.push(format!("[{gname}] {}", describe(*f as usize, off, true)));
                }
            }
            cx.outcome.changed.push(Changed {
                name: format!("%{name}"),
                new_name: format!("%{}", new.struct_name().unwrap_or_default()),
                size: Some(plan.old_size),
                new_size: Some(plan.new_size),
                old_layout,
                new_layout,
                detail: if dependent {
                    "holds a changed structure".into()
                } else {
                    let mut d = self.details.get(&name).cloned().unwrap_or_default();
                    if self.lay.resized.contains(&old) {
                        d.push_str("; array resized by realloc, side arrays with it");
                    }
                    if self.lay.global_arrays.contains(&old) {
                        d.push_str("; a global array, side arrays global too");
                    }
                    if let Some(g) = self.lay.blocks.get(&old) {
                        d.push_str(&format!(
                            "; blocks of {} bytes, {} elements each (groups at {:?})",
                            g.bytes, g.per, g.offsets
                        ));
                    }
                    if let Some(idx) = self.lay.index_fields.get(&old) {
                        let list: Vec<String> = idx
                            .iter()
                            .map(|(k, s)| {
                                let checked = if self.lay.index_targets.get(s) == Some(&true) {
                                    ", count checked when the program runs"
                                } else {
                                    ""
                                };
                                format!(
                                    "{} (into %{}{checked})",
                                    names[*k as usize],
                                    s.struct_name().unwrap_or_default()
                                )
                            })
                            .collect();
                        d.push_str(&format!("; 32-bit index: {}", list.join(", ")));
                    }
                    if let Some(why) = self.no_index.get(&name) {
                        d.push_str(&format!("; pointers to it stay pointers: {why}"));
                    }
                    let refused: Vec<&str> = self
                        .lay
                        .index_refused
                        .iter()
                        .filter(|(h, _)| *h == old)
                        .map(|(_, k)| names[*k as usize].as_str())
                        .collect();
                    if !refused.is_empty() {
                        d.push_str(&format!(
                            "; pointers stay in {} (an address of the field is used otherwise than by loads and stores)",
                            refused.join(", ")
                        ));
                    }
                    d
                },
                dependent,
            });
        }
        Ok(())
    }

    fn global_storage(&mut self, cx: &mut OptContext<'m, '_>, g: Value<'m>) -> Result<Option<Type<'m>>, OptError> {
        // A global array of a structure laid out in blocks: whole blocks
        // of bytes, element 0 at the start (no header: the program never
        // frees or resizes it).
        let Some((owner, n)) = g.global_value_type().and_then(|t| self.lay.blocked_array(t)) else { return Ok(None) };
        let geom = &self.lay.blocks[&owner];
        let bytes = n.div_ceil(geom.per).checked_mul(geom.bytes).filter(|b| *b < 1 << 40).ok_or_else(|| {
            OptError::Unsupported(format!("@{}: {n} elements of {owner} in blocks would not fit", g.name()))
        })?;
        Ok(Some(cx.m.array_type(cx.m.int_type(8), bytes)?))
    }

    fn initialize_global(
        &mut self,
        cx: &mut OptContext<'m, '_>,
        g: Value<'m>,
        ty: Type<'m>,
    ) -> Result<Option<Value<'m>>, OptError> {
        let (Some(init), Some(t)) = (g.initializer(), g.global_value_type()) else { return Ok(None) };
        if self.lay.blocked_array(t).is_some() {
            // (Zero: `sites::blocks_allowed` takes no other.)
            return Ok(Some(cx.m.const_null(ty)));
        }
        Ok(Some(convert(cx, &self.lay, init, t)?))
    }

    fn postprocess_global(
        &mut self,
        _cx: &mut OptContext<'m, '_>,
        old: Value<'m>,
        new: Option<Value<'m>>,
    ) -> Result<(), OptError> {
        // Blocks are aligned to their group-0 records.
        if let (Some((owner, _)), Some(new)) = (old.global_value_type().and_then(|t| self.lay.blocked_array(t)), new) {
            let align = u32::try_from(self.lay.blocks[&owner].align)
                .map_err(|_| OptError::Unsupported(format!("@{}: blocks aligned beyond 4 GiB", old.name())))?;
            new.raise_global_alignment(align);
        }
        Ok(())
    }

    fn reinitialize_global(
        &mut self,
        cx: &mut OptContext<'m, '_>,
        g: Value<'m>,
    ) -> Result<Option<Value<'m>>, OptError> {
        let (Some(init), Some(t)) = (g.initializer(), g.global_value_type()) else { return Ok(None) };
        if !needs_rebuild(&self.lay, init) {
            return Ok(None);
        }
        Ok(Some(convert(cx, &self.lay, init, t)?))
    }

    fn process_function(&mut self, cx: &mut OptContext<'m, '_>, f: Function<'m>) -> Result<(), OptError> {
        match self.actions.get(&f) {
            Some(a) => apply::apply(cx, &self.lay, a, &self.splits, &self.tbaa),
            None => Ok(()),
        }
    }

    fn finish(&mut self, cx: &mut OptContext<'m, '_>) -> Result<(), OptError> {
        let m = cx.m;
        m.drop_dereferenceable();
        // Debug information of every changed structure.
        let composites = m.debug_composites();
        let mut relaid = Vec::new();
        let changed: Vec<Type<'m>> = cx.own.iter().chain(&cx.dependents).map(|(o, _)| *o).collect();
        for t in changed {
            let plan = &self.lay.plans[&t];
            for (di, members) in matching_composites(m, &composites, t) {
                let new: Vec<(u32, u64)> = match members {
                    Some(map) => {
                        let mut v: Vec<(u32, u64, u32)> = map
                            .iter()
                            .filter_map(|(elem, field)| {
                                // An index field is no longer the pointer
                                // its member describes, nor a narrowed
                                // field the integer.
                                if self.lay.recoded(t, *field) {
                                    return None;
                                }
                                let off = plan.new_off[*field as usize]?;
                                let rank = plan.new_index(*field)?;
                                Some((*elem, off * 8, rank))
                            })
                            .collect();
                        v.sort_by_key(|x| (x.2, x.0));
                        v.into_iter().map(|(e, o, _)| (e, o)).collect()
                    }
                    None => Vec::new(),
                };
                if m.relayout_di_composite(di, plan.new_size * 8, &new) {
                    relaid.push(di);
                }
            }
        }
        m.drop_fragment_records(&relaid);
        Ok(())
    }
}

/// Whether constant `c` holds an address into a changed global.
fn needs_rebuild<'m>(lay: &Layouts<'m>, c: Value<'m>) -> bool {
    match c.kind() {
        ValueKind::ConstantExpr => {
            if let Some((g, _)) = plan::const_address(lay, c) {
                if g.global_value_type().is_some_and(|t| lay.changed(t)) && c.kind() != ValueKind::GlobalVariable {
                    return true;
                }
            }
            c.operands().into_iter().any(|o| needs_rebuild(lay, o))
        }
        ValueKind::ConstantAggregate => (0..).map_while(|i| c.aggregate_element(i)).any(|e| needs_rebuild(lay, e)),
        _ => false,
    }
}

/// Constant `c` of old type `t` as a constant of the new type.
fn convert<'m>(
    cx: &mut OptContext<'m, '_>,
    lay: &Layouts<'m>,
    c: Value<'m>,
    t: Type<'m>,
) -> Result<Value<'m>, OptError> {
    let m = cx.m;
    if !lay.changed(t) {
        return rebuild(m, lay, c);
    }
    let nt = cx.remap(t);
    match c.kind() {
        ValueKind::ConstantNull => return Ok(m.const_null(nt)),
        ValueKind::Undef => return Ok(m.const_undef(nt)),
        ValueKind::Poison => return Ok(m.const_poison(nt)),
        _ => {}
    }
    let elem = |i: u32| c.aggregate_element(i).ok_or_else(|| OptError::Unsupported(format!("element {i} of {c}")));
    match t.kind() {
        TypeKind::LLVMStructTypeKind => {
            let plan: StructPlan = lay.plan(t).ok_or_else(|| OptError::Unsupported(format!("no plan for {t}")))?;
            let fields = t.struct_fields();
            let mut elems = Vec::new();
            for f in &plan.order {
                let e = elem(*f)?;
                if lay.index_target(t, *f).is_some() {
                    // No object of a split structure is a global: a constant
                    // pointer to one can only be null.
                    if !matches!(e.kind(), ValueKind::ConstantNull | ValueKind::Undef | ValueKind::Poison) {
                        return Err(OptError::Unsupported(format!("{e} in a field that becomes an index")));
                    }
                    elems.push(m.const_int(32, 0));
                    continue;
                }
                if let Some(p) = lay.narrowed(t, *f).filter(|n| n.packed.is_some()) {
                    // A host word: each packed field's constant in its
                    // bits (the planner checked that each fits).
                    let mut members = Vec::new();
                    for x in lay.pack_members(t, *f) {
                        let e = elem(x.field)?;
                        let v = match e.kind() {
                            ValueKind::ConstantNull | ValueKind::Undef | ValueKind::Poison => Some(0),
                            _ => e.const_int_value(),
                        };
                        let v = v.ok_or_else(|| OptError::Unsupported(format!("{e} in a bit-packed field")))?;
                        if !x.holds(i128::from(v)) {
                            return Err(OptError::Unsupported(format!(
                                "{e} does not fit a field of {} bits",
                                x.value_bits()
                            )));
                        }
                        members.push((x.packed.expect("a packed field"), i128::from(v)));
                    }
                    let word = crate::compress::host_value(&members);
                    elems.push(m.const_int(p.bits, word as i64));
                    continue;
                }
                if let Some(n) = lay.narrowed(t, *f) {
                    // The planner's analysis saw this constant: it fits.
                    let v = match e.kind() {
                        ValueKind::ConstantNull | ValueKind::Undef | ValueKind::Poison => Some(0),
                        _ => e.const_int_value(),
                    };
                    let v = v.ok_or_else(|| OptError::Unsupported(format!("{e} in a narrowed field")))?;
                    // (The planner refused values that do not fit; never truncate one.)
                    let (lo, hi) = if n.signed {
                        (-(1i128 << (n.bits - 1)), (1i128 << (n.bits - 1)) - 1)
                    } else {
                        (0, (1i128 << n.bits) - 1)
                    };
                    if !(lo..=hi).contains(&i128::from(v)) {
                        return Err(OptError::Unsupported(format!("{e} does not fit a field of {} bits", n.bits)));
                    }
                    elems.push(m.const_int(n.bits, v));
                    continue;
                }
                elems.push(convert(cx, lay, e, fields[*f as usize])?);
            }
            Ok(m.const_struct(nt, &elems)?)
        }
        TypeKind::LLVMArrayTypeKind => {
            let e = t.element_type().expect("an array");
            let ne = cx.remap(e);
            let mut elems = Vec::new();
            for i in 0..t.len().unwrap_or(0) as u32 {
                elems.push(convert(cx, lay, elem(i)?, e)?);
            }
            Ok(m.const_array(ne, &elems)?)
        }
        _ => Err(OptError::Unsupported(format!("a constant of {t}"))),
    }
}

/// Constant `c` (of an unchanged type) with its addresses into changed
/// globals rebuilt.
fn rebuild<'m>(m: &'m Module<'_>, lay: &Layouts<'m>, c: Value<'m>) -> Result<Value<'m>, OptError> {
    if !needs_rebuild(lay, c) {
        return Ok(c);
    }
    match c.kind() {
        ValueKind::ConstantExpr => apply::rebuild_address(m, lay, c),
        ValueKind::ConstantAggregate => {
            let t = c.ty();
            let n = match t.kind() {
                TypeKind::LLVMStructTypeKind => t.struct_fields().len() as u32,
                _ => t.len().unwrap_or(0) as u32,
            };
            let mut elems = Vec::new();
            for i in 0..n {
                let e = c.aggregate_element(i).ok_or_else(|| OptError::Unsupported(format!("element of {c}")))?;
                elems.push(rebuild(m, lay, e)?);
            }
            match t.kind() {
                TypeKind::LLVMStructTypeKind => Ok(m.const_struct(t, &elems)?),
                TypeKind::LLVMArrayTypeKind => Ok(m.const_array(t.element_type().expect("array"), &elems)?),
                _ => Err(OptError::Unsupported(format!("a vector of addresses {c}"))),
            }
        }
        _ => Ok(c),
    }
}

/// Field names of structure `t` from its debug information (`fieldN`
/// where none is found).
pub(crate) fn field_names<'m>(m: &'m Module<'_>, composites: &[Metadata<'m>], t: Type<'m>) -> Vec<String> {
    let n = t.struct_fields().len();
    let mut names: Vec<String> = (0..n).map(|i| format!("field{i}")).collect();
    if let Some((di, Some(map))) = matching_composites(m, composites, t).into_iter().next() {
        if let Some(DiType::Composite { elements, .. }) = di.di_type() {
            for (e, f) in map {
                if let Some(Some(DiType::Derived { name, .. })) =
                    elements.get(e as usize).map(|x| x.and_then(|x| x.di_type()))
                {
                    if !name.is_empty() {
                        names[f as usize] = name;
                    }
                }
            }
        }
    }
    names
}

/// The debug composite that describes structure `t` (the first that
/// matches) and the names of its fields (`fieldN` where none is known):
/// what reports that point at the source need (`dtrans advise`).
pub fn debug_source<'m>(
    m: &'m Module<'_>,
    composites: &[Metadata<'m>],
    t: Type<'m>,
) -> (Option<Metadata<'m>>, Vec<String>) {
    let di = matching_composites(m, composites, t).into_iter().next().map(|(d, _)| d);
    (di, field_names(m, composites, t))
}

/// A debug composite and, when it can be stated, the map from its member
/// elements to IR fields.
type Composite<'m> = (Metadata<'m>, Option<Vec<(u32, u32)>>);

/// The debug composites describing structure `t`: same name (the LLVM
/// name without `struct.`/`union.`, or an anonymous one) and size; each
/// with the map from member element index to IR field when every member
/// sits at the start of a field of its size (`None`: no such map, as for
/// bit-fields).
fn matching_composites<'m>(m: &'m Module<'_>, composites: &[Metadata<'m>], t: Type<'m>) -> Vec<Composite<'m>> {
    let dl = m.data_layout();
    let Some(llvm_name) = t.struct_name() else { return Vec::new() };
    let base = source_name(&llvm_name);
    // Clang makes names unique with `.N` suffixes.
    let base = match base.rsplit_once('.') {
        Some((b, n)) if n.chars().all(|c| c.is_ascii_digit()) => b,
        _ => base,
    };
    let size_bits = dl.alloc_size(t).unwrap_or(0) * 8;
    let fields = t.struct_fields();
    let offs: Vec<u64> = (0..fields.len() as u32).map(|i| dl.field_offset(t, i).unwrap_or(u64::MAX)).collect();
    let mut named = Vec::new();
    let mut anonymous = Vec::new();
    for di in composites {
        let Some(DiType::Composite { tag, name, size_bits: sb, elements, .. }) = di.di_type() else { continue };
        if tag != dwarf::TAG_STRUCTURE_TYPE || sb != size_bits {
            continue;
        }
        let mut map = Vec::new();
        let mut ok = true;
        for (k, e) in elements.iter().enumerate() {
            match e.and_then(|e| e.di_type()) {
                Some(DiType::Derived { tag: dwarf::TAG_MEMBER, offset_bits, size_bits, flags, .. }) => {
                    let field = offs.iter().position(|o| *o * 8 == offset_bits);
                    let fits = field.is_some_and(|f| dl.alloc_size(fields[f]).is_some_and(|s| s * 8 >= size_bits));
                    if flags & dwarf::FLAG_BIT_FIELD != 0 || !fits {
                        ok = false;
                    } else {
                        map.push((k as u32, field.unwrap() as u32));
                    }
                }
                _ => ok = false,
            }
        }
        let entry = (*di, ok.then_some(map));
        if name == base {
            named.push(entry);
        } else if name.is_empty() && ok {
            anonymous.push(entry);
        }
    }
    if !named.is_empty() {
        return named;
    }
    // An anonymous structure (a typedef's): only one whose members match
    // this structure field for field; if several match, none of them keeps
    // members (each may be another structure of the same shape).
    if anonymous.len() > 1 {
        return anonymous.into_iter().map(|(d, _)| (d, None)).collect();
    }
    anonymous
}

/// The source name of an LLVM structure name: without the prefixes of
/// earlier passes (`__DFR_`, `__SOA_`, ...) and `struct.`/`union.`.
pub fn source_name(llvm_name: &str) -> &str {
    let mut n = llvm_name;
    // `__DFR_`, `__SOA_`, `__SOADT_`, ...: two underscores, capitals, one.
    while let Some((tag, rest)) = n.strip_prefix("__").and_then(|r| r.split_once('_')) {
        if tag.is_empty() || !tag.chars().all(|c| c.is_ascii_uppercase()) {
            break;
        }
        n = rest;
    }
    n.strip_prefix("struct.").or_else(|| n.strip_prefix("union.")).unwrap_or(n)
}
