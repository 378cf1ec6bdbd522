//! The LLVM IR frontend: builds the type flow graph of a module.
//!
//! # Nodes
//!
//! A *value* node for each function argument and each instruction result
//! of a defined function, and a *use* node for each operand (instruction,
//! operand index), when the value or operand is a scalar: an integer, a
//! floating-point number, a pointer, or a vector of those (a vector stands
//! for its lanes). Constants, globals, instructions without a result and
//! declared functions have no value node; their operands' use nodes exist.
//! No use node is made for an `alloca`'s element count, a direct call's
//! callee, basic blocks, metadata, or debug intrinsics.
//!
//! Nodes are numbered function by function in module order; within a
//! function, the arguments, then each instruction's operands followed by
//! its result.
//!
//! # Edges (document 004, then the rest of the IR)
//!
//! - Every use node is joined to its operand's value node. Uses of
//!   constants that address the same memory are chained in module order:
//!   the same global variable, function or constant expression, looking
//!   through constant GEPs over elements (`&tbl[2]` is `tbl`'s address as
//!   far as types go).
//! - Binary operations (and `fneg`, `freeze`): operand uses to the result;
//!   for shifts only the shifted operand (the amount has its own type).
//!   A step of a multiplicative hash ([`hash_step`]: an `xor` multiplied
//!   by a constant, or of such a product) joins nothing: C mixes values of
//!   either sign into a hash (`h = (h ^ (unsigned long)v) * P`), so its
//!   operands say nothing of its result's type.
//! - `icmp`/`fcmp`: the two operand uses to each other, not to the result.
//! - `load`: the address use dereferences to the result; `store`: the
//!   address use dereferences to the stored-value use; `atomicrmw` and
//!   `cmpxchg` likewise (and the value to the result / the new value).
//! - Casts that keep the bits (`bitcast`, `ptrtoint`, `inttoptr`,
//!   `addrspacecast`, same size): operand use to result. Casts that change
//!   the size or the kind (`trunc`, `zext`, `sitofp`, ...) join nothing.
//! - `phi`: every incoming use to the result; `select`: the two values to
//!   the result; vector element operations: vector and element uses to the
//!   result.
//! - `getelementptr`: pointer arithmetic over scalars or arrays joins the
//!   base use to the result; a field access (through a struct) does not,
//!   but results (and constant GEPs) addressing the same field of the same
//!   struct type are chained: memory through the same address, with every
//!   array index taken as the same.
//! - Calls to defined functions: argument uses to the callee's parameters,
//!   the call result to the callee's first `ret` use (a function's `ret`
//!   uses are chained). Calls to declared functions: the argument uses of
//!   each fixed parameter position, and the results, chained across call
//!   sites. Functions stored in the same slot of constant tables (the
//!   same field of a structure type, or the elements of one array of
//!   function pointers) are called through the same pointer: their
//!   parameters, position by position, and their returns are joined.
//!   Intrinsics: see `intrinsic_rules`. These edges across calls
//!   are *weak*: C converts `void *` arguments and results silently, so
//!   where types must break, they break there first.
//!
//! Edges joining a pointer to what it points to are dereference edges
//! (see [`crate::graph`]).
//!
//! # Seeds (strict types from the IR)
//!
//! Every node starts from its IR type (`iN` is `genericN_t`, `ptr` is
//! `void *`, floating-point types are floats). With seeds on, it is met
//! with what its instruction says:
//!
//! - signed: `sdiv`/`srem` operands and result, `ashr` value and result
//!   (not the result of `ashr (shl x, k), k`, a sign extension in place),
//!   `icmp` signed predicates' operands, `sext` source (not its result: C
//!   sign-extends an `int` converted to `unsigned long` too), `sitofp`
//!   source; `smax`/`smin`/`abs`/`sadd.sat`/... intrinsics;
//! - unsigned: their twins (`udiv`, `urem`, `lshr`, unsigned predicates,
//!   `uitofp`, `umax`, ...) and the source of a `zext` (not its result,
//!   often a promoted `int`; not a zero-extended `i1`, a boolean; not under
//!   `nneg`, which marks a `sext` the optimizer rewrote, nor a `uitofp
//!   nneg`'s). An unsigned operation whose operands are all known not to
//!   be negative ([`known_non_negative`]: an induction variable stepping by
//!   `add nsw` from 0, a `zext`, a `urem` by a constant, ...) is likely a
//!   signed one the optimizer rewrote (`srem` to `urem`, `icmp sgt` to
//!   `ugt`): it is only a hint. An unsigned comparison of `x + c` with a
//!   constant is the optimizer's range check `lo <= x && x <= hi`: no
//!   seed; nor has a shift amount a sign: neither its `zext` nor the
//!   unsigned comparison of it with a constant that guards the shift (the
//!   optimizer's bit test of a set, `c <u 64 && (1 << c) & MASK`) seeds;
//! - pointer: addresses of loads, stores and atomics, GEP bases, indirect
//!   callees, `memcpy`/`memmove`/`memset` pointers (their length: unsigned);
//! - number: GEP and vector element indices;
//! - C library prototypes for calls to declared functions (see `libc.rs`),
//!   and the variadic arguments a constant `printf` format converts;
//! - `main`'s prototype, `int main(int, char **)`: its returned values and
//!   its first two parameters.
//!
//! A seed that contradicts the IR type (a 32-bit integer said to be an
//! address on a 64-bit target) is dropped and logged.
//!
//! # Hints (weak sign evidence)
//!
//! Evidence too weak for a bound is kept as a hint and used only after
//! propagation, on integers it left without a sign
//! ([`propagate::apply_hints`]): `nsw` without `nuw` on `add`, `sub`,
//! `mul` and `shl` (signed operands and result); the results of `sext`,
//! of `ashr (shl x, k), k` and of `fptosi` (signed) and `fptoui`
//! (unsigned), which C may convert again to the other sign silently; the
//! result of a hash step's `xor` (unsigned: C hashes in unsigned types).
//!
//! # Labels
//!
//! A value node is labelled with its IR name (`%a`, `%0`). A use node is
//! labelled `<user>.<operand index>` with LLVM's 0-based operand index; the
//! user is its result name (`%c.0`), or, for instructions without a result,
//! its opcode (`ret.0`, `store.1`) with `#k` added (`store#2.1`: the second
//! `store` of the function without a result) when the function has more
//! than one of them. Debug intrinsics are not counted, so labels do not
//! change with `-g`.
use std::ops::Range;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use dtrans_ir::{Function, Instruction, IntPredicate, Module, Opcode, Type, TypeKind, Value, ValueKind};

use crate::graph::{GraphError, NodeId, NodeKind, TypeFlowGraph, VerifyError, VerifyErrors};
use crate::lattice::{Lattice, PrimitiveKind as K, ScalarType};
use crate::libc::{self, FormatArg};
use crate::propagate::{self, Hint, Report, Stats};

/// The element of LLVM IR a node stands for (the document's
/// `variant<Instruction *, Use *>`, plus arguments).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LlvmSource<'m> {
    /// An instruction result or a function argument.
    Value(Value<'m>),
    /// Operand `operand` of `user` (an `llvm::Use`).
    Use { user: Instruction<'m>, operand: u32 },
}

/// How to build the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// Narrow bounds with the strict seeds of the IR (signed and unsigned
    /// operations, addresses, C library prototypes). Without, every node
    /// starts from its IR type alone.
    pub seeds: bool,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions { seeds: true }
    }
}

/// The nodes of one defined function.
#[derive(Clone, Debug)]
pub struct FunctionNodes<'m> {
    pub function: Function<'m>,
    /// `@name`, quoted as the IR printer quotes it.
    pub name: String,
    /// The function's node ids (contiguous).
    pub nodes: Range<u32>,
}

/// The type flow graph of a module, with the maps back to the IR.
pub struct LlvmTypeFlow<'m> {
    graph: TypeFlowGraph<LlvmSource<'m>>,
    functions: Vec<FunctionNodes<'m>>,
    owner: Vec<u32>,
    labels: Vec<String>,
    values: HashMap<Value<'m>, NodeId>,
    uses: HashMap<(Instruction<'m>, u32), NodeId>,
    /// Edges added so far (`a < b`, level from `a`), while building: two
    /// rules may ask for the same edge (a recursive call passing a
    /// parameter to itself; a global passed twice to the same declared
    /// function).
    added: HashSet<(NodeId, NodeId, i8)>,
    /// `inttoptr`s of a record's address ([`RecordClasses`]), left apart from
    /// their operand while building: they address the record's first field.
    first_fields: HashSet<Instruction<'m>>,
    /// Calls to allocation wrappers ([`allocates`]), not joined to the
    /// callee's return while building: their results are seeded `void *`.
    allocator_calls: HashSet<Instruction<'m>>,
    /// The integers that hold addresses
    /// ([`RecordClasses::find_addresses`]), while building.
    addresses: HashSet<Value<'m>>,
    /// Weak sign evidence, applied after propagation where it left an
    /// integer without a sign ([`propagate::apply_hints`]).
    hints: Vec<Hint>,
}

/// A failure of the frontend (a bug, not a property of the input).
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("building the type flow graph: {0}")]
    Graph(#[from] GraphError),
}

fn is_debug_intrinsic(inst: Instruction<'_>) -> bool {
    inst.is_call()
        && inst.called_value().and_then(|v| v.as_function()).is_some_and(|f| f.name().starts_with("llvm.dbg."))
}

/// The direct callee of a call, if it calls a function by name.
fn direct_callee(inst: Instruction<'_>) -> Option<Function<'_>> {
    inst.called_value().and_then(|v| v.as_function())
}

/// Index of the callee operand of a direct call (always the last operand).
fn direct_callee_operand(inst: Instruction<'_>) -> Option<u32> {
    (inst.is_call() && !inst.is_indirect_call()).then(|| inst.num_operands().saturating_sub(1))
}

/// The IR spelling of an opcode.
pub fn opcode_name(op: Opcode) -> &'static str {
    use Opcode as O;
    match op {
        O::LLVMRet => "ret",
        O::LLVMBr => "br",
        O::LLVMSwitch => "switch",
        O::LLVMIndirectBr => "indirectbr",
        O::LLVMInvoke => "invoke",
        O::LLVMUnreachable => "unreachable",
        O::LLVMCallBr => "callbr",
        O::LLVMFNeg => "fneg",
        O::LLVMAdd => "add",
        O::LLVMFAdd => "fadd",
        O::LLVMSub => "sub",
        O::LLVMFSub => "fsub",
        O::LLVMMul => "mul",
        O::LLVMFMul => "fmul",
        O::LLVMUDiv => "udiv",
        O::LLVMSDiv => "sdiv",
        O::LLVMFDiv => "fdiv",
        O::LLVMURem => "urem",
        O::LLVMSRem => "srem",
        O::LLVMFRem => "frem",
        O::LLVMShl => "shl",
        O::LLVMLShr => "lshr",
        O::LLVMAShr => "ashr",
        O::LLVMAnd => "and",
        O::LLVMOr => "or",
        O::LLVMXor => "xor",
        O::LLVMAlloca => "alloca",
        O::LLVMLoad => "load",
        O::LLVMStore => "store",
        O::LLVMGetElementPtr => "getelementptr",
        O::LLVMTrunc => "trunc",
        O::LLVMZExt => "zext",
        O::LLVMSExt => "sext",
        O::LLVMFPToUI => "fptoui",
        O::LLVMFPToSI => "fptosi",
        O::LLVMUIToFP => "uitofp",
        O::LLVMSIToFP => "sitofp",
        O::LLVMFPTrunc => "fptrunc",
        O::LLVMFPExt => "fpext",
        O::LLVMPtrToInt => "ptrtoint",
        O::LLVMIntToPtr => "inttoptr",
        O::LLVMBitCast => "bitcast",
        O::LLVMAddrSpaceCast => "addrspacecast",
        O::LLVMICmp => "icmp",
        O::LLVMFCmp => "fcmp",
        O::LLVMPHI => "phi",
        O::LLVMCall => "call",
        O::LLVMSelect => "select",
        O::LLVMUserOp1 => "userop1",
        O::LLVMUserOp2 => "userop2",
        O::LLVMVAArg => "va_arg",
        O::LLVMExtractElement => "extractelement",
        O::LLVMInsertElement => "insertelement",
        O::LLVMShuffleVector => "shufflevector",
        O::LLVMExtractValue => "extractvalue",
        O::LLVMInsertValue => "insertvalue",
        O::LLVMFreeze => "freeze",
        O::LLVMFence => "fence",
        O::LLVMAtomicCmpXchg => "cmpxchg",
        O::LLVMAtomicRMW => "atomicrmw",
        O::LLVMResume => "resume",
        O::LLVMLandingPad => "landingpad",
        O::LLVMCleanupRet => "cleanupret",
        O::LLVMCatchRet => "catchret",
        O::LLVMCatchPad => "catchpad",
        O::LLVMCleanupPad => "cleanuppad",
        O::LLVMCatchSwitch => "catchswitch",
    }
}

/// The most general scalar type of a value of LLVM type `ty`; `None` for
/// types that are not scalars (aggregates, labels, metadata, void, ...).
pub fn ir_bound(l: Lattice, ty: Type<'_>) -> Option<ScalarType> {
    let ty = match ty.kind() {
        TypeKind::LLVMVectorTypeKind | TypeKind::LLVMScalableVectorTypeKind => ty.element_type()?,
        _ => ty,
    };
    let float = |bits| Some(ScalarType::new(K::Float, bits));
    match ty.kind() {
        TypeKind::LLVMIntegerTypeKind => Some(ScalarType::new(K::Generic, ty.int_width()?)),
        TypeKind::LLVMHalfTypeKind | TypeKind::LLVMBFloatTypeKind => float(16),
        TypeKind::LLVMFloatTypeKind => float(32),
        TypeKind::LLVMDoubleTypeKind => float(64),
        TypeKind::LLVMX86_FP80TypeKind => float(80),
        TypeKind::LLVMFP128TypeKind | TypeKind::LLVMPPC_FP128TypeKind => float(128),
        TypeKind::LLVMPointerTypeKind => Some(l.pointer()),
        _ => None,
    }
}

/// How a `getelementptr` relates its result to its base.
#[derive(Debug, PartialEq, Eq)]
enum GepShape<'m> {
    /// Pointer arithmetic over elements (or array decay): the result points
    /// to what the base points to.
    SameElement,
    /// A field access: the result points to the field reached by this path.
    Field(FieldKey<'m>),
    /// Neither (a byte offset, or something we do not follow).
    Other,
}

/// A field of a struct type reached by a path of indices (after the first
/// index; array indices are all `None`: every element has the same type).
type FieldKey<'m> = (Type<'m>, Vec<Option<i64>>);

/// The shape of a GEP with source element type `src` and index operands
/// `indices` (instruction or constant expression alike).
fn gep_shape<'m>(src: Type<'m>, indices: &[Option<Value<'m>>]) -> GepShape<'m> {
    if indices.len() == 1 {
        // `p + k` over bytes with a constant k is how -O1 and up spell a
        // field access: not pointer arithmetic over one element type.
        let byte_offset =
            src.int_width() == Some(8) && indices[0].and_then(|v| v.const_int_value()).is_some_and(|k| k != 0);
        return if byte_offset { GepShape::Other } else { GepShape::SameElement };
    }
    let mut cur = src;
    let mut through_struct = false;
    let mut path = Vec::new();
    for idx in indices.iter().skip(1) {
        if cur.is_struct() {
            let Some(k) = idx.and_then(|v| v.const_int_value()) else { return GepShape::Other };
            let Some(field) = usize::try_from(k).ok().and_then(|k| cur.struct_fields().get(k).copied()) else {
                return GepShape::Other;
            };
            cur = field;
            through_struct = true;
            path.push(Some(k));
        } else if let Some(e) = cur.element_type() {
            cur = e;
            path.push(None);
        } else {
            return GepShape::Other;
        }
    }
    if through_struct {
        GepShape::Field((src, path))
    } else {
        GepShape::SameElement
    }
}

fn instruction_gep_shape(inst: Instruction<'_>) -> GepShape<'_> {
    let Some(src) = inst.gep_source_type() else { return GepShape::Other };
    let indices: Vec<_> = (1..inst.num_operands()).map(|i| inst.operand(i)).collect();
    gep_shape(src, &indices)
}

/// Which uses of constants address the same memory: uses of the same
/// global (or function, or other constant expression), looking through
/// constant GEPs that only step over elements; and pointers to the same
/// field of the same struct type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Address<'m> {
    Constant(Value<'m>),
    Field(FieldKey<'m>),
}

fn constant_address(mut v: Value<'_>) -> Option<Address<'_>> {
    // Nesting is shallow in practice; the bound only guards hostile input.
    for _ in 0..16 {
        match v.kind() {
            ValueKind::GlobalVariable | ValueKind::GlobalAlias | ValueKind::GlobalIFunc | ValueKind::Function => {
                return Some(Address::Constant(v))
            }
            ValueKind::ConstantExpr => {}
            _ => return None,
        }
        let Some(src) = v.const_gep_source_type() else { return Some(Address::Constant(v)) };
        let ops = v.operands();
        let indices: Vec<_> = ops.iter().skip(1).map(|&x| Some(x)).collect();
        match (gep_shape(src, &indices), ops.first()) {
            (GepShape::SameElement, Some(&base)) => v = base,
            (GepShape::Field(key), _) => return Some(Address::Field(key)),
            _ => return Some(Address::Constant(v)),
        }
    }
    Some(Address::Constant(v))
}

/// Per-function naming state.
struct Namer<'m> {
    names: std::collections::HashMap<Value<'m>, String>,
    /// Result-less instructions per opcode in the function.
    totals: HashMap<&'static str, u32>,
    seen: HashMap<&'static str, u32>,
}

impl<'m> Namer<'m> {
    fn new(f: Function<'m>) -> Self {
        let mut totals: HashMap<&'static str, u32> = HashMap::default();
        for inst in f.instructions() {
            if !inst.has_result() && !is_debug_intrinsic(inst) {
                *totals.entry(opcode_name(inst.opcode())).or_default() += 1;
            }
        }
        Namer { names: f.local_names(), totals, seen: HashMap::default() }
    }

    fn value(&self, v: Value<'m>) -> String {
        self.names.get(&v).cloned().unwrap_or_else(|| "%?".into())
    }

    /// The label of `inst` as a user; call once per instruction, in order.
    fn user(&mut self, inst: Instruction<'m>) -> String {
        if inst.has_result() {
            return self.value(inst.as_value());
        }
        let op = opcode_name(inst.opcode());
        let k = self.seen.entry(op).or_default();
        *k += 1;
        if self.totals.get(op).copied().unwrap_or(0) > 1 {
            format!("{op}#{k}")
        } else {
            op.to_string()
        }
    }
}

impl<'m> LlvmTypeFlow<'m> {
    /// Builds the graph of every defined function of `m`; types start at
    /// the bounds (call [`propagate`](Self::propagate) to refine them).
    pub fn build(m: &'m Module<'_>, opts: BuildOptions) -> Result<Self, BuildError> {
        let bytes = m.data_layout().pointer_size();
        let lattice = Lattice::new(if bytes == 0 { 64 } else { bytes * 8 });
        let mut tf = LlvmTypeFlow {
            graph: TypeFlowGraph::new(lattice),
            functions: Vec::new(),
            owner: Vec::new(),
            labels: Vec::new(),
            values: HashMap::default(),
            uses: HashMap::default(),
            added: Default::default(),
            first_fields: Default::default(),
            allocator_calls: Default::default(),
            addresses: Default::default(),
            hints: Vec::new(),
        };
        let defined: Vec<Function<'m>> = m.functions().filter(|f| !f.is_declaration()).collect();
        for f in &defined {
            tf.add_function_nodes(*f);
        }
        let mut b = EdgeBuilder::default();
        b.operand_edges(&mut tf)?;
        for f in &defined {
            b.return_chain(&mut tf, *f)?;
        }
        b.function_tables(&mut tf, m)?;
        b.records = RecordClasses::build(m, &mut b.allocators, tf.lattice().ptr_bits);
        tf.addresses = std::mem::take(&mut b.records.addresses);
        for f in &defined {
            for inst in f.instructions() {
                b.instruction_edges(&mut tf, inst)?;
            }
        }
        if opts.seeds {
            for f in &defined {
                for inst in f.instructions() {
                    tf.seed_instruction(inst)?;
                }
                if f.name() == "main" {
                    tf.seed_main(*f)?;
                }
            }
        }
        tf.added = Default::default();
        tf.first_fields = Default::default();
        tf.allocator_calls = Default::default();
        tf.addresses = Default::default();
        tracing::debug!(nodes = tf.graph.len(), edges = tf.graph.edge_count(), "type flow graph built");
        Ok(tf)
    }

    /// Adds edge `a -- b` (level as in [`crate::graph`]) unless present.
    fn join_leveled(&mut self, a: NodeId, b: NodeId, level: i8) -> Result<(), BuildError> {
        let key = if a < b { (a, b, level) } else { (b, a, -level) };
        if self.added.insert(key) {
            match level {
                0 => self.graph.add_edge(a, b)?,
                1 => self.graph.add_deref_edge(a, b)?,
                _ => self.graph.add_deref_edge(b, a)?,
            }
        }
        Ok(())
    }

    fn join(&mut self, a: NodeId, b: NodeId) -> Result<(), BuildError> {
        self.join_leveled(a, b, 0)
    }

    /// A weak edge (across a call: C converts `void *` there silently).
    fn join_weak(&mut self, a: NodeId, b: NodeId) -> Result<(), BuildError> {
        let key = if a < b { (a, b, 0) } else { (b, a, 0) };
        if self.added.insert(key) {
            self.graph.add_weak_edge(a, b)?;
        }
        Ok(())
    }

    fn join_deref(&mut self, pointer: NodeId, pointee: NodeId) -> Result<(), BuildError> {
        self.join_leveled(pointer, pointee, 1)
    }

    /// Whether integer `v` holds an address (while building): a member of
    /// [`RecordClasses::addresses`], or a constant expression that is a
    /// `ptrtoint` or is used by an `inttoptr`. A plain constant (`i64 8`)
    /// holds none: its users are all over the module.
    fn holds_address(&self, v: Value<'m>) -> bool {
        if v.kind() == ValueKind::ConstantExpr {
            return v.const_opcode() == Some(Opcode::LLVMPtrToInt) || used_as_address(v);
        }
        self.addresses.contains(&v)
    }

    /// The constant `C` of `add X, C` or `sub X, C` (not zero) of the
    /// pointer size whose result holds an address ([`Self::holds_address`]:
    /// `X` holds one, or the sum is used as one): a field's (or a constant
    /// index's) address in code that does address arithmetic on integers.
    fn constant_offset(&self, inst: Instruction<'m>) -> Option<i64> {
        if !matches!(inst.opcode(), Opcode::LLVMAdd | Opcode::LLVMSub)
            || inst.as_value().ty().int_width() != Some(self.lattice().ptr_bits)
        {
            return None;
        }
        let c = inst.operand(1)?.const_int_value().filter(|&c| c != 0)?;
        self.holds_address(inst.as_value()).then_some(c)
    }

    fn add_node(&mut self, kind: NodeKind, bound: ScalarType, source: LlvmSource<'m>, label: String) -> NodeId {
        let id = self.graph.add_node(kind, bound, source);
        self.owner.push(self.functions.len() as u32);
        self.labels.push(label);
        match source {
            LlvmSource::Value(v) => {
                self.values.insert(v, id);
            }
            LlvmSource::Use { user, operand } => {
                self.uses.insert((user, operand), id);
            }
        }
        id
    }

    fn add_function_nodes(&mut self, f: Function<'m>) {
        let l = self.graph.lattice();
        let first = self.graph.len() as u32;
        let mut namer = Namer::new(f);
        for p in f.params() {
            if let Some(b) = ir_bound(l, p.ty()) {
                self.add_node(NodeKind::Value, b, LlvmSource::Value(p), namer.value(p));
            }
        }
        for inst in f.instructions() {
            if is_debug_intrinsic(inst) {
                continue;
            }
            let user = namer.user(inst);
            let callee = direct_callee_operand(inst);
            for i in 0..inst.num_operands() {
                if (inst.opcode() == Opcode::LLVMAlloca && i == 0) || callee == Some(i) {
                    continue;
                }
                let Some(op) = inst.operand(i) else { continue };
                if matches!(op.kind(), ValueKind::BasicBlock | ValueKind::Metadata) {
                    continue;
                }
                if let Some(b) = ir_bound(l, op.ty()) {
                    self.add_node(NodeKind::Use, b, LlvmSource::Use { user: inst, operand: i }, format!("{user}.{i}"));
                }
            }
            if inst.has_result() {
                if let Some(b) = ir_bound(l, inst.as_value().ty()) {
                    let v = inst.as_value();
                    self.add_node(NodeKind::Value, b, LlvmSource::Value(v), namer.value(v));
                }
            }
        }
        let end = self.graph.len() as u32;
        self.functions.push(FunctionNodes {
            function: f,
            name: format!("@{}", dtrans_ir::quote_ident(&f.name())),
            nodes: first..end,
        });
    }

    // ---- queries ----

    pub fn graph(&self) -> &TypeFlowGraph<LlvmSource<'m>> {
        &self.graph
    }

    pub fn lattice(&self) -> Lattice {
        self.graph.lattice()
    }

    /// The defined functions, in module order, with their nodes.
    pub fn functions(&self) -> &[FunctionNodes<'m>] {
        &self.functions
    }

    /// The function owning node `id`.
    pub fn owner(&self, id: NodeId) -> Option<&FunctionNodes<'m>> {
        self.owner.get(id.index()).and_then(|&f| self.functions.get(f as usize))
    }

    /// The node's label within its function (`%c`, `%c.0`, `store#2.1`).
    pub fn label(&self, id: NodeId) -> &str {
        self.labels.get(id.index()).map_or("?", |s| s.as_str())
    }

    /// The node of an argument or instruction result.
    pub fn value_node(&self, v: Value<'m>) -> Option<NodeId> {
        self.values.get(&v).copied()
    }

    /// The node of operand `operand` of `user`.
    pub fn use_node(&self, user: Instruction<'m>, operand: u32) -> Option<NodeId> {
        self.uses.get(&(user, operand)).copied()
    }

    /// The use nodes of each operand of `inst` (`None` where there is none).
    pub fn operand_nodes(&self, inst: Instruction<'m>) -> Vec<Option<NodeId>> {
        (0..inst.num_operands()).map(|i| self.use_node(inst, i)).collect()
    }

    /// The current type of every use, in node order: the map from `Use`
    /// to type the document's backend produces (and what an evaluation
    /// against debug information compares).
    pub fn use_types(&self) -> Vec<(Instruction<'m>, u32, ScalarType)> {
        self.graph
            .nodes()
            .filter_map(|(_, n)| match n.body.source {
                LlvmSource::Use { user, operand } => Some((user, operand, n.body.ty)),
                LlvmSource::Value(_) => None,
            })
            .collect()
    }

    /// The current type of every argument and instruction result, in node order.
    pub fn value_types(&self) -> Vec<(Value<'m>, ScalarType)> {
        self.graph
            .nodes()
            .filter_map(|(_, n)| match n.body.source {
                LlvmSource::Value(v) => Some((v, n.body.ty)),
                LlvmSource::Use { .. } => None,
            })
            .collect()
    }

    /// Refines the types from the bounds (see [`crate::propagate`]).
    pub fn propagate(&mut self) -> Report {
        // Per function: no function may get more casts from a cut.
        let report = propagate::propagate_in_groups(&mut self.graph, &self.owner);
        propagate::apply_hints(&mut self.graph, &self.hints);
        report
    }

    /// [`LlvmTypeFlow::propagate`] without the exact minimum cuts (the
    /// flood and local moves alone): what propagation did before them.
    pub fn propagate_flood_only(&mut self) -> Report {
        let report = propagate::propagate_flood_only(&mut self.graph);
        propagate::apply_hints(&mut self.graph, &self.hints);
        report
    }

    /// After propagation, on request: the integers of C's `int` size left
    /// without a sign become `int` ([`propagate::apply_default_int`]).
    /// Returns the regions given a sign.
    pub fn default_int(&mut self) -> usize {
        propagate::apply_default_int(&mut self.graph, 32)
    }

    pub fn stats(&self) -> Stats {
        propagate::stats(&self.graph)
    }

    // ---- seeds ----

    /// Narrows node `id` (if any) to `seed`; a seed that contradicts the IR
    /// type is dropped (and logged).
    fn seed(&mut self, id: Option<NodeId>, seed: ScalarType) -> Result<(), BuildError> {
        let Some(id) = id else { return Ok(()) };
        if !self.graph.seed(id, seed)? {
            tracing::debug!(node = self.label(id), %seed, "seed contradicts the IR type; dropped");
        }
        Ok(())
    }

    /// Narrows an integer node to `kind` at its own size.
    fn seed_int(&mut self, id: Option<NodeId>, kind: K) -> Result<(), BuildError> {
        let Some(n) = id else { return Ok(()) };
        let bound = self.graph.node(n).map(|x| x.bound).ok_or(GraphError::NoSuchNode(n))?;
        if bound.pointers > 0 || matches!(bound.kind, K::Pointer | K::Float) {
            return Ok(());
        }
        self.seed(id, ScalarType::new(kind, bound.bits))
    }

    /// Records weak evidence that integer node `id` has sign `kind`.
    fn hint_int(&mut self, id: Option<NodeId>, kind: K) {
        let Some(node) = id else { return };
        let Some(bound) = self.graph.node(node).map(|x| x.bound) else { return };
        if bound.pointers == 0 && !matches!(bound.kind, K::Pointer | K::Float) {
            self.hints.push(Hint { node, kind });
        }
    }

    fn seed_pointer(&mut self, id: Option<NodeId>) -> Result<(), BuildError> {
        let p = self.lattice().pointer();
        self.seed(id, p)
    }

    fn seed_instruction(&mut self, inst: Instruction<'m>) -> Result<(), BuildError> {
        use Opcode as O;
        let ops = self.operand_nodes(inst);
        let u = |i: u32| ops.get(i as usize).copied().flatten();
        let (u0, u1) = (u(0), u(1));
        let r = self.value_node(inst.as_value());
        self.hint_instruction(inst, u0, u1, r);
        match inst.opcode() {
            O::LLVMSDiv | O::LLVMSRem => {
                for n in [u0, u1, r] {
                    self.seed_int(n, K::Signed)?;
                }
            }
            O::LLVMUDiv | O::LLVMURem if rewritten_signed(inst, 2) => {
                for n in [u0, u1, r] {
                    self.hint_int(n, K::Unsigned);
                }
            }
            O::LLVMUDiv | O::LLVMURem => {
                for n in [u0, u1, r] {
                    self.seed_int(n, K::Unsigned)?;
                }
            }
            O::LLVMLShr if rewritten_signed(inst, 1) => {
                self.hint_int(u0, K::Unsigned);
                self.hint_int(r, K::Unsigned);
            }
            O::LLVMAShr => {
                self.seed_int(u0, K::Signed)?;
                // `ashr (shl x, k), k` sign-extends x's low bits: like a
                // `sext`, its result may be converted to anything.
                if !sign_extends_in_place(inst) {
                    self.seed_int(r, K::Signed)?;
                }
            }
            O::LLVMLShr => {
                self.seed_int(u0, K::Unsigned)?;
                self.seed_int(r, K::Unsigned)?;
            }
            O::LLVMICmp => {
                let kind = match inst.int_predicate() {
                    Some(
                        IntPredicate::LLVMIntSGT
                        | IntPredicate::LLVMIntSGE
                        | IntPredicate::LLVMIntSLT
                        | IntPredicate::LLVMIntSLE,
                    ) => Some(K::Signed),
                    Some(
                        IntPredicate::LLVMIntUGT
                        | IntPredicate::LLVMIntUGE
                        | IntPredicate::LLVMIntULT
                        | IntPredicate::LLVMIntULE,
                    ) => Some(K::Unsigned),
                    _ => None,
                };
                // An unsigned comparison of addresses held in integers
                // (lifted code compares pointers so) says nothing of sign.
                let addresses =
                    kind == Some(K::Unsigned) && (0..2).any(|k| inst.operand(k).is_some_and(|v| self.holds_address(v)));
                // How the optimizer writes `lo <= x && x <= hi` (`x - lo <u
                // n`) whatever x's sign, and how it rewrites a signed
                // comparison of values it knows are not negative: no seed.
                let range_check = kind == Some(K::Unsigned) && (is_range_check(inst) || is_shift_guard(inst));
                let rewritten = kind == Some(K::Unsigned) && rewritten_signed(inst, 2);
                if rewritten && !addresses && !range_check {
                    self.hint_int(u0, K::Unsigned);
                    self.hint_int(u1, K::Unsigned);
                } else if let Some(k) = kind.filter(|_| !addresses && !range_check) {
                    self.seed_int(u0, k)?;
                    self.seed_int(u1, k)?;
                }
            }
            O::LLVMSExt => {
                // C sign-extends a signed source whatever the wider type it
                // converts to (`unsigned long u = i;` too): only the source
                // is said signed.
                self.seed_int(u0, K::Signed)?;
            }
            O::LLVMZExt => {
                // A zero-extended `i1` is a C boolean becoming an `int`;
                // the result of any zext is often a promoted `int`, so only
                // the source is said unsigned. A `zext nneg` is how the
                // optimizer rewrites a `sext` of a value it knows is not
                // negative: it says nothing of the source's sign.
                // A shift amount has no sign (`1 << c`, how the optimizer
                // tests a set, `strchr("&|", c)` or a `switch`).
                let from_bool = inst.operand(0).and_then(|v| v.ty().int_width()) == Some(1);
                let amount = only_shift_amount(inst.as_value());
                if !from_bool && !amount && !inst.has_non_negative() && !rewritten_signed(inst, 1) {
                    self.seed_int(u0, K::Unsigned)?;
                }
            }
            O::LLVMAdd | O::LLVMSub if self.constant_offset(inst).is_some() => {
                // An address plus a constant: both are addresses (the
                // edges leave them apart, so each says so itself).
                self.seed_pointer(u0)?;
                self.seed_pointer(r)?;
            }
            O::LLVMIntToPtr if self.first_fields.contains(&inst) => self.seed_pointer(u0)?,
            O::LLVMSIToFP => self.seed_int(u0, K::Signed)?,
            O::LLVMUIToFP if !inst.has_non_negative() && !rewritten_signed(inst, 1) => {
                self.seed_int(u0, K::Unsigned)?
            }
            // A conversion's result is the type converted to, but C
            // converts it again silently to an integer of the other sign
            // and the same size (`unsigned long u = (long)d;`): only a
            // hint (see `hint_instruction`).
            O::LLVMFPToSI | O::LLVMFPToUI => {}
            O::LLVMLoad | O::LLVMAtomicRMW | O::LLVMAtomicCmpXchg => self.seed_pointer(u0)?,
            O::LLVMStore => self.seed_pointer(u1)?,
            O::LLVMGetElementPtr => {
                self.seed_pointer(u0)?;
                for i in 1..inst.num_operands() {
                    self.seed_int(u(i), K::Number)?;
                }
            }
            O::LLVMExtractElement => self.seed_int(u1, K::Number)?,
            O::LLVMInsertElement => self.seed_int(u(2), K::Number)?,
            O::LLVMCall | O::LLVMInvoke | O::LLVMCallBr => self.seed_call(inst)?,
            _ => {}
        }
        Ok(())
    }

    /// Weak sign evidence (see [`propagate::apply_hints`]): C compilers
    /// mark signed arithmetic `nsw` (overflow is undefined) and never
    /// unsigned arithmetic, while the optimizer adds `nsw` together with
    /// `nuw` where it proves neither wraps, so `nsw` alone hints signed
    /// operands and result (`nuw` alone says nothing: the optimizer infers
    /// it on signed values too); the result of a `sext` (or of its in-place
    /// form `ashr (shl x, k), k`) or an `fptosi` hints signed, of an
    /// `fptoui` unsigned: results of conversions C may convert again; the
    /// result of a hash step's `xor` ([`hash_step`]) unsigned.
    fn hint_instruction(&mut self, inst: Instruction<'m>, u0: Option<NodeId>, u1: Option<NodeId>, r: Option<NodeId>) {
        use Opcode as O;
        match inst.opcode() {
            O::LLVMAdd | O::LLVMSub | O::LLVMMul | O::LLVMShl
                if inst.has_no_signed_wrap() && !inst.has_no_unsigned_wrap() =>
            {
                self.hint_int(u0, K::Signed);
                if inst.opcode() != O::LLVMShl {
                    self.hint_int(u1, K::Signed);
                }
                self.hint_int(r, K::Signed);
            }
            O::LLVMXor if hash_step(inst) => self.hint_int(r, K::Unsigned),
            O::LLVMSExt | O::LLVMFPToSI => self.hint_int(r, K::Signed),
            O::LLVMFPToUI => self.hint_int(r, K::Unsigned),
            O::LLVMAShr if sign_extends_in_place(inst) => self.hint_int(r, K::Signed),
            _ => {}
        }
    }

    /// The prototype C gives `main`: `int main(int argc, char **argv)`
    /// (its returned values are `int`, and so are `argc` and `argv`'s
    /// characters' pointers, when the IR has them at those sizes).
    fn seed_main(&mut self, f: Function<'m>) -> Result<(), BuildError> {
        let l = self.lattice();
        if f.function_type().return_type().and_then(|t| t.int_width()) == Some(32) {
            for inst in f.instructions().filter(|i| i.opcode() == Opcode::LLVMRet) {
                self.seed_int(self.use_node(inst, 0), K::Signed)?;
            }
        }
        let params = f.params();
        if let [argc, argv, ..] = params[..] {
            if argc.ty().int_width() == Some(32) {
                self.seed_int(self.value_node(argc), K::Signed)?;
            }
            if let Some(t) = libc::C::StrPtr.scalar(l) {
                self.seed(self.value_node(argv), t)?;
            }
        }
        Ok(())
    }

    fn seed_call(&mut self, inst: Instruction<'m>) -> Result<(), BuildError> {
        let r = self.value_node(inst.as_value());
        let nargs = inst.call_arg_count().unwrap_or(0);
        let Some(f) = direct_callee(inst) else {
            // An indirect call's callee is a (function) pointer.
            let callee = inst.num_operands().saturating_sub(1);
            return self.seed_pointer(self.use_node(inst, callee));
        };
        let name = f.name();
        if let Some(rest) = name.strip_prefix("llvm.") {
            return self.seed_intrinsic(inst, rest, r);
        }
        if !f.is_declaration() {
            if self.allocator_calls.contains(&inst) {
                self.seed_pointer(r)?;
            }
            return Ok(());
        }
        let Some(proto) = libc::lookup(&name) else { return Ok(()) };
        let l = self.lattice();
        if let Some(t) = proto.ret.scalar(l) {
            self.seed(r, t)?;
        }
        for (i, c) in proto.params.iter().enumerate() {
            if let Some(t) = c.scalar(l) {
                self.seed(self.use_node(inst, i as u32), t)?;
            }
        }
        let Some(fmt_index) = proto.format else { return Ok(()) };
        let Some(fmt) = inst
            .operand(fmt_index as u32)
            .filter(|v| v.kind() == ValueKind::GlobalVariable)
            .and_then(|g| g.initializer())
            .and_then(|init| init.const_bytes())
        else {
            return Ok(());
        };
        for (k, arg) in libc::printf_args(&fmt).into_iter().enumerate() {
            let i = (fmt_index + 1 + k) as u32;
            if i >= nargs {
                break;
            }
            let n = self.use_node(inst, i);
            match arg {
                FormatArg::Int(kind) => self.seed_int(n, kind)?,
                FormatArg::Str => self.seed(n, libc::C::Str.scalar(l).expect("char *"))?,
                FormatArg::Ptr => self.seed_pointer(n)?,
                FormatArg::Float | FormatArg::Skip => {}
            }
        }
        Ok(())
    }

    fn seed_intrinsic(&mut self, inst: Instruction<'m>, name: &str, r: Option<NodeId>) -> Result<(), BuildError> {
        let ops = self.operand_nodes(inst);
        let u = |i: u32| ops.get(i as usize).copied().flatten();
        let (u0, u1, u2) = (u(0), u(1), u(2));
        let kind = if ["smax.", "smin.", "abs.", "sadd.", "ssub.", "smul.", "sshl.", "sdiv.fix"]
            .iter()
            .any(|p| name.starts_with(p))
        {
            Some(K::Signed)
        } else if ["umax.", "umin.", "uadd.", "usub.", "umul.", "ushl.", "udiv.fix"].iter().any(|p| name.starts_with(p))
        {
            Some(K::Unsigned)
        } else {
            None
        };
        if let Some(k) = kind {
            // `abs` has an `i1` flag as its second operand: leave it.
            let ops = if name.starts_with("abs.") { vec![u0] } else { vec![u0, u1] };
            for n in ops.into_iter().chain([r]) {
                self.seed_int(n, k)?;
            }
            return Ok(());
        }
        if ["memcpy.", "memmove.", "memset.", "memcpy.inline.", "memset.inline."].iter().any(|p| name.starts_with(p)) {
            self.seed_pointer(u0)?;
            if !name.starts_with("memset") {
                self.seed_pointer(u1)?;
            }
            self.seed_int(u2, K::Unsigned)?;
        }
        Ok(())
    }

    // ---- verification ----

    /// The graph's own invariants plus the frontend's: every node's source
    /// exists and maps back to it; a use node is joined to its operand's
    /// value node, and to no value node that its instruction does not
    /// explain.
    pub fn verify(&self) -> Result<(), VerifyErrors> {
        let mut errors = self.graph.structural_errors();
        for (id, node) in self.graph.nodes() {
            let mut err = |message: String| errors.push(VerifyError::Frontend { node: id, message });
            let Some(owner) = self.owner(id) else {
                err("belongs to no function".into());
                continue;
            };
            match node.body.source {
                LlvmSource::Value(v) => {
                    if node.kind != NodeKind::Value {
                        err("a value source on a use node".into());
                    }
                    if self.values.get(&v) != Some(&id) {
                        err(format!("value {} does not map back to this node", self.label(id)));
                    }
                    match v.kind() {
                        ValueKind::Argument => {
                            if !owner.function.params().contains(&v) {
                                err(format!("argument {} is not a parameter of {}", self.label(id), owner.name));
                            }
                        }
                        ValueKind::Instruction => {
                            let inst = v.as_instruction().expect("checked instruction");
                            if inst.parent_function() != Some(owner.function) {
                                err(format!("instruction {} is not in {}", self.label(id), owner.name));
                            }
                        }
                        _ => err("source is neither an argument nor an instruction".into()),
                    }
                }
                LlvmSource::Use { user, operand } => {
                    if node.kind != NodeKind::Use {
                        err("a use source on a value node".into());
                    }
                    if self.uses.get(&(user, operand)) != Some(&id) {
                        err(format!("use {} does not map back to this node", self.label(id)));
                    }
                    if user.parent_function() != Some(owner.function) {
                        err(format!("user of {} is not in {}", self.label(id), owner.name));
                    }
                    let Some(op) = user.operand(operand) else {
                        err(format!("{} has no operand {operand}", self.label(id)));
                        continue;
                    };
                    let target = self.values.get(&op).copied();
                    if let Some(t) = target {
                        if !node.neighbors().iter().any(|nb| nb.node == t && nb.level == 0) {
                            err(format!("use {} is not joined to its operand {}", self.label(id), self.label(t)));
                        }
                    }
                    for nb in node.neighbors() {
                        let Some(other) = self.graph.node(nb.node) else { continue };
                        if other.kind != NodeKind::Value || Some(nb.node) == target {
                            continue;
                        }
                        let LlvmSource::Value(w) = other.body.source else { continue };
                        if !self.use_may_join_value(user, Some(op), w) {
                            err(format!("use {} is joined to unrelated value {}", self.label(id), self.label(nb.node)));
                        }
                    }
                }
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(VerifyErrors(errors))
        }
    }

    /// `n12 (@f:%x.0)`: a node id with its function and label, for messages.
    pub fn describe(&self, id: NodeId) -> String {
        match self.owner(id) {
            Some(f) => format!("{id} ({}:{})", f.name, self.label(id)),
            None => id.to_string(),
        }
    }

    /// The errors of [`verify`](Self::verify) with the nodes they name described.
    pub fn explain(&self, errors: &VerifyErrors) -> String {
        let mut out = format!("type flow graph is broken ({} problem(s))", errors.0.len());
        for e in &errors.0 {
            let nodes: Vec<String> = e.nodes().into_iter().map(|n| self.describe(n)).collect();
            out.push_str(&format!("\n  {e} [{}]", nodes.join(", ")));
        }
        out
    }

    /// Whether a use of `operand` by `user` may be joined to value `w` other
    /// than its own operand: the user's result, a parameter of the callee,
    /// the result of a call to the function a `ret` returns from, or a GEP
    /// to the same field as the constant GEP used.
    fn use_may_join_value(&self, user: Instruction<'m>, operand: Option<Value<'m>>, w: Value<'m>) -> bool {
        if w == user.as_value() {
            return true;
        }
        if let Some(callee) = direct_callee(user) {
            if callee.params().contains(&w) {
                return true;
            }
        }
        if user.opcode() == Opcode::LLVMRet {
            if let Some(call) = w.as_instruction() {
                if call.is_call() && direct_callee(call) == user.parent_function() {
                    return true;
                }
            }
        }
        // A constant GEP to a field, chained with GEP instructions to the same field.
        let field = |a: Option<Address<'m>>| match a {
            Some(Address::Field(k)) => Some(k),
            _ => None,
        };
        let used = operand.and_then(constant_address);
        match (field(used), w.as_instruction().map(instruction_gep_shape)) {
            (Some(k), Some(GepShape::Field(k2))) => k == k2,
            _ => false,
        }
    }
}

/// State for the edge pass: the last node of each chain.
#[derive(Default)]
struct EdgeBuilder<'m> {
    /// Uses of constants addressing the same memory, and GEP results
    /// addressing the same field.
    same_address: HashMap<Address<'m>, NodeId>,
    /// A function's first `ret` use.
    first_ret: HashMap<Function<'m>, NodeId>,
    /// Argument uses of a declared function's fixed parameter.
    declared_arg: HashMap<(Function<'m>, u32), NodeId>,
    /// Results of calls to a declared function.
    declared_result: HashMap<Function<'m>, NodeId>,
    /// Whether a defined function returns fresh memory ([`allocates`]).
    allocators: HashMap<Function<'m>, bool>,
    /// Classes of integers holding the same addresses, and which hold
    /// records' ([`RecordClasses`]).
    records: RecordClasses<'m>,
}

fn chain<'m, Key: std::hash::Hash + Eq>(
    tf: &mut LlvmTypeFlow<'m>,
    map: &mut HashMap<Key, NodeId>,
    key: Key,
    node: NodeId,
) -> Result<(), BuildError> {
    if let Some(prev) = map.insert(key, node) {
        tf.join(prev, node)?;
    }
    Ok(())
}

impl<'m> EdgeBuilder<'m> {
    /// Each use to its operand's value node, or along the chain of uses of
    /// the same address constant.
    fn operand_edges(&mut self, tf: &mut LlvmTypeFlow<'m>) -> Result<(), BuildError> {
        let uses: Vec<(NodeId, Instruction<'m>, u32)> = tf
            .graph
            .nodes()
            .filter_map(|(id, n)| match n.body.source {
                LlvmSource::Use { user, operand } => Some((id, user, operand)),
                LlvmSource::Value(_) => None,
            })
            .collect();
        for (id, user, operand) in uses {
            let Some(op) = user.operand(operand) else { continue };
            if let Some(v) = tf.value_node(op) {
                tf.join(v, id)?;
            } else if let Some(address) = constant_address(op) {
                chain(tf, &mut self.same_address, address, id)?;
            }
        }
        Ok(())
    }

    fn return_chain(&mut self, tf: &mut LlvmTypeFlow<'m>, f: Function<'m>) -> Result<(), BuildError> {
        let mut prev = None;
        for inst in f.instructions() {
            let Some(u) = (inst.opcode() == Opcode::LLVMRet).then(|| tf.use_node(inst, 0)).flatten() else { continue };
            match prev {
                Some(p) => tf.join(p, u)?,
                None => {
                    self.first_ret.insert(f, u);
                }
            }
            prev = Some(u);
        }
        Ok(())
    }

    /// Functions stored in the same slot of constant tables (the same
    /// field of the same structure type, or the elements of one array of
    /// function pointers) are called through the same pointer: C gives
    /// them one prototype. Their parameters, position by position, and
    /// their returns are joined by weak edges, as calls join arguments.
    fn function_tables(&mut self, tf: &mut LlvmTypeFlow<'m>, m: &'m Module<'_>) -> Result<(), BuildError> {
        let mut slots: HashMap<TableSlot<'m>, Vec<Function<'m>>> = HashMap::default();
        let mut order: Vec<TableSlot<'m>> = Vec::new();
        for g in m.globals() {
            let Some(init) = g.initializer() else { continue };
            table_entries(init, init.ty(), TableSlot::Array(g), 0, &mut |slot, f| {
                let list = slots.entry(slot).or_insert_with(|| {
                    order.push(slot);
                    Vec::new()
                });
                if !list.contains(&f) {
                    list.push(f);
                }
            });
        }
        for slot in order {
            let list = &slots[&slot];
            let Some((&first, rest)) = list.split_first() else { continue };
            let params = first.params();
            for &f in rest.iter().filter(|f| f.function_type() == first.function_type()) {
                for (p, q) in params.iter().zip(f.params()) {
                    if let (Some(a), Some(b)) = (tf.value_node(*p), tf.value_node(q)) {
                        tf.join_weak(a, b)?;
                    }
                }
                if let (Some(&a), Some(&b)) = (self.first_ret.get(&first), self.first_ret.get(&f)) {
                    tf.join_weak(a, b)?;
                }
            }
        }
        Ok(())
    }

    fn instruction_edges(&mut self, tf: &mut LlvmTypeFlow<'m>, inst: Instruction<'m>) -> Result<(), BuildError> {
        use Opcode as O;
        let ops = tf.operand_nodes(inst);
        let u = |i: u32| ops.get(i as usize).copied().flatten();
        let (u0, u1, u2) = (u(0), u(1), u(2));
        let r = tf.value_node(inst.as_value());
        let same = |a: Option<NodeId>, b: Option<NodeId>, tf: &mut LlvmTypeFlow<'m>| -> Result<(), BuildError> {
            if let (Some(a), Some(b)) = (a, b) {
                tf.join(a, b)?;
            }
            Ok(())
        };
        let deref = |p: Option<NodeId>, v: Option<NodeId>, tf: &mut LlvmTypeFlow<'m>| -> Result<(), BuildError> {
            if let (Some(p), Some(v)) = (p, v) {
                tf.join_deref(p, v)?;
            }
            Ok(())
        };
        match inst.opcode() {
            // Pointer arithmetic on integers (lifted code, `(char *)p + n`
            // done on `uintptr_t`): the result is the pointer's type; the
            // offset is a number of its own. A difference of two pointers
            // is a number, joined to neither.
            O::LLVMAdd | O::LLVMSub if inst.as_value().ty().int_width() == Some(tf.lattice().ptr_bits) => {
                // An address plus a constant is a field's address (or an
                // element's): it points to something else than the base
                // does, as a byte-offset GEP does; joined to nothing.
                if tf.constant_offset(inst).is_some() {
                    return Ok(());
                }
                // (A scaled operand, `n * 8` or `n << 3`, is an offset:
                // the other one is the base.)
                let scaled = |k: u32| inst.operand(k).is_some_and(scaled_index);
                let (p0, p1) = (
                    inst.operand(0).is_some_and(|v| tf.holds_address(v)) || (scaled(1) && !scaled(0)),
                    inst.operand(1).is_some_and(|v| tf.holds_address(v)) || (scaled(0) && !scaled(1)),
                );
                match (p0, p1, inst.opcode() == O::LLVMSub) {
                    (true, false, _) => same(u0, r, tf)?,
                    (false, true, false) => same(u1, r, tf)?,
                    (true, true, true) => {}
                    _ => {
                        same(u0, r, tf)?;
                        same(u1, r, tf)?;
                    }
                }
            }
            // A hash step, `(h ^ x) * P`: C mixes values of either sign
            // into a hash (`h ^ (unsigned long)v`), so the operands say
            // nothing of the result's type: joined to nothing.
            O::LLVMXor if hash_step(inst) => {}
            O::LLVMAdd
            | O::LLVMSub
            | O::LLVMMul
            | O::LLVMUDiv
            | O::LLVMSDiv
            | O::LLVMURem
            | O::LLVMSRem
            | O::LLVMAnd
            | O::LLVMOr
            | O::LLVMXor
            | O::LLVMFAdd
            | O::LLVMFSub
            | O::LLVMFMul
            | O::LLVMFDiv
            | O::LLVMFRem => {
                same(u0, r, tf)?;
                same(u1, r, tf)?;
            }
            O::LLVMShl | O::LLVMLShr | O::LLVMAShr | O::LLVMFNeg | O::LLVMFreeze => same(u0, r, tf)?,
            O::LLVMICmp | O::LLVMFCmp => same(u0, u1, tf)?,
            O::LLVMLoad => deref(u0, r, tf)?,
            O::LLVMStore => deref(u1, u0, tf)?,
            O::LLVMAtomicRMW => {
                deref(u0, u1, tf)?;
                same(u1, r, tf)?;
            }
            O::LLVMAtomicCmpXchg => {
                deref(u0, u1, tf)?;
                same(u1, u2, tf)?;
            }
            O::LLVMIntToPtr if self.first_field(tf, inst) => {}
            O::LLVMBitCast | O::LLVMPtrToInt | O::LLVMIntToPtr | O::LLVMAddrSpaceCast => {
                let l = tf.lattice();
                let size = |n: Option<NodeId>| n.and_then(|n| tf.graph.node(n)).map(|x| l.size(x.bound));
                if size(u0).is_some() && size(u0) == size(r) {
                    same(u0, r, tf)?;
                }
            }
            O::LLVMPHI => {
                for i in 0..inst.num_operands() {
                    same(u(i), r, tf)?;
                }
            }
            O::LLVMSelect => {
                same(u1, r, tf)?;
                same(u2, r, tf)?;
            }
            O::LLVMExtractElement => same(u0, r, tf)?,
            O::LLVMInsertElement | O::LLVMShuffleVector => {
                same(u0, r, tf)?;
                same(u1, r, tf)?;
            }
            O::LLVMGetElementPtr => match instruction_gep_shape(inst) {
                GepShape::SameElement => same(u0, r, tf)?,
                GepShape::Field(key) => {
                    if let Some(r) = r {
                        chain(tf, &mut self.same_address, Address::Field(key), r)?;
                    }
                }
                GepShape::Other => {}
            },
            O::LLVMCall | O::LLVMInvoke | O::LLVMCallBr => self.call_edges(tf, inst, r)?,
            _ => {}
        }
        Ok(())
    }

    /// Whether `inttoptr X` (to address memory) is the address of the first
    /// field of a record at `X` (`X`'s class holds records' addresses,
    /// [`RecordClasses`]): then it is joined to nothing, as a field GEP is
    /// not.
    fn first_field(&mut self, tf: &mut LlvmTypeFlow<'m>, inst: Instruction<'m>) -> bool {
        let ptr_bits = tf.lattice().ptr_bits;
        let Some(x) = inst.operand(0).filter(|x| x.ty().int_width() == Some(ptr_bits)) else { return false };
        let record = self.records.is_record(x);
        if record {
            tf.first_fields.insert(inst);
        }
        record
    }

    fn call_edges(
        &mut self,
        tf: &mut LlvmTypeFlow<'m>,
        inst: Instruction<'m>,
        r: Option<NodeId>,
    ) -> Result<(), BuildError> {
        let Some(f) = direct_callee(inst) else { return Ok(()) };
        if is_debug_intrinsic(inst) {
            return Ok(());
        }
        let nargs = inst.call_arg_count().unwrap_or(0);
        let name = f.name();
        if let Some(rest) = name.strip_prefix("llvm.") {
            return intrinsic_rules(tf, inst, rest, nargs, r);
        }
        if f.is_declaration() {
            // Where the prototype says `void *`, the call sites pass or
            // get whatever they like (`malloc`'s results, `free`'s and
            // `memset`'s arguments): they are not chained.
            let proto = libc::lookup(&name);
            let generic = |c: Option<libc::C>| c == Some(libc::C::VoidPtr);
            let fixed = f.function_type().param_types().len() as u32;
            for i in 0..nargs.min(fixed) {
                if generic(proto.and_then(|p| p.params.get(i as usize).copied())) {
                    continue;
                }
                if let Some(u) = tf.use_node(inst, i) {
                    if let Some(prev) = self.declared_arg.insert((f, i), u) {
                        tf.join_weak(prev, u)?;
                    }
                }
            }
            if let Some(r) = r.filter(|_| !generic(proto.map(|p| p.ret))) {
                if let Some(prev) = self.declared_result.insert(f, r) {
                    tf.join_weak(prev, r)?;
                }
            }
            return Ok(());
        }
        if inst.called_function_type() != Some(f.function_type()) {
            tracing::debug!(callee = %name, "call through a different function type: arguments not joined");
            return Ok(());
        }
        for (i, p) in f.params().into_iter().enumerate() {
            if let (Some(u), Some(pn)) = (tf.use_node(inst, i as u32), tf.value_node(p)) {
                tf.join_weak(u, pn)?;
            }
        }
        // A function that returns fresh memory (an allocation wrapper)
        // returns whatever each caller makes of it: its call sites are
        // not joined to its return, nor through it to each other.
        if allocates(f, &mut self.allocators, 0) {
            tf.allocator_calls.insert(inst);
            return Ok(());
        }
        if let (Some(r), Some(&ret)) = (r, self.first_ret.get(&f)) {
            tf.join_weak(r, ret)?;
        }
        Ok(())
    }
}

/// Edges for calls to intrinsics, by name (without `llvm.`):
/// value-preserving ones (`smax`, `umin`, `abs`, `fabs`, `fma`, `bswap`,
/// `expect`, ...) join their same-typed operands to the result; the
/// overflow-checking arithmetic (`sadd.with.overflow`, ...) joins its two
/// operands (the result is a pair); `memcpy`/`memmove` join destination and
/// source. Everything else (`lifetime`, `ctpop`, ...) joins nothing.
fn intrinsic_rules<'m>(
    tf: &mut LlvmTypeFlow<'m>,
    inst: Instruction<'m>,
    name: &str,
    nargs: u32,
    r: Option<NodeId>,
) -> Result<(), BuildError> {
    let ops = tf.operand_nodes(inst);
    let u = |i: u32| ops.get(i as usize).copied().flatten();
    if name.contains(".with.overflow.") {
        if let (Some(a), Some(b)) = (u(0), u(1)) {
            tf.join(a, b)?;
        }
        return Ok(());
    }
    if ["memcpy.", "memmove.", "memcpy.inline."].iter().any(|p| name.starts_with(p)) {
        if let (Some(a), Some(b)) = (u(0), u(1)) {
            tf.join(a, b)?;
        }
        return Ok(());
    }
    const PRESERVING: &[&str] = &[
        "smax.",
        "smin.",
        "umax.",
        "umin.",
        "abs.",
        "sadd.sat.",
        "ssub.sat.",
        "uadd.sat.",
        "usub.sat.",
        "sshl.sat.",
        "ushl.sat.",
        "fshl.",
        "fshr.",
        "bswap.",
        "bitreverse.",
        "expect.",
        "fabs.",
        "sqrt.",
        "sin.",
        "cos.",
        "tan.",
        "exp.",
        "exp2.",
        "exp10.",
        "log.",
        "log2.",
        "log10.",
        "pow.",
        "powi.",
        "floor.",
        "ceil.",
        "trunc.",
        "rint.",
        "nearbyint.",
        "round.",
        "roundeven.",
        "fma.",
        "fmuladd.",
        "minnum.",
        "maxnum.",
        "minimum.",
        "maximum.",
        "copysign.",
        "canonicalize.",
        "ptrmask.",
    ];
    if !PRESERVING.iter().any(|p| name.starts_with(p)) {
        return Ok(());
    }
    let Some(r) = r else { return Ok(()) };
    let rty = inst.as_value().ty();
    for i in 0..nargs {
        let same_type = inst.operand(i).is_some_and(|v| v.ty() == rty);
        if let (true, Some(a)) = (same_type, u(i)) {
            tf.join(a, r)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

/// Where a function pointer sits in a constant table: a field of a
/// structure type, or an element of the array (of arrays) a global holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum TableSlot<'m> {
    Field(Type<'m>, u32),
    Array(Value<'m>),
}

/// Calls `found` with the slot of each defined function whose address is
/// an element of constant `v` of type `ty` (`slot`: where `v` itself sits).
fn table_entries<'m>(
    v: Value<'m>,
    ty: Type<'m>,
    slot: TableSlot<'m>,
    depth: u32,
    found: &mut impl FnMut(TableSlot<'m>, Function<'m>),
) {
    const MAX_DEPTH: u32 = 8;
    if depth > MAX_DEPTH {
        return;
    }
    if ty.is_struct() {
        for (i, field) in ty.struct_fields().into_iter().enumerate() {
            if field.contains_pointer() {
                if let Some(e) = v.aggregate_element(i as u32) {
                    table_entries(e, field, TableSlot::Field(ty, i as u32), depth + 1, found);
                }
            }
        }
    } else if ty.is_array() {
        let Some(elem) = ty.element_type().filter(|t| t.contains_pointer()) else { return };
        for i in 0..ty.len().unwrap_or(0) {
            let Some(e) = v.aggregate_element(i as u32) else { break };
            table_entries(e, elem, slot, depth + 1, found);
        }
    } else if let Some(f) = v.as_function().filter(|f| !f.is_declaration()) {
        found(slot, f);
    }
}

/// Whether the first `n` operands of `inst` (an unsigned operation) are
/// all known not to be negative, none of them a constant alone: the
/// optimizer rewrites signed operations (`sdiv`, `srem`, `ashr`, signed
/// comparisons, `sext`, `sitofp`) on such values to their unsigned twins,
/// so the operation says nothing of sign.
fn rewritten_signed(inst: Instruction<'_>, n: u32) -> bool {
    let ops: Vec<Value<'_>> = (0..n).filter_map(|k| inst.operand(k)).collect();
    ops.len() == n as usize
        && ops.iter().any(|v| v.const_int_value().is_none())
        && ops.iter().all(|&v| known_non_negative(v, 0, &mut HashSet::default()))
}

/// Whether integer `v` is known not to be negative (as a signed number):
/// a non-negative constant; a `zext` (that widens), an `lshr` by a
/// constant, an `and` with a non-negative constant, a `udiv` by a constant
/// above 1 or a `urem` by a non-negative constant; an `add`, `mul` or `shl`
/// marked `nsw` of such values; a `phi` or `select` of such values (a
/// `phi` met again on a cycle counts as one: induction over the loop).
fn known_non_negative<'m>(v: Value<'m>, depth: u32, seen: &mut HashSet<Value<'m>>) -> bool {
    const MAX_DEPTH: u32 = 8;
    if let Some(c) = v.const_int_value() {
        return c >= 0;
    }
    let Some(i) = v.as_instruction() else { return false };
    if depth > MAX_DEPTH {
        return false;
    }
    let konst = |k: u32| i.operand(k).and_then(|x| x.const_int_value());
    let op =
        |k: u32, seen: &mut HashSet<Value<'m>>| i.operand(k).is_some_and(|x| known_non_negative(x, depth + 1, seen));
    match i.opcode() {
        Opcode::LLVMZExt => {
            i.operand(0).and_then(|x| x.ty().int_width()).zip(v.ty().int_width()).is_some_and(|(a, b)| a < b)
        }
        Opcode::LLVMLShr => konst(1).is_some_and(|k| k > 0),
        Opcode::LLVMAnd => konst(1).is_some_and(|k| k >= 0) || konst(0).is_some_and(|k| k >= 0),
        Opcode::LLVMUDiv => konst(1).is_some_and(|k| k > 1),
        Opcode::LLVMURem => konst(1).is_some_and(|k| k > 0),
        Opcode::LLVMAdd | Opcode::LLVMMul if i.has_no_signed_wrap() => op(0, seen) && op(1, seen),
        Opcode::LLVMShl if i.has_no_signed_wrap() => op(0, seen),
        Opcode::LLVMSelect => op(1, seen) && op(2, seen),
        Opcode::LLVMPHI => {
            if !seen.insert(v) {
                return true;
            }
            (0..i.num_operands()).all(|k| op(k, seen))
        }
        _ => false,
    }
}

/// Whether `inst`, an `xor` of two values, is a step of a multiplicative
/// hash: its result is multiplied by an odd constant other than 1 and -1
/// (`(h ^ c) * P`, FNV-1a; hashes multiply by odd numbers, which lose no
/// bits, where an index is scaled by an element size, mostly even), or one
/// operand is such a product (`(h * P) ^ c`, FNV-1). C mixes values of
/// either sign into the hash (`h ^ (unsigned long)v`).
fn hash_step(inst: Instruction<'_>) -> bool {
    let by_constant = |v: Value<'_>| {
        v.as_instruction().is_some_and(|m| {
            m.opcode() == Opcode::LLVMMul
                && (0..2).any(|k| {
                    m.operand(k).and_then(|c| c.const_int_value()).is_some_and(|c| c & 1 == 1 && !matches!(c, -1 | 1))
                })
        })
    };
    inst.opcode() == Opcode::LLVMXor
        && inst.as_value().ty().int_width().is_some_and(|w| w > 1)
        && (0..2).all(|k| inst.operand(k).is_some_and(|v| v.const_int_value().is_none()))
        && (inst.as_value().users().into_iter().take(8).any(by_constant)
            || (0..2).any(|k| inst.operand(k).is_some_and(by_constant)))
}

/// Whether `inst`, an unsigned comparison, compares `x + c` with a
/// constant: the optimizer's form of a range check `lo <= x && x <= hi`.
fn is_range_check(inst: Instruction<'_>) -> bool {
    let is_const = |k: u32| inst.operand(k).is_some_and(|v| v.const_int_value().is_some());
    let offset = |k: u32| {
        inst.operand(k).and_then(|v| v.as_instruction()).is_some_and(|a| {
            matches!(a.opcode(), Opcode::LLVMAdd | Opcode::LLVMSub)
                && a.operand(1).is_some_and(|c| c.const_int_value().is_some())
        })
    };
    (offset(0) && is_const(1)) || (offset(1) && is_const(0))
}

/// Whether every use of `v` is as the amount of a shift (bounded).
fn only_shift_amount(v: Value<'_>) -> bool {
    let users = v.users();
    !users.is_empty()
        && users.len() <= 8
        && users.iter().all(|u| {
            u.as_instruction().is_some_and(|i| {
                matches!(i.opcode(), Opcode::LLVMShl | Opcode::LLVMLShr | Opcode::LLVMAShr) && i.operand(1) == Some(v)
            })
        })
}

/// Whether `inst`, an unsigned comparison with a constant, guards a shift
/// by the other operand (itself, or zero-extended, a shift amount): the
/// optimizer's bit test of a set (`c <u 64 && (1 << c) & MASK`), which
/// says nothing of its sign.
fn is_shift_guard(inst: Instruction<'_>) -> bool {
    let konst = |k: u32| inst.operand(k).is_some_and(|v| v.const_int_value().is_some());
    let x = match (konst(0), konst(1)) {
        (false, true) => inst.operand(0),
        (true, false) => inst.operand(1),
        _ => None,
    };
    let Some(x) = x else { return false };
    x.users().into_iter().take(8).any(|u| {
        let Some(i) = u.as_instruction() else { return false };
        match i.opcode() {
            Opcode::LLVMShl | Opcode::LLVMLShr | Opcode::LLVMAShr => i.operand(1) == Some(x),
            Opcode::LLVMZExt => only_shift_amount(u),
            _ => false,
        }
    })
}

/// Whether `inst` is `ashr (shl x, k), k` with the same constant `k`: a
/// sign extension of x's low bits in place.
fn sign_extends_in_place(inst: Instruction<'_>) -> bool {
    let Some(k) = inst.operand(1).and_then(|v| v.const_int_value()) else { return false };
    inst.operand(0).and_then(|v| v.as_instruction()).is_some_and(|shl| {
        shl.opcode() == Opcode::LLVMShl && shl.operand(1).and_then(|v| v.const_int_value()) == Some(k)
    })
}

/// Whether defined function `f` returns fresh memory: every value it
/// returns is the result of an allocation (a declared function whose
/// prototype returns `void *`, as `malloc`, or another such function) or a
/// null pointer, looking through casts that keep the bits, `phi`, `select`
/// and a local slot (every value stored to it; -O0 keeps `p` there).
/// Memoized in `memo`; bounded.
fn allocates<'m>(f: Function<'m>, memo: &mut HashMap<Function<'m>, bool>, depth: u32) -> bool {
    if let Some(&a) = memo.get(&f) {
        return a;
    }
    // (A recursive function is first taken as no allocator.)
    memo.insert(f, false);
    let rets: Vec<Value<'m>> =
        f.instructions().filter(|i| i.opcode() == Opcode::LLVMRet).filter_map(|i| i.operand(0)).collect();
    let result = depth < 4 && !rets.is_empty() && {
        let mut seen = HashSet::default();
        let mut found = false;
        rets.into_iter().all(|v| fresh(v, memo, depth, &mut seen, &mut found)) && found
    };
    memo.insert(f, result);
    result
}

/// Whether `v` is fresh memory or null, for [`allocates`]; `found` is set
/// when an allocation was seen.
fn fresh<'m>(
    v: Value<'m>,
    memo: &mut HashMap<Function<'m>, bool>,
    depth: u32,
    seen: &mut HashSet<Value<'m>>,
    found: &mut bool,
) -> bool {
    use Opcode as O;
    const LIMIT: usize = 64;
    if v.const_int_value() == Some(0) || v.kind() == ValueKind::ConstantNull {
        return true;
    }
    if !seen.insert(v) {
        return true;
    }
    if seen.len() > LIMIT {
        return false;
    }
    let Some(i) = v.as_instruction() else { return false };
    match i.opcode() {
        O::LLVMCall => {
            let Some(callee) = direct_callee(i) else { return false };
            let a = if callee.is_declaration() {
                libc::lookup(&callee.name()).is_some_and(|p| p.ret == libc::C::VoidPtr)
            } else {
                allocates(callee, memo, depth + 1)
            };
            *found |= a;
            a
        }
        O::LLVMPtrToInt | O::LLVMIntToPtr | O::LLVMBitCast => {
            i.operand(0).is_some_and(|x| fresh(x, memo, depth, seen, found))
        }
        O::LLVMPHI => (0..i.num_operands()).all(|k| i.operand(k).is_some_and(|x| fresh(x, memo, depth, seen, found))),
        O::LLVMSelect => (1..3).all(|k| i.operand(k).is_some_and(|x| fresh(x, memo, depth, seen, found))),
        O::LLVMLoad => {
            // A local slot: every store to it (through its inttoptrs too).
            let Some(addr) = i.operand(0) else { return false };
            let root = match addr.as_instruction() {
                Some(c) if c.opcode() == O::LLVMIntToPtr => match c.operand(0).and_then(|x| x.as_instruction()) {
                    Some(p) if p.opcode() == O::LLVMPtrToInt => p.operand(0).unwrap_or(addr),
                    _ => return false,
                },
                _ => addr,
            };
            if root.as_instruction().map(|r| r.opcode()) != Some(O::LLVMAlloca) {
                return false;
            }
            // The slot's addresses: the alloca, its ptrtoints' inttoptrs.
            let mut addresses = vec![root];
            for u in root.users().into_iter().take(LIMIT) {
                match u.as_instruction().map(|x| x.opcode()) {
                    Some(O::LLVMPtrToInt) => {
                        addresses.extend(
                            u.users()
                                .into_iter()
                                .take(LIMIT)
                                .filter(|w| w.as_instruction().is_some_and(|x| x.opcode() == O::LLVMIntToPtr)),
                        );
                    }
                    Some(O::LLVMLoad | O::LLVMStore) => {}
                    // The slot's address escapes (a call, a GEP): unknown.
                    Some(O::LLVMCall) if u.as_instruction().is_some_and(is_debug_intrinsic) => {}
                    _ => return false,
                }
            }
            for a in addresses {
                for u in a.users().into_iter().take(LIMIT) {
                    let Some(s) = u.as_instruction() else { continue };
                    match s.opcode() {
                        O::LLVMStore if s.operand(1) == Some(a) => {
                            if !s.operand(0).is_some_and(|x| fresh(x, memo, depth, seen, found)) {
                                return false;
                            }
                        }
                        O::LLVMStore => return false,
                        _ => {}
                    }
                }
            }
            true
        }
        _ => false,
    }
}

/// Size in bytes of a scalar IR type (integers, floats, pointers).
fn scalar_bytes(t: Type<'_>, ptr_bits: u32) -> Option<u64> {
    let bits = match t.kind() {
        TypeKind::LLVMIntegerTypeKind => t.int_width()?,
        TypeKind::LLVMFloatTypeKind => 32,
        TypeKind::LLVMDoubleTypeKind => 64,
        TypeKind::LLVMPointerTypeKind => ptr_bits,
        _ => return None,
    };
    Some(u64::from(bits.div_ceil(8)))
}

/// A cell of the address classes of [`RecordClasses`]: an integer value,
/// what a slot holds (the values stored to and loaded from an address
/// base, [`slot_base`]), or what a function returns.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Cell<'m> {
    Value(Value<'m>),
    Content(Value<'m>),
    Return(Function<'m>),
}

/// Classes of the integers that hold the same addresses, in code that
/// computes addresses on integers (lifted code): the values a `phi` or a
/// `select` chooses between and its result, a call's arguments and the
/// callee's parameters, the values a function returns and its calls'
/// results (not an allocation wrapper's, [`allocates`]), and the values
/// stored to a slot and loaded from it; then the values loaded from and
/// stored to the same offset from addresses of one class (a field), where
/// the two classes' accesses have the same [`Shape`]. A class whose memory
/// accesses
/// (at its members and at constant offsets from them) are not those of
/// one array ([`record_accesses`]), or that holds a link (a value loaded
/// at a nonzero offset from a member is in the class), holds records'
/// addresses: an access at a member itself is its first field's.
/// Union-find, near-linear.
#[derive(Default)]
struct RecordClasses<'m> {
    index: HashMap<Cell<'m>, u32>,
    parent: Vec<u32>,
    record: Vec<bool>,
    /// The integers that hold addresses ([`Self::find_addresses`]).
    addresses: HashSet<Value<'m>>,
}

impl<'m> RecordClasses<'m> {
    fn cell(&mut self, c: Cell<'m>) -> u32 {
        let n = self.parent.len() as u32;
        *self.index.entry(c).or_insert_with(|| {
            self.parent.push(n);
            n
        })
    }

    fn find(&mut self, mut a: u32) -> u32 {
        while self.parent[a as usize] != a {
            let p = self.parent[a as usize];
            self.parent[a as usize] = self.parent[p as usize];
            a = p;
        }
        a
    }

    fn union(&mut self, a: Cell<'m>, b: Cell<'m>) {
        let (a, b) = (self.cell(a), self.cell(b));
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            // (The smaller index as root: deterministic.)
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            self.parent[hi as usize] = lo;
        }
    }

    fn build(m: &'m Module<'_>, allocators: &mut HashMap<Function<'m>, bool>, ptr_bits: u32) -> Self {
        use Opcode as O;
        let mut rc = RecordClasses::default();
        // Integers that may hold an address: the pointer-sized ones, but
        // constants (a null, a global's address shared by the module).
        let holds = |v: Value<'m>| {
            v.ty().int_width() == Some(ptr_bits) && matches!(v.kind(), ValueKind::Instruction | ValueKind::Argument)
        };
        let defined: Vec<Function<'m>> = m.functions().filter(|f| !f.is_declaration()).collect();
        for f in &defined {
            for inst in f.instructions() {
                let v = inst.as_value();
                match inst.opcode() {
                    O::LLVMPHI if holds(v) => {
                        for i in 0..inst.num_operands() {
                            if let Some(x) = inst.operand(i).filter(|x| holds(*x)) {
                                rc.union(Cell::Value(v), Cell::Value(x));
                            }
                        }
                    }
                    O::LLVMSelect if holds(v) => {
                        for i in [1, 2] {
                            if let Some(x) = inst.operand(i).filter(|x| holds(*x)) {
                                rc.union(Cell::Value(v), Cell::Value(x));
                            }
                        }
                    }
                    O::LLVMLoad if holds(v) => {
                        if let Some(a) = inst.operand(0) {
                            rc.union(Cell::Value(v), Cell::Content(slot_base(a)));
                        }
                    }
                    O::LLVMStore => {
                        if let (Some(x), Some(a)) = (inst.operand(0).filter(|x| holds(*x)), inst.operand(1)) {
                            rc.union(Cell::Value(x), Cell::Content(slot_base(a)));
                        }
                    }
                    _ => {}
                }
            }
        }
        // (Addresses cross calls one way each: see `find_addresses`.)
        rc.addresses = rc.find_addresses(&defined, ptr_bits);
        for f in &defined {
            for inst in f.instructions() {
                let v = inst.as_value();
                match inst.opcode() {
                    O::LLVMRet => {
                        if let Some(x) = inst.operand(0).filter(|x| holds(*x)) {
                            rc.union(Cell::Value(x), Cell::Return(*f));
                        }
                    }
                    O::LLVMCall | O::LLVMInvoke => {
                        let Some(callee) = direct_callee(inst).filter(|c| !c.is_declaration()) else { continue };
                        if inst.called_function_type() != Some(callee.function_type()) {
                            continue;
                        }
                        for (i, p) in callee.params().into_iter().enumerate() {
                            if let Some(x) = inst.operand(i as u32).filter(|x| holds(*x) && holds(p)) {
                                rc.union(Cell::Value(x), Cell::Value(p));
                            }
                        }
                        if holds(v) && !allocates(callee, allocators, 0) {
                            rc.union(Cell::Value(v), Cell::Return(callee));
                        }
                    }
                    _ => {}
                }
            }
        }
        // The accesses of each member, in module order.
        let mut members: Vec<Value<'m>> = Vec::new();
        for f in &defined {
            members.extend(f.params().into_iter().filter(|p| holds(*p)));
            members.extend(f.instructions().map(|i| i.as_value()).filter(|v| holds(*v)));
        }
        let per_member: Vec<(Value<'m>, Vec<Access>, Vec<Value<'m>>)> = members
            .into_iter()
            .map(|x| {
                let (mut found, mut loaded) = (Vec::new(), Vec::new());
                member_accesses(x, ptr_bits, &mut found, &mut loaded);
                (x, found, loaded)
            })
            .collect();
        // The shape of each class's accesses ([`Shape`]).
        let mut acc_of: HashMap<u32, Vec<Access>> = HashMap::default();
        for (x, found, _) in &per_member {
            let c = rc.cell(Cell::Value(*x));
            let root = rc.find(c);
            acc_of.entry(root).or_default().extend(found.iter().copied());
        }
        let mut shape_of: HashMap<u32, Shape> = acc_of.into_iter().map(|(r, a)| (r, Shape::of(&a))).collect();
        // Fields: the values loaded from and stored to the same offset
        // from addresses of one class are joined (as a field GEP's results
        // of the same structure type are chained), which may join classes
        // and so fields further: rounds until nothing changes (at most 8,
        // each linear), only where the two classes' accesses have the same
        // shape ([`Shape::meet`]): a C union's members share a field, not a
        // type.
        let mut fields: Vec<(Value<'m>, Value<'m>, i64)> = Vec::new();
        for f in &defined {
            for inst in f.instructions() {
                let (v, a) = match inst.opcode() {
                    O::LLVMLoad => (Some(inst.as_value()), inst.operand(0)),
                    O::LLVMStore => (inst.operand(0), inst.operand(1)),
                    _ => continue,
                };
                let (Some(v), Some(a)) = (v.filter(|v| holds(*v)), a) else { continue };
                let a = slot_base(a);
                if !holds(a) {
                    continue;
                }
                let (base, c) = match a.as_instruction() {
                    Some(i) if matches!(i.opcode(), O::LLVMAdd | O::LLVMSub) => {
                        match (i.operand(0).filter(|b| holds(*b)), i.operand(1).and_then(|c| c.const_int_value())) {
                            (Some(b), Some(c)) => (b, if i.opcode() == O::LLVMSub { c.wrapping_neg() } else { c }),
                            _ => (a, 0),
                        }
                    }
                    _ => (a, 0),
                };
                fields.push((v, base, c));
            }
        }
        for _ in 0..8 {
            let mut first: HashMap<(u32, i64), Value<'m>> = HashMap::default();
            let mut changed = false;
            for &(v, base, c) in &fields {
                let b = rc.cell(Cell::Value(base));
                let key = (rc.find(b), c);
                let Some(&w) = first.get(&key) else {
                    first.insert(key, v);
                    continue;
                };
                let (x, y) = (rc.cell(Cell::Value(v)), rc.cell(Cell::Value(w)));
                let (x, y) = (rc.find(x), rc.find(y));
                if x == y {
                    continue;
                }
                let (sx, sy) = (*shape_of.get(&x).unwrap_or(&Shape::Empty), *shape_of.get(&y).unwrap_or(&Shape::Empty));
                let Some(shape) = sx.meet(sy) else { continue };
                rc.union(Cell::Value(v), Cell::Value(w));
                let r = rc.find(x);
                shape_of.insert(r, shape);
                changed = true;
            }
            if !changed {
                break;
            }
        }
        // The accesses of each class.
        let mut found: HashMap<u32, Vec<Access>> = HashMap::default();
        let mut links: Vec<(u32, Value<'m>)> = Vec::new();
        for (x, accesses, loaded) in per_member {
            let c = rc.cell(Cell::Value(x));
            let root = rc.find(c);
            found.entry(root).or_default().extend(accesses);
            links.extend(loaded.into_iter().map(|l| (root, l)));
        }
        rc.record = vec![false; rc.parent.len()];
        for (root, accesses) in found {
            rc.record[root as usize] = record_accesses(&accesses);
        }
        // A link: what is loaded at an offset from a member is in the
        // member's own class (`p = p->next`). No array holds its own
        // address among its elements (C has no type `T = T *[]`): a record.
        for (root, l) in links {
            let Some(&c) = rc.index.get(&Cell::Value(l)) else { continue };
            if rc.find(c) == root {
                rc.record[root as usize] = true;
            }
        }
        rc
    }

    /// The integers (of the pointer size, instructions and arguments of
    /// `defined`) that hold addresses, over the classes joined so far (a
    /// slot's stores and loads, `phi`, `select`): every member of a class
    /// with a member made by `ptrtoint` or used by `inttoptr`, or that a
    /// constant address (`ptrtoint (ptr @g to i64)`) reaches in one step
    /// (an offset of it, the slot it is stored to, a call's result that
    /// returns it); and, until
    /// nothing changes, every member of the class of an `add`, `or` or
    /// `xor` with an operand that holds one, and of an `and` or a `sub` of
    /// a constant whose first operand does (an address masked or offset;
    /// `p - q` of a variable `q` is a difference); and the other operand
    /// of an address that is a sum with an [`index_like`] number (the
    /// base). Across calls an address goes one way each: a parameter that
    /// holds one makes every call's
    /// argument there one (the callee uses it as an address), and a
    /// returned value every call's result (not the other way: C passes
    /// sizes and addresses alike through one `uintptr_t` parameter,
    /// `align_up(p, a)` and `align_up(size, a)`, and that would make every
    /// size such a function sees or returns an address). So an address is
    /// followed however far: lifted code at -O0 keeps every pointer in a
    /// stack slot and copies it from slot to slot. Linear in the members
    /// and their users.
    fn find_addresses(&mut self, defined: &[Function<'m>], ptr_bits: u32) -> HashSet<Value<'m>> {
        use Opcode as O;
        let holds = |v: Value<'m>| {
            v.ty().int_width() == Some(ptr_bits) && matches!(v.kind(), ValueKind::Instruction | ValueKind::Argument)
        };
        let cells: Vec<(Value<'m>, u32)> = self
            .index
            .iter()
            .filter_map(|(c, &i)| match c {
                Cell::Value(v) => Some((*v, i)),
                _ => None,
            })
            .collect();
        let mut members: HashMap<u32, Vec<Value<'m>>> = HashMap::default();
        for (v, i) in cells {
            let root = self.find(i);
            members.entry(root).or_default().push(v);
        }
        let mut marked: HashSet<u32> = HashSet::default();
        let mut found: HashSet<Value<'m>> = HashSet::default();
        let mut work: Vec<Value<'m>> = Vec::new();
        // Marks the class of `cell` (a value without a class alone).
        let mut mark = |rc: &mut Self, cell: Cell<'m>, work: &mut Vec<Value<'m>>| match rc.index.get(&cell) {
            Some(&c) => {
                let root = rc.find(c);
                if marked.insert(root) {
                    let class = members.get(&root).map(Vec::as_slice).unwrap_or(&[]);
                    found.extend(class.iter().copied());
                    work.extend(class.iter().copied());
                }
            }
            None => {
                if let Cell::Value(v) = cell {
                    if found.insert(v) {
                        work.push(v);
                    }
                }
            }
        };
        // The direct calls of each defined function, and the position of
        // each parameter.
        let mut calls: HashMap<Function<'m>, Vec<Instruction<'m>>> = HashMap::default();
        let mut params: HashMap<Value<'m>, (Function<'m>, u32)> = HashMap::default();
        for f in defined {
            for (k, p) in f.params().into_iter().enumerate() {
                params.insert(p, (*f, k as u32));
            }
            for inst in f.instructions().filter(|i| matches!(i.opcode(), O::LLVMCall | O::LLVMInvoke)) {
                let Some(callee) = direct_callee(inst).filter(|c| !c.is_declaration()) else { continue };
                if inst.called_function_type() == Some(callee.function_type()) {
                    calls.entry(callee).or_default().push(inst);
                }
            }
        }
        // What the returns of `f` hold, its calls' results hold.
        let results = |f: Option<Function<'m>>| {
            let sites = f.and_then(|f| calls.get(&f)).map(Vec::as_slice).unwrap_or(&[]);
            sites.iter().map(|c| c.as_value()).filter(|v| holds(*v)).collect::<Vec<_>>()
        };
        // The seeds: made by `ptrtoint`, used by `inttoptr`; and what a
        // constant address (`ptrtoint (ptr @g to i64)`, lifted code's
        // globals) reaches in one step: an offset or merge of it, the
        // slot it is stored to, the results of the calls that return it.
        let constant_address = |x: Value<'m>| {
            x.kind() == ValueKind::ConstantExpr && (x.const_opcode() == Some(O::LLVMPtrToInt) || used_as_address(x))
        };
        for f in defined {
            for p in f.params().into_iter().filter(|p| holds(*p) && used_as_address(*p)) {
                mark(self, Cell::Value(p), &mut work);
            }
            for inst in f.instructions() {
                let v = inst.as_value();
                let consts = (0..inst.num_operands()).filter(|&k| inst.operand(k).is_some_and(constant_address));
                let carried = holds(v) && consts.clone().any(|k| carries_address(inst, k));
                let made = holds(v) && inst.opcode() == O::LLVMPtrToInt;
                if made || carried || (holds(v) && used_as_address(v)) {
                    mark(self, Cell::Value(v), &mut work);
                }
                match inst.opcode() {
                    O::LLVMStore if consts.clone().any(|k| k == 0) => {
                        if let Some(a) = inst.operand(1) {
                            mark(self, Cell::Content(slot_base(a)), &mut work);
                        }
                    }
                    O::LLVMRet if consts.clone().any(|k| k == 0) => {
                        for r in results(Some(*f)) {
                            mark(self, Cell::Value(r), &mut work);
                        }
                    }
                    _ => {}
                }
            }
        }
        while let Some(v) = work.pop() {
            // An address that is a sum of a number and something else:
            // the other is the base (`&a[i >> 3]` in lifted code is
            // `a + (i >> 3)`, with no scale to tell the index).
            if let Some(sum) = v.as_instruction().filter(|i| i.opcode() == O::LLVMAdd) {
                if let (Some(a), Some(b)) = (sum.operand(0), sum.operand(1)) {
                    match (index_like(a), index_like(b)) {
                        (true, false) if holds(b) => mark(self, Cell::Value(b), &mut work),
                        (false, true) if holds(a) => mark(self, Cell::Value(a), &mut work),
                        _ => {}
                    }
                }
            }
            if let Some((f, k)) = params.get(&v) {
                for call in calls.get(f).map(Vec::as_slice).unwrap_or(&[]) {
                    if let Some(x) = call.operand(*k).filter(|x| holds(*x)) {
                        mark(self, Cell::Value(x), &mut work);
                    }
                }
            }
            for u in v.users() {
                if let Some(ret) = u.as_instruction().filter(|i| i.opcode() == O::LLVMRet) {
                    for r in results(ret.parent_function()) {
                        mark(self, Cell::Value(r), &mut work);
                    }
                    continue;
                }
                let Some(i) = u.as_instruction().filter(|_| holds(u)) else { continue };
                if (0..i.num_operands()).any(|k| i.operand(k) == Some(v) && carries_address(i, k)) {
                    mark(self, Cell::Value(u), &mut work);
                }
            }
        }
        found
    }

    /// Whether integer `x` is in a class of records' addresses.
    fn is_record(&mut self, x: Value<'m>) -> bool {
        let Some(&c) = self.index.get(&Cell::Value(x)) else { return false };
        let root = self.find(c);
        self.record[root as usize]
    }
}

/// The shape of a class's accesses: none, those of one array (one type at
/// multiples of its size), or a record's (any others).
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    Empty,
    Array((TypeKind, Option<u32>)),
    Record,
}

impl Shape {
    fn of(found: &[Access]) -> Shape {
        let Some(&(_, Some(size), ty)) = found.iter().find(|a| a.1.is_some()) else {
            return if found.is_empty() { Shape::Empty } else { Shape::Record };
        };
        let size = i64::try_from(size).unwrap_or(i64::MAX).max(1);
        if found.iter().all(|a| a.2 == ty && a.0 % size == 0) {
            Shape::Array(ty)
        } else {
            Shape::Record
        }
    }

    /// The shape of two classes joined, if they may be: of the same shape,
    /// or one without accesses; not an array with a record, nor arrays of
    /// different types (a C union's members share a field, not a type).
    fn meet(self, other: Shape) -> Option<Shape> {
        match (self, other) {
            (Shape::Empty, x) | (x, Shape::Empty) => Some(x),
            (x, y) if x == y => Some(x),
            _ => None,
        }
    }
}

/// A memory access through an address: offset from it, size in bytes
/// (unknown for aggregates), type (kind and integer width).
type Access = (i64, Option<u64>, (TypeKind, Option<u32>));

/// Whether `v` is used as an address: an `inttoptr` (instruction or
/// constant expression) of it.
fn used_as_address(v: Value<'_>) -> bool {
    v.users().iter().any(|u| {
        u.as_instruction().is_some_and(|i| i.opcode() == Opcode::LLVMIntToPtr)
            || u.const_opcode() == Some(Opcode::LLVMIntToPtr)
    })
}

/// The address base of a slot accessed at `a` (an `inttoptr` of an
/// integer address stands for that integer).
fn slot_base(a: Value<'_>) -> Value<'_> {
    match a.as_instruction() {
        Some(i) if i.opcode() == Opcode::LLVMIntToPtr => i.operand(0).unwrap_or(a),
        _ => a,
    }
}

/// Whether the accesses of a class of addresses ([`RecordClasses`]) are a
/// record's: memory is accessed at the addresses themselves, and the
/// accesses are not all of one type at multiples of its size. Such an
/// address is no pointer to its first field's type (the lattice has no
/// records: `void *`), and an access at the address itself is the first
/// field's. Accesses that agree (`a[0]` and `a[1]`) say nothing: an array.
fn record_accesses(found: &[Access]) -> bool {
    let Some(&(_, Some(size), first)) = found.iter().find(|a| a.0 == 0 && a.1.is_some()) else { return false };
    let size = i64::try_from(size).unwrap_or(i64::MAX).max(1);
    found.iter().any(|(offset, _, ty)| *ty != first || offset % size != 0)
}

/// The memory accesses through integer address `x` (lifted code): at `x`
/// itself and at constant offsets from it (`add`/`sub` of a constant),
/// each through an `inttoptr`. A vector access is one of its element type.
/// The pointer-sized integers loaded at offsets other than 0 go to
/// `links`. Bounded.
fn member_accesses<'m>(x: Value<'m>, ptr_bits: u32, found: &mut Vec<Access>, links: &mut Vec<Value<'m>>) {
    use Opcode as O;
    const FAN: usize = 64;
    // Accesses through a pointer `p`: (offset, size, type) of its loads and
    // stores, and of the `char *` arguments of library calls (`strcpy` or
    // a `printf` `%s` of a name at the start of a record: bytes).
    let accesses = |p: Value<'m>, offset: i64, out: &mut Vec<Access>, links: &mut Vec<Value<'m>>| {
        for u in p.users().into_iter().take(FAN) {
            let Some(i) = u.as_instruction() else { continue };
            let ty = match i.opcode() {
                O::LLVMLoad if i.operand(0) == Some(p) => {
                    if offset != 0 && u.ty().int_width() == Some(ptr_bits) {
                        links.push(u);
                    }
                    u.ty()
                }
                O::LLVMStore if i.operand(1) == Some(p) => match i.operand(0) {
                    Some(v) => v.ty(),
                    None => continue,
                },
                O::LLVMCall => {
                    let Some(proto) =
                        direct_callee(i).filter(|f| f.is_declaration()).and_then(|f| libc::lookup(&f.name()))
                    else {
                        continue;
                    };
                    let nargs = i.call_arg_count().unwrap_or(0) as usize;
                    let mut bytes = (0..nargs.min(proto.params.len()))
                        .any(|k| i.operand(k as u32) == Some(p) && proto.params[k] == libc::C::Str);
                    // A `%s` of a constant `printf` format.
                    if let Some(fi) = proto.format.filter(|_| !bytes) {
                        let format = i
                            .operand(fi as u32)
                            .filter(|v| v.kind() == ValueKind::GlobalVariable)
                            .and_then(|g| g.initializer())
                            .and_then(|init| init.const_bytes());
                        if let Some(format) = format {
                            bytes = libc::printf_args(&format)
                                .into_iter()
                                .enumerate()
                                .any(|(k, a)| a == FormatArg::Str && i.operand((fi + 1 + k) as u32) == Some(p));
                        }
                    }
                    if bytes {
                        out.push((offset, Some(1), (TypeKind::LLVMIntegerTypeKind, Some(8))));
                    }
                    continue;
                }
                _ => continue,
            };
            let ty = if ty.kind() == TypeKind::LLVMVectorTypeKind { ty.element_type().unwrap_or(ty) } else { ty };
            out.push((offset, scalar_bytes(ty, ptr_bits), (ty.kind(), ty.int_width())));
        }
    };
    // The constant added to an address (`add`/`sub` of a nonzero constant).
    let offset_of = |i: Instruction<'m>, base: Value<'m>| {
        if !matches!(i.opcode(), O::LLVMAdd | O::LLVMSub) || i.operand(0) != Some(base) {
            return None;
        }
        let c = i.operand(1).and_then(|c| c.const_int_value()).filter(|c| *c != 0)?;
        Some(if i.opcode() == O::LLVMSub { c.wrapping_neg() } else { c })
    };
    // The accesses through `base` and through `base + c`, at `shift + c`.
    let mut from = |base: Value<'m>, shift: i64, skip: Option<Value<'m>>| {
        for u in base.users().into_iter().take(FAN) {
            let Some(i) = u.as_instruction() else { continue };
            if i.opcode() == O::LLVMIntToPtr {
                accesses(u, shift, found, links);
            } else if let Some(c) = offset_of(i, base).filter(|_| Some(u) != skip) {
                for w in u.users().into_iter().take(FAN) {
                    if w.as_instruction().is_some_and(|w| w.opcode() == O::LLVMIntToPtr) {
                        accesses(w, shift.wrapping_add(c), found, links);
                    }
                }
            }
        }
    };
    from(x, 0, None);
    // `x = b - C`: an address C bytes before `b` (`&a[i - 1]`, or a
    // `container_of`): C forms no address before an object, so `b` is
    // inside `x`'s object, at offset C, and so are its accesses.
    if let Some(i) = x.as_instruction() {
        if let (Some(b), Some(c)) = (i.operand(0), i.operand(0).and_then(|b| offset_of(i, b))) {
            if c < 0 && b.ty().int_width() == Some(ptr_bits) {
                from(b, c.wrapping_neg(), Some(x));
            }
        }
    }
}

/// Whether pointer-sized integer `inst` holds an address when its
/// operand `k` does: an offset, tag or merge of it (`add`, `or`, `xor`,
/// `phi`, a `select`'s value), a mask of it or it minus a constant (`and`,
/// `sub`, operand 0; `p - q` of a variable `q` is a difference).
fn carries_address(inst: Instruction<'_>, k: u32) -> bool {
    use Opcode as O;
    let offset = inst.operand(1).is_some_and(|c| c.const_int_value().is_some());
    match inst.opcode() {
        O::LLVMAdd | O::LLVMOr | O::LLVMXor | O::LLVMPHI => true,
        O::LLVMSelect => k != 0,
        O::LLVMAnd => k == 0,
        O::LLVMSub => k == 0 && offset,
        _ => false,
    }
}

/// Whether `v` is a number computed as an index is, never an address: a
/// [`scaled_index`], a product, quotient, remainder or shift, or a
/// sign or zero extension (a narrower index widened).
fn index_like(v: Value<'_>) -> bool {
    use Opcode as O;
    scaled_index(v)
        || v.as_instruction().is_some_and(|i| {
            matches!(
                i.opcode(),
                O::LLVMMul
                    | O::LLVMShl
                    | O::LLVMLShr
                    | O::LLVMAShr
                    | O::LLVMUDiv
                    | O::LLVMSDiv
                    | O::LLVMURem
                    | O::LLVMSRem
                    | O::LLVMSExt
                    | O::LLVMZExt
            )
        })
}

/// Whether `v` is an index scaled by an element size: `mul X, C` or
/// `shl X, C` with a constant C (C >= 2 for a product).
fn scaled_index(v: Value<'_>) -> bool {
    let Some(i) = v.as_instruction() else { return false };
    let konst = |k: u32| i.operand(k).and_then(|x| x.const_int_value());
    match i.opcode() {
        Opcode::LLVMMul => konst(1).or(konst(0)).is_some_and(|c| c >= 2),
        Opcode::LLVMShl => konst(1).is_some_and(|c| c >= 1),
        _ => false,
    }
}
