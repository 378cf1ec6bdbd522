//! Evaluation against debug information (issue item 5): how close the
//! types of the graph come to the source types `clang -g` records.
//!
//! # Ground truth
//!
//! A *point* is a node of the graph with the scalar type debug information
//! gives it:
//!
//! - `#dbg_value(V, var)` with an empty `DIExpression`: the value node of
//!   `V` (an argument or instruction) has `var`'s type;
//! - `#dbg_declare(A, var)` with an empty expression, `A` an `alloca`: the
//!   value node of `A` has `var`'s type with one more `*`; each `load` whose
//!   address is `A` (looking through `bitcast`, `addrspacecast`, and
//!   `inttoptr`/`ptrtoint` that keep the size: how the lifter variant
//!   spells it) gives its result `var`'s type, each `store` to `A` its
//!   stored-value use;
//! - the function's `DISubroutineType`: each parameter's value node (an
//!   `sret` parameter, or the first parameter of a `void` function that
//!   returns a structure in the source, is passed over; if the remaining
//!   parameters do not match the source's one for one, the function's
//!   parameters are skipped) and each `ret` use.
//!
//! The debug type, with typedefs and qualifiers stripped, maps to a
//! [`ScalarType`]: `DW_ATE_signed`/`signed_char` is signed,
//! `unsigned`/`unsigned_char`/`boolean`/`UTF` unsigned, `float` float, of
//! the type's size; an enumeration takes its underlying type (`numberN_t`
//! if it has none); `DW_TAG_pointer_type` (and references) to `T` is
//! `T *`, where a pointee the lattice cannot express (a structure, a
//! union, a function, `void`) makes it `void *` and a pointer to an array
//! points to the element type. Aggregates are skipped, and so are points
//! whose truth cannot be a type of the node's IR type (a different size, as
//! `_Bool` in an `i1` or an `int` induction variable widened to `i64`, or an
//! incompatible kind). A node given the same truth twice counts once.
//!
//! # Scores
//!
//! Each point is scored in three modes: **no propagation** (the IR types
//! only: the graph built without seeds), **seeds only** (built with seeds,
//! not propagated) and **full** propagation.
//!
//! - *Kind accuracy*: the predicted kind equals the truth's, where a
//!   pointer's kind is `pointer` whatever it points to and the other kinds
//!   are `signed`, `unsigned` and `float`. `Generic`, `PointerOrNumber` and
//!   `Number` never equal a truth.
//! - *Exact*: the predicted type equals the truth (size, kind, pointer
//!   count and pointee).
//! - *TIE distance* (Lee et al., NDSS 2011, as used by Retypd, PLDI 2016):
//!   the number of lattice levels between prediction and truth along the
//!   lattice path through their closest common ancestor, 0 when equal, at
//!   most 4 (the height of the lattice, its bottom). The levels are:
//!   `Generic` (top) 0; `Float` and `PointerOrNumber` 1; `Number` and
//!   `void *` 2; `Signed`, `Unsigned` and every pointer to something known
//!   (`T *`, `void **`) 3; bottom 4. Since all typed pointers share level 3,
//!   two different types are at least 1 apart when one refines the other
//!   (`generic32_t *` and `int32_t *`) and at least 2 apart otherwise
//!   (`uint32_t *` and `int32_t *`, like `uint32_t` and `int32_t`). Types of
//!   different sizes have no common ancestor: distance 4.
//! - *Casts*: the graph's casts in that mode (edges whose ends differ,
//!   conflicts included), over the whole module.
use std::collections::HashSet;

use dtrans_ir::{
    dwarf, AttrIndex, Attribute, DiType, Function, Instruction, Metadata, Module, Opcode, Value, ValueKind,
};
use serde_json::{json, Value as Json};

use crate::graph::NodeId;
use crate::lattice::{Lattice, PrimitiveKind as K, ScalarType};
use crate::llvm::{BuildError, BuildOptions, LlvmTypeFlow};

/// The three modes of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The IR types only (`--no-seeds --no-propagate`).
    NoPropagation,
    /// The IR types met with the seeds (`--no-propagate`).
    SeedsOnly,
    /// Seeds and propagation (the default of `dtrans typeflow`).
    Full,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::NoPropagation, Mode::SeedsOnly, Mode::Full];

    pub fn name(self) -> &'static str {
        match self {
            Mode::NoPropagation => "no-propagation",
            Mode::SeedsOnly => "seeds-only",
            Mode::Full => "full",
        }
    }

    fn seeds(self) -> bool {
        self != Mode::NoPropagation
    }

    fn propagates(self) -> bool {
        self == Mode::Full
    }
}

/// Where a point's truth comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A parameter (`DISubroutineType`).
    Parameter,
    /// A returned value (`DISubroutineType`).
    Return,
    /// The value of a `#dbg_value`.
    Value,
    /// The `alloca` of a `#dbg_declare`.
    Address,
    /// A load from a declared variable.
    Load,
    /// A value stored to a declared variable.
    Store,
}

impl Origin {
    pub fn name(self) -> &'static str {
        match self {
            Origin::Parameter => "parameter",
            Origin::Return => "return",
            Origin::Value => "value",
            Origin::Address => "address",
            Origin::Load => "load",
            Origin::Store => "store",
        }
    }
}

/// A node and the type debug information gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    pub node: NodeId,
    pub truth: ScalarType,
    pub origin: Origin,
    /// The source variable (`return` for a returned value).
    pub variable: String,
}

/// Debug locations and parameters that give no point, by reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Skipped {
    /// The source type is a structure, union or array.
    pub aggregate: usize,
    /// The truth cannot be a type of the node's IR type (size or kind).
    pub ir_mismatch: usize,
    /// The location has no node (a constant, `poison`, an argument list).
    pub no_node: usize,
    /// The `DIExpression` is not empty (a fragment, a dereference, an offset).
    pub expression: usize,
    /// Parameters of functions whose IR parameters do not match the source's.
    pub signature: usize,
    /// Source types with nothing to compare (unknown encodings, `void`).
    pub unsupported: usize,
}

impl Skipped {
    pub fn total(&self) -> usize {
        self.aggregate + self.ir_mismatch + self.no_node + self.expression + self.signature + self.unsupported
    }

    fn parts(&self) -> [(&'static str, usize); 6] {
        [
            ("aggregate", self.aggregate),
            ("ir_mismatch", self.ir_mismatch),
            ("no_node", self.no_node),
            ("expression", self.expression),
            ("signature", self.signature),
            ("unsupported", self.unsupported),
        ]
    }
}

/// Why a debug type gives no truth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skip {
    Aggregate,
    Unsupported,
}

/// The scores of one mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModeScore {
    pub mode: Mode,
    pub points: usize,
    /// Points whose predicted kind is the truth's.
    pub kind_correct: usize,
    /// Points whose predicted type is the truth.
    pub exact: usize,
    /// Sum of the TIE distances.
    pub tie_total: u64,
    pub casts: usize,
    pub conflicts: usize,
}

impl ModeScore {
    fn ratio(n: usize, d: usize) -> f64 {
        if d == 0 {
            0.0
        } else {
            n as f64 / d as f64
        }
    }

    pub fn accuracy(&self) -> f64 {
        Self::ratio(self.kind_correct, self.points)
    }

    pub fn exact_accuracy(&self) -> f64 {
        Self::ratio(self.exact, self.points)
    }

    /// The average TIE distance.
    pub fn tie_distance(&self) -> f64 {
        if self.points == 0 {
            0.0
        } else {
            self.tie_total as f64 / self.points as f64
        }
    }
}

/// One point with its function, label and the type each mode predicts.
#[derive(Clone, Debug)]
pub struct Detail {
    pub function: String,
    pub label: String,
    pub point: Point,
    /// Indexed like [`Mode::ALL`].
    pub predicted: [ScalarType; 3],
}

/// The result of [`evaluate`].
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// The module's lattice (its pointer size).
    pub lattice: Lattice,
    pub skipped: Skipped,
    /// Indexed like [`Mode::ALL`].
    pub modes: Vec<ModeScore>,
    pub details: Vec<Detail>,
}

#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error(transparent)]
    Build(#[from] BuildError),
    #[error("the graphs of the three modes differ ({0} nodes against {1}): a frontend bug")]
    Mismatch(usize, usize),
    #[error("no defined function named {0}")]
    NoSuchFunction(String),
    #[error("internal error: {0}")]
    Broken(String),
}

// ---- the lattice metric ----

/// The kind a point is judged by: `Pointer` for any pointer.
pub fn kind_of(t: ScalarType) -> K {
    if t.is_pointer() {
        K::Pointer
    } else {
        t.kind
    }
}

/// Whether `predicted` has the kind of `truth` (`Generic`,
/// `PointerOrNumber` and `Number` never do).
pub fn kind_matches(predicted: ScalarType, truth: ScalarType) -> bool {
    let k = kind_of(predicted);
    matches!(k, K::Signed | K::Unsigned | K::Float | K::Pointer) && k == kind_of(truth)
}

/// The level of `t` in the TIE-style lattice (see the module documentation).
pub fn tie_level(t: ScalarType) -> u32 {
    if t.pointers > 0 {
        return 3;
    }
    match t.kind {
        K::Generic => 0,
        K::Float | K::PointerOrNumber => 1,
        K::Number | K::Pointer => 2,
        K::Signed | K::Unsigned => 3,
    }
}

/// The bottom of the TIE lattice: the largest distance.
pub const TIE_BOTTOM: u32 = 4;

/// The TIE distance between a predicted type and the truth.
pub fn tie_distance(l: Lattice, predicted: ScalarType, truth: ScalarType) -> u32 {
    if predicted == truth {
        return 0;
    }
    let mut ancestors = vec![predicted];
    let mut cur = predicted;
    while let Some(p) = l.parent(cur) {
        ancestors.push(p);
        cur = p;
    }
    let mut cur = Some(truth);
    while let Some(c) = cur {
        if ancestors.contains(&c) {
            let lca = tie_level(c).min(tie_level(predicted)).min(tie_level(truth));
            let d = tie_level(predicted) + tie_level(truth) - 2 * lca;
            // Pointers all sit at level 3, so the levels alone would put
            // `uint32_t *` next to `int32_t *`: as elsewhere in the lattice,
            // siblings are at least 2 apart, a type and its refinement 1.
            let least = if c == predicted || c == truth { 1 } else { 2 };
            return d.clamp(least, TIE_BOTTOM);
        }
        cur = l.parent(c);
    }
    TIE_BOTTOM
}

// ---- from debug types to scalar types ----

/// Follows typedefs and qualifiers; `None` for `void` (a qualifier or
/// typedef without a base).
fn strip<'m>(md: Metadata<'m>) -> Option<(Metadata<'m>, DiType<'m>)> {
    let md = md.strip_di_qualifiers()?;
    Some((md, md.di_type()?))
}

fn basic(size_bits: u64, encoding: u32) -> Option<ScalarType> {
    let kind = match encoding {
        dwarf::ATE_SIGNED | dwarf::ATE_SIGNED_CHAR => K::Signed,
        dwarf::ATE_UNSIGNED | dwarf::ATE_UNSIGNED_CHAR | dwarf::ATE_BOOLEAN | dwarf::ATE_UTF => K::Unsigned,
        dwarf::ATE_FLOAT => K::Float,
        _ => return None,
    };
    let bits = u32::try_from(size_bits).ok().filter(|&b| b > 0)?;
    Some(ScalarType::new(kind, bits))
}

/// The scalar type of a variable of debug type `md`.
fn truth_of(l: Lattice, md: Option<Metadata<'_>>) -> Result<ScalarType, Skip> {
    let (_, t) = md.and_then(strip).ok_or(Skip::Unsupported)?;
    match t {
        DiType::Basic { size_bits, encoding, .. } => basic(size_bits, encoding).ok_or(Skip::Unsupported),
        DiType::Derived {
            tag: dwarf::TAG_POINTER_TYPE | dwarf::TAG_REFERENCE_TYPE | dwarf::TAG_RVALUE_REFERENCE_TYPE,
            base,
            ..
        } => Ok(pointer_to(l, base, 0)),
        DiType::Composite { tag: dwarf::TAG_ENUMERATION_TYPE, base, size_bits, .. } => {
            match base.and_then(strip).map(|(_, b)| b) {
                Some(DiType::Basic { size_bits, encoding, .. }) => basic(size_bits, encoding).ok_or(Skip::Unsupported),
                _ => u32::try_from(size_bits)
                    .ok()
                    .filter(|&b| b > 0)
                    .map(|b| ScalarType::new(K::Number, b))
                    .ok_or(Skip::Unsupported),
            }
        }
        DiType::Composite { .. } => Err(Skip::Aggregate),
        _ => Err(Skip::Unsupported),
    }
}

/// `T *` for the debug type `pointee` (`None`: `void`).
fn pointer_to(l: Lattice, pointee: Option<Metadata<'_>>, depth: u32) -> ScalarType {
    let unknown = l.pointer();
    if depth > 16 {
        return unknown;
    }
    let Some((_, t)) = pointee.and_then(strip) else { return unknown };
    let inner = match t {
        DiType::Basic { size_bits, encoding, .. } => basic(size_bits, encoding),
        DiType::Derived {
            tag: dwarf::TAG_POINTER_TYPE | dwarf::TAG_REFERENCE_TYPE | dwarf::TAG_RVALUE_REFERENCE_TYPE,
            base,
            ..
        } => Some(pointer_to(l, base, depth + 1)),
        DiType::Composite { tag: dwarf::TAG_ENUMERATION_TYPE, base, .. } => truth_of(l, base).ok(),
        DiType::Composite { tag: dwarf::TAG_ARRAY_TYPE, base, .. } => {
            return pointer_to(l, base, depth + 1);
        }
        _ => None,
    };
    inner.and_then(|t| t.pointer_to()).unwrap_or(unknown)
}

// ---- collecting the points ----

/// Looks through casts that keep the bits (`bitcast`, `addrspacecast`,
/// `inttoptr`/`ptrtoint` with a pointer-sized integer) to the value an
/// address comes from.
fn address_root(v: Value<'_>, ptr_bits: u32) -> Value<'_> {
    let mut v = v;
    // Cast chains are short; the bound only guards against hostile input.
    for _ in 0..16 {
        let Some(inst) = v.as_instruction() else { return v };
        let op = inst.operand(0);
        let keeps_bits = match inst.opcode() {
            Opcode::LLVMBitCast | Opcode::LLVMAddrSpaceCast => true,
            Opcode::LLVMIntToPtr => op.and_then(|x| x.ty().int_width()) == Some(ptr_bits),
            Opcode::LLVMPtrToInt => v.ty().int_width() == Some(ptr_bits),
            _ => false,
        };
        match (keeps_bits, op) {
            (true, Some(op)) => v = op,
            _ => return v,
        }
    }
    v
}

struct Collector<'a, 'm> {
    tf: &'a LlvmTypeFlow<'m>,
    l: Lattice,
    points: Vec<Point>,
    seen: HashSet<(NodeId, ScalarType)>,
    skipped: Skipped,
}

impl<'m> Collector<'_, 'm> {
    /// Adds `truth` for `node` unless it cannot be a type of the node's IR
    /// type.
    fn add(&mut self, node: Option<NodeId>, truth: ScalarType, origin: Origin, variable: &str) {
        let Some(node) = node else {
            self.skipped.no_node += 1;
            return;
        };
        let Some(bound) = self.tf.graph().node(node).map(|n| n.bound) else {
            self.skipped.no_node += 1;
            return;
        };
        if self.l.size(truth) != self.l.size(bound) || !self.l.comparable(truth, bound) {
            self.skipped.ir_mismatch += 1;
            return;
        }
        if self.seen.insert((node, truth)) {
            self.points.push(Point { node, truth, origin, variable: variable.to_string() });
        }
    }

    fn skip(&mut self, why: Skip) {
        match why {
            Skip::Aggregate => self.skipped.aggregate += 1,
            Skip::Unsupported => self.skipped.unsupported += 1,
        }
    }

    fn function(&mut self, f: Function<'m>) {
        self.signature(f);
        // Loads and stores by the variable address they go through.
        let mut accesses: Vec<(Value<'m>, Instruction<'m>)> = Vec::new();
        for inst in f.instructions() {
            let addr = match inst.opcode() {
                Opcode::LLVMLoad => inst.operand(0),
                Opcode::LLVMStore => inst.operand(1),
                _ => None,
            };
            if let Some(a) = addr {
                let root = address_root(a, self.l.ptr_bits);
                if root.as_instruction().is_some_and(|i| i.opcode() == Opcode::LLVMAlloca) {
                    accesses.push((root, inst));
                }
            }
        }
        let vars = f.debug_variables();
        let sizes = f.debug_variable_expression_sizes();
        for (k, var) in vars.iter().enumerate() {
            if sizes.get(k).copied().unwrap_or(0) != 0 {
                self.skipped.expression += 1;
                continue;
            }
            let truth = match truth_of(self.l, var.ty) {
                Ok(t) => t,
                Err(why) => {
                    self.skip(why);
                    continue;
                }
            };
            let Some(loc) = var.location.filter(|v| matches!(v.kind(), ValueKind::Instruction | ValueKind::Argument))
            else {
                self.skipped.no_node += 1;
                continue;
            };
            if !var.is_declare {
                self.add(self.tf.value_node(loc), truth, Origin::Value, &var.name);
                continue;
            }
            if loc.as_instruction().map(|i| i.opcode()) != Some(Opcode::LLVMAlloca) {
                self.skipped.no_node += 1;
                continue;
            }
            match truth.pointer_to() {
                Some(p) => self.add(self.tf.value_node(loc), p, Origin::Address, &var.name),
                None => self.skipped.unsupported += 1,
            }
            for &(_, inst) in accesses.iter().filter(|(root, _)| *root == loc) {
                if inst.opcode() == Opcode::LLVMLoad {
                    self.add(self.tf.value_node(inst.as_value()), truth, Origin::Load, &var.name);
                } else {
                    self.add(self.tf.use_node(inst, 0), truth, Origin::Store, &var.name);
                }
            }
        }
    }

    /// Parameters and returned values from the `DISubroutineType`.
    fn signature(&mut self, f: Function<'m>) {
        let Some(DiType::Subroutine { types }) = f.debug_type().and_then(|t| t.di_type()) else { return };
        let Some((&ret, params)) = types.split_first() else { return };
        // A trailing null stands for `...`.
        let params = match params.split_last() {
            Some((None, rest)) => rest,
            _ => params,
        };
        if let Some(ret) = ret {
            match truth_of(self.l, Some(ret)) {
                Ok(t) => {
                    for inst in f.instructions().filter(|i| i.opcode() == Opcode::LLVMRet && i.num_operands() > 0) {
                        self.add(self.tf.use_node(inst, 0), t, Origin::Return, "return");
                    }
                }
                Err(why) => self.skip(why),
            }
        }
        let is_sret = |i: usize| {
            f.attributes(AttrIndex::Param(i as u32))
                .iter()
                .any(|a| matches!(a, Attribute::Type { name, .. } if name == "sret"))
        };
        let mut ir: Vec<Value<'m>> =
            f.params().into_iter().enumerate().filter(|&(i, _)| !is_sret(i)).map(|(_, p)| p).collect();
        // A structure returned through a hidden first parameter whose
        // `sret` is gone (the lifter variant: an `i64` cannot carry it).
        let returns_aggregate = ret.is_some_and(|r| truth_of(self.l, Some(r)) == Err(Skip::Aggregate));
        let returns_void = f.function_type().return_type().is_some_and(|t| t.is_void());
        if returns_aggregate && returns_void && ir.len() == params.len() + 1 {
            ir.remove(0);
        }
        if ir.len() != params.len() {
            self.skipped.signature += params.len();
            return;
        }
        for (k, (p, ty)) in ir.into_iter().zip(params).enumerate() {
            match truth_of(self.l, *ty) {
                Ok(t) => {
                    let name = if p.name().is_empty() { format!("parameter {k}") } else { p.name() };
                    self.add(self.tf.value_node(p), t, Origin::Parameter, &name);
                }
                Err(why) => self.skip(why),
            }
        }
    }
}

/// The points of `tf`'s module (all functions, or the one named `only`).
pub fn ground_truth(tf: &LlvmTypeFlow<'_>, only: Option<&str>) -> Result<(Vec<Point>, Skipped), EvalError> {
    let mut c =
        Collector { tf, l: tf.lattice(), points: Vec::new(), seen: HashSet::new(), skipped: Skipped::default() };
    let mut found = only.is_none();
    for f in tf.functions() {
        if let Some(name) = only {
            let bare = name.strip_prefix('@').unwrap_or(name);
            if f.function.name() != bare && f.name != name {
                continue;
            }
            found = true;
        }
        c.function(f.function);
    }
    if !found {
        return Err(EvalError::NoSuchFunction(only.unwrap_or_default().to_string()));
    }
    Ok((c.points, c.skipped))
}

/// Scores `points` against the current types of `tf`.
pub fn score(tf: &LlvmTypeFlow<'_>, mode: Mode, points: &[Point]) -> ModeScore {
    let l = tf.lattice();
    let stats = tf.stats();
    let mut s = ModeScore {
        mode,
        points: points.len(),
        kind_correct: 0,
        exact: 0,
        tie_total: 0,
        casts: stats.casts,
        conflicts: stats.conflicts,
    };
    for p in points {
        let Some(t) = tf.graph().ty(p.node) else { continue };
        s.kind_correct += usize::from(kind_matches(t, p.truth));
        s.exact += usize::from(t == p.truth);
        s.tie_total += u64::from(tie_distance(l, t, p.truth));
    }
    s
}

/// Builds the graph of `m` in each mode and scores it against the debug
/// information of `m` (all functions, or the one named `only`). With
/// `default_int`, full propagation ends with
/// [`LlvmTypeFlow::default_int`].
pub fn evaluate(m: &Module<'_>, only: Option<&str>, default_int: bool) -> Result<Evaluation, EvalError> {
    let mut points = Vec::new();
    let mut skipped = Skipped::default();
    let mut modes = Vec::new();
    let mut predicted: Vec<[ScalarType; 3]> = Vec::new();
    let mut labels = Vec::new();
    let mut size = None;
    let mut lattice = Lattice::new(64);
    for (k, mode) in Mode::ALL.into_iter().enumerate() {
        let mut tf = LlvmTypeFlow::build(m, BuildOptions { seeds: mode.seeds() })?;
        lattice = tf.lattice();
        match size {
            None => {
                size = Some(tf.graph().len());
                // Truth is read once, from the graph of the IR types (its
                // bounds are the IR types the truth is checked against).
                (points, skipped) = ground_truth(&tf, only)?;
                predicted = vec![[ScalarType::new(K::Generic, 0); 3]; points.len()];
                labels = points
                    .iter()
                    .map(|p| {
                        (tf.owner(p.node).map(|f| f.name.clone()).unwrap_or_default(), tf.label(p.node).to_string())
                    })
                    .collect();
            }
            Some(n) if n != tf.graph().len() => return Err(EvalError::Mismatch(n, tf.graph().len())),
            Some(_) => {}
        }
        if mode.propagates() {
            tf.propagate();
            if default_int {
                tf.default_int();
            }
        }
        if let Err(e) = tf.verify() {
            return Err(EvalError::Broken(tf.explain(&e)));
        }
        modes.push(score(&tf, mode, &points));
        for (i, p) in points.iter().enumerate() {
            if let Some(t) = tf.graph().ty(p.node) {
                predicted[i][k] = t;
            }
        }
    }
    let details = points
        .into_iter()
        .zip(predicted)
        .zip(labels)
        .map(|((point, predicted), (function, label))| Detail { function, label, point, predicted })
        .collect();
    Ok(Evaluation { lattice, skipped, modes, details })
}

// ---- per kind ----

/// The kinds the figures per kind and the confusion use: a pointer is a
/// pointer whatever it points to, and the tops (`Generic`, `Number`,
/// `PointerOrNumber`) are `generic`.
pub const KINDS: [&str; 5] = ["pointer", "signed", "unsigned", "float", "generic"];

/// The index in [`KINDS`] of `t`'s kind.
pub fn kind_index(t: ScalarType) -> usize {
    match kind_of(t) {
        K::Pointer => 0,
        K::Signed => 1,
        K::Unsigned => 2,
        K::Float => 3,
        _ => 4,
    }
}

/// Per mode (indexed like [`Mode::ALL`]): `counts[truth][predicted]`, kinds
/// indexed like [`KINDS`].
pub fn confusion(e: &Evaluation) -> Vec<[[usize; 5]; 5]> {
    let mut out = vec![[[0usize; 5]; 5]; Mode::ALL.len()];
    for d in &e.details {
        let truth = kind_index(d.point.truth);
        for (k, m) in out.iter_mut().enumerate() {
            m[truth][kind_index(d.predicted[k])] += 1;
        }
    }
    out
}

/// The figures of one truth kind in one mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindScore {
    pub points: usize,
    pub kind_correct: usize,
    pub exact: usize,
    /// Sum of the TIE distances.
    pub tie_total: u64,
}

/// Per mode and truth kind (indexed like [`KINDS`]).
pub fn by_kind(e: &Evaluation) -> Vec<[KindScore; 5]> {
    let l = e.lattice;
    let mut out = vec![[KindScore::default(); 5]; Mode::ALL.len()];
    for d in &e.details {
        let truth = kind_index(d.point.truth);
        for (k, row) in out.iter_mut().enumerate() {
            let s = &mut row[truth];
            s.points += 1;
            s.kind_correct += usize::from(kind_matches(d.predicted[k], d.point.truth));
            s.exact += usize::from(d.predicted[k] == d.point.truth);
            s.tie_total += u64::from(tie_distance(l, d.predicted[k], d.point.truth));
        }
    }
    out
}

// ---- output ----

fn percent(n: usize, d: usize) -> String {
    if d == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * n as f64 / d as f64)
    }
}

/// ```text
/// eval: 12 points, 3 skipped (2 aggregate, 1 ir_mismatch)
/// no-propagation: kind 4/12 (33.3%), exact 2/12 (16.7%), TIE 1.250, casts 5
/// seeds-only: ...
/// full: ...
/// by kind, full: pointer 5/5 (100.0%, exact 5, TIE 0.000), signed 2/3 (66.7%, exact 2, TIE 1.000), ...
/// confusion, full (rows: truth; columns: predicted pointer, signed, unsigned, float, generic):
///   pointer 5 0 0 0 0
///   ...
/// ```
/// (The kinds without points are left out of both.)
pub fn text(e: &Evaluation) -> String {
    let n = e.details.len();
    let mut out = format!("eval: {n} points, {} skipped", e.skipped.total());
    let parts: Vec<String> =
        e.skipped.parts().iter().filter(|(_, k)| *k > 0).map(|(name, k)| format!("{k} {name}")).collect();
    if !parts.is_empty() {
        out.push_str(&format!(" ({})", parts.join(", ")));
    }
    out.push('\n');
    for s in &e.modes {
        out.push_str(&format!(
            "{}: kind {}/{} ({}), exact {}/{} ({}), TIE {:.3}, casts {}\n",
            s.mode.name(),
            s.kind_correct,
            s.points,
            percent(s.kind_correct, s.points),
            s.exact,
            s.points,
            percent(s.exact, s.points),
            s.tie_distance(),
            s.casts
        ));
    }
    // Where the full mode's figures come from.
    let full = Mode::ALL.len() - 1;
    let kinds = &by_kind(e)[full];
    let parts: Vec<String> = KINDS
        .iter()
        .zip(kinds)
        .filter(|(_, c)| c.points > 0)
        .map(|(name, c)| {
            format!(
                "{name} {}/{} ({}, exact {}, TIE {:.3})",
                c.kind_correct,
                c.points,
                percent(c.kind_correct, c.points),
                c.exact,
                c.tie_total as f64 / c.points as f64
            )
        })
        .collect();
    if !parts.is_empty() {
        out.push_str(&format!("by kind, {}: {}\n", Mode::ALL[full].name(), parts.join(", ")));
        out.push_str(&format!(
            "confusion, {} (rows: truth; columns: predicted {}):\n",
            Mode::ALL[full].name(),
            KINDS.join(", ")
        ));
        for (t, row) in confusion(e)[full].iter().enumerate() {
            if kinds[t].points > 0 {
                let cells: Vec<String> = row.iter().map(|c| c.to_string()).collect();
                out.push_str(&format!("  {} {}\n", KINDS[t], cells.join(" ")));
            }
        }
    }
    out
}

/// `{"points", "skipped": {...}, "modes": [{"mode", "points", "kind_correct",
/// "accuracy", "exact", "exact_accuracy", "tie_distance", "tie_total",
/// "casts", "conflicts", "by_kind": {KIND: {"points", "kind_correct",
/// "exact", "tie_total", "tie_distance"}}, "confusion": {TRUTH: {PREDICTED:
/// n}}}], "details": [{"function", "label", "origin", "variable", "truth",
/// "no-propagation", "seeds-only", "full", "tie" (the full mode's TIE
/// distance)}]}`
pub fn json(e: &Evaluation) -> Json {
    let skipped: serde_json::Map<String, Json> =
        e.skipped.parts().iter().map(|(name, k)| (name.to_string(), json!(k))).collect();
    let conf = confusion(e);
    let kinds = by_kind(e);
    let modes: Vec<Json> = e
        .modes
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let by: serde_json::Map<String, Json> = KINDS
                .iter()
                .zip(&kinds[k])
                .map(|(name, c)| {
                    let tie = if c.points == 0 { 0.0 } else { c.tie_total as f64 / c.points as f64 };
                    (
                        name.to_string(),
                        json!({"points": c.points, "kind_correct": c.kind_correct, "exact": c.exact,
                               "tie_total": c.tie_total, "tie_distance": tie}),
                    )
                })
                .collect();
            let confusion: serde_json::Map<String, Json> = KINDS
                .iter()
                .zip(&conf[k])
                .map(|(name, row)| {
                    let cells: serde_json::Map<String, Json> =
                        KINDS.iter().zip(row).map(|(p, c)| (p.to_string(), json!(c))).collect();
                    (name.to_string(), Json::Object(cells))
                })
                .collect();
            json!({
                "by_kind": by,
                "confusion": confusion,
                "mode": s.mode.name(),
                "points": s.points,
                "kind_correct": s.kind_correct,
                "accuracy": s.accuracy(),
                "exact": s.exact,
                "exact_accuracy": s.exact_accuracy(),
                "tie_distance": s.tie_distance(),
                "tie_total": s.tie_total,
                "casts": s.casts,
                "conflicts": s.conflicts,
            })
        })
        .collect();
    let details: Vec<Json> = e
        .details
        .iter()
        .map(|d| {
            let mut o = json!({
                "function": d.function,
                "label": d.label,
                "origin": d.point.origin.name(),
                "variable": d.point.variable,
                "truth": d.point.truth.c_name(),
            });
            for (k, mode) in Mode::ALL.iter().enumerate() {
                o[mode.name()] = json!(d.predicted[k].c_name());
            }
            o["tie"] = json!(tie_distance(e.lattice, d.predicted[Mode::ALL.len() - 1], d.point.truth));
            o
        })
        .collect();
    json!({"points": e.details.len(), "skipped": skipped, "modes": modes, "details": details})
}

#[cfg(test)]
mod tests;
