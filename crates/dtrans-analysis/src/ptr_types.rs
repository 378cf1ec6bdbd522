//! PtrTypeAnalyzer: what every pointer of the module points to (documents
//! 000 "DTransPointerTypeAnalyzer", 001 "Local Pointer Type Analysis").
//!
//! With opaque pointers the IR says nothing about pointees, so the typed
//! rules of the documents are applied to what this analysis recovers. Each
//! pointer value (and each integer that holds a pointer) is a node with
//! - declared types: what its definition says (metadata of arguments,
//!   globals and allocas, allocation calls, GEP results, loads of typed
//!   fields, `!dtrans-type` hints);
//! - usage types: what its uses treat it as (loads, stores, GEPs, call
//!   arguments, returns), flowing backwards;
//! - element pointees: the structure fields it may address;
//! - unknown / ambiguous, each with the first reason found.
//!
//! Facts flow over constraints to a fixed point (a worklist of constraints;
//! a node's change re-runs the constraints that read it). Every set only
//! grows and is bounded (pointer depth, set size), so the walk ends; the
//! whole module is one problem, so argument and return types cross direct
//! calls. The dominant type is chosen at the end.
use std::collections::VecDeque;

use dtrans_ir::{Function, Instruction, Module, Opcode, Type, TypeKind, Value, ValueKind};
use dtrans_types::{ir_to_dtrans, DType, ModuleTypes, StructNames, TypeId, TypeManager};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::alloc::{MemFn, MemFns};
use crate::layout::{struct_fields, zero_chain, Element, Layout};
use crate::libfuncs::{lib_effect, LibEffect};
use crate::source::TypeSource;

/// A structure with no body anywhere in the program (a C declaration never
/// completed in the unit that wrote the type: zlib's `z_stream` points to
/// `struct internal_state`, which inflate.c never defines and fills with
/// its own `struct inflate_state`). A pointer to it says no more of what it
/// points to than a `void *` does; after linking it may even be a name
/// apart (`%struct.internal_state.0`) from the definition of another unit.
pub fn is_incomplete(tm: &TypeManager, t: TypeId) -> bool {
    matches!(tm.get(t), DType::Struct(_)) && tm.struct_body(t).is_none_or(|b| b.fields.is_none())
}

/// The largest tag a pointer's low bits may carry: three bits, below the
/// 8-byte alignment of a structure with a pointer or 64-bit field.
pub const MAX_TAG: u64 = 7;

/// The operand of `i` that is a pointer with a tag set, cleared or
/// flipped in its low bits (`or`/`xor` with 1 to `MAX_TAG`, `and` with the
/// complement of such a mask), the other operand being that constant.
pub fn tag_operand<'m>(i: Instruction<'m>) -> Option<Value<'m>> {
    let (a, b) = (i.operand(0)?, i.operand(1)?);
    match i.opcode() {
        Opcode::LLVMAnd => {
            let (p, c) = match (a.const_int_value(), b.const_int_value()) {
                (None, Some(c)) => (a, c),
                (Some(c), None) => (b, c),
                _ => return None,
            };
            (1..=MAX_TAG as i64).contains(&!c).then_some(p)
        }
        // `p | (i & 1)`: a tag computed at run time, bounded by a mask.
        Opcode::LLVMOr | Opcode::LLVMXor => match (small_tag(a, 0), small_tag(b, 0)) {
            (false, true) => Some(a),
            (true, false) => Some(b),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `v` is an integer from 0 to `MAX_TAG`: a constant, a value
/// masked by one, its extension, or a choice between such values.
fn small_tag(v: Value<'_>, depth: u32) -> bool {
    if let Some(c) = v.const_int_value() {
        return (0..=MAX_TAG as i64).contains(&c);
    }
    let Some(i) = v.as_instruction() else { return false };
    if depth > 4 {
        return false;
    }
    match i.opcode() {
        Opcode::LLVMAnd => {
            let bounded = |x: Option<Value<'_>>| {
                x.and_then(|x| x.const_int_value()).is_some_and(|c| (0..=MAX_TAG as i64).contains(&c))
            };
            bounded(i.operand(0)) || bounded(i.operand(1))
        }
        Opcode::LLVMZExt => i.operand(0).is_some_and(|x| small_tag(x, depth + 1)),
        // A sign extension keeps the range only from a type wide enough
        // for 0 to 7 to have a clear sign bit (not `sext i1 true`).
        Opcode::LLVMSExt => {
            i.operand(0).is_some_and(|x| x.ty().int_width().is_some_and(|w| w > 3) && small_tag(x, depth + 1))
        }
        Opcode::LLVMSelect => {
            i.operand(1).is_some_and(|x| small_tag(x, depth + 1))
                && i.operand(2).is_some_and(|x| small_tag(x, depth + 1))
        }
        _ => false,
    }
}

/// Whether structure `d` begins with the fields of structure `b` (the
/// same types in the same order: C lays them out at the same offsets), or
/// holds `b` at its start.
fn begins_with(tm: &TypeManager, d: TypeId, b: TypeId) -> bool {
    if zero_chain(tm, d).any(|z| z == b) {
        return true;
    }
    match (struct_fields(tm, d), struct_fields(tm, b)) {
        (Some(df), Some(bf)) => !bf.is_empty() && df.len() > bf.len() && df[..bf.len()] == bf[..],
        _ => false,
    }
}

/// Whether `d`, or a structure at its start (at any depth), is `b` or
/// begins with `b`'s fields.
fn starts_with_base(tm: &TypeManager, d: TypeId, b: TypeId) -> bool {
    zero_chain(tm, d).any(|z| z == b || begins_with(tm, z, b))
}

/// More types than this in one set: the value is marked unknown.
const MAX_TYPES: usize = 64;
/// Deeper pointers than this are not built (`store p, p` would go on).
const MAX_DEPTH: u32 = 6;

/// What the analysis recovered for one value.
#[derive(Clone, Debug, Default)]
pub struct ValueInfo {
    pub declared: Vec<TypeId>,
    pub usage: Vec<TypeId>,
    pub elements: Vec<Element>,
    pub dominant: Option<TypeId>,
    pub unknown: Option<String>,
    pub ambiguous: Option<String>,
    /// For a value ambiguous only between structures that share a prefix
    /// (C-style inheritance: `struct cnode` and `struct bnode` begin with
    /// the fields of `struct node`, or hold one at their start), the one
    /// it is declared as, when each other type it is used as begins with
    /// it (the base: a `struct node *` slot read as a `cnode` where the
    /// kind says so) or is begun by it (a `struct cnode *` returned as a
    /// `struct node *`); else what `common_base` and `derived_if_one`
    /// find (a base every type in conflict begins with, the one derived
    /// structure used beside it, a structure whose union at its start is
    /// read as scalars). Reported beside the ambiguity; the safety
    /// analysis, which reads only `dominant`, still sees a cast.
    pub prefix_type: Option<TypeId>,
    /// For a pointer loaded from a union's storage where its members hold
    /// pointers to different types (Lua's `CallInfo.u`: `l.base`, a
    /// `TValue *`, or `c.k`, a function; QuickJS's `JSObject.u`): those
    /// types, sorted, functions left out (`i8*` among them when a member
    /// begins with a `void *`; `!intel.dtrans.unions` lists only the
    /// members that are structures). The load is declared `i8*` and typed
    /// by its uses; the safety analysis checks that its use is one of
    /// these.
    pub union_views: Vec<TypeId>,
    /// For a value with neither a dominant type nor a `prefix_type` (its
    /// origin is not followed, such as a variable byte offset or an
    /// `inttoptr`, or it is declared as one type and used as another),
    /// the one specific type every use of it agrees on: how the program
    /// uses it (PCRE2's `heapframe *` reached by a frame's run-time size).
    /// Reported only: it says nothing of where the value may point, so
    /// the safety analysis, which reads `dominant`, still treats the
    /// value as unknown or ambiguous.
    pub used_as: Option<TypeId>,
}

impl ValueInfo {
    /// Declared and usage types together, sorted, each once.
    pub fn all_types(&self) -> Vec<TypeId> {
        let mut v = self.declared.clone();
        v.extend_from_slice(&self.usage);
        v.sort_unstable();
        v.dedup();
        v
    }
}

type Node = u32;

/// What a load or store at the start of an object touches.
enum Accessed {
    Type(TypeId),
    /// Union storage whose members hold pointers to these types there
    /// (none listed: a union of no structure made `void *` there).
    Members(Vec<TypeId>),
}

/// One rule between nodes. `Load`/`Store`/`Gep` read their inputs' types
/// each time one of them changes.
#[derive(Clone, Copy, Debug)]
enum Rule<'m> {
    /// Definition flows forward (declared, elements, unknown); use flows
    /// back (usage). Phi and select operands, arguments to parameters,
    /// returned values to the function's return.
    Flow {
        from: Node,
        to: Node,
    },
    /// One value under two names (casts): everything flows both ways.
    Same {
        a: Node,
        b: Node,
    },
    /// An argument to a generic (`void *`, `intptr_t`) parameter: the
    /// parameter gets what every caller passes; the argument is used as
    /// what the callee uses the parameter as, but an argument of a
    /// specific type only as what that type explains. A callee that
    /// dispatches on a tag (SQLite's `freeP4(db, type, p4)` reads `p4` as
    /// a `KeyInfo *`, a `FuncDef *`, a `CollSeq *`, ...) would otherwise
    /// make every caller's argument all of them. (A pointer loaded from a
    /// union's storage is as specific as what the members hold there; an
    /// argument of no specific type takes the uses only in the second
    /// solve, once declared types have settled.) The parameter itself,
    /// declared as every caller's type and used as each, is the cast the
    /// safety analysis marks (`check_origin` on parameters).
    ToParam {
        arg: Node,
        param: Node,
    },
    /// `usage(to) ⊇ types(from)`: a callee that may be called from elsewhere
    /// keeps its own parameter types but still says what the argument is.
    UseAs {
        from: Node,
        to: Node,
    },
    Load {
        addr: Node,
        result: Node,
        ty: Type<'m>,
    },
    Store {
        value: Option<Node>,
        addr: Node,
        ty: Type<'m>,
    },
    /// A typed GEP (instruction or constant expression).
    Gep {
        gep: Value<'m>,
        base: Node,
        result: Node,
    },
    /// A constant byte offset from a pointer (`getelementptr i8`).
    ByteOffset {
        base: Node,
        result: Node,
        offset: i64,
    },
    /// A variable byte offset that is always `start` plus a multiple of
    /// `stride` (0: always `start`): a step over whole objects keeps the
    /// type; from `start`, a step over whole elements of the array holding
    /// it keeps the place (`&c->seqs[i]` at -O2: `c + (1000 + 8 * i)`).
    VarOffset {
        base: Node,
        result: Node,
        start: i64,
        stride: u64,
    },
    /// Pointer arithmetic through integers: the result is unknown if the
    /// operand holds a pointer.
    Arith {
        from: Node,
        result: Node,
        why: &'static str,
    },
    Extract {
        agg: Node,
        result: Node,
        index: u32,
    },
}

/// One call that allocates: what it allocates and whether its size is a
/// whole number of those (document 001, "Call"; kept for the safety
/// analysis).
#[derive(Clone, Debug)]
pub struct AllocSite<'m> {
    pub call: Instruction<'m>,
    pub kind: crate::alloc::AllocKind,
    /// The pointee of the result's dominant type (for `posix_memalign`, of
    /// the pointer it stores); `None` when that is not known or generic.
    pub allocated: Option<TypeId>,
    pub size: crate::alloc::SizeVerdict,
}

pub struct PtrTypes<'m> {
    pub source: TypeSource,
    /// Every allocation call, in module order.
    pub allocations: Vec<AllocSite<'m>>,
    pub types: ModuleTypes<'m>,
    nodes: HashMap<Value<'m>, Node>,
    info: Vec<ValueInfo>,
    /// Allocation and free functions (library and user wrappers).
    pub mem_fns: MemFns<'m>,
    /// Steps past a structure or a wider integer (`gep T, p, k`, `k` a
    /// nonzero constant) whose result is another structure, with `T`:
    /// typed by their uses, and unsafe for both (see [`analyze`]).
    pub header_steps: HashMap<Value<'m>, TypeId>,
    /// Per union `!intel.dtrans.unions` lists, the structures its storage
    /// may be (see [`union_closures`]).
    pub union_holds: HashMap<TypeId, HashSet<TypeId>>,
    /// Parameters and arguments whose `byval`/`sret`/`byref` attribute
    /// names another structure of the same body than the source's (see
    /// [`AttrTwin`]).
    pub attr_twins: Vec<AttrTwin>,
}

/// An aggregate passed by pointer whose attribute type is a structure
/// llvm-link merged with the source's (zstd's `seq_t` passed as
/// `byval(%struct.ZSTD_frameSizeInfo)`): the pointer is the source's
/// structure, and the attribute copies the other's bytes, so neither may
/// change layout alone.
#[derive(Clone, Debug)]
pub struct AttrTwin {
    /// `@f: parameter k` or `@f: call @g, argument k`.
    pub place: String,
    pub source: TypeId,
    pub ir: TypeId,
}

impl<'m> PtrTypes<'m> {
    /// What was recovered for `v` (`None`: the analysis never met it).
    pub fn info(&self, v: Value<'m>) -> Option<&ValueInfo> {
        self.nodes.get(&v).map(|n| &self.info[*n as usize])
    }

    pub fn tm(&self) -> &TypeManager {
        &self.types.tm
    }
}

/// Runs the analysis over the whole module.
///
/// A step past a structure whose result is used only as another structure
/// (`(struct h10 *)(common + 1)`: a header followed by another object in
/// one allocation) is found after a first run, and the analysis runs once
/// more with that step's result typed by its uses alone; the safety
/// analysis marks both structures ([`PtrTypes::header_steps`]).
pub fn analyze<'m>(m: &'m Module<'_>, types: ModuleTypes<'m>, source: TypeSource) -> PtrTypes<'m> {
    let mut a = run(m, types, HashMap::default());
    let headers = a.find_header_steps();
    if !headers.is_empty() {
        a = run(m, a.types, headers);
    }
    let allocations = a.allocation_sites();
    let header_steps = std::mem::take(&mut a.header_steps);
    PtrTypes {
        source,
        allocations,
        types: a.types,
        nodes: a.nodes,
        info: a.info,
        mem_fns: a.mem_fns,
        header_steps,
        union_holds: a.union_holds,
        attr_twins: a.attr_twins,
    }
}

fn run<'m, 'c>(
    m: &'m Module<'c>,
    types: ModuleTypes<'m>,
    header_steps: HashMap<Value<'m>, TypeId>,
) -> Analyzer<'m, 'c> {
    let mut a = Analyzer::new(m, types);
    a.header_steps = header_steps;
    a.collect_escapes();
    a.seed_globals();
    for f in m.functions() {
        a.visit_function(f);
    }
    a.solve();
    // Then the parameters' uses reach the arguments still of no specific
    // type.
    a.generic_back = true;
    for r in 0..a.rules.len() {
        if matches!(a.rules[r], Rule::ToParam { .. }) {
            a.enqueue(r as u32);
        }
    }
    a.solve();
    a.finish();
    a
}

struct Analyzer<'m, 'c> {
    m: &'m Module<'c>,
    types: ModuleTypes<'m>,
    layout: Layout<'m, 'c>,
    names: StructNames<'m>,
    mem_fns: MemFns<'m>,
    nodes: HashMap<Value<'m>, Node>,
    /// The return node of each defined function.
    returns: HashMap<Function<'m>, Node>,
    info: Vec<ValueInfo>,
    rules: Vec<Rule<'m>>,
    /// Rules that read each node.
    readers: Vec<Vec<u32>>,
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    /// Functions whose address is taken (used other than as a callee).
    escaped: HashSet<Function<'m>>,
    /// Metadata types by value, for lookups during the walk.
    fn_types: HashMap<Function<'m>, TypeId>,
    call_types: HashMap<Instruction<'m>, TypeId>,
    alloca_types: HashMap<Instruction<'m>, TypeId>,
    hints: HashMap<Instruction<'m>, TypeId>,
    i8p: TypeId,
    /// Reasons for values left with nothing, by node (set at definition).
    no_info_reason: HashMap<Node, String>,
    tbaa_kind: u32,
    /// Allocation calls met in the walk.
    alloc_calls: Vec<(Instruction<'m>, crate::alloc::AllocKind)>,
    /// Sizes of aggregates, filled before dominant types are chosen.
    sizes: HashMap<TypeId, u64>,
    /// Loads and stores with a `!tbaa` tag: (address node, tag).
    tbaa_checks: Vec<(Node, Instruction<'m>)>,
    /// The structures TBAA base nodes name.
    tbaa_structs: crate::tbaa::TbaaStructs<'m>,
    /// Per address, the pointer types of what loads from it are used as:
    /// memory merges what is stored like a phi, so these flow back to each
    /// stored value (the address's other usage types do not: they include
    /// what the other stores put there).
    load_uses: HashMap<Node, Vec<TypeId>>,
    /// Allocas only loaded from and stored to (a local variable at -O0):
    /// they hold what is stored in them like a phi, field addresses too.
    simple_slots: HashSet<Node>,
    /// The field addresses stored in each simple slot.
    slot_elements: HashMap<Node, Vec<Element>>,
    /// Results of `p + i` over whole objects (a one-index GEP): they point
    /// into an array, so a negative offset from them may reach the field
    /// of the element before.
    array_steps: HashSet<Node>,
    /// Constant steps past a structure or a wider integer (`gep T, p, k`,
    /// `k` != 0), with `T`: candidates for [`Analyzer::header_steps`].
    const_steps: Vec<(Value<'m>, Node, TypeId)>,
    /// The steps found to be header steps by a first run: their results
    /// are not `T*`.
    header_steps: HashMap<Value<'m>, TypeId>,
    /// The constant byte steps back from each pointer (`p - 24`): one
    /// that is no whole number of the objects it points to says they lie
    /// inside something larger (`container_of`), not in an array of them.
    steps_back: HashMap<Node, Vec<u64>>,
    /// Constant lengths of the `memset`/`memcpy`/`memmove` calls each
    /// pointer is passed to (see [`Analyzer::apply_byte_offset`]).
    mem_lengths: HashMap<Node, Vec<u64>>,
    /// Per union `!intel.dtrans.unions` lists, the structures its storage
    /// may be: its members and what is at their start (through member
    /// unions). A union not listed may be any.
    union_holds: HashMap<TypeId, HashSet<TypeId>>,
    /// Per listed union, its member structures (and those of member
    /// unions): each is the union's storage.
    union_members: HashMap<TypeId, HashSet<TypeId>>,
    /// Addresses inside a listed union's member, past its start, where the
    /// members hold different types (see [`Analyzer::resolve_place`]):
    /// those types.
    union_places: HashMap<Node, Vec<TypeId>>,
    /// Whether `Rule::ToParam` passes a parameter's uses back to an
    /// argument of no specific type: not in the first solve, where an
    /// argument's declared type may arrive after the parameter's uses
    /// (and a use, once given, is never taken back).
    generic_back: bool,
    /// Each `inttoptr` and the integer it casts.
    int_casts: Vec<(Node, Node)>,
    attr_twins: Vec<AttrTwin>,
}

impl<'m, 'c> Analyzer<'m, 'c> {
    fn new(m: &'m Module<'c>, mut types: ModuleTypes<'m>) -> Self {
        let names: StructNames<'m> = m.struct_types_named().into_iter().collect();
        let i8 = types.tm.int(8);
        let i8p = types.tm.pointer_to(i8);
        let fn_types = types.functions.iter().copied().collect();
        let call_types = types.calls.iter().copied().collect();
        let alloca_types = types.allocas.iter().copied().collect();
        let hints = types.hints.iter().copied().collect();
        let (union_holds, union_members) = union_closures(&types);
        Analyzer {
            m,
            layout: Layout::new(m),
            names,
            mem_fns: MemFns::find(m),
            nodes: HashMap::default(),
            returns: HashMap::default(),
            info: Vec::new(),
            rules: Vec::new(),
            readers: Vec::new(),
            queue: VecDeque::new(),
            queued: Vec::new(),
            escaped: HashSet::default(),
            fn_types,
            call_types,
            alloca_types,
            hints,
            i8p,
            no_info_reason: HashMap::default(),
            tbaa_kind: m.md_kind_id("tbaa"),
            sizes: HashMap::default(),
            alloc_calls: Vec::new(),
            tbaa_checks: Vec::new(),
            tbaa_structs: Default::default(),
            load_uses: HashMap::default(),
            simple_slots: HashSet::default(),
            slot_elements: HashMap::default(),
            array_steps: HashSet::default(),
            const_steps: Vec::new(),
            header_steps: HashMap::default(),
            mem_lengths: HashMap::default(),
            steps_back: HashMap::default(),
            union_holds,
            union_members,
            union_places: HashMap::default(),
            generic_back: false,
            int_casts: Vec::new(),
            attr_twins: Vec::new(),
            types,
        }
    }

    // ---- nodes -------------------------------------------------------

    fn new_node(&mut self) -> Node {
        let n = self.info.len() as Node;
        self.info.push(ValueInfo::default());
        self.readers.push(Vec::new());
        n
    }

    /// The node of `v`, created on first sight. Constants that carry a
    /// pointer (globals, functions, constant expressions) get their facts
    /// when created.
    fn node(&mut self, v: Value<'m>) -> Node {
        if let Some(n) = self.nodes.get(&v) {
            return *n;
        }
        let n = self.new_node();
        self.nodes.insert(v, n);
        match v.kind() {
            ValueKind::Function => {
                let f = v.as_function().expect("function value");
                if let Some(t) = self.fn_types.get(&f).copied() {
                    let p = self.types.tm.pointer_to(t);
                    self.add_declared(n, p);
                }
            }
            ValueKind::ConstantExpr => self.visit_const_expr(v, n),
            ValueKind::GlobalAlias => {
                let target = v.strip_aliases();
                if target != v {
                    let t = self.node(target);
                    self.rule(Rule::Same { a: n, b: t }, &[n, t]);
                }
            }
            ValueKind::Undef | ValueKind::Poison | ValueKind::ConstantNull => {}
            ValueKind::ConstantInt => {}
            _ => {}
        }
        n
    }

    /// A value only if it can carry a pointer (no node for plain numbers).
    fn opt_node(&mut self, v: Value<'m>) -> Option<Node> {
        match v.kind() {
            ValueKind::ConstantInt
            | ValueKind::ConstantFP
            | ValueKind::ConstantNull
            | ValueKind::Undef
            | ValueKind::Poison
            | ValueKind::Metadata
            | ValueKind::BasicBlock
            | ValueKind::InlineAsm => None,
            _ => Some(self.node(v)),
        }
    }

    fn rule(&mut self, r: Rule<'m>, reads: &[Node]) {
        let id = self.rules.len() as u32;
        self.rules.push(r);
        for n in reads {
            self.readers[*n as usize].push(id);
        }
        self.queued.push(false);
        self.enqueue(id);
    }

    fn enqueue(&mut self, r: u32) {
        if !self.queued[r as usize] {
            self.queued[r as usize] = true;
            self.queue.push_back(r);
        }
    }

    fn changed(&mut self, n: Node) {
        for i in 0..self.readers[n as usize].len() {
            let r = self.readers[n as usize][i];
            self.enqueue(r);
        }
    }

    // ---- facts ---------------------------------------------------------

    /// A type worth recording: no unknown part, not too deep.
    fn admissible(&self, t: TypeId) -> bool {
        // Pointers, and aggregates held in registers (`{ ptr, i32 }`
        // returns); plain numbers are not what this analysis tracks.
        let tm = &self.types.tm;
        matches!(tm.get(t), DType::Pointer(_) | DType::Struct(_) | DType::Literal { .. } | DType::Array { .. })
            && !tm.has_unknown(t)
            && tm.strip_pointers(t).1 <= MAX_DEPTH
    }

    fn insert_set(set: &mut Vec<TypeId>, t: TypeId) -> bool {
        match set.binary_search(&t) {
            Ok(_) => false,
            Err(pos) => {
                set.insert(pos, t);
                true
            }
        }
    }

    /// [`Analyzer::insert_set`] of several: whether the set grew.
    fn extend_set(set: &mut Vec<TypeId>, more: impl IntoIterator<Item = TypeId>) -> bool {
        let mut grew = false;
        for t in more {
            grew |= Self::insert_set(set, t);
        }
        grew
    }

    fn add_declared(&mut self, n: Node, t: TypeId) {
        if !self.admissible(t) {
            return;
        }
        let info = &mut self.info[n as usize];
        if info.declared.len() >= MAX_TYPES {
            self.set_unknown(n, "more types than the analysis tracks");
            return;
        }
        if Self::insert_set(&mut info.declared, t) {
            self.changed(n);
        }
    }

    fn add_usage(&mut self, n: Node, t: TypeId) {
        if !self.admissible(t) {
            return;
        }
        let info = &mut self.info[n as usize];
        if info.usage.len() >= MAX_TYPES {
            self.set_unknown(n, "more types than the analysis tracks");
            return;
        }
        if Self::insert_set(&mut info.usage, t) {
            self.changed(n);
        }
    }

    fn add_element(&mut self, n: Node, e: Element) {
        let info = &mut self.info[n as usize];
        if let Err(pos) = info.elements.binary_search(&e) {
            if info.elements.len() >= MAX_TYPES {
                self.set_unknown(n, "more fields than the analysis tracks");
                return;
            }
            info.elements.insert(pos, e);
            self.changed(n);
        }
    }

    fn set_unknown(&mut self, n: Node, why: &str) {
        let info = &mut self.info[n as usize];
        if info.unknown.is_none() {
            info.unknown = Some(why.to_string());
            self.changed(n);
        }
    }

    fn types_of(&self, n: Node) -> Vec<TypeId> {
        self.info[n as usize].all_types()
    }

    fn pointer_to(&mut self, t: TypeId) -> TypeId {
        self.types.tm.pointer_to(t)
    }

    /// `i8*`: a pointer to nothing the analysis can name.
    fn generic_pointer(&mut self) -> TypeId {
        let i8t = self.types.tm.int(8);
        self.types.tm.pointer_to(i8t)
    }

    /// The DTrans type of an IR type when the IR says all of it (no `ptr`
    /// whose pointee it cannot know, outside named structures).
    fn known_ir_type(&mut self, t: Type<'m>) -> Option<TypeId> {
        let d = ir_to_dtrans(&mut self.types.tm, &self.names, t);
        (!self.types.tm.has_unknown(d)).then_some(d)
    }

    /// Pointee types of a node's types that are aggregates or scalars, not
    /// generic (`i8`), for rules that look inside what a pointer points to.
    fn pointees(&self, n: Node) -> Vec<TypeId> {
        self.pointees_of(&self.types_of(n))
    }

    fn pointees_of(&self, types: &[TypeId]) -> Vec<TypeId> {
        let tm = &self.types.tm;
        let mut out: Vec<TypeId> = Vec::new();
        for &t in types {
            if t == self.i8p {
                continue;
            }
            if let Some(p) = tm.pointee(t) {
                out.push(p);
            }
        }
        out
    }

    // ---- seeding -------------------------------------------------------

    /// A function escapes if it is used other than as the callee of a call.
    fn collect_escapes(&mut self) {
        for f in self.m.functions() {
            let escapes = f.as_value().users().into_iter().any(|u| match u.as_instruction() {
                Some(i) if i.is_call() => {
                    i.called_value() != Some(f.as_value())
                        || (0..i.call_arg_count().unwrap_or(0)).any(|k| i.call_arg(k) == Some(f.as_value()))
                }
                _ => true,
            });
            if escapes {
                self.escaped.insert(f);
            }
        }
    }

    fn seed_globals(&mut self) {
        let globals = self.types.globals.clone();
        let with_md: HashSet<Value<'m>> = globals.iter().map(|(g, _)| *g).collect();
        for (g, t) in globals {
            let n = self.node(g);
            let p = self.pointer_to(t);
            self.add_declared(n, p);
            self.add_usage(n, p);
        }
        for g in self.m.globals() {
            if with_md.contains(&g) {
                continue;
            }
            let n = self.node(g);
            if let Some(t) = g.global_value_type().and_then(|t| self.known_ir_type(t)) {
                let p = self.pointer_to(t);
                self.add_declared(n, p);
            }
        }
    }

    // ---- the walk --------------------------------------------------------

    fn visit_function(&mut self, f: Function<'m>) {
        let meta = self.fn_types.get(&f).copied();
        let (meta_ret, meta_params) = match meta.map(|t| self.types.tm.get(t).clone()) {
            Some(DType::Function { ret, params, .. }) => (Some(ret), params),
            _ => (None, Vec::new()),
        };
        if f.is_declaration() {
            return;
        }
        let ret = self.new_node();
        self.returns.insert(f, ret);
        if let Some(r) = meta_ret {
            self.add_declared(ret, r);
            self.add_usage(ret, r);
        }
        for (i, p) in f.params().into_iter().enumerate() {
            let n = self.node(p);
            if let Some(t) = meta_params.get(i).copied() {
                self.add_declared(n, t);
                self.add_usage(n, t);
            }
            for attr in ["byval", "sret", "byref"] {
                if let Some(t) = f.type_attribute(dtrans_ir::AttrIndex::Param(i as u32), attr) {
                    let place = format!("@{}: parameter {i}", f.name());
                    if let Some(d) = self.attr_type(meta_params.get(i).copied(), t, place) {
                        let pd = self.pointer_to(d);
                        self.add_declared(n, pd);
                    }
                }
            }
            if p.ty().is_pointer() && self.info[n as usize].declared.is_empty() {
                let why = if self.escaped.contains(&f) {
                    "parameter of a function whose address is taken, with no type metadata"
                } else {
                    "parameter with no type metadata and no typed caller"
                };
                self.no_info_reason.insert(n, why.into());
            }
        }
        for i in f.instructions() {
            self.visit(f, i);
        }
    }

    fn visit(&mut self, f: Function<'m>, i: Instruction<'m>) {
        let v = i.as_value();
        let carries = |t: Type<'m>| t.is_pointer() || t.is_struct() || t.is_array() || t.int_width().is_some();
        match i.opcode() {
            Opcode::LLVMAlloca => {
                let n = self.node(v);
                if is_simple_slot(v) {
                    self.simple_slots.insert(n);
                }
                if let Some(t) = self.alloca_types.get(&i).copied() {
                    let p = self.pointer_to(t);
                    self.add_declared(n, p);
                } else if let Some(t) = i.allocated_type().and_then(|t| self.known_ir_type(t)) {
                    let p = self.pointer_to(t);
                    self.add_declared(n, p);
                } else {
                    self.no_info_reason.insert(n, "stack slot of a type with pointers, no type metadata".into());
                }
            }
            Opcode::LLVMLoad => {
                let ty = v.ty();
                let addr = self.node(i.operand(0).expect("load address"));
                let result = self.node(v);
                self.rule(Rule::Load { addr, result, ty }, &[addr, result]);
                self.no_info_reason.insert(result, "loaded from memory of unknown type".into());
                self.note_tbaa(addr, i);
            }
            Opcode::LLVMStore => {
                let val = i.operand(0).expect("store value");
                let ty = val.ty();
                let addr = self.node(i.operand(1).expect("store address"));
                let value = self.opt_node(val);
                let reads: Vec<Node> = std::iter::once(addr).chain(value).collect();
                self.rule(Rule::Store { value, addr, ty }, &reads);
                self.note_tbaa(addr, i);
            }
            Opcode::LLVMGetElementPtr => self.visit_gep(v),
            Opcode::LLVMBitCast
            | Opcode::LLVMAddrSpaceCast
            | Opcode::LLVMFreeze
            | Opcode::LLVMPtrToInt
            | Opcode::LLVMIntToPtr => {
                let src = i.operand(0).expect("cast operand");
                let n = self.node(v);
                if let Some(s) = self.opt_node(src) {
                    if i.opcode() == Opcode::LLVMIntToPtr {
                        // One integer may hold pointers of several types at
                        // different times (QuickJS's `JSValue` payload, cast
                        // per tag): each `inttoptr` has the integer's
                        // definitions and its own uses, which reach the
                        // integer (and what it came from) but not the other
                        // casts of it.
                        self.rule(Rule::Flow { from: s, to: n }, &[s, n]);
                        self.int_casts.push((n, s));
                    } else {
                        self.rule(Rule::Same { a: s, b: n }, &[s, n]);
                    }
                }
                if i.opcode() == Opcode::LLVMIntToPtr {
                    self.no_info_reason.insert(n, "inttoptr of an integer that holds no known pointer".into());
                }
                if v.ty().kind() == TypeKind::LLVMVectorTypeKind {
                    self.set_unknown(n, "vector of pointers");
                }
            }
            Opcode::LLVMPHI | Opcode::LLVMSelect => {
                if !carries(v.ty()) {
                    return;
                }
                let n = self.node(v);
                let start = u32::from(i.opcode() == Opcode::LLVMSelect);
                for k in start..i.num_operands() {
                    let Some(o) = i.operand(k) else { continue };
                    if let Some(s) = self.opt_node(o) {
                        self.rule(Rule::Flow { from: s, to: n }, &[s, n]);
                    }
                }
                self.no_info_reason.insert(n, "merge of values of unknown type".into());
            }
            Opcode::LLVMRet => {
                if let (Some(o), Some(r)) = (i.operand(0), self.returns.get(&f).copied()) {
                    if let Some(s) = self.opt_node(o) {
                        self.rule(Rule::Flow { from: s, to: r }, &[s, r]);
                    }
                }
            }
            Opcode::LLVMCall | Opcode::LLVMInvoke | Opcode::LLVMCallBr => self.visit_call(i),
            Opcode::LLVMAdd
            | Opcode::LLVMSub
            | Opcode::LLVMAnd
            | Opcode::LLVMOr
            | Opcode::LLVMXor
            | Opcode::LLVMMul
            | Opcode::LLVMShl
            | Opcode::LLVMLShr
            | Opcode::LLVMAShr => {
                // Integers holding pointers: `p + k` as integers leaves the
                // type; `p - q` is a distance, not a pointer.
                let n = self.node(v);
                let (l, r) = (i.operand(0).expect("lhs"), i.operand(1).expect("rhs"));
                // A tag in the low bits (`(uintptr_t)e ^ 1`, `| 2`, `& ~3`)
                // leaves the object the pointer points to: the safety
                // analysis judges the tag (`tag_operand`).
                if let Some(p) = tag_operand(i) {
                    if let Some(pn) = self.opt_node(p) {
                        self.rule(Rule::Flow { from: pn, to: n }, &[pn, n]);
                    }
                    return;
                }
                // `p - k` and `p - q` give no pointer here: an `inttoptr` of
                // them finds no type and is unknown at the end.
                if i.opcode() == Opcode::LLVMSub {
                    return;
                }
                let is_diff = false;
                if let Some(ln) = self.opt_node(l) {
                    self.rule(Rule::Arith { from: ln, result: n, why: "integer arithmetic on a pointer" }, &[ln]);
                }
                if let (Some(rn), false) = (self.opt_node(r), is_diff) {
                    self.rule(Rule::Arith { from: rn, result: n, why: "integer arithmetic on a pointer" }, &[rn]);
                }
            }
            Opcode::LLVMExtractValue => {
                if !carries(v.ty()) {
                    return;
                }
                let agg = self.node(i.operand(0).expect("aggregate"));
                let result = self.node(v);
                let idx = i.aggregate_indices();
                if idx.len() == 1 {
                    self.rule(Rule::Extract { agg, result, index: idx[0] }, &[agg]);
                } else {
                    self.set_unknown(result, "extractvalue with nested indices");
                }
            }
            Opcode::LLVMInsertValue => {
                let n = self.node(v);
                if let Some(a) = i.operand(0).and_then(|a| self.opt_node(a)) {
                    self.rule(Rule::Flow { from: a, to: n }, &[a, n]);
                }
            }
            Opcode::LLVMVAArg
            | Opcode::LLVMAtomicCmpXchg
            | Opcode::LLVMAtomicRMW
            | Opcode::LLVMLandingPad
            | Opcode::LLVMExtractElement
            | Opcode::LLVMShuffleVector
            | Opcode::LLVMInsertElement => {
                if v.ty().is_pointer() || v.ty().kind() == TypeKind::LLVMVectorTypeKind && v.ty().contains_pointer() {
                    let n = self.node(v);
                    self.set_unknown(n, "instruction kind the analysis does not follow");
                }
            }
            _ => {}
        }
        if let Some(t) = self.hints.get(&i).copied() {
            let n = self.node(v);
            self.add_declared(n, t);
        }
    }

    /// A struct-path `!tbaa` tag is clang's word on the access: the object
    /// at `address - offset` is the tag's base structure. That is a use of
    /// the base pointer as that structure (when the address is the base
    /// itself, or a constant byte offset from it equal to the tag's
    /// offset). The tag is also kept for the cross-check at the end.
    fn note_tbaa(&mut self, addr: Node, i: Instruction<'m>) {
        let Some(tag) = i.metadata_of_kind(self.tbaa_kind) else { return };
        self.tbaa_checks.push((addr, i));
        let Some((base, name, offset)) = crate::tbaa::struct_access(tag) else { return };
        let Some(s) = self.tbaa_structs.base_struct(&self.types.tm, &mut self.layout, base, &name) else { return };
        let ps = self.pointer_to(s);
        let Some(a) = i.operand(if i.opcode() == Opcode::LLVMStore { 1 } else { 0 }) else { return };
        if offset == 0 {
            // The access is at the structure's start. A structure GEP to a
            // field at offset 0 is the field's address, and its source type
            // already tells what the base is; anything else is the
            // structure's own address (field 0 at -O2 has no GEP).
            let field_gep = gep_source(a).is_some_and(|t| t.int_width() != Some(8)) && a.num_operands() > 2;
            if !field_gep {
                self.add_usage(addr, ps);
            }
            return;
        }
        let from_base = gep_source(a).is_some_and(|t| t.int_width() == Some(8))
            && a.num_operands() == 2
            && a.operand(1).and_then(|o| o.const_int_value()) == i64::try_from(offset).ok();
        if let (true, Some(base)) = (from_base, a.operand(0)) {
            if let Some(b) = self.opt_node(base) {
                self.add_usage(b, ps);
            }
        }
    }

    fn visit_gep(&mut self, v: Value<'m>) {
        let result = self.node(v);
        let Some(base) = v.operand(0) else { return };
        let Some(b) = self.opt_node(base) else {
            self.set_unknown(result, "address computed from a constant that is not an object");
            return;
        };
        let Some(src) = gep_source(v) else {
            self.set_unknown(result, "getelementptr without a source type");
            return;
        };
        if src.int_width() == Some(8) && v.num_operands() == 2 {
            let idx = v.operand(1).expect("one index");
            match idx.const_int_value() {
                Some(0) => self.rule(Rule::Same { a: b, b: result }, &[b, result]),
                Some(offset) => {
                    if offset < 0 {
                        self.steps_back.entry(b).or_default().push(offset.unsigned_abs());
                    }
                    self.rule(Rule::ByteOffset { base: b, result, offset }, &[b]);
                    self.no_info_reason.insert(result, "byte offset from a pointer of unknown type".into());
                }
                None => match constant_choices(idx) {
                    // `select`/`phi` of constant offsets (`&s->a` or `&s->b`):
                    // each one resolved like a constant offset.
                    Some(offsets) => {
                        for offset in offsets {
                            self.rule(Rule::ByteOffset { base: b, result, offset }, &[b]);
                        }
                        self.no_info_reason.insert(result, "byte offset from a pointer of unknown type".into());
                    }
                    None => {
                        let (start, stride) = match residue(idx) {
                            Some(r) if r.start > 0 => (r.start, r.stride),
                            _ => (0, stride_of(idx)),
                        };
                        self.rule(Rule::VarOffset { base: b, result, start, stride }, &[b]);
                    }
                },
            }
            return;
        }
        // `p + i` (one index) also reads its result: what the result is
        // used as, the base is used as too.
        if v.num_operands() == 2 {
            self.array_steps.insert(result);
            let k = v.operand(1).and_then(|o| o.const_int_value());
            // (Instructions only: the safety analysis marks header steps
            // where it visits GEP instructions.)
            let step = k.is_some_and(|k| k != 0) && v.as_instruction().is_some();
            if let (Some(t), true) = (self.known_ir_type(src), step) {
                // (A header may be a scalar: zstd's `(HUF_DEltX1 *)(DTable + 1)`
                // past a `U32` header.)
                if matches!(self.types.tm.get(t), DType::Struct(_) | DType::Int(16 | 32 | 64)) {
                    self.const_steps.push((v, result, t));
                }
            }
        }
        let reads: &[Node] = if v.num_operands() == 2 { &[b, result] } else { &[b] };
        self.rule(Rule::Gep { gep: v, base: b, result }, reads);
        self.no_info_reason.insert(result, "getelementptr from a pointer of unknown type".into());
    }

    /// Constant expressions are nodes like instructions (their node `n`
    /// exists before their rules are made, so cycles through them end).
    fn visit_const_expr(&mut self, v: Value<'m>, n: Node) {
        match v.const_opcode() {
            Some(Opcode::LLVMGetElementPtr) => self.visit_gep(v),
            Some(Opcode::LLVMBitCast | Opcode::LLVMAddrSpaceCast | Opcode::LLVMPtrToInt | Opcode::LLVMIntToPtr) => {
                if let Some(s) = v.operand(0).and_then(|o| self.opt_node(o)) {
                    self.rule(Rule::Same { a: s, b: n }, &[s, n]);
                }
            }
            _ => self.set_unknown(n, "constant expression the analysis does not follow"),
        }
    }
}

/// For each union `!intel.dtrans.unions` lists, the structures its storage
/// may be (each member structure, what is at its start, and, for a member
/// that is itself a listed union, what that one may be), and its member
/// structures alone (with those of member unions).
#[allow(clippy::type_complexity)]
fn union_closures(types: &ModuleTypes<'_>) -> (HashMap<TypeId, HashSet<TypeId>>, HashMap<TypeId, HashSet<TypeId>>) {
    let listed: HashMap<TypeId, &Vec<TypeId>> = types.unions.iter().map(|(u, ms)| (*u, ms)).collect();
    let mut holds_of = HashMap::default();
    let mut members_of = HashMap::default();
    for (u, members) in &types.unions {
        let mut holds: HashSet<TypeId> = HashSet::default();
        let mut direct: HashSet<TypeId> = HashSet::default();
        let mut work: Vec<TypeId> = members.clone();
        let mut seen: HashSet<TypeId> = HashSet::default();
        while let Some(m) = work.pop() {
            if !seen.insert(m) {
                continue;
            }
            direct.insert(m);
            if let Some(inner) = listed.get(&m) {
                work.extend(inner.iter().copied());
            }
            for z in zero_chain(&types.tm, m) {
                holds.insert(z);
                if let Some(inner) = listed.get(&z) {
                    work.extend(inner.iter().copied());
                }
            }
        }
        holds_of.insert(*u, holds);
        members_of.insert(*u, direct);
    }
    (holds_of, members_of)
}

/// The source element type of a GEP instruction or constant expression.
fn gep_source(v: Value<'_>) -> Option<Type<'_>> {
    match v.as_instruction() {
        Some(i) => i.gep_source_type(),
        None => v.const_gep_source_type(),
    }
}

/// A number `k` that `v` is always a multiple of: 0 when `v` is always 0,
/// 1 when nothing better is known. Follows constants, `mul`, `shl`, `add`,
/// `sub`, casts, `select` and `phi` (an induction `i = phi [0, i + 96]` is a
/// multiple of 96: a cycle back to a phi being computed adds nothing).
pub(crate) fn stride_of(v: Value<'_>) -> u64 {
    multiple_of(v, &mut Vec::new(), 0)
}

/// `v` is always `start` plus a multiple of `stride` (0: always `start`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Residue {
    pub(crate) start: i64,
    pub(crate) stride: u64,
}

/// The offsets `v` takes as a start and a stride: constants, `add`, `sub`,
/// multiplications and shifts by constants, casts, `select`, and `phi` of
/// a constant and steps from the phi itself (LLVM's strength-reduced
/// `&s->a[i]`: `phi [1000, %pre], [%next, %loop]`, `%next = add %phi, 8`
/// is 1000 plus a multiple of 8). `None` when unknown.
pub(crate) fn residue(v: Value<'_>) -> Option<Residue> {
    let mut walk = ResidueWalk { in_progress: Vec::new(), budget: RESIDUE_BUDGET };
    let r = walk.residue(v, 0)?;
    (walk.budget > 0 && r.base.is_none()).then_some(Residue { start: r.start, stride: r.stride })
}

/// The most values one [`residue`] looks at: phis of phis share operands,
/// so an unbounded walk over SQLite's would take exponential time; past it
/// the answer is "unknown".
const RESIDUE_BUDGET: u32 = 512;

struct ResidueWalk<'m> {
    in_progress: Vec<Value<'m>>,
    budget: u32,
}

/// A residue, maybe relative to a phi being computed (`base`): `base +
/// start + stride * k`.
#[derive(Clone, Copy)]
struct Rel<'m> {
    base: Option<Value<'m>>,
    start: i64,
    stride: u64,
}

impl<'m> ResidueWalk<'m> {
    /// The residue of `v`, else 0 plus a multiple of 1: any value is (a
    /// step by a loaded count times 4 is still a multiple of 4).
    fn residue(&mut self, v: Value<'m>, depth: u32) -> Option<Rel<'m>> {
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        self.exact(v, depth).or(Some(Rel { base: None, start: 0, stride: 1 }))
    }

    fn exact(&mut self, v: Value<'m>, depth: u32) -> Option<Rel<'m>> {
        if let Some(c) = v.const_int_value() {
            return Some(Rel { base: None, start: c, stride: 0 });
        }
        let i = v.as_instruction()?;
        if depth > 32 {
            return None;
        }
        let op = |k: u32| i.operand(k);
        let constant = |k: u32| op(k).and_then(|o| o.const_int_value());
        match i.opcode() {
            Opcode::LLVMZExt | Opcode::LLVMSExt | Opcode::LLVMFreeze => self.residue(op(0)?, depth + 1),
            Opcode::LLVMAdd | Opcode::LLVMSub => {
                let l = self.residue(op(0)?, depth + 1)?;
                let r = self.residue(op(1)?, depth + 1)?;
                let sub = i.opcode() == Opcode::LLVMSub;
                if r.base.is_some() && (sub || l.base.is_some()) {
                    return None;
                }
                let start = if sub { l.start.checked_sub(r.start)? } else { l.start.checked_add(r.start)? };
                Some(Rel { base: l.base.or(r.base), start, stride: gcd(l.stride, r.stride) })
            }
            Opcode::LLVMMul | Opcode::LLVMShl => {
                let k = if i.opcode() == Opcode::LLVMShl {
                    let k = constant(1)?;
                    (0..62).contains(&k).then(|| 1i64 << k)?
                } else {
                    constant(1)?
                };
                let l = self.residue(op(0)?, depth + 1)?;
                if l.base.is_some() {
                    return None;
                }
                Some(Rel {
                    base: None,
                    start: l.start.checked_mul(k)?,
                    stride: l.stride.checked_mul(k.unsigned_abs())?,
                })
            }
            Opcode::LLVMSelect | Opcode::LLVMPHI => {
                let phi = i.opcode() == Opcode::LLVMPHI;
                if phi && self.in_progress.contains(&v) {
                    // A step from a phi being computed: relative to it.
                    return Some(Rel { base: Some(v), start: 0, stride: 0 });
                }
                let ops: Vec<Value<'m>> =
                    if phi { (0..i.num_operands()).filter_map(op).collect() } else { vec![op(1)?, op(2)?] };
                if phi {
                    self.in_progress.push(v);
                }
                let parts: Option<Vec<Rel<'m>>> = ops.iter().map(|o| self.residue(*o, depth + 1)).collect();
                if phi {
                    self.in_progress.pop();
                }
                let parts = parts?;
                // Steps from this phi add to the stride only (the phi is
                // its start modulo the stride); the other values must
                // agree on a base (none, or an enclosing phi) and on the
                // start modulo the stride.
                let own = |r: &Rel<'m>| phi && r.base == Some(v);
                let first = *parts.iter().find(|r| !own(r))?;
                let mut stride = 0;
                for r in &parts {
                    stride = gcd(stride, r.stride);
                    let delta = if own(r) {
                        r.start
                    } else if r.base == first.base {
                        r.start.checked_sub(first.start)?
                    } else {
                        return None;
                    };
                    stride = gcd(stride, delta.unsigned_abs());
                }
                Some(Rel { base: first.base, start: first.start, stride })
            }
            _ => None,
        }
    }
}

/// An alloca used only as the address of loads and stores (never stored
/// itself, passed or offset): a local variable.
/// (Callers check that `v` is an alloca.)
pub(crate) fn is_simple_slot(v: Value<'_>) -> bool {
    v.users().iter().all(|u| match u.as_instruction() {
        Some(i) => match i.opcode() {
            Opcode::LLVMLoad => true,
            Opcode::LLVMStore => i.operand(1) == Some(v) && i.operand(0) != Some(v),
            Opcode::LLVMCall => crate::alloc::is_lifetime_marker(i),
            _ => false,
        },
        None => false,
    })
}

/// The constants a `select` or `phi` of integer constants chooses among.
fn constant_choices(v: Value<'_>) -> Option<Vec<i64>> {
    let i = v.as_instruction()?;
    let ops = match i.opcode() {
        Opcode::LLVMSelect => 1..3,
        Opcode::LLVMPHI => 0..i.num_operands(),
        _ => return None,
    };
    let mut out = Vec::new();
    for k in ops {
        let c = i.operand(k)?.const_int_value()?;
        if !out.contains(&c) {
            out.push(c);
        }
    }
    Some(out)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn multiple_of<'m>(v: Value<'m>, in_progress: &mut Vec<Value<'m>>, depth: u32) -> u64 {
    if let Some(c) = v.const_int_value() {
        return c.unsigned_abs();
    }
    let Some(i) = v.as_instruction() else { return 1 };
    if depth > 32 {
        return 1;
    }
    let op = |k: u32| i.operand(k);
    match i.opcode() {
        Opcode::LLVMZExt | Opcode::LLVMSExt | Opcode::LLVMFreeze => {
            op(0).map_or(1, |o| multiple_of(o, in_progress, depth + 1))
        }
        Opcode::LLVMMul => match (op(0), op(1)) {
            (Some(l), Some(r)) => {
                let (a, b) = (multiple_of(l, in_progress, depth + 1), multiple_of(r, in_progress, depth + 1));
                a.saturating_mul(b)
            }
            _ => 1,
        },
        Opcode::LLVMShl => match (op(0), op(1).and_then(|r| r.const_uint_value())) {
            (Some(l), Some(k)) if k < 63 => multiple_of(l, in_progress, depth + 1).saturating_mul(1 << k),
            _ => 1,
        },
        Opcode::LLVMAdd | Opcode::LLVMSub => match (op(0), op(1)) {
            (Some(l), Some(r)) => gcd(multiple_of(l, in_progress, depth + 1), multiple_of(r, in_progress, depth + 1)),
            _ => 1,
        },
        Opcode::LLVMSelect => match (op(1), op(2)) {
            (Some(l), Some(r)) => gcd(multiple_of(l, in_progress, depth + 1), multiple_of(r, in_progress, depth + 1)),
            _ => 1,
        },
        Opcode::LLVMPHI => {
            if in_progress.contains(&v) {
                return 0;
            }
            in_progress.push(v);
            let mut g = 0;
            for k in 0..i.num_operands() {
                if let Some(o) = op(k) {
                    g = gcd(g, multiple_of(o, in_progress, depth + 1));
                }
                if g == 1 {
                    break;
                }
            }
            in_progress.pop();
            g
        }
        _ => 1,
    }
}

// ---- calls ---------------------------------------------------------------

impl<'m, 'c> Analyzer<'m, 'c> {
    fn ret_node(&mut self, f: Function<'m>) -> Node {
        if let Some(n) = self.returns.get(&f) {
            return *n;
        }
        let n = self.new_node();
        self.returns.insert(f, n);
        n
    }

    /// The type an aggregate attribute (`byval(T)`, ...) gives a pointer,
    /// unless the metadata's type for it (`meta`) is a structure of the
    /// same body that llvm-link replaced by `t`: then the metadata's type
    /// alone, and the pair noted ([`AttrTwin`]).
    fn attr_type(&mut self, meta: Option<TypeId>, t: Type<'m>, place: String) -> Option<TypeId> {
        let tm = &self.types.tm;
        let source = meta.and_then(|p| tm.pointee(p)).filter(|s| matches!(tm.get(*s), DType::Struct(_)));
        if let Some(s) = source {
            let own = tm.struct_name(s).and_then(|n| self.m.struct_type(n));
            if let (Some(own), Some(ir)) = (own, self.known_ir_type(t)) {
                if own != t && dtrans_ir::isomorphic_structs(own, t) {
                    self.attr_twins.push(AttrTwin { place, source: s, ir });
                    return None;
                }
            }
        }
        self.known_ir_type(t)
    }

    fn visit_call(&mut self, i: Instruction<'m>) {
        let v = i.as_value();
        let rty = v.ty();
        let result =
            (rty.is_pointer() || rty.is_struct() || rty.kind() == TypeKind::LLVMVectorTypeKind).then(|| self.node(v));
        let nargs = i.call_arg_count().unwrap_or(0);
        // Types of aggregates passed by pointer, from the call's attributes.
        let callee_params = match i.called_function().and_then(|f| self.fn_types.get(&f)).map(|t| self.types.tm.get(*t))
        {
            Some(DType::Function { params, .. }) => params.clone(),
            _ => Vec::new(),
        };
        for k in 0..nargs {
            for attr in ["byval", "sret", "byref", "elementtype"] {
                if let Some(t) = i.call_param_type_attribute(k, attr) {
                    let callee = i.called_function().map(|f| f.name()).unwrap_or_default();
                    let caller = i.parent_function().map(|f| f.name()).unwrap_or_default();
                    let place = format!("@{caller}: call @{callee}, argument {k}");
                    let d = self.attr_type(callee_params.get(k as usize).copied(), t, place);
                    if let (Some(d), Some(a)) = (d, i.call_arg(k).and_then(|a| self.opt_node(a))) {
                        let pd = self.pointer_to(d);
                        self.add_usage(a, pd);
                    }
                }
            }
        }
        let callee = i.called_function();
        if let Some(f) = callee {
            let name = f.name();
            if name.starts_with("llvm.") {
                self.visit_intrinsic(i, &name, result);
                return;
            }
            if let Some(kind) = self.mem_fns.kind(f) {
                self.visit_mem_fn(i, kind, result);
                return;
            }
            if !f.is_declaration() {
                let meta_params = &callee_params;
                for k in 0..nargs.min(f.num_params()) {
                    let (Some(arg), Some(p)) = (i.call_arg(k), f.param(k)) else { continue };
                    let Some(a) = self.opt_node(arg) else { continue };
                    let pn = self.node(p);
                    // A parameter whose metadata declares a specific type
                    // is that type, whatever callers pass: the argument is
                    // *used* as it (as a typed-pointer call would cast it).
                    // Letting callers' types in would make an `env *`
                    // parameter an `interp *` because one caller passes the
                    // address of the `env` at offset 0 of an `interp`. A
                    // generic parameter (`void *`, `intptr_t`) learns what
                    // its callers pass.
                    let declared = meta_params.get(k as usize).copied();
                    if let Some(t) = declared.filter(|t| !self.is_generic(*t)) {
                        self.add_usage(a, t);
                    } else if self.escaped.contains(&f) {
                        self.rule(Rule::UseAs { from: pn, to: a }, &[pn]);
                    } else {
                        self.rule(Rule::ToParam { arg: a, param: pn }, &[a, pn]);
                    }
                }
                if let Some(r) = result {
                    let rn = self.ret_node(f);
                    match self.meta_return(f) {
                        // The callee's declared return type is what every
                        // caller gets: what one caller passes through a
                        // `void *` helper must not reach the others, and
                        // what one caller makes of the result must not reach
                        // the callee's body (and from there, through its
                        // parameters, the other callers).
                        Some(t) => self.add_declared(r, t),
                        None => self.rule(Rule::Flow { from: rn, to: r }, &[rn, r]),
                    }
                }
                return;
            }
        }
        if let Some(f) = callee.filter(|f| f.is_declaration()) {
            if let Some(LibEffect::Sort { base, cmp, .. }) = lib_effect(&f.name()) {
                self.sort_comparator(i, base, cmp);
                // bsearch returns null or an element of its array.
                let array = i.call_arg(base).filter(|_| f.name() == "bsearch").and_then(|a| self.opt_node(a));
                if let (Some(r), Some(a)) = (result, array) {
                    self.rule(Rule::Flow { from: a, to: r }, &[a, r]);
                }
            }
        }
        // A declaration, or an indirect call: only metadata says anything.
        let meta = match callee {
            Some(f) => self.fn_types.get(&f).copied(),
            None => self.call_types.get(&i).copied(),
        };
        if let Some(DType::Function { ret, params, .. }) = meta.map(|t| self.types.tm.get(t).clone()) {
            for (k, t) in params.into_iter().enumerate() {
                if let Some(a) = i.call_arg(k as u32).and_then(|a| self.opt_node(a)) {
                    self.add_usage(a, t);
                }
            }
            if let Some(r) = result {
                self.add_declared(r, ret);
            }
        }
        if let Some(r) = result {
            let why = match callee {
                Some(f) => format!("returned by external function @{} with no type metadata", f.name()),
                None => "returned by an indirect call with no type metadata".into(),
            };
            self.no_info_reason.insert(r, why);
        }
    }

    /// `qsort`/`bsearch` call their comparator with pointers into the array
    /// (`bsearch` with the key first): what those point to reaches the
    /// comparator's parameters, which its own metadata declares `void *`
    /// only. Without this, a comparator whose accesses a transformation
    /// already lowered to byte offsets would read fields of nothing known.
    fn sort_comparator(&mut self, i: Instruction<'m>, base: u32, cmp: u32) {
        let Some(cf) = i.call_arg(cmp).and_then(|c| c.strip_aliases().as_function()) else { return };
        if cf.is_declaration() || cf.num_params() < 2 {
            return;
        }
        // The first parameter gets argument 0: qsort's array, bsearch's key.
        for (arg, param) in [(0, 0), (base, 1)] {
            let (Some(a), Some(p)) = (i.call_arg(arg), cf.param(param)) else { continue };
            let Some(a) = self.opt_node(a) else { continue };
            let pn = self.node(p);
            // (What the array is used as too: at -O2 the array is often the
            // allocation's own `i8*` result, used as the structure.)
            self.rule(Rule::Flow { from: a, to: pn }, &[a, pn]);
            self.rule(Rule::UseAs { from: a, to: pn }, &[a]);
        }
    }

    /// `i8*` or a pointer-sized integer: a type that says nothing of what
    /// it points to.
    fn is_generic(&self, t: TypeId) -> bool {
        match self.types.tm.get(t) {
            DType::Pointer(p) => matches!(self.types.tm.get(*p), DType::Int(8)) || is_incomplete(&self.types.tm, *p),
            DType::Int(bits) => *bits == self.ptr_bits(),
            _ => false,
        }
    }

    /// The return type the function's metadata declares.
    fn meta_return(&self, f: Function<'m>) -> Option<TypeId> {
        match self.types.tm.get(*self.fn_types.get(&f)?) {
            DType::Function { ret, .. } => Some(*ret),
            _ => None,
        }
    }

    fn visit_intrinsic(&mut self, i: Instruction<'m>, name: &str, result: Option<Node>) {
        let base = name.trim_start_matches("llvm.");
        let family = base.split('.').next().unwrap_or("");
        match family {
            "memcpy" | "memmove" | "memset" | "memcpy_inline" | "memset_inline" => {
                let ptr_args = if family.starts_with("memset") { 1 } else { 2 };
                let len = i.call_arg(2).and_then(|l| l.const_int_value()).and_then(|l| u64::try_from(l).ok());
                for k in 0..ptr_args {
                    if let Some(a) = i.call_arg(k).and_then(|a| self.opt_node(a)) {
                        let i8p = self.i8p;
                        self.add_usage(a, i8p);
                        if let Some(l) = len {
                            self.mem_lengths.entry(a).or_default().push(l);
                        }
                    }
                }
            }
            "ptr" | "launder" | "strip" | "ssa" | "expect" => {
                // llvm.ptr.annotation, launder/strip.invariant.group,
                // ssa.copy, expect: the result is the first argument.
                if let (Some(r), Some(a)) = (result, i.call_arg(0).and_then(|a| self.opt_node(a))) {
                    self.rule(Rule::Same { a, b: r }, &[a, r]);
                }
            }
            _ => {
                if let Some(r) = result {
                    if i.as_value().ty().is_pointer() {
                        self.set_unknown(r, "returned by an intrinsic the analysis does not follow");
                    }
                }
            }
        }
    }

    fn visit_mem_fn(&mut self, i: Instruction<'m>, kind: MemFn, result: Option<Node>) {
        let i8p = self.i8p;
        match kind {
            MemFn::Alloc(k) => {
                use crate::alloc::AllocKind as A;
                self.alloc_calls.push((i, k));
                if let Some(r) = result {
                    self.add_declared(r, i8p);
                }
                match k {
                    A::Realloc | A::ReallocArray | A::UserRealloc => {
                        if let Some(a) = i.call_arg(0).and_then(|a| self.opt_node(a)) {
                            self.add_usage(a, i8p);
                            if let Some(r) = result {
                                self.rule(Rule::Flow { from: a, to: r }, &[a, r]);
                            }
                        }
                    }
                    A::PosixMemalign => {
                        if let Some(a) = i.call_arg(0).and_then(|a| self.opt_node(a)) {
                            let i8pp = self.pointer_to(i8p);
                            self.add_usage(a, i8pp);
                        }
                    }
                    A::Strdup => {
                        if let Some(a) = i.call_arg(0).and_then(|a| self.opt_node(a)) {
                            self.add_usage(a, i8p);
                        }
                    }
                    _ => {}
                }
            }
            MemFn::Free(k) => {
                if let Some(a) = i.call_arg(k.freed_arg()).and_then(|a| self.opt_node(a)) {
                    self.add_usage(a, i8p);
                }
            }
        }
    }
}

// ---- the fixed point -------------------------------------------------------

impl<'m, 'c> Analyzer<'m, 'c> {
    fn solve(&mut self) {
        while let Some(r) = self.queue.pop_front() {
            self.queued[r as usize] = false;
            let rule = self.rules[r as usize];
            self.apply(rule);
        }
    }

    fn copy_forward(&mut self, from: Node, to: Node) {
        if from == to {
            return;
        }
        let src = self.info[from as usize].clone();
        for t in src.declared {
            self.add_declared(to, t);
        }
        for e in src.elements {
            self.add_element(to, e);
        }
        if let Some(u) = src.unknown {
            self.set_unknown(to, &u);
        }
    }

    fn usage_back(&mut self, from: Node, to: Node) {
        if from == to {
            return;
        }
        for t in self.info[from as usize].usage.clone() {
            self.add_usage(to, t);
        }
    }

    fn apply(&mut self, rule: Rule<'m>) {
        match rule {
            Rule::Flow { from, to } => {
                self.copy_forward(from, to);
                self.usage_back(to, from);
            }
            Rule::Same { a, b } => {
                self.copy_forward(a, b);
                self.copy_forward(b, a);
                self.usage_back(a, b);
                self.usage_back(b, a);
            }
            Rule::UseAs { from, to } => {
                for t in self.types_of(from) {
                    self.add_usage(to, t);
                }
            }
            Rule::ToParam { arg, param } => {
                self.copy_forward(arg, param);
                // (A pointer loaded from a union's storage is declared
                // `i8*`; what the members hold there is as specific.)
                let info = &self.info[arg as usize];
                let specific: Vec<TypeId> =
                    info.declared.iter().chain(&info.union_views).copied().filter(|d| !self.is_generic(*d)).collect();
                if specific.is_empty() && !self.generic_back {
                    return;
                }
                for t in self.info[param as usize].usage.clone() {
                    if specific.is_empty() || specific.iter().any(|d| self.explains(*d, t)) {
                        self.add_usage(arg, t);
                    }
                }
            }
            Rule::Load { addr, result, ty } => self.apply_load(addr, result, ty),
            Rule::Store { value, addr, ty } => self.apply_store(value, addr, ty),
            Rule::Gep { gep, base, result } => self.apply_gep(gep, base, result),
            Rule::ByteOffset { base, result, offset } => self.apply_byte_offset(base, result, offset),
            Rule::VarOffset { base, result, start, stride } => {
                let mut generic_only = true;
                let mut from_start = true;
                for p in self.pointees(base) {
                    generic_only = false;
                    let size = self.layout.size(&self.types.tm, p);
                    if start == 0 {
                        if size.is_some_and(|s| s > 0 && stride % s == 0) {
                            let pp = self.pointer_to(p);
                            self.add_declared(result, pp);
                        } else {
                            self.set_unknown(result, "variable byte offset that is not a whole number of objects");
                        }
                        continue;
                    }
                    // From `start`, whole objects or whole elements of the
                    // array holding `start`: the place at `start`.
                    let whole = size.is_some_and(|s| s > 0 && stride % s == 0);
                    let step = self.layout.array_step_at(&self.types.tm, p, start as u64);
                    let in_array = step.is_some_and(|e| stride % e == 0);
                    if !(whole || in_array) {
                        from_start = false;
                    }
                }
                if start != 0 && !generic_only {
                    if from_start {
                        self.apply_byte_offset(base, result, start);
                    } else {
                        self.set_unknown(result, "variable byte offset that is not a whole number of objects");
                    }
                }
                if generic_only {
                    // Byte arithmetic on `i8*` stays `i8*`.
                    self.copy_forward(base, result);
                }
                if let Some(u) = self.info[base as usize].unknown.clone() {
                    self.set_unknown(result, &u);
                }
            }
            Rule::Arith { from, result, why } => {
                let info = &self.info[from as usize];
                if !info.declared.is_empty() || !info.usage.is_empty() || info.unknown.is_some() {
                    self.set_unknown(result, why);
                }
            }
            Rule::Extract { agg, result, index } => {
                for t in self.types_of(agg) {
                    let field = struct_fields(&self.types.tm, t).and_then(|f| f.get(index as usize).copied());
                    if let Some(f) = field {
                        self.add_declared(result, f);
                    }
                }
            }
        }
    }

    /// Whether a value of DTrans type `c` can be what an access of IR type
    /// `ty` reads or writes.
    fn compatible(&self, c: TypeId, ty: Type<'m>) -> bool {
        let tm = &self.types.tm;
        match tm.get(c) {
            DType::Pointer(_) => ty.is_pointer() || ty.int_width() == Some(self.ptr_bits()),
            DType::Int(b) => ty.int_width() == Some(*b),
            DType::Atomic(k) => crate::layout::atomic_matches(*k, ty),
            DType::Struct(name) => ty.struct_name().as_deref() == Some(name.as_str()),
            DType::Literal { .. } => ty.is_literal_struct(),
            _ => false,
        }
    }

    fn ptr_bits(&self) -> u32 {
        (self.layout.pointer_size() * 8) as u32
    }

    /// The first type in the zero chain of `p` that an access of `ty` can
    /// touch; for a pointer access, a union on the way whose members hold
    /// pointers to different types there is what it touches
    /// ([`Accessed::Members`]: the IR names only one member).
    fn accessed(&self, p: TypeId, ty: Type<'m>) -> Option<Accessed> {
        let tm = &self.types.tm;
        for z in zero_chain(tm, p) {
            if let Some(members) = self.union_members.get(&z).filter(|_| ty.is_pointer()) {
                let mut views: Vec<TypeId> =
                    members.iter().filter_map(|m| zero_chain(tm, *m).find(|c| self.compatible(*c, ty))).collect();
                views.sort_unstable();
                views.dedup();
                if views.len() > 1 {
                    // (A function is no structure a use could name.)
                    views.retain(|c| !matches!(tm.pointee(*c).map(|q| tm.get(q)), Some(DType::Function { .. })));
                    return Some(Accessed::Members(views));
                }
                // A union of no structure that the annotator made `void *`
                // there: its members point to different types (Lua's
                // `Value`: a `GCObject *`, a `void *`, a `lua_CFunction`).
                // Its storage too holds one or another, so what one load is
                // used as is no use of the address.
                let start = zero_chain(tm, z).skip(1).find(|c| self.compatible(*c, ty));
                if members.is_empty() && start.is_some_and(|c| self.is_generic(c)) {
                    return Some(Accessed::Members(Vec::new()));
                }
            }
            if self.compatible(z, ty) {
                return Some(Accessed::Type(z));
            }
        }
        None
    }

    fn apply_load(&mut self, addr: Node, result: Node, ty: Type<'m>) {
        let holds_pointer = ty.is_pointer() || ty.int_width() == Some(self.ptr_bits()) || ty.is_struct();
        if holds_pointer {
            // What the address holds: its types, less those it has only
            // because loads from it are used so (a view, not a fact about
            // what was stored).
            let info = &self.info[addr as usize];
            let views = self.load_uses.get(&addr);
            let held: Vec<TypeId> = info
                .all_types()
                .into_iter()
                .filter(|t| info.declared.contains(t) || !views.is_some_and(|v| v.contains(t)))
                .collect();
            let mut union_storage = false;
            let mut access: Vec<Option<Accessed>> =
                self.pointees_of(&held).into_iter().map(|p| self.accessed(p, ty)).collect();
            if let Some(there) = self.union_places.get(&addr) {
                // What the members hold there, each as the access finds it.
                let mut views = Vec::new();
                for t in there {
                    match self.accessed(*t, ty) {
                        Some(Accessed::Type(c)) => views.push(c),
                        Some(Accessed::Members(vs)) => views.extend(vs),
                        None => {}
                    }
                }
                views.sort_unstable();
                views.dedup();
                access.push(match views[..] {
                    [] => None,
                    [one] => Some(Accessed::Type(one)),
                    _ => Some(Accessed::Members(views)),
                });
            }
            for a in access {
                match a {
                    Some(Accessed::Type(c)) if !matches!(self.types.tm.get(c), DType::Int(_)) => {
                        self.add_declared(result, c)
                    }
                    Some(Accessed::Members(views)) => {
                        union_storage = true;
                        let i8p = self.generic_pointer();
                        self.add_declared(result, i8p);
                        if Self::extend_set(&mut self.info[result as usize].union_views, views) {
                            self.changed(result);
                        }
                    }
                    _ => {}
                }
            }
            for e in self.slot_elements.get(&addr).cloned().unwrap_or_default() {
                self.add_element(result, e);
            }
            // What the loaded value is used as, the address is used to
            // hold (its declared types came from the address); not a
            // union's storage, which holds one member or another.
            let mut grew = false;
            let usage = if union_storage { Vec::new() } else { self.info[result as usize].usage.clone() };
            for t in usage {
                let pt = self.pointer_to(t);
                self.add_usage(addr, pt);
                if self.admissible(pt) {
                    grew |= Self::insert_set(self.load_uses.entry(addr).or_default(), pt);
                }
            }
            if grew {
                self.changed(addr);
            }
        }
        if !ty.is_pointer() {
            if let Some(d) = self.known_ir_type(ty) {
                let pd = self.pointer_to(d);
                self.add_usage(addr, pd);
            }
        }
    }

    fn apply_store(&mut self, value: Option<Node>, addr: Node, ty: Type<'m>) {
        if let Some(vn) = value {
            for t in self.types_of(vn) {
                let pt = self.pointer_to(t);
                self.add_usage(addr, pt);
            }
            // The stored value is used as what the address is declared to
            // hold and as what loads from it are used as; what other stores
            // put there is no fact about it (a `void *` slot given an `A *`
            // and a `B *` does not make either one the other).
            if self.simple_slots.contains(&addr) {
                let mut grew = false;
                for e in self.info[vn as usize].elements.clone() {
                    let slot = self.slot_elements.entry(addr).or_default();
                    if !slot.contains(&e) {
                        slot.push(e);
                        grew = true;
                    }
                }
                if grew {
                    self.changed(addr);
                }
            }
            let mut held = self.info[addr as usize].declared.clone();
            // What loads from a `void *` field are used as says nothing of
            // what one store put there: such a field holds pointers to
            // several structures at different times (SQLite's `Op.p4`, a
            // `KeyInfo *`, a `CollSeq *`, a `FuncDef *`, ...), and the
            // safety analysis judges each load by every store of the field
            // (`settle_void_fields`). A slot that is not a field (a local,
            // a global, an array element) has no such check: there the
            // loads' uses still reach the stored value.
            let void_field = !self.info[addr as usize].elements.is_empty()
                && !held.is_empty()
                && held.iter().all(|h| self.types.tm.pointee(*h).is_some_and(|p| self.is_generic(p)));
            if !void_field {
                held.extend(self.load_uses.get(&addr).into_iter().flatten().copied());
            }
            // (Union storage whose members differ there says nothing; one
            // the annotator made `void *` says `void *`.)
            for p in self.pointees_of(&held) {
                let c = match self.accessed(p, ty) {
                    Some(Accessed::Type(c)) => c,
                    Some(Accessed::Members(views)) if views.is_empty() => self.generic_pointer(),
                    _ => continue,
                };
                if matches!(self.types.tm.get(c), DType::Pointer(_)) {
                    self.add_usage(vn, c);
                }
            }
        }
        if !ty.is_pointer() {
            if let Some(d) = self.known_ir_type(ty) {
                let pd = self.pointer_to(d);
                self.add_usage(addr, pd);
            }
        }
    }

    fn apply_gep(&mut self, gep: Value<'m>, base: Node, result: Node) {
        let Some(src) = gep_source(gep) else { return };
        let n = gep.num_operands();
        if n == 2 {
            // `&a[k].f + i * sizeof a[0]` (loop strength reduction at -O2
            // walks an array of structures by a field's address): the step
            // is the structure's size, the base is no structure pointer,
            // and the result is the same field of another element.
            let tm = &self.types.tm;
            let info = &self.info[base as usize];
            let inside = info.elements.iter().any(|e| self.layout.ir_type(tm, e.aggregate) == Some(src))
                && !info
                    .all_types()
                    .iter()
                    .any(|t| tm.pointee(*t).is_some_and(|p| self.layout.ir_type(tm, p) == Some(src)));
            if inside {
                let elements: Vec<Element> = info.elements.clone();
                self.copy_forward(base, result);
                for e in elements {
                    self.add_element(result, e);
                }
                return;
            }
        }
        let mut starts: Vec<TypeId> = Vec::new();
        if let Some(d) = self.known_ir_type(src) {
            starts.push(d);
            let pd = self.pointer_to(d);
            self.add_usage(base, pd);
        }
        for p in self.pointees(base) {
            if !starts.contains(&p) && self.layout.ir_type(&self.types.tm, p) == Some(src) {
                starts.push(p);
            }
        }
        if n == 2 && self.header_steps.contains_key(&gep) {
            // Past a header: the result is what its uses say.
            return;
        }
        if n == 2 {
            // Stepping over whole objects keeps the type, so the result's
            // uses say what the base points to (a `malloc` result indexed
            // as `ptr` and stored `entry *`s is an `entry **`), when the use
            // agrees with the step's type.
            let usage = self.info[result as usize].usage.clone();
            for u in usage {
                if self.types.tm.pointee(u).and_then(|p| self.layout.ir_type(&self.types.tm, p)) == Some(src) {
                    self.add_usage(base, u);
                }
            }
        }
        for start in starts {
            if n == 2 {
                // `p + i` over whole objects: same type; a field address
                // keeps its field at index 0 or inside an array field.
                let pt = self.pointer_to(start);
                self.add_declared(result, pt);
                let zero = gep.operand(1).and_then(|o| o.const_int_value()) == Some(0);
                for e in self.info[base as usize].elements.clone() {
                    let in_array = struct_fields(&self.types.tm, e.aggregate)
                        .and_then(|f| f.get(e.field as usize))
                        .is_some_and(|f| matches!(self.types.tm.get(*f), DType::Array { .. }));
                    if zero || in_array {
                        self.add_element(result, e);
                    }
                }
                continue;
            }
            let mut cur = start;
            let mut element = None;
            let mut ok = true;
            for k in 2..n {
                let Some(idx) = gep.operand(k) else {
                    ok = false;
                    break;
                };
                match self.types.tm.get(cur).clone() {
                    DType::Struct(_) | DType::Literal { .. } => {
                        let f = idx.const_int_value().and_then(|f| u32::try_from(f).ok());
                        let ft = f.and_then(|f| struct_fields(&self.types.tm, cur)?.get(f as usize).copied());
                        match (f, ft) {
                            (Some(f), Some(ft)) => {
                                element = Some(Element { aggregate: cur, field: f });
                                cur = ft;
                            }
                            _ => {
                                ok = false;
                                break;
                            }
                        }
                    }
                    DType::Array { elem, .. } => cur = elem,
                    _ => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                self.set_unknown(result, "getelementptr indices that do not fit the type");
                continue;
            }
            let pc = self.pointer_to(cur);
            self.add_declared(result, pc);
            if let Some(e) = element {
                self.add_element(result, e);
            }
        }
        if let Some(u) = self.info[base as usize].unknown.clone() {
            self.set_unknown(result, &u);
        }
    }

    fn apply_byte_offset(&mut self, base: Node, result: Node, offset: i64) {
        // What the members of a union hold where the result points inside
        // one (`resolve_place`).
        let mut held = Vec::new();
        if offset == 0 {
            // One of several offsets (a lone 0 is `Rule::Same`): the base's
            // own types, but its uses are not the result's.
            self.copy_forward(base, result);
        }
        if offset > 0 {
            // Scalar pointees (`i32*` from a store to field 0) only count
            // when no aggregate is there to resolve the offset in, and the
            // address is not known as a field (then the offset is taken in
            // its structure, below).
            let mut pointees = self.pointees(base);
            let tm = &self.types.tm;
            let aggregate = |p: &TypeId| struct_fields(tm, *p).is_some() || matches!(tm.get(*p), DType::Array { .. });
            if pointees.iter().any(aggregate) || !self.info[base as usize].elements.is_empty() {
                pointees.retain(aggregate);
            }
            let off = offset as u64;
            let mut resolved = Vec::new();
            // Into a flexible array member (QuickJS's `JSShape` ends in
            // `JSShapeProperty prop[0]`, reached as `sh + 64`): an element
            // of it, or a place inside one.
            let mut flexible = Vec::new();
            for p in &pointees {
                let Some((field, start, elem)) = self.layout.flexible_tail(&self.types.tm, *p) else { continue };
                let Some(stride) = self.layout.size(&self.types.tm, elem).filter(|s| *s > 0) else { continue };
                if off < start {
                    continue;
                }
                flexible.push(*p);
                let rest = (off - start) % stride;
                if rest == 0 {
                    resolved.push((elem, Some(Element { aggregate: *p, field })));
                } else if let Some(r) = self.resolve_place(&mut held, elem, rest) {
                    resolved.push(r);
                }
            }
            pointees.retain(|p| !flexible.contains(p));
            for p in &pointees {
                if let Some(r) = self.resolve_place(&mut held, *p, off) {
                    resolved.push(r);
                }
            }
            let mut header = false;
            if resolved.is_empty() {
                // Past the end of every object it may point to: whole
                // objects are stepped over (`&a[1]`, `&a[2].f`), and the
                // rest of the offset is inside the next one.
                for p in pointees.clone() {
                    let size = self.layout.size(&self.types.tm, p).unwrap_or(0);
                    if size == 0 || off < size {
                        continue;
                    }
                    // Unless the result is then written or copied over
                    // more than one object and part of another: no array
                    // of them is there, but what follows a header (brotli
                    // lays out `HasherCommon` then an `H2` in one block,
                    // and clears the `H2` with a `memset` of its size).
                    let partial =
                        self.mem_lengths.get(&result).is_some_and(|ls| ls.iter().any(|l| *l > size && l % size != 0));
                    // Nor when the pointer is also stepped back by less
                    // than whole objects: it is a member of a larger
                    // object (QuickJS's map records, reached from their
                    // `list_head` with `- 24`), and what follows it is the
                    // rest of that object.
                    if self.steps_back.get(&base).is_some_and(|bs| bs.iter().any(|b| b % size != 0)) {
                        continue;
                    }
                    if off.is_multiple_of(size) && partial {
                        header = true;
                        continue;
                    }
                    if off % size == 0 {
                        resolved.push((p, None));
                    } else if let Some(r) = self.resolve_place(&mut held, p, off % size) {
                        resolved.push(r);
                    }
                }
            }
            let none = resolved.is_empty();
            for (t, e) in resolved {
                self.add_place(result, t, e);
            }
            let alone = self.info[base as usize].elements.is_empty();
            if none && header && alone {
                self.set_unknown(result, "byte offset past the end of the object it points to, then written or copied as part of another object: not an array of them");
            } else if none && !(pointees.is_empty() && flexible.is_empty()) && alone {
                self.set_unknown(result, "byte offset outside the object it points to");
            }
        }
        // Before the start of an object that is not known as a field: whole
        // objects back in an array (`p[-1]`), a field of the element before
        // one reached by indexing, else the analysis does not know what is
        // there (`container_of` from a parameter).
        if offset < 0 && self.info[base as usize].elements.is_empty() {
            let pointees = self.pointees(base);
            let mut resolved = Vec::new();
            for p in &pointees {
                let size = self.layout.size(&self.types.tm, *p).unwrap_or(0) as i64;
                if size == 0 {
                    continue;
                }
                // Into the element before only from an address known to be
                // inside an array (`&a[k - 1].f` is `a + 64 * k - 36` at
                // -O2); from any other pointer `l - 8` is `container_of`.
                let rest = offset.rem_euclid(size) as u64;
                if rest == 0 {
                    resolved.push((*p, None));
                } else if self.array_steps.contains(&base) {
                    if let Some(r) = self.resolve_place(&mut held, *p, rest) {
                        resolved.push(r);
                    }
                }
            }
            if resolved.is_empty() && !pointees.is_empty() {
                self.set_unknown(result, "byte offset before the object it points to");
            }
            for (t, e) in resolved {
                self.add_place(result, t, e);
            }
        }
        // From a field's address, the offset is taken from its structure's
        // start: this finds sibling fields and, for negative offsets, the
        // containing structure (`container_of`).
        for e in self.info[base as usize].elements.clone() {
            let Some(start) = self.layout.field_offset(&self.types.tm, e.aggregate, e.field) else { continue };
            let Some(off) = (start as i64).checked_add(offset).filter(|o| *o >= 0) else { continue };
            // Past the structure's end: the same place in a later element.
            let size = self.layout.size(&self.types.tm, e.aggregate).unwrap_or(0);
            // Unless the field is the structure's last and an array: C
            // indexes such an array past its declared length (SQLite's
            // `ExprList { int nExpr, nAlloc; ExprList_item a[1]; }`, walked
            // by `++pItem` from `&a[0]`), and the element's own step is
            // resolved above; read as the next `ExprList`, it would name
            // one that is not there.
            let fields = struct_fields(&self.types.tm, e.aggregate);
            let trailing_array = fields.is_some_and(|fs| {
                e.field as usize + 1 == fs.len()
                    && matches!(self.types.tm.get(fs[e.field as usize]), DType::Array { .. })
            });
            if trailing_array && size > 0 && off as u64 >= size {
                continue;
            }
            let off = if size > 0 { off as u64 % size } else { off as u64 };
            if let Some((t, el)) = self.resolve_place(&mut held, e.aggregate, off) {
                self.add_place(result, t, el);
            }
        }
        if let Some(u) = self.info[base as usize].unknown.clone() {
            self.set_unknown(result, &u);
        }
        if !held.is_empty() && Self::extend_set(self.union_places.entry(result).or_default(), held) {
            self.changed(result);
        }
    }

    /// What lies at byte `off` of a `p` ([`Layout::resolve`]), unless the
    /// place is inside a member of a listed union, past the member's
    /// start, where the union's members hold different types (SQLite's
    /// `Table.u` holds an `ExprList *` or a `VTable *` at one offset;
    /// QuickJS's `JSObject.u` a `JSValue *` or a `JSVarRef **`): the IR
    /// and the type reader describe a union as one member, so the field
    /// found there is only that member's. Then the place is bytes (`i8`),
    /// and what each member holds there is added to `held`; a load from it
    /// is union storage ([`Analyzer::apply_load`]).
    fn resolve_place(&mut self, held: &mut Vec<TypeId>, p: TypeId, off: u64) -> Option<(TypeId, Option<Element>)> {
        let mut entered = Vec::new();
        let (at, e) = self.layout.resolve_visiting(&self.types.tm, p, off, |t, o| entered.push((t, o)))?;
        for (u, rel) in entered {
            let Some(members) = self.union_members.get(&u) else { continue };
            let mut there: Vec<TypeId> =
                members.iter().filter_map(|m| self.layout.resolve(&self.types.tm, *m, rel).map(|r| r.0)).collect();
            there.sort_unstable();
            there.dedup();
            if there.len() > 1 {
                held.extend(there);
                return Some((self.types.tm.int(8), e));
            }
        }
        Some((at, e))
    }

    /// A byte offset resolved to an object of type `t` (field `e` of its
    /// structure, if any).
    fn add_place(&mut self, result: Node, t: TypeId, e: Option<Element>) {
        let pt = self.pointer_to(t);
        if !self.admissible(pt) {
            self.no_info_reason
                .insert(result, "address of a field whose type is not known (a `ptr` of unknown pointee)".into());
        }
        self.add_declared(result, pt);
        if let Some(e) = e {
            self.add_element(result, e);
        }
    }
}

// ---- results ---------------------------------------------------------------

impl<'m, 'c> Analyzer<'m, 'c> {
    fn allocation_sites(&mut self) -> Vec<AllocSite<'m>> {
        let calls = std::mem::take(&mut self.alloc_calls);
        let mut out = Vec::new();
        for (call, kind) in calls {
            let holder =
                if kind == crate::alloc::AllocKind::PosixMemalign { call.call_arg(0) } else { Some(call.as_value()) };
            let dominant = holder.and_then(|h| self.nodes.get(&h)).and_then(|n| self.info[*n as usize].dominant);
            let mut allocated = dominant.and_then(|d| self.types.tm.pointee(d));
            if kind == crate::alloc::AllocKind::PosixMemalign {
                allocated = allocated.and_then(|p| self.types.tm.pointee(p));
            }
            allocated = allocated.filter(|p| !matches!(self.types.tm.get(*p), DType::Int(8)));
            let size = match allocated.and_then(|p| self.layout.size(&self.types.tm, p)) {
                Some(object) => crate::alloc::check_size(call, kind, object),
                None => crate::alloc::SizeVerdict::Unknown,
            };
            out.push(AllocSite { call, kind, allocated, size });
        }
        out
    }

    fn finish(&mut self) {
        // A pointer with no type at all is unknown, and so is everything it
        // flows into (a phi of it and a typed pointer may be either): mark
        // them, then run the rules once more to carry the mark forward.
        let nodes: Vec<(Value<'m>, Node)> = self.nodes.iter().map(|(v, n)| (*v, *n)).collect();
        for (v, n) in nodes {
            let info = &self.info[n as usize];
            if info.declared.is_empty() && info.usage.is_empty() && info.unknown.is_none() && v.ty().is_pointer() {
                let why = self.no_info_reason.get(&n).cloned().unwrap_or_else(|| "no type information".into());
                self.set_unknown(n, &why);
            }
        }
        self.solve();
        self.check_tbaa();
        for n in 0..self.info.len() {
            self.choose_dominant(n);
        }
        let twins = self.layout_twins();
        for n in 0..self.info.len() {
            self.info[n].used_as = self.used_as(n).filter(|t| !twins.contains(&self.types.tm.strip_pointers(*t).0));
        }
        // An `inttoptr` with no use of its own names only what the
        // integer's definitions are; when the integer is also used as
        // other structures (a `JSValue` payload parameter, given a
        // `JSObject *` by one caller and read per tag as a `JSString *` or
        // a `JSObject *`), it holds those too: the cast is as ambiguous.
        for (n, s) in self.int_casts.clone() {
            let (n, s) = (n as usize, s as usize);
            if self.info[n].usage.is_empty() && self.info[n].dominant.is_some_and(|d| !self.is_generic(d)) {
                if let Some(why) = self.info[s].ambiguous.clone() {
                    self.info[n].dominant = None;
                    self.info[n].ambiguous = Some(format!("inttoptr of an integer {why}"));
                }
            }
        }
    }

    /// The structures another structure of the same fields shares the
    /// module with (libbf's `bf_t` and `bfdec_t`: the same five field
    /// types, pointees included): a use typed as one of them, by a
    /// function's metadata, may be made with the other. (Not unions, whose
    /// fields are only their storage, nor structures of one field, which
    /// are that field to every use.)
    fn layout_twins(&self) -> HashSet<TypeId> {
        let tm = &self.types.tm;
        let mut by_fields: HashMap<Vec<TypeId>, Vec<TypeId>> = HashMap::default();
        for s in tm.structs().iter().copied() {
            if tm.struct_name(s).is_some_and(|n| n.starts_with("union.")) {
                continue;
            }
            if let Some(fields) = struct_fields(tm, s).filter(|f| f.len() > 1) {
                by_fields.entry(fields.to_vec()).or_default().push(s);
            }
        }
        let mut out = HashSet::default();
        for group in by_fields.values() {
            // (`%struct.lua_State.0` is the linker's copy of one source
            // structure, no twin of it.)
            let first = tm.struct_name(group[0]).map(dtrans_types::strip_link_suffix);
            if group.iter().any(|s| tm.struct_name(*s).map(dtrans_types::strip_link_suffix) != first) {
                out.extend(group.iter().copied());
            }
        }
        out
    }

    /// `ValueInfo::used_as`: the one usage type that explains all the
    /// others, when it is a pointer to a structure (at any depth) and the
    /// value has no other answer. A value also declared as a type that
    /// this one does not explain has none: the declaration (a parameter's
    /// metadata, a field loaded) names the variable, and the uses may be
    /// another view of it (libbf passes a `bfdec_t *` as a `bf_t *`; a
    /// `WhereMemBlock *` header is used as what follows it). Nor does a
    /// structure with a twin of its layout (`layout_twins`). (A set cut
    /// short at `MAX_TYPES` says nothing.)
    fn used_as(&self, n: usize) -> Option<TypeId> {
        let info = &self.info[n];
        if info.dominant.is_some() || info.prefix_type.is_some() || info.usage.len() >= MAX_TYPES {
            return None;
        }
        let tm = &self.types.tm;
        let mut tops = info.usage.iter().copied().filter(|c| {
            let (base, depth) = tm.strip_pointers(*c);
            depth > 0
                && matches!(tm.get(base), DType::Struct(_))
                && !is_incomplete(tm, base)
                && info.usage.iter().all(|u| self.explains(*c, *u))
        });
        let top = match (tops.next(), tops.next()) {
            (Some(t), None) => t,
            _ => return None,
        };
        info.declared.iter().all(|d| self.is_generic(*d) || self.explains(top, *d)).then_some(top)
    }

    /// The constant steps past a structure `T` whose result is ambiguous
    /// only because it is used as one other structure `U` (and what `U`
    /// explains), never as a `T`: `(U *)(t + 1)`, a header followed by
    /// another object. (An element of an array of `T` used as a `U` is the
    /// same conflict; either way both are unsafe, and the safety analysis
    /// marks them.)
    fn find_header_steps(&mut self) -> HashMap<Value<'m>, TypeId> {
        let mut out = HashMap::default();
        for (gep, node, t) in self.const_steps.clone() {
            let info = &self.info[node as usize];
            if info.ambiguous.is_none() || info.unknown.is_some() {
                continue;
            }
            // A base that is itself unclear stays so, and so does the step.
            let base = gep.operand(0).and_then(|b| self.nodes.get(&b)).map(|n| &self.info[*n as usize]);
            if base.is_none_or(|b| b.ambiguous.is_some() || b.unknown.is_some()) {
                continue;
            }
            let tp = self.pointer_to(t);
            let info = &self.info[node as usize];
            // (A generic `void *` use says nothing either way.)
            if !info.declared.contains(&tp) || info.usage.iter().any(|u| !self.is_generic(*u) && self.explains(tp, *u))
            {
                continue;
            }
            let tm = &self.types.tm;
            let used = info.usage.clone();
            let others: Vec<TypeId> = info.declared.iter().copied().filter(|d| *d != tp).collect();
            let outer = used.iter().copied().find(|c| {
                tm.pointee(*c).is_some_and(|p| matches!(tm.get(p), DType::Struct(_)))
                    && used.iter().chain(&others).all(|u| self.explains(*c, *u))
            });
            // Two structures of one layout are what the linker merged
            // (`merged.rs` gives each access its declared one back), not a
            // header and what follows it.
            let Some(u) = outer.and_then(|c| self.types.tm.pointee(c)) else { continue };
            let tm = &self.types.tm;
            let same_layout = match (self.layout.ir_type(tm, t), self.layout.ir_type(tm, u)) {
                (Some(a), Some(b)) => a == b || dtrans_ir::isomorphic_types(a, b),
                _ => true,
            };
            if !same_layout {
                out.insert(gep, t);
            }
        }
        out
    }

    fn choose_dominant(&mut self, n: usize) {
        let all = self.info[n].all_types();
        if all.is_empty() || self.info[n].unknown.is_some() || self.info[n].ambiguous.is_some() {
            return;
        }
        // Sizes of the structures `explains` may compare with integers.
        if self.sizes.is_empty() {
            for s in self.types.tm.structs().to_vec() {
                let size = self.layout.size(&self.types.tm, s).unwrap_or(0);
                self.sizes.insert(s, size);
            }
        }
        // Literal structures a global was laid out as (see
        // `pointee_explains`) are compared by size too.
        for t in &all {
            let (mut base, _) = self.types.tm.strip_pointers(*t);
            loop {
                let next = match self.types.tm.get(base) {
                    DType::Array { elem, .. } => Some(*elem),
                    DType::Literal { .. } => None,
                    _ => break,
                };
                if !self.sizes.contains_key(&base) {
                    let size = self.layout.size(&self.types.tm, base).unwrap_or(0);
                    self.sizes.insert(base, size);
                }
                match next {
                    Some(e) => base = e,
                    None => break,
                }
            }
        }
        // Candidates: every type seen, and the element pointer of every
        // array pointer (a `char *` that points into `[13 x i8]` and
        // `[24 x i8]` objects is an `i8*`).
        let mut candidates = all.clone();
        for t in &all {
            if let Some(DType::Array { elem, .. }) = self.types.tm.pointee(*t).map(|p| self.types.tm.get(p).clone()) {
                let pe = self.types.tm.pointer_to(elem);
                if !candidates.contains(&pe) {
                    candidates.push(pe);
                }
            }
        }
        // (A place inside a union's member, where the members hold
        // different types, is no field of the member the IR names.)
        let union_place = self.union_places.contains_key(&(n as Node));
        let fields: Vec<TypeId> = self.info[n]
            .elements
            .iter()
            .filter(|e| !union_place || !self.union_members.values().any(|ms| ms.contains(&e.aggregate)))
            .filter_map(|e| struct_fields(&self.types.tm, e.aggregate)?.get(e.field as usize).copied())
            .map(|f| flexible_elements(&self.types.tm, f))
            .collect();
        // (A field of unknown pointee, from IR types, says nothing; nor
        // does a `void *` field, which holds any pointer.)
        let known: Vec<TypeId> =
            fields.into_iter().filter(|f| !self.types.tm.has_unknown(*f) && !self.is_generic(*f)).collect();
        let field_ptrs: Vec<TypeId> = known.into_iter().map(|f| self.pointer_to(f)).collect();
        let info = &self.info[n];
        // A candidate must describe every possible target: each field the
        // value may point to holds it at its start (a phi of a `vertex *`
        // and `&edge->next` is no `vertex *`: an `edge *` slot is there), and
        // it explains each type the value is used as. A declared type may
        // instead be an outer view of it (a pointer to a `vertex` is also a
        // pointer to its first field), but only for a specific candidate:
        // `i8*` explains anything and would hide a merge of unrelated types.
        let qualifies = |c: TypeId, this: &Self| {
            let generic = this.is_generic(c);
            field_ptrs.iter().all(|pf| this.explains(*pf, c))
                && info.usage.iter().all(|u| this.explains(c, *u))
                && info.declared.iter().all(|d| this.explains(c, *d) || (!generic && this.explains(*d, c)))
        };
        let qualifying: Vec<TypeId> = candidates.iter().copied().filter(|c| qualifies(*c, self)).collect();
        // Of those, the outermost (the ones that explain all the others):
        // a `vertex *` used as the `edge **` at its start is a `vertex *`.
        // But when the value may be pointers to two structures, one at the
        // start of the other (a phi of `&local`, an `env`, and an `interp *`
        // that starts with an `env`), only the inner one is surely there.
        let tm = &self.types.tm;
        let declared_structs = info
            .declared
            .iter()
            .filter(|d| tm.pointee(**d).is_some_and(|p| matches!(tm.get(p), DType::Struct(_) | DType::Literal { .. })))
            .count();
        let explaining: Vec<TypeId> = if declared_structs >= 2 {
            qualifying.iter().copied().filter(|c| qualifying.iter().all(|q| self.explains(*q, *c))).collect()
        } else {
            qualifying.iter().copied().filter(|c| qualifying.iter().all(|q| self.explains(*c, *q))).collect()
        };
        // A union and one declared structure among its members, both
        // qualifying: the value points to that member, which the union's
        // storage holds (a `TString *` also passed as a `GCObject *`).
        // (The member explains each other type but the union, which is
        // not declared: a value declared as both stays the union.)
        // The same for the one member the value is used as, when it is not
        // declared as the union: a `Closure *` made by `malloc` and passed
        // as a `GCObject *` (Lua 5.1's `obj2gco`). A value declared as the
        // union stays it, even when only one member is used: a `StackValue
        // *` loaded from `L->top` and only read as the `TValue` it holds is
        // as often a `TValue *` variable (`s2v(L->top)`) as a `StkId` in the
        // source, and a `GCObject *` loaded from `gclist` and read as a
        // `Table` is the `GCObject *` of the loop that walks the list.
        if let (1, Some(&u)) = (explaining.len(), explaining.first()) {
            let members = tm.pointee(u).and_then(|p| self.union_members.get(&p));
            let member_of =
                |q: &TypeId| *q != u && tm.pointee(*q).is_some_and(|p| members.is_some_and(|ms| ms.contains(&p)));
            let fits = |q: &TypeId| {
                field_ptrs.iter().all(|pf| self.explains(*pf, *q))
                    && info.usage.iter().all(|t| *t == u || self.explains(*q, *t))
                    && info.declared.iter().all(|t| *t == u || self.explains(*q, *t) || self.explains(*t, *q))
            };
            let declared_union = info.declared.contains(&u);
            let from = if declared_union { &[][..] } else { &info.declared[..] };
            let declared_members: Vec<TypeId> = from.iter().copied().filter(member_of).filter(fits).collect();
            if let [m] = declared_members[..] {
                self.info[n].dominant = Some(m);
                return;
            }
            if declared_members.is_empty() && !declared_union {
                let used: Vec<TypeId> = info.usage.iter().copied().filter(member_of).filter(fits).collect();
                if let [m] = used[..] {
                    self.info[n].dominant = Some(m);
                    return;
                }
            }
        }
        // `[N x T]*` and `T*` explain each other (an array decays to its
        // first element), at any pointer depth: name the decayed one.
        let decayed: Vec<TypeId> = if explaining.len() > 1 {
            explaining.iter().copied().filter(|c| self.is_decayed(*c)).collect()
        } else {
            explaining.clone()
        };
        if decayed.len() == 1 {
            self.info[n].dominant = Some(decayed[0]);
            return;
        }
        // Slots of `env *` and of `interp *` (which starts with an `env`)
        // explain each other, and so do `[10 x [3 x S]]*` and `[3 x S]*`
        // (neither decayed all the way): the declared one names the value.
        let pool = if decayed.is_empty() { &explaining } else { &decayed };
        let declared: Vec<TypeId> = pool.iter().copied().filter(|c| self.info[n].declared.contains(c)).collect();
        if pool.len() > 1 && declared.len() == 1 {
            self.info[n].dominant = Some(declared[0]);
            return;
        }
        // The types nothing else explains are the ones in conflict.
        let tops: Vec<TypeId> = all
            .iter()
            .copied()
            .filter(|t| !all.iter().any(|c| c != t && self.explains(*c, *t) && !self.explains(*t, *c)))
            .collect();
        let tm = &self.types.tm;
        let listed: Vec<String> = tops.iter().map(|t| tm.display(*t).to_string()).collect();
        if self.info[n].ambiguous.is_none() {
            self.info[n].ambiguous = Some(format!("used as {}", listed.join(" and ")));
        }
        let declared = self.info[n].declared.clone();
        self.info[n].prefix_type = self.prefix_type(&tops, &declared).or_else(|| {
            let usage = self.info[n].usage.clone();
            self.common_base(&tops, &all).map(|b| self.derived_if_one(b, &tops, &declared, &usage))
        });
    }

    /// The structure the value holds when it is used as several types
    /// only through two idioms, and is also used as that structure:
    /// inheritance, where every other structure begins with it
    /// (`JSRefCountHeader` for a pointer used as a `JSString` and as a
    /// `JSObject`: one begins with a `JSRefCountHeader`, the other with a
    /// `JSGCObjectHeader` whose fields begin with its fields, and the
    /// reference count is read through the header, as its TBAA tag says);
    /// and a union at its start, whose storage is each of its members (a
    /// `JSValue *` or Lua `TValue *` read as a `double *` or as a pointer
    /// slot). Of several such structures, the one that begins with all
    /// the others.
    fn common_base(&mut self, tops: &[TypeId], all: &[TypeId]) -> Option<TypeId> {
        if tops.len() < 2 {
            return None;
        }
        let tm = &self.types.tm;
        // What each top points to and its size (when it has one).
        let mut pointees = Vec::new();
        for t in tops {
            let p = tm.pointee(*t)?;
            let size = if matches!(tm.get(p), DType::Function { .. }) { None } else { self.layout.size(tm, p) };
            pointees.push((*t, size));
        }
        let mut bases = Vec::new();
        for t in all {
            let (b, depth) = tm.strip_pointers(*t);
            if depth == 0 || !matches!(tm.get(b), DType::Struct(_)) || is_incomplete(tm, b) {
                continue;
            }
            let union = zero_chain(tm, b).find(|z| tm.struct_name(*z).is_some_and(|n| n.starts_with("union.")));
            let union_size = match union {
                Some(u) => self.layout.size(tm, u),
                None => None,
            };
            let explained = pointees.iter().all(|(top, size)| {
                let (d, dd) = tm.strip_pointers(*top);
                let derived = dd == depth
                    && matches!(tm.get(d), DType::Struct(_))
                    && starts_with_base(tm, d, b)
                    && (d == b || self.union_may_be(b, d));
                // A scalar or pointer read from the union's storage (one
                // pointer level: the union is what `t` points to).
                let scalar =
                    !matches!(tm.get(tm.pointee(*top).unwrap_or(*top)), DType::Struct(_) | DType::Literal { .. });
                let member = depth == 1 && scalar && union_size.is_some_and(|u| size.is_some_and(|s| s > 0 && s <= u));
                derived || member
            });
            if explained {
                bases.push((*t, b));
            }
        }
        let most: Vec<TypeId> = bases
            .iter()
            .filter(|(_, b)| bases.iter().all(|(_, o)| starts_with_base(tm, *b, *o)))
            .map(|(t, _)| *t)
            .collect();
        (most.len() == 1).then(|| most[0])
    }

    /// A value not declared as the base, used as it and as one structure
    /// that begins with it, holds that structure, which a use proves (a
    /// `GCObject *` loaded from a field and read as the `CClosure` its tag
    /// says); with two or more it holds the base, and so it does when only
    /// a definition names the derived one (QuickJS's `JSValue` payload made
    /// from a `JSObject *`, cast back and used as the `JSRefCountHeader` it
    /// begins with: the use proves the header). (A declared base is
    /// `prefix_type`'s: a parameter or slot declared so holds the base.)
    fn derived_if_one(&self, base: TypeId, tops: &[TypeId], declared: &[TypeId], usage: &[TypeId]) -> TypeId {
        let tm = &self.types.tm;
        let (b, depth) = tm.strip_pointers(base);
        match tops.iter().filter(|t| **t != base).collect::<Vec<_>>()[..] {
            [derived] if tops.contains(&base) && !declared.contains(&base) && usage.contains(derived) => {
                let (d, dd) = tm.strip_pointers(*derived);
                if dd == depth && matches!(tm.get(d), DType::Struct(_)) && starts_with_base(tm, d, b) {
                    *derived
                } else {
                    base
                }
            }
            _ => base,
        }
    }

    /// The one declared type among `tops` whose structure every other
    /// top's structure begins with or starts, at the same pointer depth.
    fn prefix_type(&self, tops: &[TypeId], declared: &[TypeId]) -> Option<TypeId> {
        let tm = &self.types.tm;
        let structs: Vec<(TypeId, u32)> = tops
            .iter()
            .map(|t| {
                let (p, depth) = tm.strip_pointers(*t);
                matches!(tm.get(p), DType::Struct(_)).then_some((p, depth))
            })
            .collect::<Option<Vec<_>>>()?;
        if structs.len() < 2 || structs.iter().any(|(_, d)| *d != structs[0].1 || *d == 0) {
            return None;
        }
        let bases: Vec<TypeId> = tops
            .iter()
            .zip(&structs)
            .filter(|(t, (b, _))| {
                declared.contains(t)
                    && structs.iter().all(|(d, _)| d == b || begins_with(tm, *d, *b) || begins_with(tm, *b, *d))
                    // (A union whose members are known is the base only of
                    // structures it may hold: Lua 5.2's `Node` begins
                    // with a `TValue`'s union and is none of its members.)
                    && structs.iter().all(|(d, _)| d == b || self.union_may_be(*b, *d))
            })
            .map(|(t, _)| *t)
            .collect();
        (bases.len() == 1).then(|| bases[0])
    }

    /// No pointer level of `t` points to an array.
    fn is_decayed(&self, t: TypeId) -> bool {
        let tm = &self.types.tm;
        let mut cur = t;
        while let Some(p) = tm.pointee(cur) {
            if matches!(tm.get(p), DType::Array { .. }) {
                return false;
            }
            cur = p;
        }
        true
    }

    /// Whether a value of type `a` may also be seen as `b` without being
    /// another object: equal, `b` a generic equivalent (`i8*`, a
    /// pointer-sized integer), or `b` a pointer to something at offset 0 of
    /// what `a` points to.
    fn explains(&self, a: TypeId, b: TypeId) -> bool {
        if a == b {
            return true;
        }
        let tm = &self.types.tm;
        match (tm.get(a), tm.get(b)) {
            (DType::Pointer(pa), DType::Pointer(pb)) => {
                // A union's storage is each of its members, also where a
                // structure begins with one (SQLite's `sqlite3_value`
                // begins with `MemValue`, read as its `int nZero` through
                // the value's own pointer at -O2); an array decays to its
                // element.
                let union = zero_chain(tm, *pa).any(|z| {
                    matches!(tm.get(z), DType::Struct(name) if name.starts_with("union.")) && self.union_may_be(z, *pb)
                });
                let decays = {
                    // `[9 x [7 x S]]` decays to `[7 x S]`, and that to `S`.
                    let mut cur = *pb;
                    let mut found = false;
                    while let DType::Array { elem, .. } = tm.get(cur) {
                        let literal_of_pa =
                            matches!(tm.get(*elem), DType::Literal { .. }) && self.pointee_explains(*pa, *elem);
                        if elem == pa || literal_of_pa {
                            found = true;
                            break;
                        }
                        cur = *elem;
                    }
                    found
                };
                // A structure that begins with a pointer-sized integer
                // (`uintptr_t next`, mimalloc's encoded free list) or a
                // `void *` (hoedown's `renderer_data.opaque`, written and
                // read through the structure's own pointer at -O2) holds
                // any pointer there, as the safety analysis's stores take
                // it (`is_generic`; its `void *` field rule judges the
                // loads); not such a slot alone, which would explain every
                // pointer slot.
                let generic_slot = matches!(tm.get(*pa), DType::Struct(_))
                    && matches!(tm.get(*pb), DType::Pointer(_))
                    && zero_chain(tm, *pa).skip(1).any(|z| match tm.get(z) {
                        DType::Int(bits) => *bits == self.ptr_bits(),
                        DType::Pointer(_) => self.is_generic(z),
                        _ => false,
                    });
                union
                    || decays
                    || generic_slot
                    || zero_chain(tm, *pa).any(|z| z == *pb || self.pointee_explains(z, *pb))
            }
            (DType::Pointer(_), DType::Int(bits)) => *bits == self.ptr_bits(),
            _ => false,
        }
    }

    /// Whether the storage of union `u` may be a `b`: any scalar or
    /// pointer, and a structure only when the union's members say so
    /// (`!intel.dtrans.unions`), or when they are not known. (Lua 5.2's
    /// `GCObject *` is no `Node *`.)
    fn union_may_be(&self, u: TypeId, b: TypeId) -> bool {
        let tm = &self.types.tm;
        match self.union_holds.get(&u) {
            Some(holds) => !matches!(tm.get(b), DType::Struct(_)) || is_incomplete(tm, b) || holds.contains(&b),
            None => true,
        }
    }

    fn pointee_explains(&self, z: TypeId, pb: TypeId) -> bool {
        let tm = &self.types.tm;
        match tm.get(pb) {
            DType::Int(8) => true,
            // Memory of a type the unit never completed (`is_incomplete`):
            // as `i8`, whatever is there.
            DType::Struct(_) if is_incomplete(tm, pb) => true,
            // A structure copied whole through an integer of its size (a
            // `load i64` of `{ i32, i32 }` at -O2); the safety analysis
            // judges such accesses.
            DType::Int(bits) if self.sizes.get(&z).is_some_and(|s| s * 8 == u64::from(*bits)) => true,
            // Bit-field storage (`[3 x i8]`) read and written as one
            // integer (`i24`).
            DType::Int(bits)
                if matches!(tm.get(z), DType::Array { len, elem }
                if matches!(tm.get(*elem), DType::Int(8)) && bits % 8 == 0 && u64::from(*bits / 8) <= *len) =>
            {
                true
            }
            DType::Int(bits) => *bits == self.ptr_bits() && matches!(tm.get(z), DType::Pointer(_)),
            // A global initialized as a literal structure of the same size
            // (clang does so for bit-fields and unions: `{ i32, i8, i8, i8,
            // i8 }` for a `struct S1`, and a packed literal for an array of
            // them); the safety analysis judges it.
            DType::Literal { .. } => {
                matches!(tm.get(z), DType::Struct(_) | DType::Array { .. })
                    && self.sizes.get(&z).is_some_and(|s| *s > 0 && self.sizes.get(&pb) == Some(s))
            }
            // Arrays of the same length whose elements are views of each
            // other (`[4 x { i8 x 12 }]` initializing `[4 x %struct.S0]`).
            DType::Array { len: lb, elem: eb } => match tm.get(z) {
                DType::Array { len: la, elem: ea } => la == lb && (ea == eb || self.pointee_explains(*ea, *eb)),
                _ => false,
            },
            // A vector access of `T`s where a `T` is (vectorized code).
            DType::Vector { elem, .. } => *elem == z || self.pointee_explains(z, *elem),
            // A pointer slot holds pointers it explains, and pointers to
            // structures that start with its pointee (`e->parent = &in->global`
            // is `e->parent = in` at -O2).
            DType::Pointer(pbp) => match tm.get(z) {
                DType::Pointer(zp) => {
                    let both_structs =
                        matches!(tm.get(*pbp), DType::Struct(_)) && matches!(tm.get(*zp), DType::Struct(_));
                    self.explains(z, pb) || (both_structs && self.explains(pb, z))
                }
                _ => false,
            },
            _ => false,
        }
    }

    /// Compares each `!tbaa` struct-path tag with what the address was found
    /// to point to. A tag naming a known structure at an offset where the
    /// address's types are not found makes the address ambiguous.
    fn check_tbaa(&mut self) {
        let checks = std::mem::take(&mut self.tbaa_checks);
        for (addr, inst) in checks {
            let Some(tag) = inst.metadata_of_kind(self.tbaa_kind) else { continue };
            let Some((base, name, offset)) = crate::tbaa::struct_access(tag) else { continue };
            let Some(b) = self.tbaa_structs.base_struct(&self.types.tm, &mut self.layout, base, &name) else {
                continue;
            };
            let Some((at, path)) = self.layout.resolve_path(&self.types.tm, b, offset) else { continue };
            let info = &self.info[addr as usize];
            if info.unknown.is_some() || info.ambiguous.is_some() {
                continue;
            }
            let tm = &self.types.tm;
            let here: Vec<TypeId> = zero_chain(tm, at).collect();
            let pointees: Vec<TypeId> = info
                .all_types()
                .into_iter()
                .filter_map(|t| tm.pointee(t))
                .filter(|p| !matches!(tm.get(*p), DType::Int(8)))
                .collect();
            // An address known to be a field must be the tag's field; one
            // known only by its type must have a type found there.
            let structural =
                !info.elements.is_empty() || pointees.iter().any(|p| matches!(tm.get(*p), DType::Struct(_)));
            // Every field the address may be must be where the tag says: on
            // the tag's path, or a field at offset 0 of what is there, or a
            // field that starts with the tag's structure. (Each use of the
            // tag also adds its structure to the base's uses, so an address
            // with fields in two structures is itself the disagreement.)
            let agrees = if info.elements.is_empty() {
                pointees.iter().any(|p| here.contains(p))
            } else {
                info.elements.iter().all(|e| {
                    path.contains(e)
                        || (here.contains(&e.aggregate)
                            && self.layout.field_offset(tm, e.aggregate, e.field) == Some(0))
                        || (offset == 0
                            && struct_fields(tm, e.aggregate)
                                .and_then(|f| f.get(e.field as usize))
                                .is_some_and(|f| zero_chain(tm, flexible_elements(tm, *f)).any(|z| z == b)))
                })
            };
            if structural && !agrees {
                let got: Vec<String> = pointees.iter().map(|p| format!("{}*", tm.display(*p))).collect();
                let why = format!(
                    "TBAA tag says {} at offset {offset} ({}), the analysis says {}",
                    tm.display(b),
                    tm.display(at),
                    got.join(", ")
                );
                self.info[addr as usize].ambiguous = Some(why);
            }
        }
    }
}

/// A field's type as what its address points to: a flexible array member
/// (`[0 x T]` here: C gives it no length, so its zero chain is empty)
/// holds its elements.
fn flexible_elements(tm: &TypeManager, field: TypeId) -> TypeId {
    match tm.get(field) {
        DType::Array { len: 0, elem } => *elem,
        _ => field,
    }
}
