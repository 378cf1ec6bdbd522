//! OptBase (document 003's DTransOptBase): the skeleton every layout
//! transformation runs in, as a trait with default steps ([`OptPass`]) and
//! the driver that calls them ([`run`]).
//!
//! Steps, as document 003 numbers them:
//! 1. the pass's `prepare_types`: the structures it replaces get opaque
//!    new types ([`OptContext::add_own`]), mapped in the TypeRemapper;
//! 2. dependent types (named structures holding a replaced one by value,
//!    through arrays and literal structures, to a fixed point) get opaque
//!    types under the prefix;
//! 3. their bodies, through the TypeRemapper;
//! 4. the pass's `populate_types`: its own bodies (done before step 3 here:
//!    LLVM refuses a body whose fields are not sized yet, and dependents
//!    hold the pass's types by value);
//! 5. the pass's `prepare_module`;
//! 6. new function prototypes where a type passed or returned by value
//!    changes: a new function of the remapped type takes the old one's
//!    body, attributes, linkage, name and debug information; its arguments
//!    replace the old ones through the value map (`vmap`) in step 8b, and
//!    every use of the old function (same `ptr` type) moves to it. The
//!    passes here never need it (the analysis forbids structures passed
//!    whole: WholeStructureReference), but OptBase supports it; a
//!    declaration (external code) whose type would change is an error;
//! 7. replacement globals: each global whose value type changes gets a new
//!    global like it, initialized by the pass (`initialize_global`) or by
//!    LLVM's mapper; a global of unchanged type whose initializer the pass
//!    rewrites (`reinitialize_global`) keeps its identity;
//! 8. per defined function: the pass's `process_function` (8a), LLVM's
//!    `RemapFunction` with the TypeRemapper (8b), the pass's
//!    `postprocess_function` (8c).
//!
//! Deviation from the document: the new globals are created in step 7 but
//! take over their old globals' uses only at the very end
//! ([`Module::swap_globals`], which needs `&mut Module`), because replacing
//! a global destroys the constant expressions that use it while the pass
//! still holds handles into the bodies. Until then bodies name the old
//! globals, whose types the remapper leaves alone.
//!
//! After the steps, the DTrans metadata is rewritten for the new types
//! with the MetadataWriter (structures, function signatures, globals,
//! allocas, indirect calls), so that a following pass reads the new
//! types; instructions and functions the pass marked with
//! [`OptContext::mark_erased`] are erased.
use dtrans_analysis::info::AnalysisInfo;
use dtrans_analysis::{analyze, TypeSource};
use dtrans_ir::{Function, Module, Type, Value};
use dtrans_types::{read_module, DType, MetadataWriter, ModuleTypes, TypeId};
use rustc_hash::FxHashMap as HashMap;

use crate::remap::{RemapError, TypeRemapper};

/// The metadata kind marking instructions to erase at the end.
pub const ERASE_MD: &str = "dtrans.erase";

/// What one pass did.
#[derive(Debug, Default, Clone)]
pub struct Outcome {
    pub changed: Vec<Changed>,
    /// (structure, why it was not changed).
    pub rejected: Vec<(String, String)>,
    /// Every structure the pass looked at, with how often the program
    /// accesses it (for the report's lines on the structures left alone).
    pub weights: Vec<StructWeight>,
    pub globals_replaced: usize,
    /// What the cost model predicted for each candidate.
    pub predictions: Vec<crate::relayout::cost::Prediction>,
}

/// A structure's weight in the program: its size, the summed estimated
/// frequency of its fields' accesses (the analysis's static estimate or
/// profile counts), and, when a safety condition forbids the pass, the
/// first place that set the first such condition.
#[derive(Debug, Clone)]
pub struct StructWeight {
    pub name: String,
    pub size: Option<u64>,
    pub accesses: u64,
    pub first_blocking: Option<String>,
}

/// One structure replaced.
#[derive(Debug, Clone)]
pub struct Changed {
    /// Old and new names (`%struct.arc`, `%__DFR_struct.arc`).
    pub name: String,
    pub new_name: String,
    pub size: Option<u64>,
    pub new_size: Option<u64>,
    /// Old fields as `name: type @offset` (names from debug info when
    /// known, else `fieldN`), and the new ones.
    pub old_layout: Vec<String>,
    pub new_layout: Vec<String>,
    /// What the pass did, in its own words (`nextout, flow never read`).
    pub detail: String,
    /// A dependent type (changed because it holds a changed one).
    pub dependent: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum OptError {
    #[error("{0}")]
    Edit(#[from] dtrans_ir::EditError),
    #[error("{0}")]
    Remap(#[from] RemapError),
    #[error("{0}")]
    Unsupported(String),
}

/// Everything the steps share. Document 003's VMap is `vmap`: the values
/// given to LLVM's mapper in step 8b (old to new).
pub struct OptContext<'m, 'c> {
    pub m: &'m Module<'c>,
    pub info: AnalysisInfo<'m>,
    /// Where the types came from: with the IR's own only (no debug
    /// information, no DTrans metadata) no structure is changed.
    pub source: TypeSource,
    /// The DTrans types read before any change; rewritten for the new types
    /// at the end.
    pub types: ModuleTypes<'m>,
    pub remapper: TypeRemapper<'m>,
    pub prefix: &'static str,
    /// (old, new) structures the pass replaces.
    pub own: Vec<(Type<'m>, Type<'m>)>,
    /// (old, new) dependent structures (step 2).
    pub dependents: Vec<(Type<'m>, Type<'m>)>,
    /// DTrans bodies of the pass's new types, in old DTrans types (the base
    /// remaps them): old structure name -> fields.
    pub own_dtrans: HashMap<String, Vec<TypeId>>,
    pub vmap: Vec<(Value<'m>, Value<'m>)>,
    /// Bodies of the pass's new types (step 4), as (new type, fields,
    /// packed); the base sets them with the dependents' in an order where
    /// every field is sized first.
    pub own_bodies: Vec<(Type<'m>, Vec<Type<'m>>, bool)>,
    pub outcome: Outcome,
    erase_kind: u32,
    /// (old global, its replacement), swapped at the end.
    new_globals: Vec<(Value<'m>, Value<'m>)>,
    /// Replacements whose type the pass chose (`global_storage`): the
    /// remapped DTrans type does not describe them.
    storage_globals: Vec<Value<'m>>,
    /// (old function, the new prototype that took its body), step 6.
    pub new_functions: Vec<(Function<'m>, Function<'m>)>,
}

impl<'m, 'c> OptContext<'m, 'c> {
    /// Step 1 for one structure: an opaque `prefix + name` type mapped from
    /// `old` in the TypeRemapper.
    pub fn add_own(&mut self, old: Type<'m>) -> Type<'m> {
        self.add_own_as(old, self.prefix)
    }

    /// [`add_own`](Self::add_own) under another prefix than the pass's (a
    /// pass that makes several kinds of type, as AOS-to-SOA's dependent
    /// types).
    pub fn add_own_as(&mut self, old: Type<'m>, prefix: &str) -> Type<'m> {
        let name = old.struct_name().unwrap_or_default();
        let new = self.m.create_opaque_struct(&format!("{prefix}{name}"));
        self.remapper.add_llvm(old, new);
        self.own.push((old, new));
        new
    }

    /// Marks an instruction to be erased when the pass is done (its users
    /// must be erased too, or gone).
    pub fn mark_erased(&self, v: Value<'m>) {
        let md = self.m.md_tuple(&[]);
        v.set_metadata(self.erase_kind, Some(md));
    }

    pub fn is_marked(&self, v: Value<'m>) -> bool {
        v.metadata(self.erase_kind).is_some()
    }

    /// The replacement of an LLVM type (itself if none).
    pub fn remap(&mut self, t: Type<'m>) -> Type<'m> {
        self.remapper.remap_llvm(self.m, t).unwrap_or(t)
    }

    /// (old, new, is a dependent) for every replaced structure.
    pub fn replaced(&self) -> Vec<(Type<'m>, Type<'m>, bool)> {
        self.own
            .iter()
            .map(|(o, n)| (*o, *n, false))
            .chain(self.dependents.iter().map(|(o, n)| (*o, *n, true)))
            .collect()
    }

    /// Why structure `s` may not be changed by transformation `t` (the
    /// conditions that forbid it), or `None` when it may.
    pub fn rejection(
        &self,
        s: &dtrans_analysis::info::StructInfo,
        t: dtrans_analysis::info::Transform,
    ) -> Option<String> {
        self.rejection_with(s, t, false)
    }

    /// `rejection`, with local arrays of the structure allowed
    /// (`AnalysisInfo::legal_with`).
    pub fn rejection_with(
        &self,
        s: &dtrans_analysis::info::StructInfo,
        t: dtrans_analysis::info::Transform,
        local_arrays: bool,
    ) -> Option<String> {
        if self.source == TypeSource::Ir {
            // A pointer's structure is then known from its uses only, and a
            // value loaded from a slot and used only as bytes (a memcpy of
            // an array of them) is not seen as one: its size would stay
            // the old layout's (found in review).
            return Some("no type information (no debug information or DTrans metadata: compile with -g)".into());
        }
        let (ok, blocking) = self.info.legal_with(s, t, local_arrays);
        if ok {
            None
        } else if blocking.is_empty() {
            Some("not a whole program".to_string())
        } else {
            Some(blocking.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "))
        }
    }

    /// Structure `s`'s weight for [`Outcome::weights`] under
    /// transformation `t`.
    pub fn weight(
        &self,
        name: &str,
        s: &dtrans_analysis::info::StructInfo,
        t: dtrans_analysis::info::Transform,
    ) -> StructWeight {
        let (_, blocking) = self.info.legal(s, t);
        let first_blocking = blocking
            .first()
            .and_then(|c| s.safety.conditions.get(c))
            .and_then(|(sites, _)| sites.first())
            .map(|site| site.to_string());
        StructWeight {
            name: name.to_string(),
            size: s.size,
            accesses: s.fields.iter().fold(0u64, |a, f| a.saturating_add(f.frequency)),
            first_blocking,
        }
    }

    /// Whether `t` is a structure this pass or step 2 replaces.
    pub fn is_replaced(&self, t: Type<'m>) -> bool {
        self.own.iter().chain(&self.dependents).any(|(o, _)| *o == t)
    }
}

/// One transformation in the OptBase skeleton.
pub trait OptPass<'m> {
    /// Step 1: decide which structures to replace and call
    /// [`OptContext::add_own`] for each; record rejections in
    /// `cx.outcome.rejected`.
    fn prepare_types(&mut self, cx: &mut OptContext<'m, '_>) -> Result<(), OptError>;

    /// Step 4: the bodies of the types made in step 1 (IR, in
    /// `cx.own_bodies`, and DTrans, in `cx.own_dtrans`).
    fn populate_types(&mut self, cx: &mut OptContext<'m, '_>) -> Result<(), OptError>;

    /// Step 5.
    fn prepare_module(&mut self, _cx: &mut OptContext<'m, '_>) -> Result<(), OptError> {
        Ok(())
    }

    /// Step 7: the value type of `g`'s replacement where it is not the
    /// remapped type (`blocks`: a global array laid out in blocks is
    /// bytes); `None`: the remapped type.
    fn global_storage(&mut self, _cx: &mut OptContext<'m, '_>, _g: Value<'m>) -> Result<Option<Type<'m>>, OptError> {
        Ok(None)
    }

    /// Step 7: the initializer of the replacement of `g`, whose new value
    /// type is `ty`. `None`: LLVM's mapper maps the old one.
    fn initialize_global(
        &mut self,
        _cx: &mut OptContext<'m, '_>,
        _g: Value<'m>,
        _ty: Type<'m>,
    ) -> Result<Option<Value<'m>>, OptError> {
        Ok(None)
    }

    /// Step 7, globals whose type does not change: a new initializer, if
    /// the pass changes it (field addresses inside it, say).
    fn reinitialize_global(
        &mut self,
        _cx: &mut OptContext<'m, '_>,
        _g: Value<'m>,
    ) -> Result<Option<Value<'m>>, OptError> {
        Ok(None)
    }

    /// Step 7: after a global's replacement is made (`new` is `None` when
    /// it kept its type).
    fn postprocess_global(
        &mut self,
        _cx: &mut OptContext<'m, '_>,
        _old: Value<'m>,
        _new: Option<Value<'m>>,
    ) -> Result<(), OptError> {
        Ok(())
    }

    /// Step 8a.
    fn process_function(&mut self, _cx: &mut OptContext<'m, '_>, _f: Function<'m>) -> Result<(), OptError> {
        Ok(())
    }

    /// Step 8c.
    fn postprocess_function(&mut self, _cx: &mut OptContext<'m, '_>, _f: Function<'m>) -> Result<(), OptError> {
        Ok(())
    }

    /// After step 8 and the DTrans metadata: anything else the pass owns
    /// (TBAA, debug information, attributes).
    fn finish(&mut self, _cx: &mut OptContext<'m, '_>) -> Result<(), OptError> {
        Ok(())
    }
}

/// Makes the pass for one module borrow (a pass holds handles into it).
pub trait PassFactory {
    fn prefix(&self) -> &'static str;
    fn build<'m>(&self, m: &'m Module<'_>) -> Box<dyn OptPass<'m> + 'm>;
    /// The static frequency estimate the analysis runs with (the cost
    /// model's).
    fn estimate(&self) -> dtrans_analysis::regions::FrequencyEstimate {
        crate::relayout::cost::CostModel::default().estimate()
    }
}

/// Runs one pass through the steps on `m`, whose DTrans types are already
/// in metadata (or built in memory: [`dtrans_analysis::prepare`]), from
/// `source`. `union_members` as `prepare` found them.
pub fn run(
    m: &mut Module<'_>,
    factory: &dyn PassFactory,
    source: TypeSource,
    union_members: &[String],
) -> Result<Outcome, OptError> {
    let erase_kind = m.md_kind_id(ERASE_MD);
    let outcome;
    let swaps: Vec<(String, String)>;
    {
        let m: &Module<'_> = m;
        let pt = analyze(m, read_module(m), source);
        let info = AnalysisInfo::new(m, pt, union_members, factory.estimate());
        let mut cx = OptContext {
            m,
            info,
            types: read_module(m),
            remapper: TypeRemapper::new(),
            prefix: factory.prefix(),
            own: Vec::new(),
            dependents: Vec::new(),
            own_dtrans: HashMap::default(),
            vmap: Vec::new(),
            own_bodies: Vec::new(),
            outcome: Outcome::default(),
            source,
            erase_kind,
            new_globals: Vec::new(),
            storage_globals: Vec::new(),
            new_functions: Vec::new(),
        };
        let mut pass = factory.build(m);
        pass.prepare_types(&mut cx)?;
        if !cx.own.is_empty() {
            steps(&mut cx, pass.as_mut())?;
        }
        swaps = cx.new_globals.iter().map(|(o, n)| (o.name(), n.name())).collect();
        outcome = cx.outcome;
    }
    m.erase_marked(erase_kind)?;
    m.swap_globals(&swaps)?;
    Ok(outcome)
}

fn steps<'m>(cx: &mut OptContext<'m, '_>, pass: &mut (dyn OptPass<'m> + 'm)) -> Result<(), OptError> {
    let m = cx.m;
    // Step 2: dependents.
    let all: Vec<Type<'m>> = m.struct_types_named().into_iter().map(|(t, _)| t).collect();
    for d in cx.remapper.llvm_dependents(m, &all)? {
        let name = d.struct_name().unwrap_or_default();
        let new = m.create_opaque_struct(&format!("{}{name}", cx.prefix));
        cx.remapper.add_llvm(d, new);
        cx.dependents.push((d, new));
    }
    // Step 4 (before 3: see the module docs), then step 3 in an order where
    // every field is sized when its holder's body is set.
    pass.populate_types(cx)?;
    let mut pending: Vec<(Type<'m>, Vec<Type<'m>>, bool)> = std::mem::take(&mut cx.own_bodies);
    for (old, new) in cx.dependents.clone() {
        let fields: Vec<Type<'m>> = old.struct_fields().into_iter().map(|f| cx.remap(f)).collect();
        pending.push((new, fields, old.is_packed_struct()));
    }
    while !pending.is_empty() {
        let before = pending.len();
        let mut rest = Vec::new();
        for (new, fields, packed) in pending {
            if fields.iter().all(|t| t.is_sized()) {
                m.set_struct_body(new, &fields, packed)?;
            } else {
                rest.push((new, fields, packed));
            }
        }
        if rest.len() == before {
            let names: Vec<String> = rest.iter().map(|(n, _, _)| n.struct_name().unwrap_or_default()).collect();
            return Err(OptError::Unsupported(format!("no order of bodies for {}", names.join(", "))));
        }
        pending = rest;
    }
    // Step 5.
    pass.prepare_module(cx)?;
    // Step 6: new prototypes.
    let functions: Vec<Function<'m>> = m.functions().collect();
    for f in functions {
        let t = f.function_type();
        let nt = cx.remap(t);
        if nt == t {
            continue;
        }
        if f.is_declaration() {
            return Err(OptError::Unsupported(format!(
                "@{} is external and passes or returns a replaced structure by value",
                f.name()
            )));
        }
        let name = f.name();
        f.as_value().set_name(&format!("{name}.{}old", cx.prefix));
        let new = m.add_function(&name, nt)?;
        new.take_body_from(f)?;
        for (old_arg, new_arg) in f.params().into_iter().zip(new.params()) {
            new_arg.set_name(&old_arg.name());
            cx.vmap.push((old_arg, new_arg));
        }
        f.as_value().replace_all_uses_with(new.as_value())?;
        cx.mark_erased(f.as_value());
        cx.new_functions.push((f, new));
    }
    // Step 7: replacement globals, made now, swapped in at the end.
    let globals: Vec<Value<'m>> = m.globals().collect();
    for g in globals {
        let Some(t) = g.global_value_type() else { continue };
        let storage = pass.global_storage(cx, g)?;
        let nt = storage.unwrap_or_else(|| cx.remap(t));
        if nt == t {
            if let Some(init) = pass.reinitialize_global(cx, g)? {
                g.set_initializer(init)?;
                pass.postprocess_global(cx, g, None)?;
            }
            continue;
        }
        let init = match pass.initialize_global(cx, g, nt)? {
            Some(i) => Some(i),
            None => {
                let (m2, r) = (cx.m, &mut cx.remapper);
                let mut map = |t| r.remap_llvm(m2, t).unwrap_or(t);
                g.initializer().and_then(|i| i.map_constant(&mut map, &[]))
            }
        };
        let new = m.add_global_like(g, nt, init, &format!("{}{}", cx.prefix, g.name()))?;
        cx.new_globals.push((g, new));
        if storage.is_some() {
            cx.storage_globals.push(new);
        }
        cx.outcome.globals_replaced += 1;
        pass.postprocess_global(cx, g, Some(new))?;
    }
    // Step 8.
    let functions: Vec<Function<'m>> = m.functions().filter(|f| !f.is_declaration()).collect();
    for f in functions {
        pass.process_function(cx, f)?;
        let (m2, r) = (cx.m, &mut cx.remapper);
        let mut map = |t| r.remap_llvm(m2, t).unwrap_or(t);
        f.remap_types(&mut map, &cx.vmap);
        pass.postprocess_function(cx, f)?;
    }
    rewrite_dtrans_metadata(cx)?;
    pass.finish(cx)
}

/// Rewrites the DTrans metadata for the new types: every named structure
/// (replaced ones under their new names, the others with their pointer
/// fields remapped), function signatures, globals (on the replacements),
/// allocas and indirect calls. `!dtrans-type` hints naming a replaced type
/// are dropped.
fn rewrite_dtrans_metadata(cx: &mut OptContext<'_, '_>) -> Result<(), OptError> {
    let m = cx.m;
    let tm = &mut cx.types.tm;
    let mut r = TypeRemapper::new();
    let mut replaced: Vec<TypeId> = Vec::new();
    let mut bodies: Vec<(TypeId, Vec<TypeId>, bool)> = Vec::new();
    let mut made: Vec<TypeId> = Vec::new();
    for (old, new) in cx.own.iter().chain(&cx.dependents) {
        let (on, nn) = (old.struct_name().unwrap_or_default(), new.struct_name().unwrap_or_default());
        let Some(od) = tm.lookup_struct(&on) else { continue };
        let Some(body) = tm.struct_body(od).cloned() else { continue };
        let nd = tm.named_struct(&nn);
        made.push(nd);
        r.add_dtrans(od, nd);
        replaced.push(od);
        let fields = cx.own_dtrans.get(&on).cloned().or(body.fields);
        if let Some(f) = fields {
            bodies.push((nd, f, body.packed));
        }
    }
    if replaced.is_empty() {
        return Ok(());
    }
    for (nd, fields, packed) in bodies {
        let f: Vec<TypeId> = fields.iter().map(|t| r.remap_dtrans(tm, *t)).collect();
        tm.set_struct_body(nd, Some(f), packed);
    }
    // Structures that stay keep their names; pointers in them are remapped.
    let kept: Vec<TypeId> =
        tm.structs().iter().copied().filter(|s| !replaced.contains(s) && !made.contains(s)).collect();
    for s in &kept {
        if let Some(body) = tm.struct_body(*s).cloned() {
            if let Some(f) = body.fields {
                let nf: Vec<TypeId> = f.iter().map(|t| r.remap_dtrans(tm, *t)).collect();
                tm.set_struct_body(*s, Some(nf), body.packed);
            }
        }
    }
    let functions: Vec<(Function<'_>, TypeId)> = cx
        .types
        .functions
        .iter()
        .map(|(f, t)| {
            let target = cx.new_functions.iter().find(|(o, _)| o == f).map_or(*f, |(_, n)| *n);
            (target, r.remap_dtrans(tm, *t))
        })
        .collect();
    let globals: Vec<(Value<'_>, TypeId)> = cx
        .types
        .globals
        .iter()
        .map(|(g, t)| {
            let target = cx.new_globals.iter().find(|(o, _)| o == g).map_or(*g, |(_, n)| *n);
            (target, r.remap_dtrans(tm, *t))
        })
        // (Storage the pass chose, bytes say: left undescribed.)
        .filter(|(g, _)| !cx.storage_globals.contains(g))
        .collect();
    let values: Vec<(Value<'_>, TypeId)> =
        cx.types.allocas.iter().chain(&cx.types.calls).map(|(i, t)| (i.as_value(), r.remap_dtrans(tm, *t))).collect();
    let hint_kind = m.md_kind_id(dtrans_types::HINT_MD);
    for (i, t) in &cx.types.hints {
        if r.remap_dtrans(tm, *t) != *t {
            i.as_value().set_metadata(hint_kind, None);
        }
    }
    let tm = &cx.types.tm;
    let mut list: Vec<TypeId> = tm.structs().iter().copied().filter(|s| !replaced.contains(s)).collect();
    list.retain(|s| matches!(tm.get(*s), DType::Struct(_)) && tm.struct_body(*s).is_some());
    let mut w = MetadataWriter::new(m, tm);
    dtrans_types::strip_dtrans_attachments(m);
    // Structures or slots that cannot be encoded (an unknown type) are left
    // undescribed, as a front end that does not know them would.
    let _ = w.write_struct_list(&list);
    for (f, t) in functions {
        let _ = w.set_function_signature(f, t);
    }
    for (v, t) in globals.into_iter().chain(values) {
        let _ = w.set_value_type(v, t);
    }
    Ok(())
}
