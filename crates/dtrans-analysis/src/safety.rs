//! The SafetyAnalyzer (document 001, "Safety Conditions", "Instruction
//! Handling", "Global variables"): one walk over the module that marks each
//! structure with the conditions its uses show, each with where it was set.
//!
//! It reads what the PtrTypeAnalyzer recovered. With opaque pointers there
//! are no bitcasts: a cast of the typed-pointer documents is a value whose
//! recovered types disagree (ambiguous), a value of unknown origin used as a
//! structure pointer, or a value declared as an inner structure and used as
//! the one around it. What the walk does not understand is UnhandledUse.
use std::collections::BTreeMap;

use dtrans_ir::{Function, Instruction, Module, Opcode, Value, ValueKind};
use dtrans_types::{DType, TypeId, TypeManager};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use serde::Serialize;

use crate::alloc::{size_is_multiple, AllocKind, FreeKind, MemFn, SizeVerdict};
use crate::layout::{struct_fields, zero_chain, Element, Layout};
use crate::libfuncs::{is_system_struct, lib_effect, LibEffect};
use crate::ptr_types::{is_simple_slot, PtrTypes, ValueInfo};

/// The safety conditions of document 001, under its names, and
/// BadAllocSizeArg: an allocation whose size is not a whole number of the
/// structures it allocates (document 001, "Call").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Condition {
    BadCasting,
    BadPtrManipulation,
    AmbiguousGEP,
    VolatileData,
    MismatchedElementAccess,
    WholeStructureReference,
    UnsafePointerStore,
    FieldAddressTaken,
    GlobalPtr,
    GlobalInstance,
    GlobalArray,
    HasInitializerList,
    BadMemFuncSize,
    MemFuncPartialWrite,
    BadMemFuncManipulation,
    AmbiguousPointerTarget,
    UnsafePtrMerge,
    AddressTaken,
    NoFieldsInStruct,
    NestedStruct,
    ContainsNestedStruct,
    SystemObject,
    LocalPtr,
    LocalInstance,
    MismatchedArgUse,
    HasVTable,
    HasFnPtr,
    HasCppHandling,
    HasZeroSizedArray,
    UnhandledUse,
    BadAllocSizeArg,
    /// dtrans's own: a field whose source type is this structure and whose
    /// linked IR type is another of the same body (or the other way
    /// round). Neither may change layout alone; the structures holding
    /// the field may (it moves as one unit), so it does not spread.
    MergedByLinker,
}

impl Condition {
    pub const ALL: [Condition; 32] = {
        use Condition::*;
        [
            BadCasting,
            BadPtrManipulation,
            AmbiguousGEP,
            VolatileData,
            MismatchedElementAccess,
            WholeStructureReference,
            UnsafePointerStore,
            FieldAddressTaken,
            GlobalPtr,
            GlobalInstance,
            GlobalArray,
            HasInitializerList,
            BadMemFuncSize,
            MemFuncPartialWrite,
            BadMemFuncManipulation,
            AmbiguousPointerTarget,
            UnsafePtrMerge,
            AddressTaken,
            NoFieldsInStruct,
            NestedStruct,
            ContainsNestedStruct,
            SystemObject,
            LocalPtr,
            LocalInstance,
            MismatchedArgUse,
            HasVTable,
            HasFnPtr,
            HasCppHandling,
            HasZeroSizedArray,
            UnhandledUse,
            BadAllocSizeArg,
            MergedByLinker,
        ]
    };

    pub fn name(self) -> &'static str {
        // The Debug form is the specification's name.
        Self::ALL.iter().position(|c| *c == self).map(|i| NAMES[i]).unwrap_or("?")
    }

    /// Conditions that make a structure's memory unpredictable as a whole:
    /// they spread to the structures nested in it by value and to the one
    /// that holds it (document 001: a nested structure shares its
    /// container's memory).
    pub fn spreads_by_value(self) -> bool {
        use Condition::*;
        matches!(
            self,
            BadCasting
                | BadPtrManipulation
                | AmbiguousGEP
                | VolatileData
                | MismatchedElementAccess
                | WholeStructureReference
                | UnsafePointerStore
                | BadMemFuncSize
                | BadMemFuncManipulation
                | AmbiguousPointerTarget
                | UnsafePtrMerge
                | AddressTaken
                | SystemObject
                | MismatchedArgUse
                | UnhandledUse
                | BadAllocSizeArg
        )
    }

    /// Conditions that say code the analysis cannot see reaches the
    /// structure: that code can follow its pointer fields too.
    pub fn spreads_through_pointers(self) -> bool {
        matches!(self, Condition::AddressTaken | Condition::SystemObject)
    }
}

const NAMES: [&str; 32] = [
    "BadCasting",
    "BadPtrManipulation",
    "AmbiguousGEP",
    "VolatileData",
    "MismatchedElementAccess",
    "WholeStructureReference",
    "UnsafePointerStore",
    "FieldAddressTaken",
    "GlobalPtr",
    "GlobalInstance",
    "GlobalArray",
    "HasInitializerList",
    "BadMemFuncSize",
    "MemFuncPartialWrite",
    "BadMemFuncManipulation",
    "AmbiguousPointerTarget",
    "UnsafePtrMerge",
    "AddressTaken",
    "NoFieldsInStruct",
    "NestedStruct",
    "ContainsNestedStruct",
    "SystemObject",
    "LocalPtr",
    "LocalInstance",
    "MismatchedArgUse",
    "HasVTable",
    "HasFnPtr",
    "HasCppHandling",
    "HasZeroSizedArray",
    "UnhandledUse",
    "BadAllocSizeArg",
    "MergedByLinker",
];

/// Where a condition was set.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Site {
    /// `f: %5`, `@g`, `type definition`, or `propagated from %struct.T`.
    pub place: String,
    /// Source `file:line:column` (or `file:line`) when debug information gives it.
    pub line: Option<String>,
    /// Why, in a few words.
    pub why: String,
}

impl std::fmt::Display for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.place)?;
        if let Some(l) = &self.line {
            write!(f, " ({l})")?;
        }
        if !self.why.is_empty() {
            write!(f, ": {}", self.why)?;
        }
        Ok(())
    }
}

/// The conditions of one structure: for each, the first few places that set
/// it and how many there were.
#[derive(Clone, Debug, Default)]
pub struct SafetyData {
    pub conditions: BTreeMap<Condition, (Vec<Site>, usize)>,
    /// Some MemFuncPartialWrite of the structure covers bytes of more than
    /// one of its own fields (a run of fields). Without it, each partial
    /// write lies inside one field (a nested structure, an array, a
    /// complex number copied or set whole or in part), which a splitting
    /// pass moves as one unit (`Transform::forbidding`).
    pub partial_write_across_fields: bool,
    /// Some LocalInstance is not an array of the structure of a constant
    /// count (a lone local, a variable-length array). Without it, every
    /// local instance is in a local array, which `blocks` can lay out
    /// (`AnalysisInfo::legal_with`).
    pub lone_local: bool,
}

/// Places kept per condition (the count says how many there were).
const SITES_KEPT: usize = 3;

impl SafetyData {
    pub fn has(&self, c: Condition) -> bool {
        self.conditions.contains_key(&c)
    }

    fn add(&mut self, c: Condition, site: Site) -> bool {
        let new = !self.conditions.contains_key(&c);
        let (sites, n) = self.conditions.entry(c).or_default();
        *n += 1;
        if sites.len() < SITES_KEPT && !sites.contains(&site) {
            sites.push(site);
        }
        new
    }
}

/// What the whole-program preconditions of document 001 found.
#[derive(Clone, Debug, Default)]
pub struct WholeProgram {
    /// Each reason the module is not a whole program (unknown external
    /// calls that see a structure, exception handling).
    pub reasons: Vec<String>,
}

impl WholeProgram {
    pub fn ok(&self) -> bool {
        self.reasons.is_empty()
    }
}

/// Runs the safety analysis.
pub fn analyze_safety<'m>(
    m: &'m Module<'_>,
    pt: &PtrTypes<'m>,
    union_members: &[String],
) -> (HashMap<TypeId, SafetyData>, WholeProgram) {
    let mut s = SafetyAnalyzer::new(m, pt);
    s.visit_types();
    // A union's members share storage the IR shows as one member only:
    // what is written as one is read as another, unseen.
    for name in union_members {
        if let Some(t) = pt.tm().lookup_struct(name) {
            let site = Site { place: "type definition".into(), line: None, why: "a member of a union".into() };
            s.mark(t, Condition::UnhandledUse, site);
        }
    }
    // A field the source calls one structure and the linked IR another of
    // the same body: accesses reach those bytes under either name (nested
    // GEPs through the container name the IR's), so a layout change of
    // one alone would be seen by half of them.
    for tw in pt.types.twins.clone() {
        let tm = pt.tm();
        let why = format!(
            "field {} of {} is a {} in the source and a {} in the linked IR (merged by the linker)",
            tw.field,
            tm.display(tw.holder),
            tm.display(tw.source),
            tm.display(tw.ir)
        );
        let site = Site { place: "type definition".into(), line: None, why };
        s.mark(tw.source, Condition::MergedByLinker, site.clone());
        s.mark(tw.ir, Condition::MergedByLinker, site);
    }
    // Likewise a pointer whose `byval`/`sret`/`byref` attribute names the
    // other: the attribute copies that one's bytes.
    for tw in pt.attr_twins.clone() {
        let tm = pt.tm();
        let why = format!(
            "a {} in the source, passed as {} in the linked IR (merged by the linker)",
            tm.display(tw.source),
            tm.display(tw.ir)
        );
        let site = Site { place: tw.place.clone(), line: None, why };
        s.mark(tw.source, Condition::MergedByLinker, site.clone());
        s.mark(tw.ir, Condition::MergedByLinker, site);
    }
    s.collect_comparators();
    s.visit_globals();
    for f in m.functions() {
        if !f.is_declaration() {
            s.visit_function(f);
        }
    }
    s.visit_allocations();
    s.visit_function_values();
    s.propagate();
    s.settle_void_fields();
    (s.data, s.whole)
}

struct SafetyAnalyzer<'a, 'm, 'c> {
    m: &'m Module<'c>,
    pt: &'a PtrTypes<'m>,
    layout: Layout<'m, 'c>,
    data: HashMap<TypeId, SafetyData>,
    whole: WholeProgram,
    /// Names of the current function's values, as the printer shows them.
    names: std::collections::HashMap<Value<'m>, String>,
    fname: String,
    /// Comparator functions, with the structure they compare.
    comparators: HashMap<Function<'m>, TypeId>,
    unknown_externals: HashSet<String>,
    /// Signature metadata by function, and callee types by indirect call.
    fn_types: HashMap<Function<'m>, TypeId>,
    call_types: HashMap<Instruction<'m>, TypeId>,
    /// What the stores into each structure field store, for pointers: the
    /// structure pointed to, or `None` for anything else (a pointer of no
    /// one structure type). Nulls are not recorded.
    field_stores: HashMap<(TypeId, u32), Vec<Option<TypeId>>>,
    /// Loads from a `void *` field used as one structure, decided once
    /// every store and the holder's conditions are known
    /// ([`Self::settle_void_fields`]): (holder, field, structure, site).
    void_field_loads: Vec<(TypeId, u32, TypeId, Site)>,
    /// Which fields' addresses are taken, per structure, where the site
    /// knows the field; structures marked FieldAddressTaken where it does
    /// not (a constant's address, propagation) are in `any_field_taken`.
    /// Only [`Self::settle_void_fields`] asks.
    fields_taken: HashMap<TypeId, HashSet<u32>>,
    any_field_taken: HashSet<TypeId>,
    marking_fields: bool,
}

impl<'a, 'm, 'c> SafetyAnalyzer<'a, 'm, 'c> {
    fn new(m: &'m Module<'c>, pt: &'a PtrTypes<'m>) -> Self {
        SafetyAnalyzer {
            m,
            pt,
            layout: Layout::new(m),
            data: HashMap::default(),
            whole: WholeProgram::default(),
            names: Default::default(),
            fname: String::new(),
            comparators: HashMap::default(),
            unknown_externals: HashSet::default(),
            fn_types: pt.types.functions.iter().copied().collect(),
            call_types: pt.types.calls.iter().copied().collect(),
            field_stores: HashMap::default(),
            void_field_loads: Vec::new(),
            fields_taken: HashMap::default(),
            any_field_taken: HashSet::default(),
            marking_fields: false,
        }
    }

    fn tm(&self) -> &'a TypeManager {
        self.pt.tm()
    }

    fn mark(&mut self, s: TypeId, c: Condition, site: Site) {
        if c == Condition::FieldAddressTaken && !self.marking_fields {
            self.any_field_taken.insert(s);
        }
        if matches!(self.tm().get(s), DType::Struct(_)) {
            self.data.entry(s).or_default().add(c, site);
        }
    }

    fn mark_all(&mut self, structs: &[TypeId], c: Condition, site: &Site) {
        for s in structs {
            self.mark(*s, c, site.clone());
        }
    }

    /// FieldAddressTaken on each element's structure, remembering which
    /// field.
    fn mark_field_addresses(&mut self, elements: &[Element], site: &Site) {
        self.marking_fields = true;
        for e in elements {
            self.fields_taken.entry(e.aggregate).or_default().insert(e.field);
            self.mark(e.aggregate, Condition::FieldAddressTaken, site.clone());
        }
        self.marking_fields = false;
    }

    /// A site at instruction `i` of the current function.
    fn site(&self, i: Instruction<'m>, why: impl Into<String>) -> Site {
        let v = i.as_value();
        let what = match self.names.get(&v) {
            Some(n) if i.has_result() => n.clone(),
            _ => self.describe(i),
        };
        Site {
            place: format!("{}: {what}", self.fname),
            line: i.debug_location().map(|(f, l)| match i.debug_column() {
                0 => format!("{}:{l}", short_file(&f)),
                c => format!("{}:{l}:{c}", short_file(&f)),
            }),
            why: why.into(),
        }
    }

    /// A void instruction named by what it does: `store to %5`, `call @free`.
    fn describe(&self, i: Instruction<'m>) -> String {
        let name = |v: Option<Value<'m>>| v.and_then(|v| self.names.get(&v).cloned()).unwrap_or_default();
        match i.opcode() {
            Opcode::LLVMStore => format!("store to {}", name(i.operand(1))),
            Opcode::LLVMCall | Opcode::LLVMInvoke => match i.called_function() {
                Some(f) => format!("call @{}", f.name()),
                None => "indirect call".into(),
            },
            Opcode::LLVMRet => "ret".into(),
            op => format!("{op:?}").trim_start_matches("LLVM").to_lowercase(),
        }
    }

    fn info(&self, v: Value<'m>) -> Option<&'a ValueInfo> {
        self.pt.info(v)
    }

    // ---- type helpers --------------------------------------------------

    /// The structure `t` points to (through arrays): `S*`, `[4 x S]*`.
    fn pointee_struct(&self, t: TypeId) -> Option<TypeId> {
        let tm = self.tm();
        let mut p = tm.pointee(t)?;
        while let DType::Array { elem, .. } = tm.get(p) {
            p = *elem;
        }
        matches!(tm.get(p), DType::Struct(_)).then_some(p)
    }

    /// Structures any type of `info` mentions, at any pointer depth.
    fn structs_of(&self, info: &ValueInfo) -> Vec<TypeId> {
        let mut out = Vec::new();
        for t in info.all_types() {
            self.structs_in(t, &mut out, 0);
        }
        for e in &info.elements {
            if !out.contains(&e.aggregate) {
                out.push(e.aggregate);
            }
        }
        out
    }

    /// The structures `t` names through pointers and arrays, and through
    /// the return and parameter types of a function type: a function
    /// called through a pointer of another type (`(find_fn)encoder_find`,
    /// a `coder *` result that is an `encoder *`) casts those.
    fn structs_in(&self, t: TypeId, out: &mut Vec<TypeId>, depth: u32) {
        let tm = self.tm();
        let (mut base, _) = tm.strip_pointers(t);
        while let DType::Array { elem, .. } = tm.get(base) {
            base = *elem;
        }
        match tm.get(base) {
            DType::Struct(_) if !out.contains(&base) => out.push(base),
            DType::Function { ret, params, .. } if depth < 4 => {
                for x in std::iter::once(*ret).chain(params.iter().copied()) {
                    self.structs_in(x, out, depth + 1);
                }
            }
            _ => {}
        }
    }

    /// A defined function whose address is used as a pointer to another
    /// function type (a call through a cast function pointer, a callback
    /// slot of another type): the structures of both signatures are cast.
    fn visit_function_values(&mut self) {
        for f in self.m.functions().filter(|f| !f.is_declaration()) {
            let Some(info) = self.info(f.as_value()) else { continue };
            let Some(why) = info.ambiguous.clone() else { continue };
            let structs = self.structs_of(info);
            let site =
                Site { place: format!("@{}", f.name()), line: None, why: format!("function address ambiguous: {why}") };
            self.mark_all(&structs, Condition::BadCasting, &site);
        }
    }

    /// For an address that is a structure pointer (nothing else), the
    /// `void *` or pointer-sized integer field at its start, through first
    /// fields (`(holder, 0)`): what a load through the pointer itself
    /// reads (mimalloc's `uintptr_t next` at -O2).
    fn generic_first_field(&self, a: &ValueInfo) -> Option<(TypeId, u32)> {
        if a.ambiguous.is_some() || a.unknown.is_some() {
            return None;
        }
        let tm = self.tm();
        let mut holder = self.dominant_struct(a)?;
        for _ in 0..16 {
            let first = *crate::layout::struct_fields(tm, holder)?.first()?;
            if self.is_generic(first) {
                return Some((holder, 0));
            }
            holder = first;
            if !matches!(tm.get(holder), DType::Struct(_)) {
                return None;
            }
        }
        None
    }

    /// The structure a value points to by its dominant type (not a field).
    fn dominant_struct(&self, info: &ValueInfo) -> Option<TypeId> {
        info.dominant.and_then(|d| self.pointee_struct(d))
    }

    fn is_generic(&self, t: TypeId) -> bool {
        let tm = self.tm();
        match tm.get(t) {
            DType::Pointer(p) => matches!(tm.get(*p), DType::Int(8)) || crate::ptr_types::is_incomplete(tm, *p),
            DType::Int(bits) => u64::from(*bits) == self.layout.pointer_size() * 8,
            _ => false,
        }
    }

    fn size(&mut self, t: TypeId) -> Option<u64> {
        self.layout.size(self.pt.tm(), t)
    }

    // ---- types and globals ---------------------------------------------

    /// Conditions that follow from the structure definitions alone.
    fn visit_types(&mut self) {
        let tm = self.tm();
        let def = |why: &str| Site { place: "type definition".into(), line: None, why: why.into() };
        for s in tm.structs().to_vec() {
            let name = tm.struct_name(s).unwrap_or_default().to_string();
            if is_system_struct(&name) {
                self.mark(s, Condition::SystemObject, def("a C library structure"));
            }
            if name.starts_with("union.") {
                self.mark(s, Condition::UnhandledUse, def("a union: its members share storage"));
            }
            let Some(fields) = struct_fields(tm, s) else { continue };
            if fields.is_empty() {
                self.mark(s, Condition::NoFieldsInStruct, def("no fields"));
            }
            for (i, f) in fields.iter().enumerate() {
                let mut base = *f;
                let mut zero = false;
                while let DType::Array { elem, len } = tm.get(base) {
                    zero |= *len == 0;
                    base = *elem;
                }
                if zero {
                    self.mark(s, Condition::HasZeroSizedArray, def(&format!("field {i} is a zero-sized array")));
                }
                if matches!(tm.get(base), DType::Struct(_)) {
                    self.mark(s, Condition::ContainsNestedStruct, def(&format!("field {i} is a structure")));
                    self.mark(base, Condition::NestedStruct, def(&format!("field {i} of {}", tm.display(s))));
                }
                if let DType::Pointer(p) = tm.get(*f) {
                    match tm.get(*p) {
                        DType::Function { .. } => {
                            self.mark(s, Condition::HasFnPtr, def(&format!("field {i} is a function pointer")))
                        }
                        DType::Pointer(q) if matches!(tm.get(*q), DType::Function { .. }) => {
                            self.mark(s, Condition::HasVTable, def(&format!("field {i} points to function pointers")))
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    /// Field addresses in a global's initializer are written to memory.
    fn initializer_field_addresses(&mut self, label: &str, c: Value<'m>, depth: u32) {
        if depth > 16 {
            return;
        }
        if c.kind() == ValueKind::ConstantExpr {
            let site =
                Site { place: label.to_string(), line: None, why: "a field's address in its initializer".into() };
            if let Some(info) = self.info(c) {
                if !info.elements.is_empty() {
                    // A field that is a structure: its address is also its
                    // first field's (see below).
                    let tm = self.pt.tm();
                    let mut aggs: Vec<TypeId> = Vec::new();
                    for e in &info.elements {
                        aggs.push(e.aggregate);
                        if let Some(ft) = struct_fields(tm, e.aggregate).and_then(|f| f.get(e.field as usize).copied())
                        {
                            aggs.extend(structs_starting_at(tm, ft));
                        }
                    }
                    self.mark_all(&aggs, Condition::FieldAddressTaken, &site);
                    return;
                }
            }
            // Initializers are no instructions: the recovery never met this
            // address. Resolve it here: `getelementptr (i8, @g, 8)`, or a
            // typed one that selects a field.
            if c.const_opcode() != Some(Opcode::LLVMGetElementPtr) {
                for o in c.operands() {
                    self.initializer_field_addresses(label, o, depth + 1);
                }
                return;
            }
            let Some(base) = c.operand(0) else { return };
            let Some(obj) = self.info(base).and_then(|b| b.dominant).and_then(|d| self.tm().pointee(d)) else { return };
            let bytes = c.const_gep_source_type().is_some_and(|t| t.int_width() == Some(8));
            let mut whole = obj;
            while let DType::Array { elem, .. } = self.tm().get(whole) {
                whole = *elem;
            }
            // The field reached may itself be a structure: its address is
            // also its first field's (`&g[2].inner.first` at -O2 is
            // `getelementptr (i8, @g, 84)`, and a store through it writes
            // `first`), so the structures starting there count too.
            let tm = self.pt.tm();
            let starting = |at: TypeId| structs_starting_at(tm, at);
            let aggs: Vec<TypeId> = if bytes && c.num_operands() == 2 {
                let off = c.operand(1).and_then(|o| o.const_uint_value()).unwrap_or(0);
                // (Past the first object: one of an array of them.)
                let off = match self.layout.size(tm, obj) {
                    Some(n) if n > 0 => off % n,
                    _ => off,
                };
                match self.layout.resolve_path(tm, obj, off) {
                    // (A field of a structure; not an element of an array.)
                    Some((at, path))
                        if path.last().is_some_and(|e| !matches!(tm.get(e.aggregate), DType::Array { .. })) =>
                    {
                        path.iter().map(|e| e.aggregate).chain(starting(at)).collect()
                    }
                    Some((_, path)) => path.iter().map(|e| e.aggregate).collect(),
                    None => vec![whole],
                }
            } else if c.num_operands() > 2 {
                // The type the indices reach, after the first (which steps
                // over whole objects), if the last selects a field.
                let mut at = Some(obj);
                let mut field = false;
                for i in c.operands().iter().skip(2) {
                    field = at.is_some_and(|t| !matches!(tm.get(t), DType::Array { .. }));
                    at = at.and_then(|t| match tm.get(t) {
                        DType::Array { elem, .. } => Some(*elem),
                        _ => struct_fields(tm, t)
                            .and_then(|f| i.const_uint_value().and_then(|k| f.get(k as usize).copied())),
                    });
                }
                let inner = if field { at.map(starting).unwrap_or_default() } else { Vec::new() };
                std::iter::once(whole).chain(inner).collect()
            } else {
                Vec::new()
            };
            self.mark_all(&aggs, Condition::FieldAddressTaken, &site);
            return;
        }
        if c.kind() == ValueKind::ConstantAggregate {
            for o in c.operands() {
                self.initializer_field_addresses(label, o, depth + 1);
            }
        }
    }

    fn visit_globals(&mut self) {
        for g in self.m.globals() {
            if let Some(init) = g.initializer() {
                let label = self.pt.types.global_labels.get(&g).cloned().unwrap_or_else(|| format!("@{}", g.name()));
                self.initializer_field_addresses(&label, init, 0);
            }
            let Some(info) = self.info(g) else { continue };
            let Some(d) = info.dominant else { continue };
            let tm = self.tm();
            let Some(obj) = tm.pointee(d) else { continue };
            let label = self.pt.types.global_labels.get(&g).cloned().unwrap_or_else(|| format!("@{}", g.name()));
            let site = |why: &str| Site { place: label.clone(), line: None, why: why.into() };
            let mut base = obj;
            // (The dominant type of an array names its element: whether
            // the global is an array is the IR's to say.)
            let mut array = g.global_value_type().is_some_and(|t| t.is_array());
            while let DType::Array { elem, .. } = tm.get(base) {
                base = *elem;
                array = true;
            }
            // A global declared here and defined in another module: its
            // objects (or those its pointers point to) are laid out there.
            if g.initializer().is_none() {
                let s = match tm.get(base) {
                    DType::Struct(_) => Some(base),
                    DType::Pointer(_) => self.pointee_struct(base),
                    _ => None,
                };
                if let Some(s) = s {
                    self.mark(s, Condition::AddressTaken, site("declared here, defined outside the module"));
                }
            }
            let tm = self.tm();
            match tm.get(base) {
                DType::Struct(_) => {
                    // (An array of instances is GlobalArray, not
                    // GlobalInstance: a splitting pass can take the one
                    // array of a structure, never a lone instance.)
                    if array {
                        self.mark(base, Condition::GlobalArray, site("a global array of instances"));
                    } else {
                        self.mark(base, Condition::GlobalInstance, site("a global instance"));
                    }
                    let init = g.initializer();
                    if init.is_some_and(|v| !v.is_null_or_undef()) {
                        self.mark(base, Condition::HasInitializerList, site("initialized with non-zero data"));
                    }
                }
                DType::Pointer(_) => {
                    if let Some(s) = self.pointee_struct(base) {
                        self.mark(s, Condition::GlobalPtr, site("a global pointer"));
                        if array {
                            self.mark(s, Condition::GlobalArray, site("a global array of pointers"));
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Functions passed as the comparator of `qsort`/`bsearch` whose array
    /// is an array of one structure with that element size: their `void *`
    /// parameters point to that structure. Only a function used nowhere
    /// else (no other caller could pass it something else).
    fn collect_comparators(&mut self) {
        for f in self.m.functions() {
            for i in f.instructions() {
                let Some(callee) = i.called_function().filter(|c| c.is_declaration()) else { continue };
                let Some(LibEffect::Sort { base, size, cmp }) = lib_effect(&callee.name()) else { continue };
                let (Some(b), Some(sz), Some(c)) = (i.call_arg(base), i.call_arg(size), i.call_arg(cmp)) else {
                    continue;
                };
                let Some(cf) = c.strip_aliases().as_function() else { continue };
                if !only_sorts_call(cf) {
                    continue;
                }
                let elem = self.info(b).and_then(|info| info.dominant).and_then(|d| self.tm().pointee(d));
                if let (Some(e), Some(n)) = (elem, sz.const_uint_value()) {
                    // The parameters that receive elements must be known to
                    // point to the structure (the pointer type analysis
                    // gives them the array's types): reads through them
                    // that a transformation cannot see would keep the old
                    // layout.
                    let first = if base == 0 { 0 } else { 1 };
                    let typed = (first..2).all(|k| {
                        cf.param(k)
                            .and_then(|p| self.info(p))
                            .is_some_and(|info| info.all_types().iter().any(|t| self.tm().pointee(*t) == Some(e)))
                    });
                    if self.size(e) == Some(n) && typed {
                        self.comparators.insert(cf, e);
                    }
                }
            }
        }
    }

    // ---- functions -----------------------------------------------------

    fn visit_function(&mut self, f: Function<'m>) {
        self.names = f.local_names();
        self.fname = format!("@{}", f.name());
        let escaped_params = !self.comparators.contains_key(&f);
        for (k, p) in f.params().into_iter().enumerate() {
            self.check_origin(p, escaped_params.then_some(k), None);
            self.check_union_view(p, None);
        }
        for i in f.instructions() {
            self.visit(f, i);
        }
    }

    /// Document 001's casts, for one value: ambiguous types, an unknown
    /// origin used as a structure, or an inner structure used as the one
    /// around it. `param`: the value is that parameter (a cast from its
    /// declared `void *` needs the callers' types); `inst`: where it is.
    /// A value declared only as what lies at the start of the structure it
    /// is used as, a scalar or a pointer (PCRE2's `(stateblock *)(workspace
    /// + 2)`: an `int *` workspace used as an array of `{ int, int, int }`):
    /// the memory is the scalar's, and the structure's layout is not its
    /// own to change. (A pointer to a structure is also a pointer to its
    /// first field, so the recovery names the structure.) True if marked.
    fn check_scalar_start(&mut self, v: Value<'m>, site: &Site) -> bool {
        let Some(info) = self.info(v) else { return false };
        let (Some(s), Some(d)) = (self.dominant_struct(info), info.dominant) else { return false };
        if info.ambiguous.is_some() || info.unknown.is_some() {
            return false;
        }
        let specific: Vec<TypeId> = info.declared.iter().copied().filter(|d| !self.is_generic(*d)).collect();
        if specific.is_empty() || specific.contains(&d) || specific.iter().any(|t| self.pointee_struct(*t).is_some()) {
            return false;
        }
        let tm = self.tm();
        let why = format!("declared {}, used as {}", tm.display(specific[0]), tm.display(d));
        self.mark(s, Condition::BadCasting, Site { why, ..site.clone() });
        true
    }

    fn check_origin(&mut self, v: Value<'m>, param: Option<usize>, inst: Option<Instruction<'m>>) {
        let Some(info) = self.info(v) else { return };
        let site = match inst {
            Some(i) => self.site(i, ""),
            None => Site {
                place: format!("{}: {}", self.fname, self.names.get(&v).cloned().unwrap_or_default()),
                line: None,
                why: String::new(),
            },
        };
        let merge = inst.is_some_and(|i| matches!(i.opcode(), Opcode::LLVMPHI | Opcode::LLVMSelect));
        let structs = self.structs_of(info);
        if structs.is_empty() {
            return;
        }
        if let Some(why) = &info.ambiguous {
            // A field's address used as another scalar type (`*(int *)&s->l`)
            // is a mismatched element access; anything else a cast or merge.
            let scalar_only = !info.elements.is_empty()
                && info.all_types().iter().all(|t| {
                    self.pointee_struct(*t).is_none()
                        && self.tm().pointee(*t).is_some_and(|p| !matches!(self.tm().get(p), DType::Pointer(_)))
                });
            // A pointer field holding scalar data seen as two element types
            // (bzip2's `s->mtfv = (UInt16 *)s->arr1`: a `UInt32 *` field's
            // value stored in a `UInt16 *` field): the field is a pointer
            // slot in every view, and what it points to holds no
            // structure. The structure's own memory is used one way.
            let scalar_target = |t: TypeId| {
                let tm = self.tm();
                let (base, depth) = tm.strip_pointers(t);
                depth == 2 && matches!(tm.get(base), DType::Int(_) | DType::Atomic(_) | DType::Void)
            };
            if !merge && !info.elements.is_empty() && info.all_types().iter().all(|t| scalar_target(*t)) {
                return;
            }
            let c = if merge {
                Condition::UnsafePtrMerge
            } else if scalar_only {
                Condition::MismatchedElementAccess
            } else {
                Condition::BadCasting
            };
            let site = Site { why: format!("ambiguous: {why}"), ..site };
            self.mark_all(&structs, c, &site);
            return;
        }
        if let Some(why) = &info.unknown {
            let c = if why.contains("arithmetic") || why.contains("byte offset") {
                Condition::BadPtrManipulation
            } else if merge {
                Condition::UnsafePtrMerge
            } else {
                Condition::BadCasting
            };
            let site = Site { why: format!("unknown: {why}"), ..site };
            self.mark_all(&structs, c, &site);
            return;
        }
        if merge {
            // A merge of pointers to a structure with addresses of what lies
            // at its start (`p = v ? &v->adj : &e->next`, an `edge **` at
            // -O2): the structure's pointer stands for its first field's
            // address, which moves when the layout changes, and no GEP says
            // so. The planner cannot rewrite the merged operand.
            let tm = self.tm();
            let inner = info.dominant.and_then(|d| tm.pointee(d));
            let outer: Vec<TypeId> = info
                .declared
                .iter()
                .filter_map(|d| self.pointee_struct(*d))
                .filter(|o| inner.is_some_and(|p| p != *o && zero_chain(tm, *o).any(|z| z == p)))
                .collect();
            if !outer.is_empty() {
                let names: Vec<String> = outer.iter().map(|o| tm.display(*o).to_string()).collect();
                let why = format!(
                    "merges pointers to {} with addresses of what they begin with ({})",
                    names.join(" and "),
                    tm.display(info.dominant.unwrap())
                );
                self.mark_all(&outer, Condition::UnsafePtrMerge, &Site { why, ..site });
                return;
            }
        }
        let Some(s) = self.dominant_struct(info) else { return };
        let tm = self.tm();
        let specific: Vec<TypeId> = info.declared.iter().copied().filter(|d| !self.is_generic(*d)).collect();
        // Declared only as a structure at the start of the one it is used
        // as: `(struct interp *)env` (a downcast).
        let inner: Vec<TypeId> = specific.iter().filter_map(|d| self.pointee_struct(*d)).collect();
        if !inner.is_empty() && !inner.contains(&s) && inner.iter().all(|i| zero_chain(tm, s).any(|z| z == *i)) {
            let why = format!("declared {}, used as {}", tm.display(specific[0]), tm.display(info.dominant.unwrap()));
            let mut all = inner.clone();
            all.push(s);
            self.mark_all(&all, Condition::BadCasting, &Site { why, ..site });
            return;
        }
        if self.check_scalar_start(v, &site) {
            return;
        }
        // A `void *` parameter of a function others may call (or that is
        // called with other types) used as a structure: the callers' types
        // are not known. (A pointer loaded from a union's storage whose
        // members hold structures there is `check_union_load`'s: the field
        // its address names is the one member the IR shows.)
        let union_load = !info.union_views.is_empty() && !info.union_views.iter().any(|t| self.is_generic(*t));
        if param.is_some() && specific.is_empty() && !union_load {
            let what = if v.as_instruction().is_some() { "void* loaded from a field" } else { "void* parameter" };
            let why = format!("{what}, used as {}", tm.display(info.dominant.unwrap()));
            let site = Site { why, ..site };
            // A load of one field: decided when all its stores are known.
            let field = inst
                .filter(|l| l.opcode() == Opcode::LLVMLoad)
                .and_then(|l| l.operand(0))
                .and_then(|a| self.info(a))
                .and_then(|a| match a.elements.as_slice() {
                    [e] if a.ambiguous.is_none() && a.unknown.is_none() => Some((e.aggregate, e.field)),
                    [] => self.generic_first_field(a),
                    _ => None,
                });
            match field {
                Some((holder, k)) => self.void_field_loads.push((holder, k, s, site)),
                None => self.mark(s, Condition::BadCasting, site),
            }
        }
    }

    /// A pointer loaded from a union's storage whose members hold pointers
    /// to different types there (`ValueInfo::union_views`: Lua's
    /// `CallInfo.u` holds `l.base`, a `TValue *`, or `c.k`, a function),
    /// typed by its uses: the structure it is used as must be one a member
    /// holds there. Anything else is a cast through the union, of the
    /// structure used and of those the members hold. (When a member begins
    /// with a `void *`, the `void *` field rule judges it alone.)
    fn check_union_load(&mut self, v: Value<'m>, i: Instruction<'m>) {
        let Some(info) = self.info(v) else { return };
        let views = info.union_views.clone();
        if views.is_empty() || views.iter().any(|t| self.is_generic(*t)) {
            return;
        }
        let (Some(s), Some(d)) = (self.dominant_struct(info), info.dominant) else { return };
        if views.iter().any(|t| self.pointee_struct(*t) == Some(s)) {
            return;
        }
        let tm = self.tm();
        let names: Vec<String> = views.iter().map(|t| tm.display(*t).to_string()).collect();
        let why =
            format!("loaded from a union whose members hold {} there, used as {}", names.join(" or "), tm.display(d));
        let mut all = vec![s];
        all.extend(views.iter().filter_map(|t| self.pointee_struct(*t)));
        let site = self.site(i, why);
        self.mark_all(&all, Condition::BadCasting, &site);
    }

    /// A pointer into a union's storage used as another structure: that
    /// structure is one of the union's members, which the IR names only
    /// here (clang declares a union as its largest member; an anonymous
    /// `struct { int rc; uint8_t mark; ... }` beside `JSGCObjectHeader
    /// header` in QuickJS's JSObject appears in no type, so debug info
    /// cannot name it). What is written as one member is read as the
    /// other, unseen: the member's fields are neither dead nor movable.
    fn check_union_view(&mut self, v: Value<'m>, inst: Option<Instruction<'m>>) {
        let Some(info) = self.info(v) else { return };
        let tm = self.tm();
        let is_union = |t: TypeId| tm.struct_name(t).is_some_and(|n| n.starts_with("union."));
        let unions: Vec<TypeId> = info
            .all_types()
            .into_iter()
            .filter_map(|t| tm.pointee(t))
            .flat_map(|p| zero_chain(tm, p).filter(|z| is_union(*z)).collect::<Vec<_>>())
            .collect();
        let Some(&u) = unions.first() else { return };
        // The types only: a field address's `elements` name the structure
        // holding the union, which is not a member.
        let mut structs = Vec::new();
        for t in info.all_types() {
            self.structs_in(t, &mut structs, 0);
        }
        // The union's declared member (its zero chain) is already marked
        // through the union; structures holding the union are not its
        // members.
        let members: Vec<TypeId> = structs
            .iter()
            .copied()
            .filter(|s| {
                !is_union(*s)
                    && !unions.iter().any(|u| zero_chain(tm, *u).any(|z| z == *s))
                    && !zero_chain(tm, *s).any(|z| unions.contains(&z))
            })
            .collect();
        if members.is_empty() {
            return;
        }
        let why = format!("used as a member of {}, sharing its storage", tm.display(u));
        let site = match inst {
            Some(i) => self.site(i, why),
            None => Site {
                place: format!("{}: {}", self.fname, self.names.get(&v).cloned().unwrap_or_default()),
                line: None,
                why,
            },
        };
        self.mark_all(&members, Condition::UnhandledUse, &site);
    }

    /// A tag in a pointer's low bits: the recovery keeps the pointee, but
    /// a new layout may lower the structure's alignment below the tag, and
    /// a field holding the pointer may become an index without its tag.
    fn check_tag(&mut self, i: Instruction<'m>) {
        let Some(p) = crate::ptr_types::tag_operand(i) else { return };
        let Some(info) = self.info(p) else { return };
        let structs = self.structs_of(info);
        if structs.is_empty() {
            return;
        }
        let tm = self.tm();
        let names: Vec<String> = structs.iter().map(|s| tm.display(*s).to_string()).collect();
        let site = self.site(i, format!("low bits of a pointer to {} used as a tag", names.join(" or ")));
        self.mark_all(&structs, Condition::BadPtrManipulation, &site);
    }

    fn visit(&mut self, f: Function<'m>, i: Instruction<'m>) {
        let v = i.as_value();
        self.check_union_view(v, Some(i));
        // Every value the recovery found ambiguous or unknown is a cast the
        // analysis cannot check, wherever it comes from (the cases below
        // that look at origins do it themselves).
        if !matches!(
            i.opcode(),
            Opcode::LLVMLoad | Opcode::LLVMPHI | Opcode::LLVMSelect | Opcode::LLVMCall | Opcode::LLVMInvoke
        ) {
            if self.info(v).is_some_and(|x| x.ambiguous.is_some() || x.unknown.is_some()) {
                self.check_origin(v, None, Some(i));
            } else if v.ty().is_pointer() {
                let site = self.site(i, "");
                self.check_scalar_start(v, &site);
            }
        }
        match i.opcode() {
            Opcode::LLVMLoad => {
                self.check_access(i, i.operand(0), v.ty(), false);
                // A pointer loaded from a `void *` field or slot the
                // analysis typed only as generic, then used as a structure.
                if self.info(v).is_some_and(|info| info.dominant.is_some()) {
                    // (A field at offset 0 is loaded through the structure's
                    // own pointer at -O2: no GEP names it.)
                    let from_void_field = i
                        .operand(0)
                        .and_then(|a| self.info(a))
                        .is_some_and(|a| !a.elements.is_empty() || self.generic_first_field(a).is_some());
                    self.check_origin(v, from_void_field.then_some(0), Some(i));
                } else {
                    self.check_origin(v, None, Some(i));
                }
                self.check_union_load(v, i);
            }
            Opcode::LLVMStore => {
                let ty = i.operand(0).map(|x| x.ty());
                if let Some(ty) = ty {
                    self.check_access(i, i.operand(1), ty, true);
                }
                self.record_field_store(i);
                self.check_store(i);
            }
            Opcode::LLVMGetElementPtr => self.check_gep(i),
            Opcode::LLVMPHI | Opcode::LLVMSelect => self.check_origin(v, None, Some(i)),
            Opcode::LLVMCall | Opcode::LLVMInvoke => self.check_call(i),
            Opcode::LLVMRet => self.check_return(f, i),
            Opcode::LLVMAlloca => self.check_alloca(i),
            Opcode::LLVMSub => self.check_sub(i),
            Opcode::LLVMAnd | Opcode::LLVMOr | Opcode::LLVMXor => self.check_tag(i),
            Opcode::LLVMIntToPtr => self.check_int_to_ptr(i),
            Opcode::LLVMLandingPad | Opcode::LLVMResume | Opcode::LLVMCatchPad | Opcode::LLVMCleanupPad => {
                let why = format!("{}: exception handling", self.fname);
                if !self.whole.reasons.contains(&why) {
                    self.whole.reasons.push(why);
                }
            }
            Opcode::LLVMAtomicCmpXchg | Opcode::LLVMAtomicRMW => {
                if let Some(info) = i.operand(0).and_then(|a| self.info(a)) {
                    let structs = self.structs_of(info);
                    let site = self.site(i, "atomic read-modify-write");
                    self.mark_all(&structs, Condition::UnhandledUse, &site);
                }
            }
            Opcode::LLVMICmp
            | Opcode::LLVMPtrToInt
            | Opcode::LLVMFreeze
            | Opcode::LLVMBr
            | Opcode::LLVMSwitch
            | Opcode::LLVMUnreachable
            | Opcode::LLVMFence => {}
            // Integer arithmetic on a pointer's bits: only an address made
            // from it again matters (`inttoptr`, above).
            Opcode::LLVMAdd
            | Opcode::LLVMShl
            | Opcode::LLVMLShr
            | Opcode::LLVMAShr
            | Opcode::LLVMMul
            | Opcode::LLVMUDiv
            | Opcode::LLVMSDiv
            | Opcode::LLVMURem
            | Opcode::LLVMSRem
            | Opcode::LLVMTrunc
            | Opcode::LLVMZExt
            | Opcode::LLVMSExt => {}
            Opcode::LLVMExtractValue | Opcode::LLVMInsertValue => {
                // Structures held in registers: a whole structure value.
                if let Some(s) = i.operand(0).and_then(|a| self.struct_value(a.ty())) {
                    let site = self.site(i, "a structure value in registers");
                    self.mark(s, Condition::WholeStructureReference, site);
                }
                self.unhandled_operands(i);
            }
            // Anything else that sees a structure pointer (vectors of
            // pointers, `insertelement`, `va_arg`, ...) is not understood.
            _ => self.unhandled_operands(i),
        }
    }

    fn unhandled_operands(&mut self, i: Instruction<'m>) {
        for k in 0..i.num_operands() {
            let Some(info) = i.operand(k).and_then(|o| self.info(o)) else { continue };
            let structs = self.structs_of(info);
            if !structs.is_empty() {
                let op = format!("{:?}", i.opcode()).trim_start_matches("LLVM").to_lowercase();
                let site = self.site(i, format!("used by {op}"));
                self.mark_all(&structs, Condition::UnhandledUse, &site);
            }
        }
    }

    /// The named structure an IR value type is (by name).
    fn struct_value(&self, ty: dtrans_ir::Type<'m>) -> Option<TypeId> {
        let name = ty.struct_name()?;
        self.tm().lookup_struct(&name)
    }

    /// A load or store of type `ty` through `addr`: volatile, a field read
    /// with another type, a whole structure.
    fn check_access(&mut self, i: Instruction<'m>, addr: Option<Value<'m>>, ty: dtrans_ir::Type<'m>, store: bool) {
        let Some(a) = addr.and_then(|a| self.info(a)) else { return };
        let tm = self.tm();
        if i.is_volatile() {
            let structs = self.structs_of(a);
            let site = self.site(i, "volatile access");
            self.mark_all(&structs, Condition::VolatileData, &site);
        }
        if a.ambiguous.is_some() || a.unknown.is_some() {
            return; // marked where the address was made
        }
        let access = self.layout_size_ir(ty);
        if !a.elements.is_empty() {
            for e in a.elements.clone() {
                let Some(ft) = struct_fields(tm, e.aggregate).and_then(|f| f.get(e.field as usize).copied()) else {
                    continue;
                };
                let lanes = if self.fits(ft, ty) { Some(Vec::new()) } else { self.lanes_inside(ft, ty, true) };
                if let Some(spanned) = lanes.as_ref().filter(|s| !s.is_empty()) {
                    let why = format!(
                        "{} {ty} reads several fields of a nested structure at once",
                        if store { "store" } else { "load" }
                    );
                    let site = self.site(i, why);
                    self.mark_all(spanned, Condition::MismatchedElementAccess, &site);
                } else if lanes.is_none() {
                    let why = format!(
                        "{} {} of field {} ({})",
                        if store { "store" } else { "load" },
                        ty,
                        e.field,
                        tm.display(ft)
                    );
                    let site = self.site(i, why);
                    self.mark(e.aggregate, Condition::MismatchedElementAccess, site);
                }
            }
            return;
        }
        let Some(s) = self.dominant_struct(a) else { return };
        if tm.pointee(a.dominant.unwrap()) != Some(s) {
            return; // an array of structures: its first element's field 0
        }
        if self.fits(s, ty) {
            return; // its first field (at any depth)
        }
        if let Some(spanned) = self.lanes_inside(s, ty, false) {
            // Inside the aggregate at its start.
            if spanned.is_empty() {
                return;
            }
            let why = format!(
                "{} {ty} reads several fields of a nested structure at once",
                if store { "store" } else { "load" }
            );
            let site = self.site(i, why);
            self.mark_all(&spanned, Condition::MismatchedElementAccess, &site);
            return;
        }
        if self.struct_value(ty) == Some(s) || (ty.int_width().is_some() && access.is_some() && access == self.size(s))
        {
            if !store && self.copied_whole(i.as_value(), s) {
                return; // `*q = *p` as one integer: a copy, like memcpy
            }
            if store
                && i.operand(0)
                    .and_then(|v| v.as_instruction())
                    .is_some_and(|l| l.opcode() == Opcode::LLVMLoad && self.copied_whole(l.as_value(), s))
            {
                return;
            }
            let site = self.site(i, format!("the whole structure {}", if store { "stored" } else { "loaded" }));
            self.mark(s, Condition::WholeStructureReference, site);
            return;
        }
        {
            let why = format!("{} {ty} at the start of {}", if store { "store" } else { "load" }, tm.display(s));
            let site = self.site(i, why);
            self.mark(s, Condition::MismatchedElementAccess, site);
        }
    }

    /// Whether loaded value `v` (a whole `s` read as one integer) is only
    /// stored whole to other `s` objects.
    fn copied_whole(&self, v: Value<'m>, s: TypeId) -> bool {
        let users = v.users();
        !users.is_empty()
            && users.iter().all(|u| {
                u.as_instruction().is_some_and(|st| {
                    st.opcode() == Opcode::LLVMStore
                        && st.operand(0) == Some(v)
                        && st
                            .operand(1)
                            .and_then(|a| self.info(a))
                            .is_some_and(|a| a.elements.is_empty() && self.dominant_struct(a) == Some(s))
                })
            })
    }

    fn layout_size_ir(&self, ty: dtrans_ir::Type<'m>) -> Option<u64> {
        self.layout.ir_size(ty)
    }

    /// Whether an access of IR type `ty` reads an object of type `t` or
    /// the scalar at its start (at any depth).
    fn fits(&mut self, t: TypeId, ty: dtrans_ir::Type<'m>) -> bool {
        let tm = self.pt.tm();
        // A union holds any of its members at its start: an access no
        // larger than it reads one of them (the union itself is never
        // transformed, see `visit_types`).
        if let Some(u) = zero_chain(tm, t).find(|z| tm.struct_name(*z).is_some_and(|n| n.starts_with("union."))) {
            let (usize_, asize) = (self.size(u), self.layout.ir_size(ty));
            if usize_.is_some() && asize.is_some() && asize <= usize_ {
                return true;
            }
        }
        let ptr_bits = (self.layout.pointer_size() * 8) as u32;
        for z in zero_chain(tm, t).collect::<Vec<_>>() {
            match tm.get(z) {
                DType::Pointer(_) => {
                    if ty.is_pointer() || ty.int_width() == Some(ptr_bits) {
                        return true;
                    }
                }
                DType::Atomic(k) => {
                    if crate::layout::atomic_matches(*k, ty) {
                        return true;
                    }
                }
                // Bytes of a character (or other scalar) array written or
                // read several at a time (`strcpy(s->name, "abc")` is one
                // `store i32` at -O2): they stay inside the array.
                DType::Array { elem, .. } => {
                    let scalar = !matches!(
                        tm.get(*elem),
                        DType::Struct(_) | DType::Literal { .. } | DType::Array { .. } | DType::Pointer(_)
                    );
                    let (asize, zsize) = (self.layout.ir_size(ty), self.size(z));
                    if scalar && !ty.is_struct() && asize.is_some() && zsize.is_some() && asize <= zsize {
                        return true;
                    }
                }
                DType::Struct(_) | DType::Literal { .. } => {}
                _ => {
                    if self.layout.ir_type(tm, z) == Some(ty) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether vector access `ty` reads scalars at the start of an
    /// aggregate on the zero chain of `t` (`t` itself when `own`), one lane
    /// per scalar of the lane's type (`load <2 x double>` of a `double
    /// _Complex` field at -O2): those scalars read together, inside that
    /// aggregate. (Not `t` itself for a pointer to a structure: lanes over
    /// its fields would read several fields at once.) `Some` with the
    /// structures inside it whose fields the lanes read several at once:
    /// those are accessed with a mismatched element.
    fn lanes_inside(&mut self, t: TypeId, ty: dtrans_ir::Type<'m>, own: bool) -> Option<Vec<TypeId>> {
        let tm = self.pt.tm();
        let chain: Vec<TypeId> = zero_chain(tm, t).skip(usize::from(!own)).collect();
        for z in chain {
            if !matches!(tm.get(z), DType::Struct(_) | DType::Literal { .. } | DType::Array { .. }) {
                continue;
            }
            if let Some(spanned) = self.lanes_fit(z, ty) {
                return Some(spanned);
            }
        }
        None
    }

    /// Whether vector type `ty` reads exactly the scalars at the start of
    /// aggregate `t`: lane k is the scalar at byte k * lane size, of the
    /// lane's type (no pointers, no padding in between). `Some` with the
    /// named structures (in `t`, or `t`) two lanes read different fields of.
    fn lanes_fit(&mut self, t: TypeId, ty: dtrans_ir::Type<'m>) -> Option<Vec<TypeId>> {
        if ty.kind() != dtrans_ir::TypeKind::LLVMVectorTypeKind {
            return None;
        }
        let (lane, n) = (ty.element_type()?, ty.len()?);
        if lane.is_pointer() || n == 0 {
            return None;
        }
        let step = self.layout.ir_size(lane).filter(|s| *s > 0)?;
        if step.checked_mul(n)? > self.size(t)? {
            return None;
        }
        let tm = self.pt.tm();
        let mut fields: Vec<Element> = Vec::new();
        for k in 0..n {
            // The scalar at byte k * step: the type starting there, then
            // down its zero chain; every field passed on the way.
            let (at, path) = self.layout.resolve_path(tm, t, k * step)?;
            let chain: Vec<TypeId> = zero_chain(tm, at).collect();
            let leaf = *chain.last()?;
            let scalar = !matches!(
                tm.get(leaf),
                DType::Pointer(_) | DType::Struct(_) | DType::Literal { .. } | DType::Array { .. }
            );
            if !scalar || self.layout.ir_type(tm, leaf) != Some(lane) {
                return None;
            }
            fields.extend(path);
            for z in &chain {
                if struct_fields(tm, *z).is_some_and(|f| !f.is_empty()) {
                    fields.push(Element { aggregate: *z, field: 0 });
                }
            }
        }
        let mut spanned: Vec<TypeId> = Vec::new();
        for e in &fields {
            let named = matches!(tm.get(e.aggregate), DType::Struct(_));
            if named
                && !spanned.contains(&e.aggregate)
                && fields.iter().any(|x| x.aggregate == e.aggregate && x.field != e.field)
            {
                spanned.push(e.aggregate);
            }
        }
        Some(spanned)
    }

    /// Document 001, "Store": a stored pointer must fit the slot.
    fn check_store(&mut self, i: Instruction<'m>) {
        let (Some(val), Some(addr)) = (i.operand(0), i.operand(1)) else { return };
        if val.is_null_or_undef() || val.kind() == ValueKind::ConstantInt {
            return;
        }
        let tm = self.tm();
        let vi = self.info(val);
        let ai = self.info(addr);
        // A field address written to memory (a local variable that is
        // only loaded and stored holds it like a phi: its loads carry it).
        let local = addr.as_instruction().is_some_and(|a| a.opcode() == Opcode::LLVMAlloca) && is_simple_slot(addr);
        if let Some(v) = vi {
            if !v.elements.is_empty() && !local {
                let site = self.site(i, "a field's address stored");
                let elements = v.elements.clone();
                self.mark_field_addresses(&elements, &site);
            }
        }
        // A slot that holds pointers to different structures because of
        // this store (`*(struct A **)&h->pb = a`): the store is where the
        // two meet.
        if let Some(a) = ai.filter(|a| a.ambiguous.is_some()) {
            let held: Vec<TypeId> =
                a.all_types().into_iter().filter_map(|t| tm.pointee(t).and_then(|h| self.pointee_struct(h))).collect();
            let stored: Vec<TypeId> = vi
                .map(|v| v.all_types().into_iter().filter_map(|t| self.pointee_struct(t)).collect())
                .unwrap_or_default();
            if held.len() > 1 && stored.iter().any(|s| held.contains(s)) {
                let mut all = held.clone();
                all.extend(stored);
                let site = self.site(i, "stored where pointers to another structure go");
                self.mark_all(&all, Condition::UnsafePointerStore, &site);
            }
        }
        let held = ai
            .filter(|a| a.ambiguous.is_none() && a.unknown.is_none())
            .and_then(|a| a.dominant)
            .and_then(|d| tm.pointee(d));
        let value = vi.filter(|v| v.ambiguous.is_none() && v.unknown.is_none()).and_then(|v| v.dominant);
        let value_structs = vi.map(|v| self.structs_of(v)).unwrap_or_default();
        let held_struct = held.and_then(|h| self.pointee_struct(h));
        match (value, held) {
            (Some(v), Some(h)) => {
                // The address may be a structure's, written at its first
                // field (at -O2 `w->p = x` is a store to `w`).
                let ok = zero_chain(tm, h).any(|h| {
                    let hs = self.pointee_struct(h);
                    v == h
                        || self.is_generic(h)
                        || self.is_generic(v)
                        // An `interp *` stored where an `env *` goes: its start.
                        || matches!((self.pointee_struct(v), hs), (Some(vs), Some(hs)) if zero_chain(tm, vs).any(|z| z == hs))
                        // Arrays decay: `[4 x S]*` where an `S*` goes.
                        || (self.pointee_struct(v).is_some() && self.pointee_struct(v) == hs)
                });
                if !ok {
                    let why = format!("{} stored where {} goes", tm.display(v), tm.display(h));
                    let site = self.site(i, why);
                    let mut all = value_structs.clone();
                    all.extend(held_struct);
                    self.mark_all(&all, Condition::UnsafePointerStore, &site);
                }
            }
            (None, Some(h)) if held_struct.is_some() && val.ty().is_pointer() => {
                let why = format!("a pointer of unknown type stored where {} goes", tm.display(h));
                let site = self.site(i, why);
                self.mark_all(&[held_struct.unwrap()], Condition::UnsafePointerStore, &site);
            }
            (Some(v), None) if self.pointee_struct(v).is_some() && ai.is_some_and(|a| a.unknown.is_some()) => {
                let why = format!("{} stored to memory of unknown type", tm.display(v));
                let site = self.site(i, why);
                self.mark_all(&value_structs, Condition::UnsafePointerStore, &site);
            }
            _ => {}
        }
    }

    /// Notes what a store into a field stores (see `field_stores`).
    fn record_field_store(&mut self, i: Instruction<'m>) {
        let (Some(val), Some(addr)) = (i.operand(0), i.operand(1)) else { return };
        if !val.ty().is_pointer() || val.is_null_or_undef() {
            return;
        }
        let Some(ai) = self.info(addr) else { return };
        // (A `void *` at a structure's start is written through the
        // structure's own pointer at -O2: no GEP names the field.)
        let fields = match ai.elements.as_slice() {
            [] => match self.generic_first_field(ai) {
                Some(f) => vec![f],
                None => return,
            },
            es => es.iter().map(|e| (e.aggregate, e.field)).collect(),
        };
        let stored = self
            .info(val)
            .filter(|v| v.ambiguous.is_none() && v.unknown.is_none() && v.elements.is_empty())
            .and_then(|v| v.dominant)
            .and_then(|d| self.pointee_struct(d));
        for f in fields {
            self.field_stores.entry(f).or_default().push(stored);
        }
    }

    /// A `void *` field that holds pointers to several structures (an
    /// opaque handle: bzip2's `strm->state`, an `EState` or a `DState`),
    /// each load of it used as one of them. dtrans assumes a program
    /// without undefined behaviour, where an object is only accessed as
    /// its own type: a load used as `T` then reads a pointer to a `T`, and
    /// the accesses through it are `T`'s. Allowed when every write of the
    /// field is seen and stores a pointer to one known structure (or null),
    /// `T` among them: the holder passes delete-field's safety conditions
    /// (no escape, cast or byte-wise write the analysis cannot follow),
    /// the program is whole (and internalized: every function but `main`
    /// and every global definition local), and no global initializes the
    /// field. Else
    /// the load is a cast the analysis cannot check: BadCasting, as before.
    /// Decided after propagation, again until nothing changes (a load
    /// refused adds conditions that may reach another's holder).
    fn settle_void_fields(&mut self) {
        let forbidding = crate::info::Transform::DeleteField.forbidding();
        let mut pending = std::mem::take(&mut self.void_field_loads);
        // Code outside the module (it calls a visible function or writes a
        // visible global) could store anything in the field.
        let internalized =
            self.m.functions().all(|f| f.is_declaration() || f.as_value().has_local_linkage() || f.name() == "main")
                && self.m.globals().all(|g| {
                    g.kind() != ValueKind::GlobalVariable
                        || g.initializer().is_none()
                        || g.has_local_linkage()
                        || g.name().starts_with("llvm.")
                });
        loop {
            let mut refused = Vec::new();
            pending.retain(|(holder, k, t, site)| {
                let stores = self.field_stores.get(&(*holder, *k));
                // Another field's address taken (zlib's `next_out =
                // &stream.reserved`) writes that field only: every write of
                // this one is still seen.
                let other_fields = |d: &SafetyData| {
                    !d.has(Condition::FieldAddressTaken)
                        || (!self.any_field_taken.contains(holder)
                            && self.fields_taken.get(holder).is_none_or(|f| !f.contains(k)))
                };
                let ok = self.whole.ok()
                    && internalized
                    && stores.is_some_and(|st| st.iter().all(|x| x.is_some()) && st.contains(&Some(*t)))
                    && self.data.get(holder).is_none_or(|d| {
                        !forbidding.iter().any(|c| *c != Condition::FieldAddressTaken && d.has(*c)) && other_fields(d)
                    })
                    && !self.initializes_field(*holder, *k);
                if !ok {
                    refused.push((*t, site.clone()));
                }
                ok
            });
            if refused.is_empty() {
                return;
            }
            for (t, site) in refused {
                self.mark(t, Condition::BadCasting, site);
            }
            self.propagate();
        }
    }

    /// Whether a global's initializer gives field `k` of a `holder` a value
    /// other than null.
    fn initializes_field(&self, holder: TypeId, k: u32) -> bool {
        let Some(name) = self.tm().struct_name(holder) else { return true };
        let Some(t) = self.m.struct_type(name) else { return true };
        fn walk<'m>(c: Value<'m>, t: dtrans_ir::Type<'m>, k: u32, depth: u32) -> bool {
            if depth > 8 || c.kind() != ValueKind::ConstantAggregate {
                return false;
            }
            if c.ty() == t {
                return c.aggregate_element(k).is_some_and(|e| !e.is_null_or_undef());
            }
            (0..c.num_operands()).any(|i| c.aggregate_element(i).is_some_and(|e| walk(e, t, k, depth + 1)))
        }
        self.m.globals().any(|g| g.initializer().is_some_and(|init| walk(init, t, k, 0)))
    }

    fn check_gep(&mut self, i: Instruction<'m>) {
        let v = i.as_value();
        let Some(base) = i.operand(0).and_then(|b| self.info(b)) else { return };
        // (Before the ambiguous base's return: that marks only the base's
        // structures, not the one past the header.)
        self.check_header_step(i);
        if base.ambiguous.is_some() {
            let structs = self.structs_of(base);
            let site = self.site(i, "address computed from an ambiguous pointer");
            self.mark_all(&structs, Condition::AmbiguousGEP, &site);
            return;
        }
        self.check_scalar_step(i, base);
        let Some(r) = self.info(v) else { return };
        if let Some(why) = &r.unknown {
            if base.unknown.is_none() {
                let structs = self.structs_of(base);
                let site = self.site(i, format!("address not understood: {why}"));
                self.mark_all(&structs, Condition::BadPtrManipulation, &site);
            }
        }
    }

    /// `p + k` over elements of another type than the structure `p` points
    /// to (`(unsigned *)o + 1`, an `int` at the start of `struct O`): the
    /// result is inside the structure, at whatever the layout puts there,
    /// and what it is then used as is not one of its fields. (Byte offsets
    /// are resolved to fields by the pointer analysis; a step over whole
    /// structures, or an isomorphic one the linker merged, is fine.)
    fn check_scalar_step(&mut self, i: Instruction<'m>, base: &ValueInfo) {
        if i.num_operands() != 2 || i.operand(1).and_then(|k| k.const_int_value()) == Some(0) {
            return;
        }
        let Some(src) = i.gep_source_type() else { return };
        if src.int_width() == Some(8) {
            return;
        }
        let Some(s) = self.dominant_struct(base) else { return };
        let tm = self.tm();
        let Some(st) = self.layout.ir_type(tm, s) else { return };
        if st == src || dtrans_ir::isomorphic_types(st, src) {
            return;
        }
        let site = self.site(i, format!("steps over {src} elements from a pointer to {}", self.tm().display(s)));
        self.mark(s, Condition::BadPtrManipulation, site.clone());
        // A structure the result is used as lives in `s`'s bytes.
        if let Some(r) = self.info(i.as_value()) {
            let inside: Vec<TypeId> = self.structs_of(r).into_iter().filter(|t| *t != s).collect();
            self.mark_all(&inside, Condition::BadCasting, &site);
        }
    }

    fn check_header_step(&mut self, i: Instruction<'m>) {
        let v = i.as_value();
        let Some(r) = self.info(v) else { return };
        if let Some(&t) = self.pt.header_steps.get(&v) {
            // `(U *)(t + 1)`: the bytes past a `T` are another structure, in
            // memory the analysis cannot size as either.
            let tm = self.tm();
            let u = r.dominant.and_then(|d| tm.pointee(d)).filter(|p| matches!(tm.get(*p), DType::Struct(_)));
            let (tn, un) = (tm.display(t).to_string(), u.map(|u| tm.display(u).to_string()).unwrap_or_default());
            let site = self.site(i, format!("a step past a {tn} used as a {un}"));
            self.mark(t, Condition::BadPtrManipulation, site.clone());
            if let Some(u) = u {
                self.mark(u, Condition::BadCasting, site);
            }
        }
    }

    fn check_alloca(&mut self, i: Instruction<'m>) {
        let Some(info) = self.info(i.as_value()) else { return };
        let Some(d) = info.dominant else { return };
        let tm = self.tm();
        let Some(obj) = tm.pointee(d) else { return };
        let mut base = obj;
        while let DType::Array { elem, .. } = tm.get(base) {
            base = *elem;
        }
        if matches!(tm.get(base), DType::Struct(_)) {
            // (In the IR: an array, at any depth, of the structure itself,
            // one of it: bytes used as the structure are a lone instance.)
            let mut ir = i.allocated_type();
            let array = ir.is_some_and(|t| t.is_array()) && i.operand(0).and_then(|n| n.const_int_value()) == Some(1);
            while let Some(e) = ir.filter(|t| t.is_array()).and_then(|t| t.element_type()) {
                ir = Some(e);
            }
            let array =
                array && ir.and_then(|t| t.struct_name()).is_some_and(|n| Some(n.as_str()) == tm.struct_name(base));
            let site = self.site(i, if array { "a local array" } else { "a local instance" });
            self.mark(base, Condition::LocalInstance, site);
            if !array {
                self.data.entry(base).or_default().lone_local = true;
            }
        } else if let Some(s) = self.pointee_struct(base) {
            let site = self.site(i, "a local pointer");
            self.mark(s, Condition::LocalPtr, site);
        }
    }

    fn check_return(&mut self, f: Function<'m>, i: Instruction<'m>) {
        let Some(v) = i.operand(0) else { return };
        if let Some(s) = self.struct_value(v.ty()) {
            let site = self.site(i, "returns a structure by value");
            self.mark(s, Condition::WholeStructureReference, site);
        }
        let Some(info) = self.info(v) else { return };
        if !info.elements.is_empty() {
            let elements = info.elements.clone();
            let site = self.site(i, "returns a field's address");
            self.mark_field_addresses(&elements, &site);
        }
        // Returned as `void *` or an integer from a function that is not an
        // allocator: callers cannot know the type.
        let Some(s) = self.dominant_struct(info) else { return };
        let declared_ret = self.fn_types.get(&f).and_then(|t| match self.tm().get(*t) {
            DType::Function { ret, .. } => Some(*ret),
            _ => None,
        });
        let generic = declared_ret.map_or(v.ty().int_width().is_some(), |r| self.is_generic(r));
        if generic && self.pt.mem_fns.kind(f).is_none() {
            let site = self.site(i, "returned as void* or an integer");
            self.mark(s, Condition::AddressTaken, site);
        }
    }

    /// `sub (ptrtoint a), (ptrtoint b)`: only a count of whole structures,
    /// divided by the structure size, is understood.
    fn check_sub(&mut self, i: Instruction<'m>) {
        let (Some(x), Some(y)) = (i.operand(0), i.operand(1)) else { return };
        let (Some(a), Some(b)) = (ptr_of(x), ptr_of(y)) else { return };
        let (Some(ia), Some(ib)) = (self.info(a), self.info(b)) else { return };
        let mut fields: Vec<TypeId> = ia.elements.iter().chain(&ib.elements).map(|e| e.aggregate).collect();
        fields.dedup();
        if !fields.is_empty() {
            let site = self.site(i, "difference of field addresses");
            self.mark_all(&fields, Condition::BadPtrManipulation, &site);
            return;
        }
        let (sa, sb) = (self.dominant_struct(ia), self.dominant_struct(ib));
        match (sa, sb) {
            (Some(s), Some(t)) if s == t => {
                let size = self.size(s).unwrap_or(0);
                if !divided_by(i.as_value(), size) {
                    let site = self.site(i, format!("pointer difference not divided by the size ({size})"));
                    self.mark(s, Condition::BadPtrManipulation, site);
                }
            }
            (None, None) => {}
            _ => {
                let mut all = Vec::new();
                all.extend(sa);
                all.extend(sb);
                let site = self.site(i, "difference of pointers to different types");
                self.mark_all(&all, Condition::UnhandledUse, &site);
            }
        }
    }

    /// An address made from integer arithmetic on a structure pointer.
    fn check_int_to_ptr(&mut self, i: Instruction<'m>) {
        let Some(x) = i.operand(0) else { return };
        if ptr_of(x).is_some() {
            return; // `inttoptr (ptrtoint p)`: the same address
        }
        let mut sources = Vec::new();
        ptrtoint_sources(x, &mut sources, 0);
        let mut structs = Vec::new();
        for p in sources {
            if let Some(info) = self.info(p) {
                structs.extend(self.structs_of(info));
            }
        }
        if !structs.is_empty() {
            let site = self.site(i, "address computed by integer arithmetic");
            self.mark_all(&structs, Condition::BadPtrManipulation, &site);
        }
    }

    fn check_call(&mut self, i: Instruction<'m>) {
        let v = i.as_value();
        let invoke = i.opcode() == Opcode::LLVMInvoke;
        let nargs = i.call_arg_count().unwrap_or(0);
        let args: Vec<Value<'m>> = (0..nargs).filter_map(|k| i.call_arg(k)).collect();
        if invoke {
            for a in &args {
                if let Some(info) = self.info(*a) {
                    let structs = self.structs_of(info);
                    let site = self.site(i, "invoke");
                    self.mark_all(&structs, Condition::HasCppHandling, &site);
                }
            }
        }
        let callee = i.called_function();
        let name = callee.map(|c| c.name()).unwrap_or_default();
        if name.starts_with("llvm.") {
            self.check_intrinsic(i, &name, &args);
            return;
        }
        self.check_variadic_values(i, &args);
        // Arguments: ambiguous pointers and field addresses.
        for a in &args {
            let Some(info) = self.info(*a) else { continue };
            if info.ambiguous.is_some() {
                let structs = self.structs_of(info);
                let site =
                    self.site(i, format!("passes an ambiguous pointer ({})", info.ambiguous.as_deref().unwrap()));
                self.mark_all(&structs, Condition::AmbiguousPointerTarget, &site);
            }
        }
        if let Some(kind) = callee.and_then(|c| self.pt.mem_fns.kind(c)) {
            match kind {
                MemFn::Alloc(AllocKind::New | AllocKind::NewArray)
                | MemFn::Free(FreeKind::Delete | FreeKind::DeleteArray) => {
                    let mut structs = Vec::new();
                    for x in args.iter().copied().chain(std::iter::once(v)) {
                        if let Some(info) = self.info(x) {
                            structs.extend(self.structs_of(info));
                        }
                    }
                    let site = self.site(i, "C++ new or delete");
                    self.mark_all(&structs, Condition::HasCppHandling, &site);
                }
                _ => {}
            }
            // A wrapper's other parameters are the program's (a memory
            // manager): checked as any defined call's.
            if let Some(c) = callee.filter(|c| !c.is_declaration()) {
                self.check_defined_call(i, c, &args);
            }
            self.check_origin(v, None, Some(i));
            return;
        }
        match callee {
            Some(c) if !c.is_declaration() => self.check_defined_call(i, c, &args),
            Some(c) => self.check_library_call(i, &c.name(), &args),
            None => self.check_indirect_call(i, &args),
        }
        // What a non-allocating call returns, used as a structure (a
        // library function returning its own object, `localtime`'s
        // `struct tm *`, is a SystemObject, not a cast).
        let system = callee.is_some_and(|c| c.is_declaration() && lib_effect(&c.name()) == Some(LibEffect::System));
        if !system {
            self.check_result(i);
        }
        // A structure a library function declares it returns (its source
        // prototype: `localeconv`'s `struct lconv *`) is the library's:
        // its layout is not the program's to change.
        if let Some(c) = callee.filter(|c| c.is_declaration()) {
            let returned = match self.fn_types.get(&c).map(|t| self.tm().get(*t)) {
                Some(DType::Function { ret, .. }) => self.pointee_struct(*ret),
                _ => None,
            };
            if let Some(r) = returned {
                let site = self.site(i, format!("returned by the library's @{}", c.name()));
                self.mark(r, Condition::SystemObject, site);
            }
        }
    }

    /// The result of a call that is not an allocation: a `void *` used as a
    /// structure is a cast the analysis cannot check.
    fn check_result(&mut self, i: Instruction<'m>) {
        let v = i.as_value();
        let Some(info) = self.info(v) else { return };
        if info.ambiguous.is_some() || info.unknown.is_some() {
            self.check_origin(v, None, Some(i));
            return;
        }
        let Some(s) = self.dominant_struct(info) else { return };
        if info.declared.iter().all(|d| self.is_generic(*d)) {
            let why = format!("void* result used as {}", self.tm().display(info.dominant.unwrap()));
            let site = self.site(i, why);
            self.mark(s, Condition::BadCasting, site);
        }
    }

    /// A structure passed by value (`byval`, or as a value) in the `...` of
    /// a variadic call is read by `va_arg` at the old layout's offsets,
    /// which at -O2 are plain pointer arithmetic on the argument area that
    /// nothing ties to the structure.
    fn check_variadic_values(&mut self, i: Instruction<'m>, args: &[Value<'m>]) {
        let Some(fty) = i.called_function_type() else { return };
        if !fty.is_var_arg() {
            return;
        }
        for k in fty.param_types().len()..args.len() {
            let ty = i.call_param_type_attribute(k as u32, "byval").unwrap_or_else(|| args[k].ty());
            let mut structs = Vec::new();
            self.structs_held(ty, &mut structs);
            if !structs.is_empty() {
                let site = self.site(i, format!("argument {k} passes a structure by value through `...`"));
                self.mark_all(&structs, Condition::WholeStructureReference, &site);
            }
        }
    }

    /// The named structures type `ty` holds by value (itself included).
    fn structs_held(&self, ty: dtrans_ir::Type<'m>, out: &mut Vec<TypeId>) {
        if let Some(s) = self.struct_value(ty) {
            out.push(s);
        } else if ty.is_literal_struct() {
            for f in ty.struct_fields() {
                self.structs_held(f, out);
            }
        } else if ty.is_array() {
            if let Some(e) = ty.element_type() {
                self.structs_held(e, out);
            }
        }
    }

    fn check_defined_call(&mut self, i: Instruction<'m>, callee: Function<'m>, args: &[Value<'m>]) {
        for (k, a) in args.iter().enumerate() {
            let Some(info) = self.info(*a) else { continue };
            if !info.elements.is_empty() {
                let elements = info.elements.clone();
                let site = self.site(i, format!("passes a field's address to @{}", callee.name()));
                self.mark_field_addresses(&elements, &site);
            }
            let param = callee.param(k as u32).and_then(|p| self.info(p));
            let Some(s) = self.dominant_struct(info) else {
                // An argument that is itself ambiguous because the callee's
                // `void *` parameter uses it as something else.
                if info.ambiguous.is_some() && param.is_some_and(|p| p.ambiguous.is_some()) {
                    let structs = self.structs_of(info);
                    let site = self.site(i, format!("argument {k} of @{} is used as another type", callee.name()));
                    self.mark_all(&structs, Condition::MismatchedArgUse, &site);
                }
                continue;
            };
            let Some(p) = param else { continue };
            let fits = p.ambiguous.is_none()
                && p.unknown.is_none()
                && p.dominant.is_some_and(|d| {
                    self.is_generic(d)
                        || self.pointee_struct(d).is_some_and(|ps| ps == s || zero_chain(self.tm(), s).any(|z| z == ps))
                });
            if !fits {
                let site = self.site(i, format!("argument {k} of @{} is used as another type", callee.name()));
                self.mark(s, Condition::MismatchedArgUse, site);
            }
        }
    }

    fn check_indirect_call(&mut self, i: Instruction<'m>, args: &[Value<'m>]) {
        let declared = self.call_types.get(&i).copied();
        let params = match declared.map(|t| self.tm().get(t)) {
            Some(DType::Function { params, .. }) => params.clone(),
            _ => Vec::new(),
        };
        for (k, a) in args.iter().enumerate() {
            let Some(info) = self.info(*a) else { continue };
            if !info.elements.is_empty() {
                let elements = info.elements.clone();
                let site = self.site(i, "passes a field's address through a function pointer");
                self.mark_field_addresses(&elements, &site);
            }
            let Some(s) = self.dominant_struct(info) else { continue };
            let ok = params.get(k).is_some_and(|t| self.pointee_struct(*t) == Some(s));
            if !ok {
                let site = self.site(i, "passed through a function pointer with no type for it");
                self.mark(s, Condition::AddressTaken, site);
            }
        }
    }

    fn check_library_call(&mut self, i: Instruction<'m>, name: &str, args: &[Value<'m>]) {
        let effect = lib_effect(name);
        let mut escaping = Vec::new();
        for (k, a) in args.iter().enumerate() {
            let Some(info) = self.info(*a) else { continue };
            // The library's own objects (`FILE *` given to `fwrite`) are
            // SystemObjects already: only the program's structures escape.
            let tm = self.tm();
            let whole =
                self.dominant_struct(info).filter(|s| !is_system_struct(tm.struct_name(*s).unwrap_or_default()));
            let fields: Vec<TypeId> = info.elements.iter().map(|e| e.aggregate).collect();
            match effect {
                Some(LibEffect::None) => {}
                Some(LibEffect::Bytes) => {
                    // Characters and scalars through a field's address stay
                    // in the field; a whole structure read as bytes does not
                    // (unless it starts with a character array: at -O2
                    // `net->name` is `net`).
                    if let Some(s) = whole.filter(|s| fields.is_empty() && !self.starts_with_chars(*s)) {
                        let site = self.site(i, format!("passed as bytes to @{name}"));
                        self.mark(s, Condition::AddressTaken, site);
                    }
                }
                Some(LibEffect::Layout) => {
                    let site = self.site(i, format!("its bytes are read or written by @{name}"));
                    if let Some(s) = whole {
                        self.mark(s, Condition::AddressTaken, site.clone());
                    }
                    self.mark_all(&fields, Condition::FieldAddressTaken, &site);
                }
                Some(LibEffect::Sort { base, cmp, .. }) => {
                    if k as u32 == cmp {
                        continue;
                    }
                    if k as u32 == base {
                        let cf = args.get(cmp as usize).and_then(|c| c.strip_aliases().as_function());
                        let known = cf.is_some_and(|c| self.comparators.contains_key(&c));
                        if let Some(s) = whole.filter(|_| !known) {
                            let site =
                                self.site(i, format!("sorted by @{name} with an element size that is not its size, or a comparator used elsewhere too"));
                            self.mark(s, Condition::AddressTaken, site);
                        }
                        let site = self.site(i, format!("a field's address passed to @{name}"));
                        self.mark_all(&fields, Condition::FieldAddressTaken, &site);
                    }
                }
                Some(LibEffect::System) => {
                    let site = self.site(i, format!("passed to @{name}"));
                    if let Some(s) = whole {
                        self.mark(s, Condition::SystemObject, site.clone());
                    }
                    self.mark_all(&fields, Condition::FieldAddressTaken, &site);
                }
                None => {
                    let structs = self.structs_of(info);
                    if !structs.is_empty() {
                        escaping.extend(structs.iter().copied());
                        let site = self.site(i, format!("passed to the unknown external function @{name}"));
                        self.mark_all(&structs, Condition::AddressTaken, &site);
                        self.mark_all(&fields, Condition::FieldAddressTaken, &site);
                    }
                }
            }
        }
        if effect == Some(LibEffect::System) {
            if let Some(s) = self.info(i.as_value()).and_then(|r| self.dominant_struct(r)) {
                let site = self.site(i, format!("returned by @{name}"));
                self.mark(s, Condition::SystemObject, site);
            }
        }
        if effect.is_none() && !escaping.is_empty() && self.unknown_externals.insert(name.to_string()) {
            let tm = self.tm();
            self.whole.reasons.push(format!("@{name} is not defined and sees {}", tm.display(escaping[0])));
        }
    }

    fn check_intrinsic(&mut self, i: Instruction<'m>, name: &str, args: &[Value<'m>]) {
        let base = name.split('.').take(2).collect::<Vec<_>>().join(".");
        match base.as_str() {
            "llvm.memset" => {
                if let (Some(d), Some(n)) = (args.first(), args.get(2)) {
                    self.check_mem_range(i, *d, *n, "memset");
                }
            }
            "llvm.memcpy" | "llvm.memmove" => {
                let (Some(d), Some(s), Some(n)) = (args.first(), args.get(1), args.get(2)) else { return };
                self.check_mem_range(i, *d, *n, "memcpy");
                self.check_mem_range(i, *s, *n, "memcpy");
                // Both sides the same structure, or neither a structure
                // (a string buffer field counts as bytes).
                let ds = self.mem_target(*d, *n).flatten();
                let ss = self.mem_target(*s, *n).flatten();
                // A local initialized from a constant clang made for it
                // (`@__const.f.x`, laid out as a literal structure): an
                // initializer to rewrite, not a copy between types.
                if let (Some(t), None) = (ds, ss) {
                    let constant = s.strip_aliases().initializer().is_some();
                    let size = s.strip_aliases().global_value_type().and_then(|ty| self.layout.ir_size(ty));
                    if constant && size.is_some() && size == n.const_uint_value() {
                        let site = self.site(i, format!("initialized from the constant {}", s.name()));
                        self.mark(t, Condition::HasInitializerList, site);
                        return;
                    }
                }
                // A structure at the start of the other one, copied whole:
                // the pointer to the outer one is also a pointer to it.
                let inner_copy = match (ds, ss) {
                    (Some(a), Some(b)) if a != b => {
                        let tm = self.pt.tm();
                        let n = n.const_uint_value();
                        let nested = |o: TypeId, x: TypeId| zero_chain(tm, o).any(|z| z == x);
                        (nested(a, b) || nested(b, a))
                            && n.is_some()
                            && n == self.size(if nested(a, b) { b } else { a })
                    }
                    _ => false,
                };
                if (ds.is_some() || ss.is_some()) && ds != ss && !inner_copy {
                    let mut all = Vec::new();
                    all.extend(ds);
                    all.extend(ss);
                    let site = self.site(i, "copies between different types");
                    self.mark_all(&all, Condition::BadMemFuncManipulation, &site);
                }
            }
            "llvm.lifetime" | "llvm.dbg" | "llvm.assume" | "llvm.experimental" | "llvm.invariant"
            | "llvm.stacksave" | "llvm.stackrestore" | "llvm.prefetch" | "llvm.va_start" | "llvm.va_end"
            | "llvm.va_copy" | "llvm.trap" | "llvm.smax" | "llvm.smin" | "llvm.umax" | "llvm.umin" | "llvm.abs"
            | "llvm.ctpop" | "llvm.ctlz" | "llvm.cttz" | "llvm.fabs" | "llvm.sqrt" | "llvm.fmuladd" | "llvm.fma"
            | "llvm.floor" | "llvm.ceil" | "llvm.round" | "llvm.trunc" | "llvm.minnum" | "llvm.maxnum"
            | "llvm.copysign" | "llvm.bswap" | "llvm.objectsize" | "llvm.expect" | "llvm.umul" | "llvm.smul"
            | "llvm.uadd" | "llvm.sadd" | "llvm.usub" | "llvm.ssub" | "llvm.vector" | "llvm.fshl" | "llvm.fshr"
            | "llvm.pow" | "llvm.exp" | "llvm.log" | "llvm.sin" | "llvm.cos" | "llvm.rint" | "llvm.nearbyint"
            | "llvm.lrint" | "llvm.llrint" | "llvm.lround" | "llvm.llround" | "llvm.is" | "llvm.bitreverse" => {}
            // The same pointer back (a pointer annotation, an invariant
            // group barrier): the recovery gives the result the operand's
            // types, and the result's own uses are checked.
            "llvm.ptr" | "llvm.launder" | "llvm.strip" | "llvm.ssa" | "llvm.var" | "llvm.annotation" => {}
            _ => {
                for a in args {
                    if let Some(info) = self.info(*a) {
                        let structs = self.structs_of(info);
                        let site = self.site(i, format!("passed to {name}"));
                        self.mark_all(&structs, Condition::UnhandledUse, &site);
                    }
                }
            }
        }
    }

    /// Whether a character array is at the start of structure `s` (at any
    /// depth): a pointer to `s` is also that string's address.
    fn starts_with_chars(&self, s: TypeId) -> bool {
        let tm = self.tm();
        zero_chain(tm, s)
            .any(|z| matches!(tm.get(z), DType::Array { elem, .. } if matches!(tm.get(*elem), DType::Int(8))))
    }

    /// Where a memory intrinsic's pointer points: `Some(Some(s))` into
    /// structure `s` as structures, `Some(None)` only into one field that
    /// is an array of scalars (a string buffer: the bytes stay in it), or
    /// `None` when not into a structure.
    fn mem_target(&mut self, p: Value<'m>, len: Value<'m>) -> Option<Option<TypeId>> {
        let info = self.info(p)?;
        // A whole structure held in a field (`t.s = *q`): that structure.
        if let [e] = info.elements.as_slice() {
            let tm = self.pt.tm();
            let field = struct_fields(tm, e.aggregate).and_then(|f| f.get(e.field as usize)).copied();
            if let Some(f) = field.filter(|f| matches!(tm.get(*f), DType::Struct(_))) {
                if len.const_uint_value().is_some_and(|n| Some(n) == self.size(f)) {
                    return Some(Some(f));
                }
            }
        }
        let (agg, start) = match info.elements.as_slice() {
            [e] => (e.aggregate, self.layout.field_offset(self.pt.tm(), e.aggregate, e.field)?),
            [] => (self.dominant_struct(info)?, 0),
            _ => return Some(Some(info.elements[0].aggregate)),
        };
        if self.inside_scalar_array(agg, start, len.const_uint_value()) {
            return Some(None);
        }
        Some(Some(agg))
    }

    /// Whether `[start, start + n)` lies in one field of `s` (at any depth)
    /// that is an array of scalars.
    fn inside_scalar_array(&mut self, s: TypeId, start: u64, n: Option<u64>) -> bool {
        let Some(n) = n else { return false };
        let tm = self.pt.tm();
        let Some((at, _)) = self.layout.resolve(tm, s, start) else { return false };
        let chain: Vec<TypeId> = zero_chain(tm, at).collect();
        chain.into_iter().any(|z| self.scalar_array_holds(z, n))
    }

    fn scalar_array_holds(&mut self, t: TypeId, n: u64) -> bool {
        let tm = self.pt.tm();
        let DType::Array { elem, .. } = tm.get(t) else { return false };
        let scalar = !matches!(
            tm.get(*elem),
            DType::Struct(_) | DType::Literal { .. } | DType::Array { .. } | DType::Pointer(_)
        );
        scalar && self.size(t).is_some_and(|size| n <= size)
    }

    /// A memory intrinsic over `len` bytes from `p`: whole structures, a run
    /// of whole fields (MemFuncPartialWrite), or something else
    /// (BadMemFuncSize).
    fn check_mem_range(&mut self, i: Instruction<'m>, p: Value<'m>, len: Value<'m>, what: &str) {
        let Some(info) = self.info(p) else { return };
        if info.ambiguous.is_some() || info.unknown.is_some() {
            return; // marked where made
        }
        // The object the range starts in, and where in it.
        let (agg, start) = if info.elements.len() == 1 {
            let e = info.elements[0];
            let Some(off) = self.layout.field_offset(self.pt.tm(), e.aggregate, e.field) else { return };
            (e.aggregate, off)
        } else if info.elements.is_empty() {
            let Some(s) = self.dominant_struct(info) else { return };
            (s, 0)
        } else {
            let aggs: Vec<TypeId> = info.elements.iter().map(|e| e.aggregate).collect();
            let site = self.site(i, format!("{what} from one of several fields"));
            self.mark_all(&aggs, Condition::BadMemFuncSize, &site);
            return;
        };
        let Some(size) = self.size(agg).filter(|s| *s > 0) else { return };
        if self.inside_scalar_array(agg, start, len.const_uint_value()) {
            return; // within a string buffer field
        }
        let Some(n) = len.const_uint_value() else {
            if start != 0 || size_is_multiple(len, size) != SizeVerdict::Multiple {
                let site = self.site(i, format!("{what} of a size that is not a whole number of structures"));
                self.mark(agg, Condition::BadMemFuncSize, site);
            }
            return;
        };
        if start == 0 && n % size == 0 {
            return;
        }
        match self.field_run(agg, start, n) {
            Some(partial) if partial.is_empty() => {}
            Some(partial) => {
                let site = self.site(i, format!("{what} of {n} bytes at offset {start} covers some fields"));
                for (s, at) in partial {
                    self.mark(s, Condition::MemFuncPartialWrite, site.clone());
                    if matches!(self.tm().get(s), DType::Struct(_)) && !self.inside_one_field(s, at, n) {
                        self.data.entry(s).or_default().partial_write_across_fields = true;
                    }
                }
            }
            None => {
                let site = self.site(i, format!("{what} of {n} bytes at offset {start} cuts a field"));
                self.mark(agg, Condition::BadMemFuncSize, site);
            }
        }
    }

    /// Whether `[start, start + n)` in structure `s` is a run of whole
    /// fields: `Some([])` all of them, `Some(structures)` a proper subset
    /// of the fields of each structure listed (the run may lie inside a
    /// nested structure: `w->gravity.x = w->gravity.y = 0` is one memset at
    /// -O2), `None` it cuts a field or leaves the structure. Each structure
    /// comes with where the run starts in it.
    fn field_run(&mut self, s: TypeId, start: u64, n: u64) -> Option<Vec<(TypeId, u64)>> {
        let tm = self.pt.tm();
        if let Some(whole) = self.top_level_run(s, start, n) {
            return Some(if whole { Vec::new() } else { vec![(s, start)] });
        }
        // Inside one field that is a structure: a run of its fields.
        let fields = struct_fields(tm, s)?.to_vec();
        for (k, f) in fields.iter().enumerate() {
            let off = self.layout.field_offset(tm, s, k as u32)?;
            let fsize = self.size(*f)?;
            if start >= off && start + n <= off + fsize && struct_fields(tm, *f).is_some() {
                let mut inner = self.field_run(*f, start - off, n)?;
                inner.push((s, start));
                return Some(inner);
            }
        }
        None
    }

    /// Whether `[start, start + n)` lies inside the bytes of one field of
    /// structure `s` (its padding excluded).
    fn inside_one_field(&mut self, s: TypeId, start: u64, n: u64) -> bool {
        let tm = self.pt.tm();
        let Some(fields) = struct_fields(tm, s).map(|f| f.to_vec()) else { return false };
        fields.iter().enumerate().any(|(k, f)| {
            let (Some(off), Some(size)) = (self.layout.field_offset(tm, s, k as u32), self.size(*f)) else {
                return false;
            };
            start >= off && start.saturating_add(n) <= off + size
        })
    }

    /// [`Self::field_run`] over the top-level fields only: `Some(true)` all
    /// of them, `Some(false)` a proper subset.
    fn top_level_run(&mut self, s: TypeId, start: u64, n: u64) -> Option<bool> {
        let tm = self.pt.tm();
        let fields = struct_fields(tm, s)?.to_vec();
        let size = self.size(s)?;
        let end = start.checked_add(n)?;
        if end > size {
            return None;
        }
        let mut first = None;
        let mut last = None;
        for (k, f) in fields.iter().enumerate() {
            let off = self.layout.field_offset(tm, s, k as u32)?;
            let fend = off + self.size(*f)?;
            let next = if k + 1 < fields.len() { self.layout.field_offset(tm, s, k as u32 + 1)? } else { size };
            if off == start {
                first = Some(k);
            }
            // The run may end at the field's end or after its padding.
            if first.is_some() && (end == fend || end == next) && end > off {
                last = Some(k);
                break;
            }
        }
        let (first, last) = (first?, last?);
        Some(first == 0 && last + 1 == fields.len())
    }

    /// BadAllocSizeArg: an allocation of a structure whose size is not a
    /// whole number of them.
    fn visit_allocations(&mut self) {
        for a in &self.pt.allocations {
            let Some(t) = a.allocated else { continue };
            let mut base = t;
            let tm = self.pt.tm();
            while let DType::Array { elem, .. } = tm.get(base) {
                base = *elem;
            }
            if !matches!(tm.get(base), DType::Struct(_)) || a.size == SizeVerdict::Multiple {
                continue;
            }
            if let Some(f) = a.call.parent_function() {
                let name = format!("@{}", f.name());
                if name != self.fname {
                    self.names = f.local_names();
                    self.fname = name;
                }
            }
            let why = match a.size {
                SizeVerdict::NotMultiple => "size is not a multiple of the structure's",
                _ => "size not understood",
            };
            let site = self.site(a.call, why);
            self.mark(base, Condition::BadAllocSizeArg, site);
        }
    }

    /// Conditions spread to nested structures by value (both ways) and, for
    /// escapes, through pointer fields; to a fixed point.
    fn propagate(&mut self) {
        let tm = self.pt.tm();
        let structs = tm.structs().to_vec();
        // (from, to, by_value)
        let mut edges: Vec<(TypeId, TypeId, bool)> = Vec::new();
        for s in &structs {
            let Some(fields) = struct_fields(tm, *s) else { continue };
            for f in fields {
                let (mut base, depth) = tm.strip_pointers(*f);
                while let DType::Array { elem, .. } = tm.get(base) {
                    base = *elem;
                }
                if !matches!(tm.get(base), DType::Struct(_)) || base == *s {
                    continue;
                }
                if depth == 0 {
                    edges.push((*s, base, true));
                    // A union's members overlap each other, not the fields
                    // of the structure holding it: its own conditions stay.
                    if !tm.struct_name(base).is_some_and(|n| n.starts_with("union.")) {
                        edges.push((base, *s, true));
                    }
                } else {
                    edges.push((*s, base, false));
                }
            }
        }
        let mut changed = true;
        while changed {
            changed = false;
            for (from, to, by_value) in &edges {
                let Some(d) = self.data.get(from) else { continue };
                let carried: Vec<Condition> = d
                    .conditions
                    .keys()
                    .copied()
                    .filter(|c| if *by_value { c.spreads_by_value() } else { c.spreads_through_pointers() })
                    .collect();
                for c in carried {
                    if c == Condition::FieldAddressTaken {
                        self.any_field_taken.insert(*to);
                    }
                    if self.data.get(to).is_some_and(|t| t.has(c)) {
                        continue;
                    }
                    let how = if *by_value { "shares memory with" } else { "is reached through a pointer in" };
                    let site = Site {
                        place: format!("propagated from {}", tm.display(*from)),
                        line: None,
                        why: format!("{how} it"),
                    };
                    self.data.entry(*to).or_default().add(c, site);
                    changed = true;
                }
            }
        }
    }
}

/// `ptrtoint p` (instruction or constant expression): `p`.
fn ptr_of(v: Value<'_>) -> Option<Value<'_>> {
    let op = match v.as_instruction() {
        Some(i) => (i.opcode() == Opcode::LLVMPtrToInt).then(|| i.operand(0))?,
        None => (v.const_opcode() == Some(Opcode::LLVMPtrToInt)).then(|| v.operand(0))?,
    };
    op
}

/// The pointers whose `ptrtoint` feeds integer value `v`.
fn ptrtoint_sources<'m>(v: Value<'m>, out: &mut Vec<Value<'m>>, depth: u32) {
    if depth > 8 {
        return;
    }
    if let Some(p) = ptr_of(v) {
        out.push(p);
        return;
    }
    let Some(i) = v.as_instruction() else { return };
    if matches!(i.opcode(), Opcode::LLVMPHI | Opcode::LLVMLoad | Opcode::LLVMCall) {
        return;
    }
    for k in 0..i.num_operands() {
        if let Some(o) = i.operand(k) {
            ptrtoint_sources(o, out, depth + 1);
        }
    }
}

/// Whether every use of the pointer difference `d` divides it by `size`:
/// `sdiv`/`udiv` by the size, or (as -O2 writes it) an exact shift by the
/// size's power of two followed, for other sizes, by a multiplication by
/// the inverse of the odd part.
fn divided_by(d: Value<'_>, size: u64) -> bool {
    if size == 0 {
        return false;
    }
    let users = d.users();
    !users.is_empty()
        && users.iter().all(|u| {
            let Some(i) = u.as_instruction() else { return false };
            let rhs = i.operand(1).and_then(|r| r.const_uint_value());
            match i.opcode() {
                Opcode::LLVMSDiv | Opcode::LLVMUDiv => rhs == Some(size),
                Opcode::LLVMAShr | Opcode::LLVMLShr => {
                    let tz = u64::from(size.trailing_zeros());
                    let odd = size >> tz;
                    rhs == Some(tz)
                        && (odd == 1
                            || i.as_value().users().iter().all(|m| {
                                m.as_instruction().is_some_and(|m| {
                                    m.opcode() == Opcode::LLVMMul
                                        && m.operand(1)
                                            .and_then(|c| c.const_uint_value())
                                            .is_some_and(|c| c.wrapping_mul(odd) == 1)
                                })
                            }))
                }
                Opcode::LLVMICmp => true,
                _ => false,
            }
        })
}

fn short_file(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Whether every use of `f` is as the comparator of a library sort or
/// search, or as the callee of a direct call.
fn only_sorts_call(f: Function<'_>) -> bool {
    f.as_value().users().into_iter().all(|u| {
        let Some(i) = u.as_instruction().filter(|i| i.is_call()) else { return false };
        let n = i.call_arg_count().unwrap_or(0);
        let uses: Vec<u32> = (0..n).filter(|k| i.call_arg(*k) == Some(f.as_value())).collect();
        if uses.is_empty() {
            return i.called_value() == Some(f.as_value());
        }
        let sort = i.called_function().filter(|c| c.is_declaration()).and_then(|c| lib_effect(&c.name()));
        matches!(sort, Some(LibEffect::Sort { cmp, .. }) if uses == [cmp])
    })
}

/// The structures that start where an object of type `t` does (`t`
/// itself, its first field, ...): an address of a `t` is also one of
/// their first fields.
fn structs_starting_at(tm: &TypeManager, t: TypeId) -> Vec<TypeId> {
    zero_chain(tm, t).filter(|x| matches!(tm.get(*x), DType::Struct(_) | DType::Literal { .. })).collect()
}
