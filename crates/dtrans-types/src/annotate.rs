//! The builder of DTrans metadata from debug information (`dtrans annotate`).
//!
//! Stock clang emits no DTrans metadata, but with `-g` its debug information
//! says what every pointer points to. This module maps each LLVM structure to
//! its `DICompositeType`, derives each field's DTrans type from the source
//! member at the field's offset, derives function signatures (following
//! clang's x86-64 ABI lowering), and types globals, allocas and indirect
//! calls; then it writes everything with the [`MetadataWriter`].
//!
//! Where the mapping is not certain, it leaves the item without metadata and
//! says why in the [`AnnotateReport`], rather than guess.
use std::collections::{HashMap, HashSet};

use dtrans_ir::{
    dwarf, isomorphic_structs, AttrIndex, Attribute, DataLayout, DbgExpr, DebugVariable, DiType, Function, Instruction,
    Metadata, Module, Opcode, Type, TypeKind, Value,
};

use crate::from_ir::{ir_to_dtrans, StructNames};
use crate::manager::{struct_ref, AtomicKind, DType, TypeId, TypeManager};
use crate::writer::MetadataWriter;
use crate::{read_module, strip_dtrans_metadata, StructSource, FUNC_TYPE_MD, UNIONS_MD, VALUE_TYPE_MD};

/// Options of [`annotate`].
#[derive(Clone, Copy, Debug, Default)]
pub struct AnnotateOptions {
    /// Rebuild all DTrans metadata; otherwise existing metadata is kept and
    /// only what is missing is added.
    pub replace: bool,
    /// Go on (writing what can be derived) when the module has no debug
    /// information.
    pub allow_partial: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum AnnotateError {
    #[error("{0}: no debug information (compile with `clang-19 -g`); use --allow-partial to annotate what the IR alone says")]
    NoDebugInfo(String),
}

/// What the annotator could not map, and why.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct AnnotateReport {
    /// Structures described (name -> source of the description).
    pub structs: Vec<ReportStruct>,
    /// Everything left without (complete) metadata, with the reason.
    pub unmapped: Vec<ReportItem>,
    pub functions_annotated: usize,
    pub globals_annotated: usize,
    pub allocas_annotated: usize,
    pub calls_annotated: usize,
    /// LLVM structures that are members of a source union: they share
    /// storage with the union's other members, which the IR does not show
    /// (a union's LLVM type holds one member).
    pub union_members: Vec<String>,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct ReportStruct {
    pub name: String,
    /// `debug-info`, `ir` (no pointers: the IR says everything),
    /// `debug-info (opaque: no IR type)`, or `existing`.
    pub source: String,
    /// Fields whose type came from the IR, with the reason (`padding`,
    /// `bit-field storage`, ...).
    pub ir_fields: Vec<String>,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct ReportItem {
    /// `struct`, `field`, `function`, `parameter`, `return`, `global`, `alloca` or `call`.
    pub kind: &'static str,
    pub name: String,
    pub reason: String,
}

/// Adds DTrans metadata derived from debug information to `m`.
pub fn annotate(m: &mut Module<'_>, opts: AnnotateOptions) -> Result<AnnotateReport, AnnotateError> {
    let has_debug = m.named_metadata("llvm.dbg.cu").is_some_and(|n| !n.operands().is_empty());
    if !has_debug && !opts.allow_partial {
        return Err(AnnotateError::NoDebugInfo(m.path().display().to_string()));
    }
    // What already carries metadata is kept unless --replace.
    let existing = if opts.replace {
        strip_dtrans_metadata(m);
        None
    } else {
        let t = read_module(&*m);
        let described: HashSet<String> = t
            .structs
            .iter()
            .filter(|(_, s)| *s == StructSource::Metadata)
            .filter_map(|(id, _)| t.tm.struct_name(*id).map(str::to_string))
            .collect();
        Some(described)
    };
    let m = &*m;
    let mut a = Annotator::new(m);
    a.names = a.structs.iter().cloned().collect();
    a.collect_debug_types();
    a.map_structs();
    let existing_structs = existing.unwrap_or_default();
    a.describe_structs(&existing_structs);
    a.create_missing_structs();
    a.describe_pending();
    a.write(&existing_structs);
    a.write_unions();
    a.report.union_members = a.union_members();
    Ok(a.report)
}

/// The LLVM side of a structure name: `struct.node.12` -> (`struct`, `node`).
fn split_llvm_name(name: &str) -> Option<(&str, &str)> {
    let (kind, rest) = name.split_once('.')?;
    if !matches!(kind, "struct" | "union" | "class") {
        return None;
    }
    // A C++ base-class subobject without tail padding: `struct.Base.base`.
    let base = strip_link_suffix(rest);
    Some((kind, base.strip_suffix(".base").unwrap_or(base)))
}

/// Linking renames duplicate structures `struct.node.12`: drops that suffix.
pub fn strip_link_suffix(name: &str) -> &str {
    match name.rsplit_once('.') {
        Some((b, n)) if !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()) => b,
        _ => name,
    }
}

/// Whether an LLVM structure is a C++ base-class subobject type, which lacks
/// the class's tail padding.
fn is_base_subobject(name: &str) -> bool {
    strip_link_suffix(name).ends_with(".base")
}

/// A DWARF composite's tag as the LLVM name prefix clang uses.
fn llvm_kind_of_tag(tag: u32) -> Option<&'static str> {
    match tag {
        dwarf::TAG_STRUCTURE_TYPE => Some("struct"),
        dwarf::TAG_CLASS_TYPE => Some("class"),
        dwarf::TAG_UNION_TYPE => Some("union"),
        _ => None,
    }
}

struct Annotator<'a, 'm> {
    m: &'m Module<'a>,
    /// Every function's `#dbg_declare`/`#dbg_value` records.
    vars: HashMap<Function<'m>, Vec<DebugVariable<'m>>>,
    /// Every global's debug type (from its first `DIGlobalVariable`).
    global_di: HashMap<Value<'m>, Option<Metadata<'m>>>,
    dl: DataLayout<'m>,
    tm: TypeManager,
    /// Identified structs with their printer names (one TypeFinder walk).
    structs: Vec<(Type<'m>, String)>,
    names: StructNames<'m>,
    /// Every struct/union/class composite reachable from the debug info.
    composites: Vec<Metadata<'m>>,
    /// Anonymous composites named by a typedef (`typedef struct {...} T;`),
    /// with the C++-qualified typedef names: clang names the LLVM
    /// structure after such a typedef (`%struct.T`).
    typedef_names: HashMap<Metadata<'m>, Vec<String>>,
    /// LLVM struct <-> DI composite.
    s2c: HashMap<Type<'m>, Metadata<'m>>,
    /// The keys of `s2c` in the order they were linked.
    s2c_order: Vec<Type<'m>>,
    c2s: HashMap<Metadata<'m>, Type<'m>>,
    /// DI composites that had no LLVM struct, with the one created for
    /// them (with a body laid out from the debug info when it could be).
    created: HashMap<Metadata<'m>, Type<'m>>,
    /// Created structures by the shape of their composite (see
    /// [`fingerprint`]): the same named type seen by several linked units
    /// gets one LLVM structure.
    created_by_shape: HashMap<String, Type<'m>>,
    /// Composites whose LLVM body is being built (a by-value cycle, which
    /// only corrupt debug info makes, fails instead of recursing).
    building: HashSet<Metadata<'m>>,
    /// Created structures with a body whose DTrans description is still to
    /// be made (described after the fact, so that pointers between
    /// created structures do not recurse).
    pending: Vec<(Type<'m>, Metadata<'m>)>,
    /// Structures whose bodies are set, by LLVM type.
    bodies: HashMap<Type<'m>, TypeId>,
    /// Complete composites by kind and name, built on first use (see
    /// [`Self::definition_of`]).
    definitions: Option<HashMap<(u32, String), Vec<Metadata<'m>>>>,
    /// Nonzero while structure bodies are converted: a field declared as a
    /// pointer to a declared-only structure stays opaque there (zlib's
    /// `struct internal_state *state` holds an `inflate_state` too).
    in_bodies: u32,
    report: AnnotateReport,
}

impl<'a, 'm> Annotator<'a, 'm> {
    fn new(m: &'m Module<'a>) -> Self {
        // Each of these walks a whole function or the module's globals; the
        // mapping consults them several times, so they are read once here.
        let vars = m.functions().map(|f| (f, f.debug_variables())).collect();
        let global_di =
            m.globals().map(|g| (g, g.global_debug_types().into_iter().next().and_then(|(_, t)| t))).collect();
        Annotator {
            m,
            vars,
            global_di,
            dl: m.data_layout(),
            tm: TypeManager::new(),
            structs: m.struct_types_named(),
            names: HashMap::new(),
            composites: Vec::new(),
            typedef_names: HashMap::new(),
            s2c: HashMap::new(),
            s2c_order: Vec::new(),
            c2s: HashMap::new(),
            created: HashMap::new(),
            created_by_shape: HashMap::new(),
            building: HashSet::new(),
            pending: Vec::new(),
            bodies: HashMap::new(),
            definitions: None,
            in_bodies: 0,
            report: AnnotateReport::default(),
        }
    }

    /// The LLVM structures of the members of every source union.
    fn union_members(&self) -> Vec<String> {
        let mut out = Vec::new();
        for c in &self.composites {
            let Some(DiType::Composite { tag: dwarf::TAG_UNION_TYPE, elements, .. }) = c.di_type() else { continue };
            for e in elements.into_iter().flatten() {
                let Some(DiType::Derived { tag: dwarf::TAG_MEMBER, base: Some(b), .. }) = e.di_type() else { continue };
                let Some(member) = b.strip_di_qualifiers() else { continue };
                let st = self.c2s.get(&member).or_else(|| self.created.get(&member));
                if let Some(name) = st.and_then(|t| t.struct_name()) {
                    if !out.contains(&name) {
                        out.push(name);
                    }
                }
            }
        }
        out.sort();
        out
    }

    /// Writes `!intel.dtrans.unions`: for each source union with an LLVM
    /// structure, `!{!"union.U", !"struct.A", ...}`, the LLVM structures
    /// of its members (through arrays: `struct A a[4]` holds `A`s at the
    /// union's start). A union's LLVM type holds one member; this says
    /// which structures its storage may be (the pointer type analysis lets
    /// a union pointer stand for those). A union with a member whose
    /// structure has no LLVM type is left out: what it holds is not known.
    fn write_unions(&self) {
        let mut unions: Vec<(String, Vec<String>)> = Vec::new();
        'unions: for c in &self.composites {
            let Some(DiType::Composite { tag: dwarf::TAG_UNION_TYPE, elements, .. }) = c.di_type() else { continue };
            let Some(union) = self.c2s.get(c).or_else(|| self.created.get(c)).and_then(|t| t.struct_name()) else {
                continue;
            };
            let mut names = Vec::new();
            for e in elements.into_iter().flatten() {
                let Some(DiType::Derived { tag: dwarf::TAG_MEMBER, base: Some(b), .. }) = e.di_type() else { continue };
                let mut member = b.strip_di_qualifiers();
                while let Some(DiType::Composite { tag: dwarf::TAG_ARRAY_TYPE, base, .. }) =
                    member.and_then(|m| m.di_type())
                {
                    member = base.and_then(|b| b.strip_di_qualifiers());
                }
                let Some(member) = member else { continue };
                if composite_kind(member).is_none() {
                    continue; // scalars, pointers, enumerations
                }
                match self.c2s.get(&member).or_else(|| self.created.get(&member)).and_then(|t| t.struct_name()) {
                    Some(n) => names.push(n),
                    None => continue 'unions,
                }
            }
            // Linked units each have their composite of one union.
            match unions.iter_mut().find(|(u, _)| *u == union) {
                Some((_, ns)) => ns.extend(names),
                None => unions.push((union, names)),
            }
        }
        if unions.is_empty() {
            return;
        }
        let list = self.m.get_or_insert_named_metadata(UNIONS_MD);
        list.clear_operands();
        unions.sort();
        for (union, mut names) in unions {
            names.sort();
            names.dedup();
            let mut ops = vec![Some(self.m.md_string(&union))];
            ops.extend(names.iter().map(|n| Some(self.m.md_string(n))));
            list.add_operand(self.m.md_tuple(&ops));
        }
    }

    fn unmapped(&mut self, kind: &'static str, name: impl Into<String>, reason: impl Into<String>) {
        self.report.unmapped.push(ReportItem { kind, name: name.into(), reason: reason.into() });
    }

    // -----------------------------------------------------------------
    // Debug types and the structure mapping
    // -----------------------------------------------------------------

    /// Walks every debug type reachable from globals, functions and local
    /// variables and records the struct/union/class composites.
    fn collect_debug_types(&mut self) {
        let mut work: Vec<Metadata<'m>> = Vec::new();
        // Module order throughout: the order composites are found in names
        // the structures created for them (`struct.anon.N`).
        for g in self.m.globals() {
            work.extend(self.global_di.get(&g).copied().flatten());
        }
        for f in self.m.functions() {
            work.extend(f.debug_type());
            work.extend(self.vars[&f].iter().filter_map(|v| v.ty));
        }
        let mut seen = HashSet::new();
        while let Some(md) = work.pop() {
            if !seen.insert(md) {
                continue;
            }
            match md.di_type() {
                Some(DiType::Derived { tag: dwarf::TAG_TYPEDEF, name, base: Some(b), .. }) => {
                    // Only a typedef of the composite itself names it: with
                    // a qualifier in between (`typedef const struct {...}
                    // T;`) clang calls the structure `anon`.
                    if let Some(DiType::Composite { tag, name: cname, .. }) = b.di_type() {
                        if cname.is_empty() && llvm_kind_of_tag(tag).is_some() && !name.is_empty() {
                            // An anonymous composite's qualified name is its
                            // scope's (`ns::`); the typedef shares that scope.
                            let q = format!("{}{name}", b.di_qualified_name());
                            let names = self.typedef_names.entry(b).or_default();
                            if !names.contains(&q) {
                                names.push(q);
                            }
                        }
                    }
                    work.push(b);
                }
                Some(DiType::Derived { base, .. }) => work.extend(base),
                Some(DiType::Composite { tag, base, elements, .. }) => {
                    if llvm_kind_of_tag(tag).is_some() {
                        self.composites.push(md);
                    }
                    work.extend(base);
                    work.extend(elements.into_iter().flatten());
                }
                Some(DiType::Subroutine { types }) => work.extend(types.into_iter().flatten()),
                _ => {}
            }
        }
        // Deterministic order: by name, then by discovery.
        self.composites.sort_by_key(|c| match c.di_type() {
            Some(DiType::Composite { name, .. }) => name,
            _ => String::new(),
        });
    }

    /// Maps LLVM structures to composites: by name and layout first, then by
    /// propagation through fields, globals and allocas whose IR type is a
    /// structure and whose debug type is a composite (which is how anonymous
    /// structures are found).
    fn map_structs(&mut self) {
        // Exact links first: a global, alloca or field says which composite
        // describes its structure, whatever the names.
        self.propagate_links();
        // Then names: the C++-qualified name and the layout must match, and
        // when several composites fit (block-scope structs, or namespaces
        // clang did not name apart) they must agree, else nothing is linked.
        let structs: Vec<(Type<'m>, String)> = self.structs.clone();
        for (st, name) in &structs {
            let Some((kind, base)) = split_llvm_name(name) else { continue };
            if st.is_opaque_struct() || base == "anon" {
                continue;
            }
            let candidates: Vec<Metadata<'m>> = self
                .composites
                .iter()
                .copied()
                .filter(|c| match c.di_type() {
                    Some(DiType::Composite { tag, .. }) => {
                        llvm_kind_of_tag(tag).is_some_and(|k| k == kind || (k != "union" && kind != "union"))
                            && (c.di_qualified_name().split('<').next() == Some(base)
                                || self.typedef_names.get(c).is_some_and(|ns| ns.iter().any(|n| n == base)))
                    }
                    _ => false,
                })
                .filter(|c| self.c2s.get(c).is_none_or(|s| s == st))
                .filter(|c| self.layout_matches(*c, *st))
                .collect();
            // An exact link fixes the shape; otherwise all must agree.
            let linked = self.s2c.get(st).copied();
            let Some(reference) = linked.or_else(|| candidates.first().copied()) else { continue };
            let shape = fingerprint(Some(reference), 0);
            if linked.is_none() && candidates.iter().any(|c| fingerprint(Some(*c), 0) != shape) {
                self.unmapped(
                    "struct",
                    struct_ref(name),
                    "several source structures of this name and layout differ; none is linked by name",
                );
                continue;
            }
            // After linking, each translation unit has its own composite for
            // one merged LLVM structure: all that agree describe it.
            for c in candidates {
                if fingerprint(Some(c), 0) == shape {
                    self.link(*st, c);
                }
            }
        }
        self.propagate_links();
    }

    /// Links structures through by-value fields, globals and allocas whose
    /// IR type is a structure and whose debug type is a composite.
    fn propagate_links(&mut self) {
        loop {
            let mut added = false;
            // In the order the links were made (the first link of a
            // composite wins, so the order must not be a hash map's).
            let pairs: Vec<(Type<'m>, Metadata<'m>)> = self.s2c_order.iter().map(|s| (*s, self.s2c[s])).collect();
            for (st, c) in pairs {
                for (irt, di) in self.field_pairs(st, c) {
                    added |= self.link_by_value(irt, di);
                }
            }
            for g in self.m.globals() {
                if let (Some(vt), Some(&Some(di))) = (g.global_value_type(), self.global_di.get(&g)) {
                    added |= self.link_by_value(vt, di);
                }
            }
            let declared: Vec<(Type<'m>, Metadata<'m>)> = self
                .m
                .functions()
                .flat_map(|f| self.vars.get(&f).into_iter().flatten())
                .filter(|v| v.is_declare)
                .filter_map(|v| Some((v.location?.as_instruction()?.allocated_type()?, v.ty?)))
                .collect();
            for (at, di) in declared {
                added |= self.link_by_value(at, di);
            }
            if !added {
                break;
            }
        }
    }

    fn link(&mut self, st: Type<'m>, c: Metadata<'m>) {
        if let std::collections::hash_map::Entry::Vacant(e) = self.s2c.entry(st) {
            e.insert(c);
            self.s2c_order.push(st);
        }
        self.c2s.entry(c).or_insert(st);
    }

    /// Links an IR type and a debug type that describe the same object when
    /// both are structures (through arrays too). True if a link was added.
    fn link_by_value(&mut self, irt: Type<'m>, di: Metadata<'m>) -> bool {
        let di = strip_qualifiers(Some(di));
        match (irt.kind(), di.and_then(|d| d.di_type())) {
            (TypeKind::LLVMStructTypeKind, Some(DiType::Composite { tag, .. }))
                if !irt.is_literal_struct() && llvm_kind_of_tag(tag).is_some() =>
            {
                let d = di.expect("checked above");
                if self.s2c.contains_key(&irt) || !self.layout_matches(d, irt) || !self.names_agree(irt, d) {
                    return false;
                }
                self.link(irt, d);
                true
            }
            (
                TypeKind::LLVMArrayTypeKind,
                Some(DiType::Composite { tag: dwarf::TAG_ARRAY_TYPE, base, elements, .. }),
            ) => {
                // Peel one dimension; the rest is an array of the element.
                let elem = irt.element_type().expect("array has an element type");
                if elements.len() > 1 {
                    return false; // multi-dimensional: the inner IR arrays carry no debug node of their own
                }
                base.is_some_and(|b| self.link_by_value(elem, b))
            }
            _ => false,
        }
    }

    /// Whether the names of IR structure `st` and composite `c` allow them
    /// to be one type. The linker maps a structure onto any other of the
    /// same body whatever its name (zstd's `HUF_DEltX2` becomes
    /// `%struct.FSE_decode_t`), so an alloca of `%struct.FSE_decode_t`
    /// holding a `HUF_DEltX2` variable does not make the two one: the
    /// composite then gets an IR structure of its own
    /// (`create_missing_structs`). Anonymous ones on either side agree.
    fn names_agree(&self, st: Type<'m>, c: Metadata<'m>) -> bool {
        let Some(name) = st.struct_name() else { return true };
        let Some((_, base)) = split_llvm_name(&name) else { return true };
        let base = base.split('<').next().unwrap_or(base);
        let qualified = c.di_qualified_name();
        let mut names: Vec<&str> = Vec::new();
        if let Some(q) = qualified.split('<').next().filter(|q| !q.is_empty()) {
            names.push(q);
        }
        if let Some(ns) = self.typedef_names.get(&c) {
            names.extend(ns.iter().map(|n| n.as_str()));
        }
        // Clang calls a composite with no name at all (no tag, no typedef)
        // `anon`, and any other by its name: an IR structure describes one
        // of the other kind only because llvm-link merged the two (an
        // anonymous `{ const char *, const char * }` onto `list_head`, or
        // QuickJS's `union JSCFunctionType` onto an anonymous union), and
        // each keeps a structure of its own.
        if base == "anon" {
            // (An anonymous composite's qualified name is its scope's,
            // `TKey::` for Lua's `union TKey { struct { ... } nk; }`.)
            let unnamed = matches!(c.di_type(), Some(DiType::Composite { name, .. }) if name.is_empty());
            return unnamed && self.typedef_names.get(&c).is_none_or(|ns| ns.is_empty());
        }
        names.contains(&base)
    }

    /// Whether an alloca of IR type `at` (a structure, or an array of one)
    /// holds a variable of debug type `di` whose structure has another IR
    /// structure: the linker gave the variable an isomorphic one's type
    /// (`names_agree`), and only the alloca's metadata can say which.
    fn merged_by_link(&self, at: Type<'m>, di: Metadata<'m>) -> bool {
        let mut ir = at;
        while let Some(e) = ir.element_type().filter(|_| ir.is_array()) {
            ir = e;
        }
        let mut d = strip_qualifiers(Some(di));
        while let Some(DiType::Composite { tag: dwarf::TAG_ARRAY_TYPE, base, .. }) = d.and_then(|x| x.di_type()) {
            d = strip_qualifiers(base);
        }
        let Some(c) = d else { return false };
        let mapped = self.c2s.get(&c).or_else(|| self.created.get(&c));
        ir.kind() == TypeKind::LLVMStructTypeKind && mapped.is_some_and(|st| *st != ir)
    }

    /// Whether composite `c` has the size of `st` and a field of `st` starts
    /// at each of its (non-bit-field) members' offsets.
    fn layout_matches(&self, c: Metadata<'m>, st: Type<'m>) -> bool {
        let Some(DiType::Composite { size_bits, elements, tag, .. }) = c.di_type() else { return false };
        let Some(size) = self.dl.alloc_size(st) else { return false };
        let subobject = self.names.get(&st).is_some_and(|n| is_base_subobject(n));
        if size_bits != size * 8 && !(subobject && size * 8 <= size_bits) {
            return false;
        }
        let offsets = self.field_offsets(st);
        if tag == dwarf::TAG_UNION_TYPE {
            return offsets.first() == Some(&0) || (offsets.is_empty() && size == 0);
        }
        members(&elements)
            .iter()
            .filter(|m| m.offset_bits < size * 8)
            .all(|m| m.bit_field || offsets.contains(&(m.offset_bits / 8)))
    }

    fn field_offsets(&self, st: Type<'m>) -> Vec<u64> {
        (0..st.struct_fields().len() as u32).filter_map(|i| self.dl.field_offset(st, i)).collect()
    }

    /// (IR field type, member debug type) for each by-value member that
    /// starts a field.
    fn field_pairs(&self, st: Type<'m>, c: Metadata<'m>) -> Vec<(Type<'m>, Metadata<'m>)> {
        let Some(DiType::Composite { elements, .. }) = c.di_type() else { return Vec::new() };
        let offsets = self.field_offsets(st);
        let fields = st.struct_fields();
        let mut out = Vec::new();
        for m in members(&elements) {
            if m.bit_field {
                continue;
            }
            if let (Some(i), Some(t)) = (offsets.iter().position(|&o| o * 8 == m.offset_bits), m.ty) {
                out.push((fields[i], t));
            }
        }
        out
    }

    // -----------------------------------------------------------------
    // Structure bodies
    // -----------------------------------------------------------------

    fn describe_structs(&mut self, existing: &HashSet<String>) {
        let structs: Vec<(Type<'m>, String)> = self.structs.clone();
        for (st, name) in structs {
            let id = self.tm.named_struct(&name);
            if existing.contains(&name) {
                self.report.structs.push(ReportStruct {
                    name: struct_ref(&name),
                    source: "existing".into(),
                    ir_fields: vec![],
                });
                continue;
            }
            if st.is_opaque_struct() {
                self.tm.set_struct_body(id, None, false);
                self.bodies.insert(st, id);
                self.report.structs.push(ReportStruct {
                    name: struct_ref(&name),
                    source: "ir (opaque)".into(),
                    ir_fields: vec![],
                });
                continue;
            }
            match self.s2c.get(&st).copied() {
                Some(c) => {
                    let ir_fields = self.body_from_debug(st, id, c);
                    self.report.structs.push(ReportStruct { name: struct_ref(&name), source: "debug-info".into(), ir_fields });
                }
                None if !st.contains_pointer() => {
                    let fields = st.struct_fields().into_iter().map(|f| ir_to_dtrans(&mut self.tm, &self.names, f)).collect();
                    self.tm.set_struct_body(id, Some(fields), st.is_packed_struct());
                    self.bodies.insert(st, id);
                    self.report.structs.push(ReportStruct { name: struct_ref(&name), source: "ir".into(), ir_fields: vec![] });
                }
                None => self.unmapped("struct", struct_ref(&name), "no matching DICompositeType (by name and layout, or through a field, global or alloca); pointee types unknown"),
            }
        }
    }

    /// Sets the body of `st` from composite `c`; returns the fields whose
    /// type came from the IR, with why.
    fn body_from_debug(&mut self, st: Type<'m>, id: TypeId, c: Metadata<'m>) -> Vec<String> {
        self.in_bodies += 1;
        let out = self.body_fields_from_debug(st, id, c);
        self.in_bodies -= 1;
        out
    }

    fn body_fields_from_debug(&mut self, st: Type<'m>, id: TypeId, c: Metadata<'m>) -> Vec<String> {
        let Some(DiType::Composite { elements, tag, .. }) = c.di_type() else { return Vec::new() };
        let ms = members(&elements);
        let offsets = self.field_offsets(st);
        let mut fields = Vec::new();
        let mut ir_fields = Vec::new();
        for (i, irt) in st.struct_fields().into_iter().enumerate() {
            let off_bits = offsets.get(i).copied().unwrap_or(u64::MAX).saturating_mul(8);
            let at: Vec<&Member<'m>> = ms.iter().filter(|m| !m.bit_field && m.offset_bits == off_bits).collect();
            // In a union every member is at 0: take the one the IR field is.
            let chosen = if tag == dwarf::TAG_UNION_TYPE {
                at.iter().find(|m| m.ty.is_some_and(|t| self.fits(t, irt))).or(at.first()).copied()
            } else {
                at.iter().find(|m| m.ty.is_some_and(|t| self.fits(t, irt))).copied()
            };
            let t = match chosen.and_then(|m| m.ty.map(|t| (m, t))) {
                // A union slot that holds pointers of several types (SQLite's
                // `Walker.u`: a `NameContext *`, a `SrcList *`, ...): none is
                // the slot's type, so it is `void *`, typed by each load's uses.
                Some(_) if tag == dwarf::TAG_UNION_TYPE && irt.is_pointer() && self.pointees_differ(&at, irt) => {
                    let i8t = self.tm.int(8);
                    self.tm.pointer_to(i8t)
                }
                Some((m, t)) => match self.convert_guided(t, irt) {
                    Some(t) => t,
                    None => {
                        ir_fields.push(format!("field {i} ({}): debug type does not fit IR type {irt}", m.name));
                        ir_to_dtrans(&mut self.tm, &self.names, irt)
                    }
                },
                None => {
                    let why = if ms.iter().any(|m| {
                        m.bit_field
                            && m.offset_bits / 8 >= off_bits / 8
                            && m.offset_bits / 8 < off_bits / 8 + self.dl.alloc_size(irt).unwrap_or(0)
                    }) {
                        "bit-field storage"
                    } else if at.is_empty() {
                        "padding (no source member at this offset)"
                    } else {
                        "source member's type does not fit the IR field"
                    };
                    ir_fields.push(format!("field {i}: {why}"));
                    ir_to_dtrans(&mut self.tm, &self.names, irt)
                }
            };
            if self.tm.has_unknown(t) {
                self.unmapped(
                    "field",
                    format!("{} field {i}", struct_ref(self.names.get(&st).map_or("", |s| s))),
                    "pointer field with no source member: pointee unknown",
                );
            }
            fields.push(t);
        }
        self.tm.set_struct_body(id, Some(fields), st.is_packed_struct());
        self.bodies.insert(st, id);
        ir_fields
    }

    /// Whether the union members `at` that fit pointer field `irt` point to
    /// different types (a `void *` member beside one other type does not:
    /// Lua's `Value` is a `GCObject *` or an untyped `void *`).
    fn pointees_differ(&mut self, at: &[&Member<'m>], irt: Type<'m>) -> bool {
        let i8t = self.tm.int(8);
        let void_ptr = self.tm.pointer_to(i8t);
        let mut seen = None;
        for m in at {
            let Some(t) = m.ty.filter(|t| self.fits(*t, irt)) else { continue };
            let Some(t) = self.convert_guided(t, irt).filter(|t| *t != void_ptr) else { continue };
            if seen.is_some_and(|s| s != t) {
                return true;
            }
            seen = Some(t);
        }
        false
    }

    /// Whether debug type `di` can describe IR type `irt` (kinds agree).
    fn fits(&self, di: Metadata<'m>, irt: Type<'m>) -> bool {
        let Some(d) = strip_qualifiers(Some(di)).and_then(|d| d.di_type()) else { return false };
        match (irt.kind(), d) {
            (TypeKind::LLVMPointerTypeKind, DiType::Derived { tag, .. }) => is_pointer_tag(tag),
            (TypeKind::LLVMPointerTypeKind, _) => false,
            (_, DiType::Derived { tag, .. }) if is_pointer_tag(tag) => false,
            (TypeKind::LLVMStructTypeKind, DiType::Composite { tag, .. }) => llvm_kind_of_tag(tag).is_some(),
            (TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind, DiType::Composite { tag, .. }) => {
                tag == dwarf::TAG_ARRAY_TYPE
            }
            // `_Complex` is a literal pair; sizes are in memory, where
            // `long double` (x86_fp80) takes 128 bits.
            (TypeKind::LLVMStructTypeKind, DiType::Basic { size_bits, encoding: 0x03, .. }) => {
                irt.is_literal_struct() && self.dl.alloc_size(irt).map(|b| b * 8) == Some(size_bits)
            }
            (TypeKind::LLVMStructTypeKind | TypeKind::LLVMArrayTypeKind, _) => false,
            (_, DiType::Basic { size_bits, .. }) => self.dl.alloc_size(irt).map(|b| b * 8) == Some(size_bits),
            (_, DiType::Composite { tag: dwarf::TAG_ENUMERATION_TYPE, size_bits, .. }) => {
                self.dl.size_in_bits(irt) == Some(size_bits)
            }
            _ => false,
        }
    }

    // -----------------------------------------------------------------
    // Debug type -> DTrans type
    // -----------------------------------------------------------------

    /// The DTrans type of an object whose IR type is `irt` and debug type
    /// `di`: the IR decides the shape, the debug type the pointees. `None`
    /// if they disagree.
    fn convert_guided(&mut self, di: Metadata<'m>, irt: Type<'m>) -> Option<TypeId> {
        let d = strip_qualifiers(Some(di))?;
        match irt.kind() {
            TypeKind::LLVMPointerTypeKind => match d.di_type()? {
                DiType::Derived { tag, base, name, .. } if is_pointer_tag(tag) => {
                    let pointee = self.convert_pointee(base, &name);
                    Some(self.tm.pointer_to(pointee))
                }
                _ => None,
            },
            TypeKind::LLVMStructTypeKind if !irt.is_literal_struct() => match d.di_type()? {
                DiType::Composite { tag, .. } if llvm_kind_of_tag(tag).is_some() => {
                    // A field (or variable) whose IR structure llvm-link took
                    // from an isomorphic one of another name (zstd's
                    // `ZSTD_fseState` inside `seqState_t` became
                    // `%struct.FSE_DState_t`): the source says which, and the
                    // composite's own structure has the same layout.
                    if !self.names_agree(irt, d) {
                        if let Some(st) = self.llvm_struct_for(d).filter(|st| *st != irt) {
                            if isomorphic_structs(st, irt) {
                                return self.names.get(&st).map(|n| self.tm.named_struct(n));
                            }
                        }
                    }
                    self.names.get(&irt).map(|n| self.tm.named_struct(n))
                }
                _ => None,
            },
            TypeKind::LLVMArrayTypeKind => {
                let DiType::Composite { tag: dwarf::TAG_ARRAY_TYPE, base, elements, .. } = d.di_type()? else {
                    return None;
                };
                let dims: Vec<Option<i64>> = elements
                    .iter()
                    .map(|e| match e.and_then(|e| e.di_type()) {
                        Some(DiType::Subrange { count }) => count,
                        _ => None,
                    })
                    .collect();
                self.convert_array(base, &dims, irt)
            }
            _ if !irt.contains_pointer() => Some(ir_to_dtrans(&mut self.tm, &self.names, irt)),
            _ => None,
        }
    }

    /// An IR array against a debug array's remaining dimensions.
    fn convert_array(&mut self, elem_di: Option<Metadata<'m>>, dims: &[Option<i64>], irt: Type<'m>) -> Option<TypeId> {
        let len = irt.len()?;
        let ir_elem = irt.element_type()?;
        let e = if dims.len() > 1 {
            self.convert_array(elem_di, &dims[1..], ir_elem)?
        } else if !ir_elem.contains_pointer() {
            ir_to_dtrans(&mut self.tm, &self.names, ir_elem)
        } else {
            self.convert_guided(elem_di?, ir_elem)?
        };
        Some(self.tm.array(len, e))
    }

    /// The DTrans type a pointer with debug pointee `base` points to. There
    /// is no IR type to follow here: the debug type says everything.
    fn convert_pointee(&mut self, base: Option<Metadata<'m>>, pointer_name: &str) -> TypeId {
        // C++ vtable pointers: `__vtbl_ptr_type` points to `int (void)`;
        // document 000 writes the field `i32 (...)**`.
        if pointer_name == "__vtbl_ptr_type" {
            let i32t = self.tm.int(32);
            return self.tm.function(i32t, vec![], true);
        }
        let Some(b) = strip_qualifiers(base) else { return self.tm.int(8) }; // void * is i8*
        self.convert_value(b, true)
    }

    /// The DTrans type of a source type seen from outside the IR (a pointee,
    /// a parameter of a function pointer). `void` is `i8` when `void_as_i8`.
    fn convert_value(&mut self, di: Metadata<'m>, void_as_i8: bool) -> TypeId {
        let Some(d) = strip_qualifiers(Some(di)) else {
            return if void_as_i8 { self.tm.int(8) } else { self.tm.void() };
        };
        match d.di_type() {
            Some(DiType::Basic { name, size_bits, encoding }) => self.basic(&name, size_bits, encoding),
            Some(DiType::Derived { tag, base, name, .. }) if is_pointer_tag(tag) => {
                let p = self.convert_pointee(base, &name);
                self.tm.pointer_to(p)
            }
            Some(DiType::Composite { tag: dwarf::TAG_ENUMERATION_TYPE, size_bits, .. }) => {
                self.tm.int(size_bits as u32)
            }
            Some(DiType::Composite { tag: dwarf::TAG_ARRAY_TYPE, base, elements, .. }) => {
                let mut t = match base {
                    Some(b) => self.convert_value(b, true),
                    None => self.tm.unknown(),
                };
                for e in elements.iter().rev() {
                    let n = match e.and_then(|e| e.di_type()) {
                        Some(DiType::Subrange { count: Some(n) }) if n >= 0 => n as u64,
                        _ => 0, // flexible or variable length
                    };
                    t = self.tm.array(n, t);
                }
                t
            }
            Some(DiType::Composite { tag, .. }) if llvm_kind_of_tag(tag).is_some() => self.struct_for(d),
            Some(DiType::Subroutine { types }) => {
                let ret = match types.first().copied().flatten() {
                    Some(r) => self.convert_register(r),
                    None => self.tm.void(),
                };
                let var_arg = types.len() > 1 && types.last().is_some_and(|t| t.is_none());
                let end = if var_arg { types.len() - 1 } else { types.len() };
                let params = types[1.min(end)..end]
                    .iter()
                    .map(|p| match p {
                        Some(p) => self.convert_register(*p),
                        None => self.tm.unknown(),
                    })
                    .collect();
                self.tm.function(ret, params, var_arg)
            }
            _ => self.tm.unknown(),
        }
    }

    /// A parameter or return value of a function type: as `convert_value`,
    /// except that `_Bool` is `i1` in registers (it is `i8` in memory).
    fn convert_register(&mut self, di: Metadata<'m>) -> TypeId {
        match strip_qualifiers(Some(di)).and_then(|d| d.di_type()) {
            Some(DiType::Basic { encoding: dwarf::ATE_BOOLEAN, .. }) => self.tm.int(1),
            _ => self.convert_value(di, true),
        }
    }

    fn basic(&mut self, name: &str, size_bits: u64, encoding: u32) -> TypeId {
        match encoding {
            dwarf::ATE_FLOAT => match size_bits {
                16 => self.tm.atomic(AtomicKind::Half),
                32 => self.tm.atomic(AtomicKind::Float),
                64 => self.tm.atomic(AtomicKind::Double),
                128 if name.contains("128") => self.tm.atomic(AtomicKind::Fp128),
                80 | 128 => self.tm.atomic(AtomicKind::X86Fp80),
                _ => self.tm.unknown(),
            },
            0x03 /* complex float */ => {
                let part = self.basic(name, size_bits / 2, dwarf::ATE_FLOAT);
                self.tm.literal_struct(vec![part, part], false)
            }
            _ => self.tm.int(size_bits as u32),
        }
    }

    /// The named structure for a composite: its LLVM counterpart, or a new
    /// LLVM structure when the IR never names it (a type used only through
    /// pointers, or any type at -O1 and up, where fields are reached by byte
    /// offsets): with a body laid out from the debug info when the
    /// composite is complete and the layout checks, else opaque.
    fn struct_for(&mut self, c: Metadata<'m>) -> TypeId {
        match self.llvm_struct_for(c).and_then(|st| self.names.get(&st)) {
            Some(n) => self.tm.named_struct(n),
            None => self.tm.unknown(),
        }
    }

    /// The LLVM structure of composite `c`, created if the IR has none.
    fn llvm_struct_for(&mut self, c: Metadata<'m>) -> Option<Type<'m>> {
        if self.in_bodies == 0 {
            if let Some(full) = self.definition_of(c) {
                return self.llvm_struct_for(full);
            }
        }
        if let Some(&st) = self.c2s.get(&c).or_else(|| self.created.get(&c)) {
            return Some(st);
        }
        let Some(DiType::Composite { tag, name, .. }) = c.di_type() else { return None };
        // Named as clang would: C++-qualified, or after the typedef that
        // names an anonymous composite.
        let typedef = self.typedef_names.get(&c).and_then(|ns| ns.first()).cloned();
        let base = match (name.is_empty(), typedef) {
            (false, _) => c.di_qualified_name(),
            (true, Some(t)) => t,
            (true, None) => "anon".to_string(),
        };
        // Linked units each have their own composite for one source type:
        // one name and one shape (anonymous composites have no name of
        // their own, so the typedef's is part of the key).
        let shape = (base != "anon").then(|| format!("{base}={}", fingerprint(Some(c), 0)));
        if let Some(&st) = shape.as_ref().and_then(|k| self.created_by_shape.get(k)) {
            self.created.insert(c, st);
            return Some(st);
        }
        let kind = llvm_kind_of_tag(tag).unwrap_or("struct");
        let st = self.m.create_opaque_struct(&format!("{kind}.{base}"));
        let n = st.struct_name()?;
        self.created.insert(c, st);
        if let Some(k) = shape {
            self.created_by_shape.insert(k, st);
        }
        self.names.insert(st, n.clone());
        let id = self.tm.named_struct(&n);
        let source = match self.set_body_from_debug(st, c) {
            Ok(()) => {
                self.pending.push((st, c));
                "debug-info (no IR type: body laid out from debug info)".to_string()
            }
            Err(why) => {
                self.tm.set_struct_body(id, None, false);
                self.bodies.insert(st, id);
                format!("debug-info (opaque: no IR type; {why})")
            }
        };
        self.report.structs.push(ReportStruct { name: struct_ref(&n), source, ir_fields: vec![] });
        Some(st)
    }

    /// For a composite only declared in its unit (`struct lua_State;` in
    /// a file that uses it through pointers), the one complete composite of
    /// that kind and name in the linked program: C makes a declared tag
    /// compatible with its definition in another unit. `None` when there is
    /// no definition or there are several different ones (two units' own
    /// `struct node`).
    fn definition_of(&mut self, c: Metadata<'m>) -> Option<Metadata<'m>> {
        const FLAG_FWD_DECL: u32 = 1 << 2;
        let Some(DiType::Composite { tag, name, flags, .. }) = c.di_type() else { return None };
        if flags & FLAG_FWD_DECL == 0 || name.is_empty() {
            return None;
        }
        let composites = &self.composites;
        let defs = self.definitions.get_or_insert_with(|| {
            let mut defs: HashMap<(u32, String), Vec<Metadata<'m>>> = HashMap::new();
            for &d in composites {
                if let Some(DiType::Composite { tag, name, flags, .. }) = d.di_type() {
                    if flags & FLAG_FWD_DECL == 0 && !name.is_empty() {
                        defs.entry((tag, d.di_qualified_name())).or_default().push(d);
                    }
                }
            }
            defs
        });
        let found = defs.get(&(tag, c.di_qualified_name()))?;
        let first = *found.first()?;
        let shape = fingerprint(Some(first), 0);
        found.iter().skip(1).all(|d| fingerprint(Some(*d), 0) == shape).then_some(first)
    }

    /// Gives every complete composite the debug info reaches an LLVM
    /// structure, even when no remaining value names it: at -O1 and up the
    /// optimizer drops the types of locals and of inlined code, and a later
    /// analysis that meets byte offsets into such an object still needs
    /// its layout.
    ///
    /// Skipped: composites whose clang name the IR already has, unmatched
    /// (for a reason the report gives): a twin would only split the type in
    /// two. For an anonymous composite that is any unmatched `anon`
    /// structure of its kind.
    fn create_missing_structs(&mut self) {
        const FLAG_FWD_DECL: u32 = 1 << 2;
        let unmatched: Vec<String> =
            self.structs.iter().filter(|(st, _)| !self.s2c.contains_key(st)).map(|(_, n)| n.clone()).collect();
        for c in self.composites.clone() {
            let Some(DiType::Composite { tag, name, flags, .. }) = c.di_type() else { continue };
            if flags & FLAG_FWD_DECL != 0 || self.c2s.contains_key(&c) || self.created.contains_key(&c) {
                continue;
            }
            let kind = llvm_kind_of_tag(tag).unwrap_or("struct");
            let twin = match (name.is_empty(), self.typedef_names.get(&c).and_then(|ns| ns.first())) {
                (false, _) => {
                    let n = format!("{kind}.{}", c.di_qualified_name());
                    unmatched.iter().any(|u| strip_link_suffix(u) == n)
                }
                (true, Some(t)) => unmatched.iter().any(|u| strip_link_suffix(u) == format!("{kind}.{t}")),
                (true, None) => unmatched.iter().any(|u| split_llvm_name(u) == Some((kind, "anon"))),
            };
            if !twin {
                self.llvm_struct_for(c);
            }
        }
    }

    /// Describes the structures created with a body (their fields may
    /// create more).
    fn describe_pending(&mut self) {
        while let Some((st, c)) = self.pending.pop() {
            let Some(n) = self.names.get(&st).cloned() else { continue };
            let id = self.tm.named_struct(&n);
            let ir_fields = self.body_from_debug(st, id, c);
            if let Some(r) = self.report.structs.iter_mut().find(|r| r.name == struct_ref(&n)) {
                r.ir_fields = ir_fields;
            }
        }
    }

    /// Lays out composite `c` the way clang would and gives `st` that
    /// body: members at their DWARF offsets, explicit `[k x i8]` padding,
    /// bit-field storage as bytes, a union as its most aligned (then
    /// largest) member plus padding, packed when a member would otherwise
    /// be misaligned. The DataLayout must then put every member at its
    /// offset and give the composite's size; otherwise `st` stays opaque.
    fn set_body_from_debug(&mut self, st: Type<'m>, c: Metadata<'m>) -> Result<(), String> {
        const FLAG_FWD_DECL: u32 = 1 << 2;
        let Some(DiType::Composite { tag, size_bits, flags, elements, .. }) = c.di_type() else {
            return Err("not a composite".into());
        };
        if flags & FLAG_FWD_DECL != 0 {
            return Err("only a declaration in the debug info".into());
        }
        if size_bits % 8 != 0 {
            return Err(format!("size of {size_bits} bits is not whole bytes"));
        }
        if !self.building.insert(c) {
            return Err("contains itself by value (corrupt debug info)".into());
        }
        let size = size_bits / 8;
        let planned = if tag == dwarf::TAG_UNION_TYPE {
            self.union_items(&elements, size)
        } else {
            self.struct_items(&elements, size)
        };
        self.building.remove(&c);
        let items = planned?;
        // Natural alignment first; packed when a member would move.
        for packed in [false, true] {
            let (fields, offsets) = self.materialize(&items, size, packed)?;
            let Ok(lit) = self.m.literal_struct_type(&fields, packed) else { break };
            let fits = self.dl.alloc_size(lit) == Some(size_bits / 8)
                && offsets.iter().enumerate().all(|(i, o)| self.dl.field_offset(lit, i as u32) == Some(*o));
            if fits {
                self.m.set_struct_body(st, &fields, packed).map_err(|e| e.to_string())?;
                // The same check on the named type itself.
                let ok = self.dl.alloc_size(st) == Some(size_bits / 8)
                    && offsets.iter().enumerate().all(|(i, o)| self.dl.field_offset(st, i as u32) == Some(*o));
                return if ok { Ok(()) } else { Err("the DataLayout does not confirm the layout".into()) };
            }
        }
        Err("no LLVM layout puts every member at its offset with the composite's size".into())
    }

    /// The objects of a structure or class of `size` bytes that need a
    /// field, with their byte offsets, in order: members, base classes and
    /// bit-field storage.
    fn struct_items(&mut self, elements: &[Option<Metadata<'m>>], size: u64) -> Result<Vec<(u64, Type<'m>)>, String> {
        const FLAG_VIRTUAL: u32 = 1 << 5;
        let mut ms = members(elements);
        ms.sort_by_key(|m| m.offset_bits);
        let mut items = Vec::new();
        let mut cur = 0u64;
        let mut i = 0;
        while i < ms.len() {
            let m = &ms[i];
            if m.bit_field {
                // A run of bit-fields sharing bytes is stored as those bytes.
                let start = m.offset_bits / 8;
                let mut end = (m.offset_bits + m.size_bits).div_ceil(8);
                let mut j = i + 1;
                while j < ms.len() && ms[j].bit_field && ms[j].offset_bits / 8 < end {
                    end = end.max((ms[j].offset_bits + ms[j].size_bits).div_ceil(8));
                    j += 1;
                }
                if start < cur || end <= start {
                    return Err(format!("bit-field {} overlaps what precedes it", m.name));
                }
                items.push((start, self.bytes(end - start)?));
                cur = end;
                i = j;
                continue;
            }
            if m.is_inheritance && m.flags & FLAG_VIRTUAL != 0 {
                return Err("virtual base class".into());
            }
            let ty = m.ty.ok_or_else(|| format!("member {} has no type", m.name))?;
            let t = self.llvm_type_of(ty, 0)?;
            let sz = self.dl.alloc_size(t).ok_or("unsized member")?;
            if !m.offset_bits.is_multiple_of(8) {
                return Err(format!("member {} is not at a whole byte", m.name));
            }
            let off = m.offset_bits / 8;
            if off < cur {
                // C++ tail-padding reuse ([[no_unique_address]], base
                // subobjects): clang's `.base` types, not handled here.
                return Err(format!("member {} overlaps what precedes it", m.name));
            }
            i += 1;
            if sz == 0 && !t.is_array() {
                continue; // empty classes (C++ empty bases) take no field; flexible arrays do
            }
            items.push((off, t));
            cur = off + sz;
        }
        if cur > size {
            return Err(format!("members end at byte {cur}, past the size {size}"));
        }
        Ok(items)
    }

    /// A union's one field: its most aligned member, the largest among
    /// equals (padding follows, from [`Self::materialize`]).
    fn union_items(&mut self, elements: &[Option<Metadata<'m>>], size: u64) -> Result<Vec<(u64, Type<'m>)>, String> {
        let mut best: Option<(Type<'m>, u32, u64)> = None;
        for m in members(elements).iter().filter(|m| !m.bit_field) {
            let ty = m.ty.ok_or_else(|| format!("member {} has no type", m.name))?;
            let t = self.llvm_type_of(ty, 0)?;
            let (Some(a), Some(sz)) = (self.dl.abi_align(t), self.dl.alloc_size(t)) else { continue };
            if sz > 0 && best.is_none_or(|(_, ba, bs)| a > ba || (a == ba && sz > bs)) {
                best = Some((t, a, sz));
            }
        }
        match best {
            Some((_, _, sz)) if sz > size => Err("a member is larger than the union".into()),
            Some((t, _, _)) => Ok(vec![(0, t)]),
            None => Ok(Vec::new()),
        }
    }

    /// The fields for `items` in a structure of `size` bytes, with their
    /// offsets: `[k x i8]` padding wherever the natural alignment (none
    /// when `packed`) would not put the next item, or the end, in place.
    #[allow(clippy::type_complexity)]
    fn materialize(
        &self,
        items: &[(u64, Type<'m>)],
        size: u64,
        packed: bool,
    ) -> Result<(Vec<Type<'m>>, Vec<u64>), String> {
        let align = |t: Type<'m>| if packed { 1 } else { u64::from(self.dl.abi_align(t).unwrap_or(1)).max(1) };
        let mut fields = Vec::new();
        let mut offsets = Vec::new();
        let mut cur = 0u64;
        let mut max_align = 1u64;
        for &(off, t) in items {
            if cur.next_multiple_of(align(t)) != off && off > cur {
                fields.push(self.bytes(off - cur)?);
                offsets.push(cur);
            }
            fields.push(t);
            offsets.push(off);
            cur = off + self.dl.alloc_size(t).unwrap_or(0);
            max_align = max_align.max(align(t));
        }
        if cur < size && cur.next_multiple_of(max_align) != size {
            fields.push(self.bytes(size - cur)?);
            offsets.push(cur);
        }
        Ok((fields, offsets))
    }

    /// `i8` for one byte, `[k x i8]` for more.
    fn bytes(&self, k: u64) -> Result<Type<'m>, String> {
        let i8t = self.m.scalar_type(TypeKind::LLVMIntegerTypeKind, 8).ok_or("no i8")?;
        if k == 1 {
            return Ok(i8t);
        }
        self.m.array_type(i8t, k).map_err(|e| e.to_string())
    }

    /// The LLVM type clang gives an object of debug type `di`.
    fn llvm_type_of(&mut self, di: Metadata<'m>, depth: u32) -> Result<Type<'m>, String> {
        const FLAG_VECTOR: u32 = 1 << 11;
        if depth > 32 {
            return Err("types nested too deep".into());
        }
        let d = strip_qualifiers(Some(di)).ok_or("a member of type void")?;
        let m = self.m;
        let int = |bits: u64| {
            u32::try_from(bits)
                .ok()
                .filter(|b| (1..=1 << 16).contains(b))
                .and_then(|b| m.scalar_type(TypeKind::LLVMIntegerTypeKind, b))
        };
        match d.di_type() {
            Some(DiType::Basic { name, size_bits, encoding }) => {
                let kind = match (encoding, size_bits) {
                    (dwarf::ATE_FLOAT, 16) => Some(TypeKind::LLVMHalfTypeKind),
                    (dwarf::ATE_FLOAT, 32) => Some(TypeKind::LLVMFloatTypeKind),
                    (dwarf::ATE_FLOAT, 64) => Some(TypeKind::LLVMDoubleTypeKind),
                    (dwarf::ATE_FLOAT, 128) if name.contains("128") => Some(TypeKind::LLVMFP128TypeKind),
                    (dwarf::ATE_FLOAT, 80 | 128) => Some(TypeKind::LLVMX86_FP80TypeKind),
                    (dwarf::ATE_FLOAT, _) => return Err(format!("floating type {name} of {size_bits} bits")),
                    (0x03, _) => {
                        // _Complex: { part, part }.
                        let part = match size_bits / 2 {
                            32 => TypeKind::LLVMFloatTypeKind,
                            64 => TypeKind::LLVMDoubleTypeKind,
                            _ => TypeKind::LLVMX86_FP80TypeKind,
                        };
                        let p = self.m.scalar_type(part, 0).ok_or("no floating type")?;
                        return self.m.literal_struct_type(&[p, p], false).map_err(|e| e.to_string());
                    }
                    _ => None,
                };
                match kind {
                    Some(k) => self.m.scalar_type(k, 0).ok_or_else(|| format!("no LLVM type for {name}")),
                    None => int(size_bits).ok_or_else(|| format!("integer type {name} of {size_bits} bits")),
                }
            }
            Some(DiType::Derived { tag, .. }) if is_pointer_tag(tag) => Ok(self.m.pointer_type()),
            // Pointers to members: data i64, functions { i64, i64 }.
            Some(DiType::Derived { tag: dwarf::TAG_PTR_TO_MEMBER_TYPE, size_bits, .. }) => {
                let i64t = int(64).ok_or("no i64")?;
                match size_bits {
                    64 => Ok(i64t),
                    128 => self.m.literal_struct_type(&[i64t, i64t], false).map_err(|e| e.to_string()),
                    _ => Err("pointer to member of unexpected size".into()),
                }
            }
            Some(DiType::Composite { tag: dwarf::TAG_ENUMERATION_TYPE, size_bits, .. }) => {
                int(size_bits).ok_or_else(|| format!("enumeration of {size_bits} bits"))
            }
            Some(DiType::Composite { tag: dwarf::TAG_ARRAY_TYPE, flags, base, elements, .. })
                if flags & FLAG_VECTOR != 0 =>
            {
                let e = self.llvm_type_of(base.ok_or("vector of void")?, depth + 1)?;
                let n = match elements.as_slice() {
                    [Some(r)] => match r.di_type() {
                        Some(DiType::Subrange { count: Some(n) }) => u32::try_from(n).ok(),
                        _ => None,
                    },
                    _ => None,
                };
                self.m.vector_type(e, n.ok_or("vector of unknown length")?).map_err(|e| e.to_string())
            }
            Some(DiType::Composite { tag: dwarf::TAG_ARRAY_TYPE, base, elements, .. }) => {
                let mut t = self.llvm_type_of(base.ok_or("array of void")?, depth + 1)?;
                for e in elements.iter().rev() {
                    let n = match e.and_then(|e| e.di_type()) {
                        Some(DiType::Subrange { count: Some(n) }) if n >= 0 => n as u64,
                        // Flexible array member: no count.
                        Some(DiType::Subrange { count: None | Some(-1) }) => 0,
                        _ => return Err("array dimension of unknown length".into()),
                    };
                    t = self.m.array_type(t, n).map_err(|e| e.to_string())?;
                }
                Ok(t)
            }
            Some(DiType::Composite { tag, .. }) if llvm_kind_of_tag(tag).is_some() => {
                let st = self.llvm_struct_for(d).ok_or("nested composite without a structure")?;
                if st.is_opaque_struct() {
                    return Err(format!("nested {} has no layout", st.struct_name().unwrap_or_default()));
                }
                Ok(st)
            }
            _ => Err("member type not understood".into()),
        }
    }

    // -----------------------------------------------------------------
    // Functions, globals, allocas, indirect calls; writing
    // -----------------------------------------------------------------

    /// The signature of a defined function. Parameters are matched to their
    /// source variables the way clang records it, not by counting (ABI
    /// lowering splits, merges, drops and adds parameters: `_Complex`,
    /// small structures, member pointers, VTTs): an IR argument is a source
    /// parameter when it is stored whole into the alloca that parameter's
    /// `#dbg_declare` names, when the `#dbg_declare` names the argument
    /// itself (a `byval` or indirect copy: a pointer to the parameter), or
    /// when a `#dbg_value` with an empty expression names it. The return
    /// value is the `DISubroutineType`'s, through `sret` when there is one.
    /// Anything else gets no metadata, and the report says so.
    fn signature(&mut self, f: Function<'m>) -> Option<TypeId> {
        let label = format!("@{}", dtrans_ir::quote_ident(&f.name()));
        let Some(DiType::Subroutine { types }) = f.debug_type().and_then(|t| t.di_type()) else {
            let fty = f.function_type();
            if fty.param_types().iter().chain(fty.return_type().iter()).any(|t| t.contains_pointer()) {
                self.unmapped("function", label, "no DISubprogram");
            }
            return None;
        };
        let fty = f.function_type();
        let irp = fty.param_types();
        let ir_ret = fty.return_type()?;
        let args = f.params();
        let arg_index = |v: Value<'m>| args.iter().position(|a| *a == v);
        // Allocas that receive an argument whole: `store %arg, ptr %x.addr`.
        let mut spilled: HashMap<Value<'m>, usize> = HashMap::new();
        for inst in f.instructions() {
            if inst.opcode() != Opcode::LLVMStore {
                continue;
            }
            let (Some(v), Some(ptr)) = (inst.operand(0), inst.operand(1)) else { continue };
            let alloca = ptr.as_instruction().filter(|a| a.opcode() == Opcode::LLVMAlloca);
            if let (Some(k), Some(a)) = (arg_index(v), alloca) {
                if a.allocated_type() == Some(v.ty()) {
                    spilled.entry(ptr).or_insert(k);
                }
            }
        }
        let mut out: Vec<Option<TypeId>> = vec![None; irp.len()];
        let vars = self.vars[&f].clone();
        for v in &vars {
            let (true, Some(loc), Some(di)) = (v.arg > 0 && v.whole_value, v.location, v.ty) else { continue };
            let (k, by_address) = match (v.is_declare, arg_index(loc), spilled.get(&loc)) {
                (true, Some(k), _) => (k, true),      // the argument is the variable's address
                (true, None, Some(&k)) => (k, false), // spilled whole into the variable's alloca
                (false, Some(k), _) => (k, false),    // the argument is the variable's value
                _ => continue,
            };
            if out[k].is_some() || !irp[k].contains_pointer() {
                continue;
            }
            out[k] = if by_address {
                let t = self.convert_value(di, false);
                Some(self.tm.pointer_to(t))
            } else {
                self.convert_guided(di, irp[k])
            };
        }
        // Aggregates passed indirectly (C++ classes that are not trivially
        // copyable): the argument is the address of the caller's copy, and
        // the variable's location says so with a lone DW_OP_deref, on the
        // argument itself (`#dbg_value`) or on the alloca it is spilled to.
        for v in &vars {
            let (true, DbgExpr::Deref, Some(loc), Some(di)) = (v.arg > 0, v.expr, v.location, v.ty) else { continue };
            let k = if v.is_declare { spilled.get(&loc).copied() } else { arg_index(loc) };
            let Some(k) = k.filter(|&k| out[k].is_none() && irp[k].is_pointer()) else { continue };
            if composite_kind(di).is_some() {
                let t = self.convert_value(di, false);
                out[k] = Some(self.tm.pointer_to(t));
            }
        }
        let why = self.register_pieces(f, &vars, &irp, &mut out);
        // A parameter no variable location names (unused, so optimized
        // away) still has its place in the source signature. When the
        // signature cannot have been lowered (as many source as IR
        // parameters, none an aggregate by value, no `sret`) position k is
        // source parameter k.
        let di_params: Vec<Option<Metadata<'m>>> = types.iter().skip(1).copied().collect();
        if !may_be_lowered(f, &di_params, &irp) {
            for k in 0..irp.len() {
                if out[k].is_none() && irp[k].contains_pointer() {
                    out[k] = di_params[k].and_then(|d| self.convert_guided(d, irp[k]));
                }
            }
        }
        // sret: the argument is the address of the return value.
        let attrs = |i: usize| f.attributes(AttrIndex::Param(i as u32));
        let sret_at = (0..irp.len())
            .find(|&k| attrs(k).iter().any(|a| matches!(a, Attribute::Type { name, .. } if name == "sret")));
        let di_ret = types.first().copied().flatten();
        let mut ret = None;
        let mut ret_why = None;
        match (sret_at, di_ret) {
            (Some(k), Some(r)) => {
                let t = self.convert_value(r, false);
                out[k] = Some(self.tm.pointer_to(t));
            }
            // An aggregate returned in registers (`ptr`, `{ ptr, i32 }`).
            (None, Some(r)) if composite_kind(r).is_some() && (ir_ret.is_pointer() || ir_ret.is_literal_struct()) => {
                match self.returned_pieces(r, ir_ret) {
                    Ok(t) => ret = Some(t),
                    Err(e) => ret_why = Some(e),
                }
            }
            (None, Some(r)) if ir_ret.is_pointer() => ret = self.convert_guided(r, ir_ret),
            _ => {}
        }
        if ret.is_none() && ir_ret.contains_pointer() {
            let reason = ret_why.unwrap_or_else(|| format!("the source return type does not give IR type {ir_ret}"));
            self.unmapped("return", label.clone(), reason);
        }
        for (k, t) in out.iter().enumerate() {
            if t.is_none() && irp[k].contains_pointer() {
                let reason = why[k]
                    .clone()
                    .unwrap_or_else(|| "no source parameter is recorded for it (ABI lowering, or optimized)".into());
                self.unmapped("parameter", format!("{label} parameter {k}"), reason);
            }
        }
        let ret = ret.unwrap_or_else(|| ir_to_dtrans(&mut self.tm, &self.names, ir_ret));
        let params = irp
            .iter()
            .zip(out)
            .map(|(irt, t)| t.unwrap_or_else(|| ir_to_dtrans(&mut self.tm, &self.names, *irt)))
            .collect();
        Some(self.tm.function(ret, params, fty.is_var_arg()))
    }

    /// The source prototype of a library function the module declares,
    /// when its debug information describes it (clang does so for callees
    /// at -O1 and up: `fopen` returns a `FILE *`), and only where the
    /// prototype cannot have been lowered (as many source as IR
    /// parameters, no aggregate by value, no `sret`), every pointer in it
    /// converts and one is more than `void *`/`char *`; else none (a
    /// declaration's missing metadata is reported nowhere: most have
    /// none).
    fn declared_signature(&mut self, f: Function<'m>) -> Option<TypeId> {
        let Some(DiType::Subroutine { types }) = f.debug_type().and_then(|t| t.di_type()) else { return None };
        let fty = f.function_type();
        let irp = fty.param_types();
        let ir_ret = fty.return_type()?;
        if !irp.iter().chain(std::iter::once(&ir_ret)).any(|t| t.contains_pointer()) {
            return None;
        }
        let di_params: Vec<Option<Metadata<'m>>> = types.iter().skip(1).copied().collect();
        let di_ret = types.first().copied().flatten();
        if may_be_lowered(f, &di_params, &irp) || di_ret.is_some_and(|r| composite_kind(r).is_some()) {
            return None;
        }
        let convert = |this: &mut Self, di: Option<Metadata<'m>>, irt: Type<'m>| -> Option<TypeId> {
            if irt.contains_pointer() {
                this.convert_guided(di?, irt)
            } else {
                Some(ir_to_dtrans(&mut this.tm, &this.names, irt))
            }
        };
        let mut params = Vec::with_capacity(irp.len());
        for (k, irt) in irp.iter().enumerate() {
            params.push(convert(self, di_params[k], *irt)?);
        }
        let ret = if ir_ret.is_void() {
            ir_to_dtrans(&mut self.tm, &self.names, ir_ret)
        } else {
            convert(self, di_ret, ir_ret)?
        };
        // (`malloc`'s or `strlen`'s `void *`/`char *` say nothing the IR
        // does not.)
        let tm = &self.tm;
        let specific = |t: &TypeId| matches!(tm.get(*t), DType::Pointer(p) if !matches!(tm.get(*p), DType::Int(8)));
        if !params.iter().chain(std::iter::once(&ret)).any(specific) {
            return None;
        }
        Some(self.tm.function(ret, params, fty.is_var_arg()))
    }

    /// Parameters that carry a piece of a source aggregate passed in
    /// registers (x86-64: each eightbyte of a structure of up to 16 bytes
    /// becomes its own parameter). A piece is placed by how clang stores it
    /// into the variable's alloca (`store ptr %s.coerce0, ptr %gep`, the GEP
    /// giving its byte offset) or, in optimized code, by the
    /// `DW_OP_LLVM_fragment` of its `#dbg_value`; it gets the type of the
    /// source member at that offset when that is a pointer of the piece's
    /// size. Sets `out` and returns, per parameter, why a piece was left.
    fn register_pieces(
        &mut self,
        f: Function<'m>,
        vars: &[DebugVariable<'m>],
        irp: &[Type<'m>],
        out: &mut [Option<TypeId>],
    ) -> Vec<Option<String>> {
        let args = f.params();
        let arg_index = |v: Value<'m>| args.iter().position(|a| *a == v);
        // Allocas that hold a by-value aggregate parameter.
        let declared: HashMap<Value<'m>, Metadata<'m>> = vars
            .iter()
            .filter(|v| v.is_declare && v.arg > 0 && v.expr == DbgExpr::Empty)
            .filter_map(|v| Some((v.location?, v.ty?)))
            .filter(|(loc, di)| {
                loc.as_instruction().is_some_and(|i| i.opcode() == Opcode::LLVMAlloca) && composite_kind(*di).is_some()
            })
            .collect();
        // (argument, the aggregate's debug type, bit offset of the piece)
        let mut pieces: Vec<(usize, Metadata<'m>, u64)> = Vec::new();
        if !declared.is_empty() {
            // clang stores the pieces in the entry block, before the body.
            for inst in f.basic_blocks().next().into_iter().flat_map(|b| b.instructions()) {
                if inst.opcode() != Opcode::LLVMStore {
                    continue;
                }
                let (Some(v), Some(addr)) = (inst.operand(0), inst.operand(1)) else { continue };
                let Some(k) = arg_index(v) else { continue };
                let Some((a, off)) = self.alloca_and_offset(addr) else { continue };
                let Some(&di) = declared.get(&a.as_value()) else { continue };
                // A whole spill (`store %struct.S %s, ptr %s.addr`) is not a piece.
                if irp[k].is_struct() || (off == 0 && a.allocated_type() == Some(irp[k])) {
                    continue;
                }
                pieces.push((k, di, off.saturating_mul(8)));
            }
        }
        for v in vars.iter().filter(|v| !v.is_declare && v.arg > 0) {
            let (Some(k), Some(di)) = (v.location.and_then(arg_index), v.ty) else { continue };
            if composite_kind(di).is_none() || irp[k].is_struct() {
                continue;
            }
            match v.expr {
                DbgExpr::Fragment { offset_bits, size_bits } if Some(size_bits) == self.dl.size_in_bits(irp[k]) => {
                    pieces.push((k, di, offset_bits))
                }
                // The whole aggregate is this one register.
                DbgExpr::Empty if di_size_bits(di) == self.dl.size_in_bits(irp[k]) => pieces.push((k, di, 0)),
                _ => {}
            }
        }
        let mut why: Vec<Option<String>> = vec![None; irp.len()];
        let mut found: Vec<Option<TypeId>> = vec![None; irp.len()];
        for (k, di, off) in pieces {
            if out[k].is_some() || !irp[k].contains_pointer() {
                continue;
            }
            match self.member_at(di, off, irp[k], 0) {
                Ok(t) if found[k].is_none_or(|f| f == t) => found[k] = Some(t),
                Ok(_) => why[k] = Some("the records of this piece name different source members".into()),
                Err(e) => why[k] = Some(format!("piece at byte {} of the source parameter: {e}", off / 8)),
            }
        }
        for k in 0..irp.len() {
            if why[k].is_none() && out[k].is_none() {
                out[k] = found[k];
            }
        }
        why
    }

    /// The literal structure (or single register) an aggregate is returned
    /// in, each pointer piece typed from the source member at its offset.
    /// Dead-argument elimination may have dropped pieces of an internal
    /// function's return: the pieces must be exactly one per eightbyte of
    /// the source aggregate, at 0 and 8, or nothing is said.
    fn returned_pieces(&mut self, di: Metadata<'m>, irt: Type<'m>) -> Result<TypeId, String> {
        let size_bits = di_size_bits(di).ok_or("the source return type has no size")?;
        let elems = if irt.is_literal_struct() { irt.struct_fields() } else { vec![irt] };
        if elems.len() as u64 != size_bits.div_ceil(64) {
            return Err(format!(
                "IR return type {irt} has {} register(s) but the {}-byte source aggregate needs {} (optimized?)",
                elems.len(),
                size_bits / 8,
                size_bits.div_ceil(64)
            ));
        }
        let mut fields = Vec::with_capacity(elems.len());
        for (i, e) in elems.iter().enumerate() {
            let off = if irt.is_literal_struct() { self.dl.field_offset(irt, i as u32) } else { Some(0) };
            if off != Some(8 * i as u64) {
                return Err(format!("IR return type {irt}: register {i} is not at byte {}", 8 * i));
            }
            let t = if e.contains_pointer() {
                self.member_at(di, 64 * i as u64, *e, 0).map_err(|why| format!("register {i}: {why}"))?
            } else {
                ir_to_dtrans(&mut self.tm, &self.names, *e)
            };
            fields.push(t);
        }
        Ok(if irt.is_literal_struct() { self.tm.literal_struct(fields, irt.is_packed_struct()) } else { fields[0] })
    }

    /// The DTrans type of the source member of aggregate `di` that starts at
    /// `off_bits` and is exactly the register piece of IR type `irt`
    /// (descending into nested structures and arrays). A union there, or
    /// no member of that size, is an error: the piece is ambiguous.
    fn member_at(&mut self, di: Metadata<'m>, off_bits: u64, irt: Type<'m>, depth: u32) -> Result<TypeId, String> {
        let d = strip_qualifiers(Some(di)).ok_or("void")?;
        if depth > 32 {
            return Err("nesting too deep".into());
        }
        let piece_bits = self.dl.size_in_bits(irt).ok_or("unsized piece")?;
        match d.di_type() {
            // A union: unambiguous only if every member over the piece
            // gives the same type (one member, or pointers to one type).
            Some(DiType::Composite { tag: dwarf::TAG_UNION_TYPE, elements, .. }) => {
                let ambiguous = || "a union is at this offset: which of its members the piece carries is ambiguous";
                let mut agreed = None;
                for m in members(&elements) {
                    let size = if m.bit_field { m.size_bits } else { m.ty.and_then(di_size_bits).unwrap_or(0) };
                    if !(m.offset_bits <= off_bits && off_bits < m.offset_bits + size) {
                        continue;
                    }
                    let t = match (m.bit_field, m.ty) {
                        (false, Some(ty)) => self.member_at(ty, off_bits - m.offset_bits, irt, depth + 1),
                        _ => return Err(ambiguous().into()),
                    };
                    match t {
                        Ok(t) if agreed.is_none_or(|a| a == t) => agreed = Some(t),
                        _ => return Err(ambiguous().into()),
                    }
                }
                agreed.ok_or_else(|| "no union member is at this offset".into())
            }
            Some(DiType::Composite { tag, elements, .. }) if llvm_kind_of_tag(tag).is_some() => {
                for m in members(&elements).iter().filter(|m| !m.bit_field) {
                    let Some(ty) = m.ty else { continue };
                    let size = di_size_bits(ty).unwrap_or(0);
                    if m.offset_bits <= off_bits && off_bits < m.offset_bits + size {
                        return self.member_at(ty, off_bits - m.offset_bits, irt, depth + 1);
                    }
                }
                Err("no source member is at this offset".into())
            }
            Some(DiType::Composite { tag: dwarf::TAG_ARRAY_TYPE, base: Some(b), size_bits, .. }) => {
                let stride = di_size_bits(b).filter(|&s| s > 0).ok_or("array element without a size")?;
                if off_bits >= size_bits {
                    return Err("past the end of an array member".into());
                }
                self.member_at(b, off_bits % stride, irt, depth + 1)
            }
            Some(DiType::Derived { tag, size_bits, .. }) if is_pointer_tag(tag) => {
                if off_bits == 0 && size_bits == piece_bits && irt.is_pointer() {
                    self.convert_guided(d, irt).ok_or_else(|| "the pointer member does not fit".into())
                } else {
                    Err("the piece does not cover exactly one pointer member".into())
                }
            }
            _ => Err("the member at this offset is not a pointer".into()),
        }
    }

    /// The alloca that `addr` points into and the constant byte offset,
    /// through GEPs whose indices are all constants.
    fn alloca_and_offset(&self, addr: Value<'m>) -> Option<(Instruction<'m>, u64)> {
        let mut v = addr;
        let mut off: i64 = 0;
        for _ in 0..32 {
            let inst = v.as_instruction()?;
            match inst.opcode() {
                Opcode::LLVMAlloca => return u64::try_from(off).ok().map(|o| (inst, o)),
                Opcode::LLVMGetElementPtr => {
                    let ops = inst.operands();
                    let mut t = inst.gep_source_type()?;
                    let first = ops.get(1)?.const_int_value()?;
                    let size = i64::try_from(self.dl.alloc_size(t)?).ok()?;
                    off = off.checked_add(first.checked_mul(size)?)?;
                    for idx in ops.iter().skip(2) {
                        let k = idx.const_int_value()?;
                        if t.is_struct() {
                            let i = u32::try_from(k).ok()?;
                            off = off.checked_add(i64::try_from(self.dl.field_offset(t, i)?).ok()?)?;
                            t = *t.struct_fields().get(i as usize)?;
                        } else {
                            let e = t.element_type()?;
                            let es = i64::try_from(self.dl.alloc_size(e)?).ok()?;
                            off = off.checked_add(k.checked_mul(es)?)?;
                            t = e;
                        }
                    }
                    v = *ops.first()?;
                }
                _ => return None,
            }
        }
        None
    }

    /// The DTrans type of the memory at address `v`, when the address is an
    /// annotated alloca or global, a GEP (instruction or constant
    /// expression) into one or into a described structure, or (optimized
    /// code) a byte-offset GEP `getelementptr i8, ptr %base, i64 OFF` from a
    /// pointer whose pointee [`Self::pointee_of`] knows.
    fn memory_type(&self, v: Value<'m>, known: &Known<'m>, depth: u32) -> Option<TypeId> {
        if let Some(&t) = known.values.get(&v) {
            return Some(t);
        }
        if depth > 16 {
            return None;
        }
        let (src, ops) = match v.as_instruction() {
            Some(i) if i.opcode() == Opcode::LLVMGetElementPtr => (i.gep_source_type()?, i.operands()),
            Some(_) => return None,
            None => (v.const_gep_source_type()?, v.operands()),
        };
        // The GEP steps over objects of type `src`: a described structure,
        // or whatever the base object is when the base's own type is `src`.
        let base = *ops.first()?;
        if src.int_width() == Some(8) && ops.len() == 2 {
            let off = u64::try_from(ops[1].const_int_value()?).ok()?;
            let t = self.pointee_of(base, known, depth + 1)?;
            return self.type_at_offset(t, off);
        }
        let mut t = match self.dtrans_of_ir(src) {
            Some(t) => t,
            None if base.global_value_type() == Some(src)
                || base.as_instruction().and_then(|i| i.allocated_type()) == Some(src) =>
            {
                self.memory_type(base, known, depth + 1)?
            }
            // Optimized code: a GEP over an array (`[0 x ptr]`) from a
            // pointer whose pointee is known; the object of that shape that
            // starts there.
            None => {
                let b = self.pointee_of(base, known, depth + 1)?;
                self.at_start(b, |t| self.has_shape(t, src))?
            }
        };
        // Index 0 steps over whole objects; the rest descend.
        for idx in ops.iter().skip(2) {
            t = match self.tm.get(t).clone() {
                DType::Struct(_) => {
                    let k = idx.const_int_value()?;
                    *self.tm.struct_body(t)?.fields.as_ref()?.get(usize::try_from(k).ok()?)?
                }
                DType::Array { elem, .. } | DType::Vector { elem, .. } => elem,
                DType::Literal { fields, .. } => *fields.get(usize::try_from(idx.const_int_value()?).ok()?)?,
                _ => return None,
            };
        }
        Some(t)
    }

    /// What pointer `v` points to, as far as types already given say: an
    /// annotated global or alloca (its own type), an argument of a
    /// function whose signature was derived, a pointer loaded from typed
    /// memory, a GEP into typed memory, a phi whose inputs all agree.
    fn pointee_of(&self, v: Value<'m>, known: &Known<'m>, depth: u32) -> Option<TypeId> {
        if let Some(&t) = known.values.get(&v) {
            return Some(t);
        }
        if depth > 16 {
            return None;
        }
        if let Some(&t) = known.args.get(&v) {
            return self.tm.pointee(t);
        }
        let Some(i) = v.as_instruction() else {
            return self.memory_type(v, known, depth + 1); // a constant GEP
        };
        match i.opcode() {
            Opcode::LLVMLoad => {
                let t = self.memory_type(i.operand(0)?, known, depth + 1)?;
                self.tm.pointee(self.at_start(t, |t| self.is_pointer_type(t))?)
            }
            Opcode::LLVMGetElementPtr => self.memory_type(v, known, depth + 1),
            Opcode::LLVMPHI => {
                let mut agreed = None;
                for input in i.operands() {
                    let t = self.pointee_of(input, known, depth + 1)?;
                    if agreed.is_some_and(|a| a != t) {
                        return None;
                    }
                    agreed = Some(t);
                }
                agreed
            }
            _ => None,
        }
    }

    /// The outermost object inside `t` that starts exactly at byte `off`
    /// (a field of a structure, an element of an array, or `t` at 0).
    fn type_at_offset(&self, t: TypeId, off: u64) -> Option<TypeId> {
        if off == 0 {
            return Some(t);
        }
        let DType::Struct(name) = self.tm.get(t) else { return None };
        let (mut t, mut lt, mut off) = (t, self.m.struct_type(name)?, off);
        for _ in 0..32 {
            if off == 0 {
                return Some(t);
            }
            match self.tm.get(t) {
                DType::Struct(_) => {
                    // The last field starting at or before `off` (a flexible
                    // array member starts at the structure's very end).
                    let i = (0..lt.struct_fields().len() as u32)
                        .rev()
                        .find(|&i| self.dl.field_offset(lt, i).is_some_and(|o| o <= off))?;
                    off -= self.dl.field_offset(lt, i)?;
                    t = *self.tm.struct_body(t)?.fields.as_ref()?.get(i as usize)?;
                    lt = *lt.struct_fields().get(i as usize)?;
                    // Past the field's end is padding (a zero-sized field is
                    // a flexible array: its elements lie past it).
                    let size = self.dl.alloc_size(lt)?;
                    if off >= size && size > 0 {
                        return None;
                    }
                }
                DType::Array { elem, .. } => {
                    let le = lt.element_type()?;
                    let size = self.dl.alloc_size(le).filter(|&n| n > 0)?;
                    if lt.len().is_some_and(|n| n > 0 && off >= n.saturating_mul(size)) {
                        return None;
                    }
                    off %= size;
                    (t, lt) = (*elem, le);
                }
                _ => return None,
            }
        }
        None
    }

    /// `t`, or the first field or element that starts with it (and so on
    /// inward), that satisfies `want`.
    fn at_start(&self, mut t: TypeId, want: impl Fn(TypeId) -> bool) -> Option<TypeId> {
        for _ in 0..32 {
            if want(t) {
                return Some(t);
            }
            t = match self.tm.get(t) {
                DType::Struct(_) => *self.tm.struct_body(t)?.fields.as_ref()?.first()?,
                DType::Array { elem, .. } => *elem,
                DType::Literal { fields, .. } => *fields.first()?,
                _ => return None,
            };
        }
        None
    }

    /// Whether DTrans type `t` has the shape of IR type `ir` (for GEPs).
    fn has_shape(&self, t: TypeId, ir: Type<'m>) -> bool {
        match (self.tm.get(t), ir.kind()) {
            (DType::Struct(n), TypeKind::LLVMStructTypeKind) => self.names.get(&ir) == Some(n),
            (DType::Array { len, .. }, TypeKind::LLVMArrayTypeKind) => ir.len() == Some(*len),
            _ => false,
        }
    }

    fn is_pointer_type(&self, t: TypeId) -> bool {
        self.tm.pointee(t).is_some()
    }

    /// The described DTrans type of an IR type that names a structure.
    fn dtrans_of_ir(&self, t: Type<'m>) -> Option<TypeId> {
        match t.kind() {
            TypeKind::LLVMStructTypeKind if !t.is_literal_struct() => self.bodies.get(&t).copied(),
            _ => None,
        }
    }

    fn write(&mut self, existing_structs: &HashSet<String>) {
        let func_kind = self.m.md_kind_id(FUNC_TYPE_MD);
        let value_kind = self.m.md_kind_id(VALUE_TYPE_MD);
        // Globals.
        let mut values: HashMap<Value<'m>, TypeId> = HashMap::new();
        let mut global_types = Vec::new();
        for g in self.m.globals() {
            let Some(vt) = g.global_value_type() else { continue };
            if !vt.contains_pointer() {
                continue;
            }
            let label = format!("@{}", dtrans_ir::quote_ident(&g.name()));
            match self.global_di.get(&g).copied().flatten() {
                Some(di) => match self.convert_guided(di, vt) {
                    Some(t) => {
                        values.insert(g, t);
                        if g.metadata(value_kind).is_none() {
                            global_types.push((g, t));
                        }
                    }
                    None => self.unmapped("global", label, format!("debug type does not fit IR type {vt}")),
                },
                _ => {
                    // String literals and other compiler globals have no
                    // source variable; pointer-free ones need no metadata.
                    self.unmapped("global", label, "no DIGlobalVariable");
                }
            }
        }
        // Functions and allocas.
        let mut signatures = Vec::new();
        let mut alloca_types = Vec::new();
        for f in self.m.functions() {
            if f.is_declaration() {
                if f.as_value().metadata(func_kind).is_none() {
                    signatures.extend(self.declared_signature(f).map(|t| (f, t)));
                }
                continue;
            }
            if f.as_value().metadata(func_kind).is_none() {
                if let Some(t) = self.signature(f) {
                    let fty = f.function_type();
                    let has_pointer =
                        fty.param_types().iter().chain(fty.return_type().iter()).any(|t| t.contains_pointer());
                    if has_pointer {
                        signatures.push((f, t));
                    }
                }
            }
            for v in self.vars[&f].clone() {
                let (true, Some(loc), Some(di)) = (v.is_declare, v.location, v.ty) else { continue };
                let Some(inst) = loc.as_instruction().filter(|i| i.opcode() == Opcode::LLVMAlloca) else { continue };
                let Some(at) = inst.allocated_type() else { continue };
                let merged = self.merged_by_link(at, di);
                if !at.contains_pointer() && !merged {
                    continue;
                }
                let t = match v.expr {
                    // The variable's own structure, not the IR's twin.
                    DbgExpr::Empty if merged => Ok(self.convert_value(di, false)),
                    DbgExpr::Empty => {
                        self.convert_guided(di, at).ok_or(format!("debug type does not fit IR type {at}"))
                    }
                    // The alloca holds the address of an aggregate passed
                    // indirectly (`%x.indirect_addr`).
                    DbgExpr::Deref if at.is_pointer() => {
                        let t = self.convert_value(di, false);
                        Ok(self.tm.pointer_to(t))
                    }
                    // A piece of a variable split by SROA.
                    DbgExpr::Fragment { offset_bits, size_bits } if Some(size_bits) == self.dl.size_in_bits(at) => {
                        self.member_at(di, offset_bits, at, 0)
                    }
                    _ => Err("the variable's location expression is not the variable itself".to_string()),
                };
                match t {
                    Ok(t) => {
                        values.insert(inst.as_value(), t);
                        if inst.as_value().metadata(value_kind).is_none() {
                            alloca_types.push((inst, t));
                        }
                    }
                    Err(why) => self.unmapped("alloca", format!("{} in @{}", v.name, f.name()), why),
                }
            }
        }
        // Indirect calls: the callee was loaded from typed memory, which may
        // be a structure created above.
        self.describe_pending();
        let mut args = HashMap::new();
        for (f, t) in &signatures {
            if let DType::Function { params, .. } = self.tm.get(*t) {
                args.extend(f.params().into_iter().zip(params.iter().copied()));
            }
        }
        let known = Known { values, args };
        let mut call_types: Vec<(Instruction<'m>, TypeId)> = Vec::new();
        for f in self.m.functions() {
            for inst in f.instructions() {
                if !inst.is_indirect_call() || inst.as_value().metadata(value_kind).is_some() {
                    continue;
                }
                let callee = inst.called_value().expect("a call has a callee");
                let loaded = callee
                    .as_instruction()
                    .filter(|l| l.opcode() == Opcode::LLVMLoad)
                    .and_then(|l| l.operand(0))
                    .and_then(|addr| self.memory_type(addr, &known, 0))
                    .and_then(|t| self.at_start(t, |t| self.is_pointer_type(t)));
                let fn_type = loaded
                    .and_then(|t| self.tm.pointee(t))
                    .filter(|p| matches!(self.tm.get(*p), DType::Function { .. }));
                match fn_type {
                    Some(t) if self.call_fits(t, inst) => call_types.push((inst, t)),
                    _ => self.unmapped(
                        "call",
                        format!("{} in @{}", inst.as_value(), f.name()),
                        "callee not loaded from a variable or field of function-pointer type",
                    ),
                }
            }
        }
        // Write: structures first (functions and values refer to them).
        self.describe_pending();
        let mut w = MetadataWriter::new(self.m, &self.tm);
        let described: Vec<TypeId> = self
            .bodies
            .iter()
            .filter(|(st, _)| self.names.get(st).is_some_and(|n| !existing_structs.contains(n)))
            .map(|(_, id)| *id)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let skipped = if existing_structs.is_empty() {
            w.write_struct_list(&described)
        } else {
            w.append_struct_list(&described)
        };
        let mut failures: Vec<ReportItem> = skipped
            .into_iter()
            .map(|e| ReportItem { kind: "struct", name: String::new(), reason: e.to_string() })
            .collect();
        for (f, t) in signatures {
            match w.set_function_signature(f, t) {
                Ok(skipped) => {
                    self.report.functions_annotated += 1;
                    failures.extend(skipped.into_iter().map(|e| ReportItem {
                        kind: "parameter",
                        name: format!("@{}", f.name()),
                        reason: e.to_string(),
                    }));
                }
                Err(e) => failures.push(ReportItem {
                    kind: "function",
                    name: format!("@{}", f.name()),
                    reason: e.to_string(),
                }),
            }
        }
        for (kind, list) in [
            ("global", global_types),
            ("alloca", alloca_types.into_iter().map(|(i, t)| (i.as_value(), t)).collect()),
            ("call", call_types.into_iter().map(|(i, t)| (i.as_value(), t)).collect()),
        ] {
            for (v, t) in list {
                match w.set_value_type(v, t) {
                    Ok(()) => match kind {
                        "global" => self.report.globals_annotated += 1,
                        "alloca" => self.report.allocas_annotated += 1,
                        _ => self.report.calls_annotated += 1,
                    },
                    Err(e) => failures.push(ReportItem { kind, name: v.to_string(), reason: e.to_string() }),
                }
            }
        }
        self.report.unmapped.extend(failures);
    }

    /// Whether function type `t` has the shape of the call's IR type.
    fn call_fits(&self, t: TypeId, call: Instruction<'m>) -> bool {
        let (DType::Function { params, var_arg, .. }, Some(fty)) = (self.tm.get(t), call.called_function_type()) else {
            return false;
        };
        params.len() == fty.param_types().len() && *var_arg == fty.is_var_arg()
    }
}

/// Types already given to values, for typing indirect calls' callees.
struct Known<'m> {
    /// Annotated globals and allocas: the type of the object.
    values: HashMap<Value<'m>, TypeId>,
    /// Arguments of functions whose signature was derived.
    args: HashMap<Value<'m>, TypeId>,
}

/// A member (or base class) of a composite type.
struct Member<'m> {
    name: String,
    offset_bits: u64,
    /// The member's own size (for a bit-field, its width).
    size_bits: u64,
    bit_field: bool,
    is_inheritance: bool,
    flags: u32,
    ty: Option<Metadata<'m>>,
}

/// The data members and base-class subobjects of a composite; static
/// members, methods and other elements are left out.
fn members<'m>(elements: &[Option<Metadata<'m>>]) -> Vec<Member<'m>> {
    const FLAG_STATIC_MEMBER: u32 = 1 << 12;
    elements
        .iter()
        .filter_map(|e| match e.and_then(|e| e.di_type()) {
            Some(DiType::Derived { tag, name, base, offset_bits, size_bits, flags })
                if (tag == dwarf::TAG_MEMBER || tag == dwarf::TAG_INHERITANCE) && flags & FLAG_STATIC_MEMBER == 0 =>
            {
                Some(Member {
                    name,
                    offset_bits,
                    size_bits,
                    bit_field: flags & dwarf::FLAG_BIT_FIELD != 0,
                    is_inheritance: tag == dwarf::TAG_INHERITANCE,
                    flags,
                    ty: base,
                })
            }
            _ => None,
        })
        .collect()
}

fn is_pointer_tag(tag: u32) -> bool {
    matches!(tag, dwarf::TAG_POINTER_TYPE | dwarf::TAG_REFERENCE_TYPE | dwarf::TAG_RVALUE_REFERENCE_TYPE)
}

/// A short description of a debug type's shape, to tell apart composites
/// that share a name: members with their offsets and their types' names,
/// pointers followed a few levels.
fn fingerprint(md: Option<Metadata<'_>>, depth: u32) -> String {
    if depth > 4 {
        return "...".into();
    }
    let Some(d) = strip_qualifiers(md) else { return "void".into() };
    match d.di_type() {
        Some(DiType::Basic { name, .. }) => name,
        Some(DiType::Derived { tag, base, .. }) if is_pointer_tag(tag) => format!("*{}", fingerprint(base, depth + 1)),
        // Sizes are part of the shape: `{ char digest[4]; }` and
        // `{ char digest[8]; }` have the same members and are two types.
        Some(DiType::Composite { tag, elements, size_bits, .. }) if depth == 0 => {
            let ms: Vec<String> = members(&elements)
                .iter()
                .map(|m| format!("{}@{}:{}", m.name, m.offset_bits, fingerprint(m.ty, depth + 1)))
                .collect();
            format!("{tag}:{}/{size_bits}{{{}}}", d.di_qualified_name(), ms.join(","))
        }
        Some(DiType::Composite { tag, base, size_bits, .. }) if tag == dwarf::TAG_ARRAY_TYPE => {
            format!("[{size_bits}]{}", fingerprint(base, depth + 1))
        }
        Some(DiType::Composite { tag, .. }) => format!("{tag}:{}", d.di_qualified_name()),
        Some(DiType::Subroutine { types }) => {
            let ts: Vec<String> = types.iter().map(|t| fingerprint(*t, depth + 1)).collect();
            format!("fn({})", ts.join(","))
        }
        _ => "?".into(),
    }
}

/// [`Metadata::strip_di_qualifiers`] on an optional type (`None` is void).
fn strip_qualifiers(md: Option<Metadata<'_>>) -> Option<Metadata<'_>> {
    md?.strip_di_qualifiers()
}

/// Whether clang may have lowered a prototype on its way to the IR (so IR
/// parameter k need not be source parameter k): the counts differ, a
/// source parameter is an aggregate passed by value, or the IR has `sret`.
fn may_be_lowered<'m>(f: Function<'m>, di_params: &[Option<Metadata<'m>>], irp: &[Type<'m>]) -> bool {
    di_params.len() != irp.len()
        || di_params.iter().any(|t| t.is_none_or(|t| composite_kind(t).is_some()))
        || (0..irp.len()).any(|k| f.type_attribute(AttrIndex::Param(k as u32), "sret").is_some())
}

/// The struct/union/class composite behind a debug type (typedefs and
/// qualifiers stripped), as its LLVM kind.
fn composite_kind(di: Metadata<'_>) -> Option<&'static str> {
    match strip_qualifiers(Some(di))?.di_type()? {
        DiType::Composite { tag, .. } => llvm_kind_of_tag(tag),
        _ => None,
    }
}

/// A debug type's size in bits (typedefs and qualifiers have none of their
/// own).
fn di_size_bits(di: Metadata<'_>) -> Option<u64> {
    match strip_qualifiers(Some(di))?.di_type()? {
        DiType::Basic { size_bits, .. } | DiType::Derived { size_bits, .. } | DiType::Composite { size_bits, .. } => {
            Some(size_bits)
        }
        _ => None,
    }
}
