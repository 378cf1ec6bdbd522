//! TypeMetadataReader: decodes the metadata of document 000 ("Metadata
//! encoding from the compiler front-end") into DTrans types and cross-checks
//! it against the IR.
//!
//! Bad metadata never stops the reader: each problem becomes a
//! [`Diagnostic`] naming the node, the structure or function it belongs to
//! and what is wrong, the affected type becomes unknown (`?`), and reading
//! goes on with the rest.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use dtrans_ir::{
    AttrIndex, Function, Instruction, MdView, Metadata, MetadataSlots, Module, Opcode, Type, TypeKind, Value,
};

use crate::from_ir::{ir_to_dtrans, StructNames};
use dtrans_ir::quote_ident;

use crate::manager::{struct_ref, DType, TypeId, TypeManager};
use crate::{Diagnostic, FUNC_INDEX_ATTR, FUNC_TYPE_MD, HINT_MD, TYPES_MD, UNIONS_MD, VALUE_TYPE_MD};

/// Pointer levels above this are treated as corrupt metadata.
const MAX_POINTER_LEVEL: i64 = 64;
/// Type nodes nested deeper than this are reported rather than followed, so
/// that hostile input cannot exhaust the stack.
const MAX_NESTING: usize = 256;

/// Where a structure's description came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StructSource {
    /// Described in `!intel.dtrans.types`.
    Metadata,
    /// Not described; built from the IR (pointer fields' pointees unknown).
    Ir,
}

/// Everything the metadata says about one module's types.
pub struct ModuleTypes<'m> {
    pub tm: TypeManager,
    /// Named structures with their source, sorted by name.
    pub structs: Vec<(TypeId, StructSource)>,
    /// Functions with signature metadata, in module order.
    pub functions: Vec<(Function<'m>, TypeId)>,
    /// Globals with `!intel_dtrans_type`, in module order.
    pub globals: Vec<(Value<'m>, TypeId)>,
    /// Allocas with `!intel_dtrans_type`, in function and block order.
    pub allocas: Vec<(Instruction<'m>, TypeId)>,
    /// Indirect calls with `!intel_dtrans_type` (the callee's function type).
    pub calls: Vec<(Instruction<'m>, TypeId)>,
    /// Instructions with a `!dtrans-type` hint (document 002): a type the
    /// pointer type analysis adds to the instruction's result.
    pub hints: Vec<(Instruction<'m>, TypeId)>,
    pub diagnostics: Vec<Diagnostic>,
    /// How the IR printer names globals and functions (`@f`, `@0`).
    pub global_labels: std::collections::HashMap<Value<'m>, String>,
    /// Per union, the structures its members are, from
    /// `!intel.dtrans.unions` (unions it does not list: not known).
    pub unions: Vec<(TypeId, Vec<TypeId>)>,
    /// Fields whose metadata names one structure and whose IR type is
    /// another of the same body: llvm-link mapped the source's structure
    /// onto an isomorphic one of another name. The metadata's is kept (it
    /// is the source's word); the two share those bytes, which the safety
    /// analysis must know.
    pub twins: Vec<LinkedTwin>,
}

/// See [`ModuleTypes::twins`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinkedTwin {
    pub holder: TypeId,
    pub field: u32,
    /// The structure the metadata (the source) names.
    pub source: TypeId,
    /// The structure the IR names, of the same body.
    pub ir: TypeId,
}

impl<'m> ModuleTypes<'m> {
    /// The printer's label of a global or function (`@name`, `@0`).
    pub fn label(&self, v: Value<'m>) -> String {
        self.global_labels.get(&v).cloned().unwrap_or_else(|| format!("@{}", quote_ident(&v.name())))
    }

    pub fn function_type(&self, f: Function<'m>) -> Option<TypeId> {
        self.functions.iter().find(|(g, _)| *g == f).map(|(_, t)| *t)
    }
}

/// Reads all DTrans metadata of `m`.
pub fn read_module<'m>(m: &'m Module<'_>) -> ModuleTypes<'m> {
    let mut r = Reader {
        module: m,
        structs: m.struct_types_named(),
        names: Default::default(),
        labels: m.global_labels(),
        slots: None,
        tm: TypeManager::new(),
        memo: HashMap::default(),
        in_progress: HashSet::default(),
        described: HashMap::default(),
        diagnostics: Vec::new(),
        twins: Vec::new(),
    };
    // One walk of the module finds every identified struct (TypeFinder).
    r.names = r.structs.iter().cloned().collect();
    let structs = r.read_structs();
    let (functions, globals, allocas, calls, hints) = r.read_attachments();
    let unions = r.read_unions();
    ModuleTypes {
        tm: r.tm,
        structs,
        functions,
        globals,
        allocas,
        calls,
        hints,
        diagnostics: r.diagnostics,
        global_labels: r.labels,
        unions,
        twins: r.twins,
    }
}

struct Reader<'a, 'm> {
    module: &'m Module<'a>,
    /// Identified structs with their printer names, in printer order.
    structs: Vec<(Type<'m>, String)>,
    /// The same, by type.
    names: StructNames<'m>,
    /// Printer labels of globals and functions.
    labels: std::collections::HashMap<Value<'m>, String>,
    /// Computed on the first diagnostic (see [`Reader::node_name`]).
    slots: Option<MetadataSlots<'m>>,
    tm: TypeManager,
    /// Decoded type nodes (uniqued metadata decodes once).
    memo: HashMap<Metadata<'m>, TypeId>,
    /// Non-structure nodes being decoded: meeting one again is a cycle.
    in_progress: HashSet<Metadata<'m>>,
    /// Structure name -> its `!"S"` description node.
    described: HashMap<String, Metadata<'m>>,
    diagnostics: Vec<Diagnostic>,
    twins: Vec<LinkedTwin>,
}

/// The result of a cross-check between a DTrans type and the IR type.
type Mismatch = String;

/// What a diagnostic belongs to. Formatted only when a diagnostic is
/// reported: building labels for every field of every structure up front
/// costs measurable time on large modules.
enum Place<'p> {
    Text(String),
    Struct(&'p str),
    Field(&'p str, usize),
}

impl std::fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Text(s) => f.write_str(s),
            Place::Struct(n) => f.write_str(&struct_ref(n)),
            Place::Field(n, i) => write!(f, "{} field {i}", struct_ref(n)),
        }
    }
}

impl<'a, 'm> Reader<'a, 'm> {
    fn diag(&mut self, node: Option<Metadata<'m>>, place: &Place<'_>, message: impl Into<String>) {
        let node = node.map(|n| self.node_name(n));
        self.diagnostics.push(Diagnostic { node, context: place.to_string(), message: message.into() });
    }

    /// `!N` as the IR printer numbers the node. The numbering walks the whole
    /// module, so it is computed on the first diagnostic only.
    fn node_name(&mut self, n: Metadata<'m>) -> String {
        self.slots.get_or_insert_with(|| self.module.metadata_slots()).name(n)
    }

    // ---------------------------------------------------------------
    // Structures
    // ---------------------------------------------------------------

    fn read_structs(&mut self) -> Vec<(TypeId, StructSource)> {
        let list = self.module.named_metadata(TYPES_MD).map(|n| n.operands()).unwrap_or_default();
        // Pass 1: register every described name, so references resolve
        // whatever the order of the list.
        let mut order = Vec::new();
        for node in list {
            let Some(name) = self.struct_description_name(node) else { continue };
            match self.described.get(&name) {
                Some(&prev) if prev == node => {}
                Some(&prev) => {
                    let ctx = Place::Struct(&name);
                    let prev_name = self.node_name(prev);
                    self.diag(
                        Some(node),
                        &ctx,
                        format!("structure is described twice (first by {prev_name}); the first description is used"),
                    );
                }
                None => {
                    // Create the type now: fields may refer to structures
                    // that come later in the list.
                    self.tm.named_struct(&name);
                    self.described.insert(name.clone(), node);
                    order.push(name);
                }
            }
        }
        // Pass 2: decode the bodies.
        let mut out = Vec::new();
        for name in &order {
            let node = self.described[name];
            let id = self.tm.named_struct(name);
            self.decode_struct_body(id, name, node);
            out.push((id, StructSource::Metadata));
        }
        // Structures in the IR that the metadata does not describe.
        let described: HashSet<String> = order.into_iter().collect();
        for (st, name) in self.structs.clone() {
            if described.contains(&name) {
                continue;
            }
            let id = self.tm.named_struct(&name);
            self.body_from_ir(id, st);
            if st.contains_pointer() {
                let ctx = Place::Struct(&name);
                self.diag(
                    None,
                    &ctx,
                    format!("no description in !{TYPES_MD}; pointee types of its pointer fields are unknown"),
                );
            }
            out.push((id, StructSource::Ir));
        }
        out.sort_by(|a, b| self.tm.struct_name(a.0).cmp(&self.tm.struct_name(b.0)));
        out
    }

    /// The structure name of a list entry `!{!"S", %T zeroinitializer, ...}`,
    /// or a diagnostic and `None`.
    fn struct_description_name(&mut self, node: Metadata<'m>) -> Option<String> {
        let ctx = Place::Text(format!("!{TYPES_MD}"));
        let ops = match node.view() {
            MdView::Tuple { operands, .. } => operands,
            _ => {
                self.diag(Some(node), &ctx, "list entry is not a metadata tuple");
                return None;
            }
        };
        // A broken entry still names the structure it meant, if it holds one:
        // the user then knows which description to fix.
        let held = ops
            .iter()
            .flatten()
            .filter_map(|o| o.as_constant())
            .find_map(|v| self.names.get(&v.ty()).cloned())
            .map(|n| format!(" for {}", struct_ref(&n)))
            .unwrap_or_default();
        if ops.first().copied().flatten().and_then(|o| o.as_string()).as_deref() != Some("S") {
            self.diag(
                Some(node),
                &ctx,
                format!("list entry{held} is not a structure description (first operand must be !\"S\")"),
            );
            return None;
        }
        match ops.get(1).copied().flatten().and_then(|o| o.as_constant()).map(|v| v.ty()) {
            Some(t) if self.names.contains_key(&t) => self.names.get(&t).cloned(),
            _ => {
                self.diag(
                    Some(node),
                    &ctx,
                    if held.is_empty() {
                        "structure description's second operand must be `%T zeroinitializer` of a named structure"
                            .to_string()
                    } else {
                        format!(
                            "structure description{held}: the second operand must be `%T zeroinitializer` of a named structure"
                        )
                    },
                );
                None
            }
        }
    }

    fn decode_struct_body(&mut self, id: TypeId, name: &str, node: Metadata<'m>) {
        let ctx = Place::Struct(name);
        let ops = node.operands();
        let ir = self.module.struct_type(name);
        let packed = ir.is_some_and(|t| t.is_packed_struct());
        let Some(count) = self.int_operand(&ops, 2) else {
            self.diag(Some(node), &ctx, "field count (operand 3) must be an integer constant");
            self.fallback_body(id, ir);
            return;
        };
        if count == -1 {
            if ops.len() != 3 {
                self.diag(
                    Some(node),
                    &ctx,
                    format!("opaque structure (count -1) must have 3 operands, has {}", ops.len()),
                );
            }
            match ir.filter(|t| !t.is_opaque_struct()) {
                Some(t) => {
                    self.diag(
                        Some(node),
                        &ctx,
                        format!(
                            "metadata says opaque but the IR defines a body with {} fields; using the IR's fields",
                            t.struct_fields().len()
                        ),
                    );
                    self.body_from_ir(id, t);
                }
                None => self.tm.set_struct_body(id, None, packed),
            }
            return;
        }
        if count < 0 || count.checked_add(3) != Some(ops.len() as i64) {
            self.diag(
                Some(node),
                &ctx,
                format!("field count {count} does not match the {} field operands", ops.len().saturating_sub(3)),
            );
            self.fallback_body(id, ir);
            return;
        }
        let mut fields = Vec::with_capacity(count as usize);
        for (i, op) in ops[3..].iter().enumerate() {
            let fctx = Place::Field(name, i);
            let t = match op {
                Some(md) => self.decode(*md, &fctx),
                None => {
                    self.diag(Some(node), &fctx, "field type is null");
                    self.tm.unknown()
                }
            };
            fields.push(t);
        }
        // Cross-check against the IR body.
        if let Some(irt) = ir {
            if irt.is_opaque_struct() {
                self.diag(
                    Some(node),
                    &ctx,
                    format!("metadata describes {count} fields but the IR structure is opaque"),
                );
            } else {
                let irf = irt.struct_fields();
                if irf.len() != fields.len() {
                    self.diag(
                        Some(node),
                        &ctx,
                        format!(
                            "metadata describes {} fields but the IR structure has {}; using the IR's fields",
                            fields.len(),
                            irf.len()
                        ),
                    );
                    self.body_from_ir(id, irt);
                    return;
                } else {
                    for (i, (f, irft)) in fields.iter_mut().zip(irf).enumerate() {
                        if let Some((source, ir)) = self.linked_twin(*f, irft) {
                            self.twins.push(LinkedTwin { holder: id, field: i as u32, source, ir });
                        } else if let Err(why) = self.check(*f, irft) {
                            let fmd = ops[3 + i];
                            self.diag(
                                fmd,
                                &Place::Field(name, i),
                                format!("metadata type {} does not match IR type {irft}: {why}", self.tm.display(*f)),
                            );
                            *f = self.tm.unknown();
                        } else {
                            *f = self.adopt_packing(*f, irft);
                        }
                    }
                }
            }
        }
        self.tm.set_struct_body(id, Some(fields), packed);
    }

    /// After a malformed description: the IR's body, pointee types unknown.
    fn fallback_body(&mut self, id: TypeId, ir: Option<Type<'m>>) {
        match ir {
            Some(t) => self.body_from_ir(id, t),
            None => self.tm.set_struct_body(id, None, false),
        }
    }

    fn body_from_ir(&mut self, id: TypeId, st: Type<'m>) {
        if st.is_opaque_struct() {
            self.tm.set_struct_body(id, None, st.is_packed_struct());
            return;
        }
        let fields = st.struct_fields().into_iter().map(|f| ir_to_dtrans(&mut self.tm, &self.names, f)).collect();
        self.tm.set_struct_body(id, Some(fields), st.is_packed_struct());
    }

    /// Literal structures carry no packing in metadata: take it from the IR.
    fn adopt_packing(&mut self, t: TypeId, ir: Type<'m>) -> TypeId {
        match self.tm.get(t).clone() {
            // Literal structures nest: adopt packing all the way down (the
            // cross-check has matched the shapes, so the fields line up).
            DType::Literal { fields, .. } if ir.is_literal_struct() => {
                let irf = ir.struct_fields();
                let fields = fields.iter().zip(irf).map(|(f, i)| self.adopt_packing(*f, i)).collect();
                self.tm.literal_struct(fields, ir.is_packed_struct())
            }
            DType::Array { len, elem } => {
                let e = ir.element_type().map_or(elem, |ie| self.adopt_packing(elem, ie));
                self.tm.array(len, e)
            }
            _ => t,
        }
    }

    // ---------------------------------------------------------------
    // Type nodes
    // ---------------------------------------------------------------

    fn int_operand(&self, ops: &[Option<Metadata<'m>>], i: usize) -> Option<i64> {
        let v = ops.get(i).copied().flatten()?.as_constant()?;
        (v.ty().int_width()? >= 8).then_some(())?;
        v.const_int_value()
    }

    /// Decodes a type node; on any problem, reports it and returns unknown.
    fn decode(&mut self, md: Metadata<'m>, ctx: &Place<'_>) -> TypeId {
        if let Some(&t) = self.memo.get(&md) {
            return t;
        }
        if self.in_progress.len() >= MAX_NESTING {
            self.diag(Some(md), ctx, format!("type nodes nested more than {MAX_NESTING} deep"));
            return self.tm.unknown();
        }
        if !self.in_progress.insert(md) {
            self.diag(Some(md), ctx, "cycle through non-structure metadata nodes");
            return self.tm.unknown();
        }
        let t = self.decode_uncached(md, ctx);
        self.in_progress.remove(&md);
        self.memo.insert(md, t);
        t
    }

    fn decode_uncached(&mut self, md: Metadata<'m>, ctx: &Place<'_>) -> TypeId {
        let ops = match md.view() {
            MdView::Tuple { operands, .. } => operands,
            MdView::String(s) => return self.fail(md, ctx, format!("expected a type node, found the string !\"{s}\"")),
            MdView::Node { .. } => {
                return self.fail(md, ctx, "expected a type node, found a specialized (debug-info) node")
            }
            _ => return self.fail(md, ctx, "expected a type node"),
        };
        let Some(Some(first)) = ops.first().copied() else {
            return self.fail(md, ctx, "type node is empty or starts with null");
        };
        if let Some(tag) = first.as_string() {
            return match tag.as_str() {
                "void" => {
                    let Some(level) = self.level(md, &ops, ctx) else { return self.tm.unknown() };
                    let v = self.tm.void();
                    self.tm.pointer_n(v, level)
                }
                "A" | "V" => self.decode_sequence(md, &ops, ctx, tag == "V"),
                "F" => self.decode_function(md, &ops, ctx),
                "L" => self.decode_literal(md, &ops, ctx),
                "S" => self.decode_struct_ref_by_description(md, &ops, ctx),
                other => self.fail(md, ctx, format!("unknown type tag !\"{other}\"")),
            };
        }
        if let Some(c) = first.as_constant() {
            let Some(level) = self.level(md, &ops, ctx) else { return self.tm.unknown() };
            let Some(base) = self.decode_ir_type(md, c.ty(), ctx) else { return self.tm.unknown() };
            return self.tm.pointer_n(base, level);
        }
        if first.is_node() {
            // Pointer to a complex type: !{!N, i32 level}.
            let Some(level) = self.level(md, &ops, ctx) else { return self.tm.unknown() };
            let base = self.decode(first, ctx);
            if self.tm.get(base) == &DType::Unknown {
                return base;
            }
            return self.tm.pointer_n(base, level);
        }
        self.fail(md, ctx, "first operand must be a type tag string, a constant or a type node")
    }

    fn fail(&mut self, md: Metadata<'m>, ctx: &Place<'_>, msg: impl Into<String>) -> TypeId {
        self.diag(Some(md), ctx, msg);
        self.tm.unknown()
    }

    /// The pointer level in operand 1 of a two-operand node.
    fn level(&mut self, md: Metadata<'m>, ops: &[Option<Metadata<'m>>], ctx: &Place<'_>) -> Option<u32> {
        if ops.len() != 2 {
            self.diag(Some(md), ctx, format!("expected 2 operands (type, pointer level), found {}", ops.len()));
            return None;
        }
        match self.int_operand(ops, 1) {
            Some(l) if (0..=MAX_POINTER_LEVEL).contains(&l) => Some(l as u32),
            Some(l) => {
                self.diag(Some(md), ctx, format!("pointer level {l} is out of range"));
                None
            }
            None => {
                self.diag(Some(md), ctx, "pointer level is not an integer constant");
                None
            }
        }
    }

    /// A first-class type given as `<type> zeroinitializer`.
    fn decode_ir_type(&mut self, md: Metadata<'m>, t: Type<'m>, ctx: &Place<'_>) -> Option<TypeId> {
        if let Some(name) = self.names.get(&t).cloned() {
            if self.described.contains_key(&name) {
                return Some(self.tm.named_struct(&name));
            }
            // Not in the list: acceptable only if the IR says everything.
            if !t.is_opaque_struct() && !t.contains_pointer() {
                let id = self.tm.named_struct(&name);
                if self.tm.struct_body(id).is_none_or(|b| b.fields.is_none()) {
                    self.body_from_ir(id, t);
                }
                return Some(id);
            }
            self.diag(
                Some(md),
                ctx,
                format!("reference to structure {} which !{TYPES_MD} does not describe", struct_ref(&name)),
            );
            return None;
        }
        if t.kind() == TypeKind::LLVMPointerTypeKind {
            self.diag(Some(md), ctx, "`ptr` does not say what it points to; encode the pointee with a pointer level");
            return None;
        }
        if t.contains_pointer() {
            self.diag(
                Some(md),
                ctx,
                format!("IR type {t} contains pointers; describe it with an !\"A\", !\"V\" or !\"L\" node"),
            );
            return None;
        }
        Some(ir_to_dtrans(&mut self.tm, &self.names, t))
    }

    /// `!{!"A", i32 N, !elem}` and `!{!"V", i32 N, !elem}`.
    fn decode_sequence(
        &mut self,
        md: Metadata<'m>,
        ops: &[Option<Metadata<'m>>],
        ctx: &Place<'_>,
        vector: bool,
    ) -> TypeId {
        let what = if vector { "vector" } else { "array" };
        if ops.len() != 3 {
            return self.fail(md, ctx, format!("{what} node must have 3 operands, has {}", ops.len()));
        }
        let len = match self.int_operand(ops, 1) {
            Some(n) if n >= 0 => n as u64,
            _ => return self.fail(md, ctx, format!("{what} element count is not a non-negative integer constant")),
        };
        let Some(elem_md) = ops[2].filter(|e| e.is_node()) else {
            return self.fail(md, ctx, format!("{what} element type is not a type node"));
        };
        let elem = self.decode(elem_md, ctx);
        if vector {
            self.tm.vector(len, elem)
        } else {
            self.tm.array(len, elem)
        }
    }

    /// `!{!"F", i1 isVarArg, i32 numParam, !ret, !param...}`.
    fn decode_function(&mut self, md: Metadata<'m>, ops: &[Option<Metadata<'m>>], ctx: &Place<'_>) -> TypeId {
        if ops.len() < 4 {
            return self.fail(md, ctx, format!("function node needs at least 4 operands, has {}", ops.len()));
        }
        let var_arg = match ops[1].and_then(|o| o.as_constant()) {
            Some(c) if c.ty().int_width() == Some(1) => c.const_int_value() != Some(0),
            _ => return self.fail(md, ctx, "function node's vararg flag is not an i1 constant"),
        };
        let n = match self.int_operand(ops, 2) {
            Some(n) if n >= 0 => n as usize,
            _ => return self.fail(md, ctx, "function node's parameter count is not a non-negative integer constant"),
        };
        if ops.len() != 4 + n {
            return self.fail(
                md,
                ctx,
                format!("function node declares {n} parameters but has {} parameter operands", ops.len() - 4),
            );
        }
        let Some(mut types) = self.decode_all(&ops[3..], ctx) else {
            return self.fail(md, ctx, "function node has a null type operand");
        };
        let ret = types.remove(0);
        self.tm.function(ret, types, var_arg)
    }

    /// Decodes each operand as a type node; `None` if one is `null`.
    fn decode_all(&mut self, ops: &[Option<Metadata<'m>>], ctx: &Place<'_>) -> Option<Vec<TypeId>> {
        ops.iter().map(|op| op.map(|o| self.decode(o, ctx))).collect()
    }

    /// `!{!"L", i32 N, !field...}`.
    fn decode_literal(&mut self, md: Metadata<'m>, ops: &[Option<Metadata<'m>>], ctx: &Place<'_>) -> TypeId {
        let n = match self.int_operand(ops, 1) {
            Some(n) if n >= 0 => n as usize,
            _ => return self.fail(md, ctx, "literal structure's field count is not a non-negative integer constant"),
        };
        if ops.len() != 2 + n {
            return self.fail(
                md,
                ctx,
                format!("literal structure declares {n} fields but has {} field operands", ops.len().saturating_sub(2)),
            );
        }
        let Some(fields) = self.decode_all(&ops[2..], ctx) else {
            return self.fail(md, ctx, "literal structure has a null field type");
        };
        self.tm.literal_struct(fields, false)
    }

    /// A field that names a structure by its `!"S"` description node rather
    /// than by a reference node: allowed, it means the structure itself.
    fn decode_struct_ref_by_description(
        &mut self,
        md: Metadata<'m>,
        ops: &[Option<Metadata<'m>>],
        ctx: &Place<'_>,
    ) -> TypeId {
        match ops.get(1).copied().flatten().and_then(|o| o.as_constant()).and_then(|v| self.names.get(&v.ty()).cloned())
        {
            Some(name) if self.described.contains_key(&name) => self.tm.named_struct(&name),
            Some(name) => self.fail(
                md,
                ctx,
                format!("structure description for {} is not listed in !{TYPES_MD}", struct_ref(&name)),
            ),
            None => self.fail(md, ctx, "structure description's second operand must be `%T zeroinitializer`"),
        }
    }

    // ---------------------------------------------------------------
    // Cross-check against the IR
    // ---------------------------------------------------------------

    /// For a field of metadata type `t` (a structure, or arrays of one)
    /// and IR type `ir` naming another structure of the same body (arrays
    /// of the same lengths): the two structures.
    fn linked_twin(&mut self, t: TypeId, ir: Type<'m>) -> Option<(TypeId, TypeId)> {
        let (mut t, mut ir) = (t, ir);
        while let (DType::Array { len, elem }, true) = (self.tm.get(t), ir.is_array()) {
            if ir.len() != Some(*len) {
                return None;
            }
            t = *elem;
            ir = ir.element_type()?;
        }
        let DType::Struct(name) = self.tm.get(t) else { return None };
        let own = self.module.struct_type(name)?;
        let ir_name = self.names.get(&ir)?.clone();
        if *name == ir_name || !dtrans_ir::isomorphic_structs(own, ir) {
            return None;
        }
        Some((t, self.tm.named_struct(&ir_name)))
    }

    /// Whether DTrans type `t` can describe IR type `ir`.
    fn check(&self, t: TypeId, ir: Type<'m>) -> Result<(), Mismatch> {
        let dt = self.tm.get(t);
        match (dt, ir.kind()) {
            (DType::Unknown, _) => Ok(()),
            (DType::Pointer(_), TypeKind::LLVMPointerTypeKind) => Ok(()),
            (_, TypeKind::LLVMPointerTypeKind) => Err("the IR type is a pointer".into()),
            (DType::Pointer(_), _) => Err("the metadata says pointer".into()),
            (DType::Int(b), TypeKind::LLVMIntegerTypeKind) if Some(*b) == ir.int_width() => Ok(()),
            (DType::Int(_), TypeKind::LLVMIntegerTypeKind) => Err("integer widths differ".into()),
            (DType::Void, TypeKind::LLVMVoidTypeKind) => Ok(()),
            (DType::Atomic(_), _) if ir_to_dtrans_atomic_matches(&self.tm, t, ir) => Ok(()),
            (DType::Struct(n), TypeKind::LLVMStructTypeKind) => match self.names.get(&ir) {
                Some(m) if m == n => Ok(()),
                _ => Err("different structures".into()),
            },
            (DType::Literal { fields, .. }, TypeKind::LLVMStructTypeKind) if ir.is_literal_struct() => {
                let irf = ir.struct_fields();
                if irf.len() != fields.len() {
                    return Err("literal structures have different field counts".into());
                }
                fields.iter().zip(irf).try_for_each(|(f, i)| self.check(*f, i))
            }
            (DType::Array { len, elem }, TypeKind::LLVMArrayTypeKind)
            | (DType::Vector { len, elem, scalable: false }, TypeKind::LLVMVectorTypeKind)
            | (DType::Vector { len, elem, scalable: true }, TypeKind::LLVMScalableVectorTypeKind) => {
                if ir.len() != Some(*len) {
                    return Err("element counts differ".into());
                }
                self.check(*elem, ir.element_type().expect("sequence has an element type"))
            }
            _ => Err("kinds differ".into()),
        }
    }

    // ---------------------------------------------------------------
    // Functions, globals, allocas, indirect calls
    // ---------------------------------------------------------------

    /// `!intel.dtrans.unions`: an entry naming a structure the module
    /// does not have (renamed or removed since) is dropped whole.
    fn read_unions(&mut self) -> Vec<(TypeId, Vec<TypeId>)> {
        let Some(list) = self.module.named_metadata(UNIONS_MD) else { return Vec::new() };
        let mut out = Vec::new();
        for node in list.operands() {
            let names: Option<Vec<String>> = node.operands().into_iter().map(|o| o?.as_string()).collect();
            let Some(names) = names.filter(|n| !n.is_empty()) else { continue };
            if names.iter().any(|n| self.module.struct_type(n).is_none()) {
                continue;
            }
            let union = self.tm.named_struct(&names[0]);
            let members = names[1..].iter().map(|n| self.tm.named_struct(n)).collect();
            out.push((union, members));
        }
        out
    }

    #[allow(clippy::type_complexity)]
    #[allow(clippy::type_complexity)]
    fn read_attachments(
        &mut self,
    ) -> (
        Vec<(Function<'m>, TypeId)>,
        Vec<(Value<'m>, TypeId)>,
        Vec<(Instruction<'m>, TypeId)>,
        Vec<(Instruction<'m>, TypeId)>,
        Vec<(Instruction<'m>, TypeId)>,
    ) {
        let func_kind = self.module.md_kind_id(FUNC_TYPE_MD);
        let value_kind = self.module.md_kind_id(VALUE_TYPE_MD);
        let hint_kind = self.module.md_kind_id(HINT_MD);
        let mut hints = Vec::new();
        let mut globals = Vec::new();
        for g in self.module.globals() {
            if let Some(md) = g.metadata(value_kind) {
                let ctx = Place::Text(format!("global {}", self.labels[&g]));
                let t = self.decode(md, &ctx);
                let t = self.check_value(md, &ctx, t, g.global_value_type());
                globals.push((g, t));
            }
        }
        let (mut functions, mut allocas, mut calls) = (Vec::new(), Vec::new(), Vec::new());
        for f in self.module.functions() {
            if let Some(t) = self.read_signature(f, func_kind) {
                functions.push((f, t));
            }
            let mut names = None;
            for inst in f.instructions() {
                if let Some(md) = inst.metadata_of_kind(hint_kind) {
                    let names = names.get_or_insert_with(|| f.local_names());
                    let label = crate::instruction_label(names, inst);
                    let ctx = Place::Text(format!("!{HINT_MD} on {label} in {}", self.labels[&f.as_value()]));
                    let t = self.decode(md, &ctx);
                    let t = self.check_value(md, &ctx, t, Some(inst.as_value().ty()));
                    if !matches!(self.tm.get(t), DType::Pointer(_) | DType::Unknown) {
                        let msg = format!("a !{HINT_MD} hint must be a pointer type, found {}", self.tm.display(t));
                        self.diag(Some(md), &ctx, msg);
                    } else if !self.tm.has_unknown(t) {
                        hints.push((inst, t));
                    }
                }
                let is_alloca = inst.opcode() == Opcode::LLVMAlloca;
                let is_call = inst.is_call();
                if !is_alloca && !is_call {
                    continue;
                }
                let Some(md) = inst.metadata_of_kind(value_kind) else { continue };
                let names = names.get_or_insert_with(|| f.local_names());
                let label = crate::instruction_label(names, inst);
                if is_alloca {
                    let ctx = Place::Text(format!("alloca {label} in {}", self.labels[&f.as_value()]));
                    let t = self.decode(md, &ctx);
                    let t = if self.merged_alloca(t, inst.allocated_type()) {
                        t
                    } else {
                        self.check_value(md, &ctx, t, inst.allocated_type())
                    };
                    allocas.push((inst, t));
                } else {
                    let ctx = Place::Text(format!("call {label} in {}", self.labels[&f.as_value()]));
                    if !inst.is_indirect_call() {
                        self.diag(Some(md), &ctx, "!intel_dtrans_type on a call that is not indirect is ignored");
                        continue;
                    }
                    let t = self.decode(md, &ctx);
                    let t = self.check_call(md, &ctx, t, inst);
                    calls.push((inst, t));
                }
            }
        }
        (functions, globals, allocas, calls, hints)
    }

    /// An alloca the linker gave the type of another structure with the
    /// same body than the one its variable has (`dtrans annotate` writes
    /// the variable's, zstd's `HUF_DEltX2` in a `%struct.FSE_decode_t`):
    /// the same memory, and the analysis gives the alloca its structure
    /// back.
    fn merged_alloca(&self, t: TypeId, ir: Option<Type<'m>>) -> bool {
        let (mut t, Some(mut ir)) = (t, ir) else { return false };
        // (An array of them: the same counts at every level.)
        while let DType::Array { len, elem } = self.tm.get(t) {
            if ir.kind() != TypeKind::LLVMArrayTypeKind || ir.len() != Some(*len) {
                return false;
            }
            let Some(e) = ir.element_type() else { return false };
            (t, ir) = (*elem, e);
        }
        let DType::Struct(n) = self.tm.get(t) else { return false };
        ir.kind() == TypeKind::LLVMStructTypeKind
            && self.structs.iter().any(|(s, name)| name == n && *s != ir && dtrans_ir::isomorphic_structs(*s, ir))
    }

    fn check_value(&mut self, md: Metadata<'m>, ctx: &Place<'_>, t: TypeId, ir: Option<Type<'m>>) -> TypeId {
        let Some(ir) = ir else { return t };
        match self.check(t, ir) {
            Ok(()) => self.adopt_packing(t, ir),
            Err(why) => {
                let msg = format!("metadata type {} does not match IR type {ir}: {why}", self.tm.display(t));
                self.diag(Some(md), ctx, msg);
                self.tm.unknown()
            }
        }
    }

    fn check_call(&mut self, md: Metadata<'m>, ctx: &Place<'_>, t: TypeId, call: Instruction<'m>) -> TypeId {
        let DType::Function { ret, params, var_arg } = self.tm.get(t).clone() else {
            if self.tm.get(t) != &DType::Unknown {
                let msg = format!("indirect call metadata must be a function type, found {}", self.tm.display(t));
                self.diag(Some(md), ctx, msg);
            }
            return self.tm.unknown();
        };
        let Some(fty) = call.called_function_type() else { return t };
        let irp = fty.param_types();
        let problem = if irp.len() != params.len() || fty.is_var_arg() != var_arg {
            Some("parameter count or varargs differ".to_string())
        } else {
            fty.return_type()
                .and_then(|r| self.check(ret, r).err())
                .or_else(|| params.iter().zip(irp).find_map(|(p, i)| self.check(*p, i).err()))
        };
        match problem {
            None => t,
            Some(why) => {
                let msg = format!("metadata type {} does not match the call's type {fty}: {why}", self.tm.display(t));
                self.diag(Some(md), ctx, msg);
                self.tm.unknown()
            }
        }
    }

    /// A function's signature from its `"intel_dtrans_func_index"`
    /// attributes and `!intel.dtrans.func.type` attachment.
    fn read_signature(&mut self, f: Function<'m>, func_kind: u32) -> Option<TypeId> {
        let ctx = Place::Text(format!("function {}", self.labels[&f.as_value()]));
        let list = f.as_value().metadata(func_kind);
        let fty = f.function_type();
        let ir_params = fty.param_types();
        let ir_ret = fty.return_type().expect("a function type has a return type");
        let mut slots: Vec<(AttrIndex, Type<'m>)> = vec![(AttrIndex::Return, ir_ret)];
        slots.extend(ir_params.iter().enumerate().map(|(i, t)| (AttrIndex::Param(i as u32), *t)));
        let indices: Vec<Option<String>> =
            slots.iter().map(|(ix, _)| f.string_attribute(*ix, FUNC_INDEX_ATTR)).collect();
        if list.is_none() && indices.iter().all(Option::is_none) {
            return None;
        }
        let entries = match list.map(|l| (l, l.view())) {
            Some((l, MdView::Tuple { distinct, operands })) => {
                if !distinct {
                    self.diag(Some(l), &ctx, format!("!{FUNC_TYPE_MD} should be a distinct node"));
                }
                operands
            }
            Some((l, _)) => {
                self.diag(Some(l), &ctx, format!("!{FUNC_TYPE_MD} is not a metadata tuple"));
                Vec::new()
            }
            None => {
                self.diag(
                    None,
                    &ctx,
                    format!("has \"{FUNC_INDEX_ATTR}\" attributes but no !{FUNC_TYPE_MD} attachment"),
                );
                Vec::new()
            }
        };
        let mut types = Vec::with_capacity(slots.len());
        for ((ix, irt), index) in slots.iter().zip(&indices) {
            let what = match ix {
                AttrIndex::Return => "return value".to_string(),
                AttrIndex::Param(i) => format!("parameter {i}"),
                AttrIndex::Function => unreachable!("no function-index slot"),
            };
            let pctx = Place::Text(format!("{ctx} {what}"));
            let t = match index {
                None if irt.contains_pointer() => {
                    self.diag(
                        None,
                        &pctx,
                        format!("IR type {irt} involves a pointer but has no \"{FUNC_INDEX_ATTR}\" attribute"),
                    );
                    ir_to_dtrans(&mut self.tm, &self.names, *irt)
                }
                None => ir_to_dtrans(&mut self.tm, &self.names, *irt),
                Some(s) => match s.trim().parse::<usize>() {
                    Ok(n) if n >= 1 && n <= entries.len() => match entries[n - 1] {
                        Some(md) => {
                            let t = self.decode(md, &pctx);
                            self.check_value(md, &pctx, t, Some(*irt))
                        }
                        None => {
                            self.diag(list, &pctx, format!("entry {n} of !{FUNC_TYPE_MD} is null"));
                            self.tm.unknown()
                        }
                    },
                    Ok(n) if list.is_some() => {
                        self.diag(
                            list,
                            &pctx,
                            format!(
                                "\"{FUNC_INDEX_ATTR}\"=\"{n}\" is outside the {} entries of !{FUNC_TYPE_MD}",
                                entries.len()
                            ),
                        );
                        self.tm.unknown()
                    }
                    Ok(_) => self.tm.unknown(),
                    Err(_) => {
                        self.diag(None, &pctx, format!("\"{FUNC_INDEX_ATTR}\"=\"{s}\" is not a positive integer"));
                        self.tm.unknown()
                    }
                },
            };
            types.push(t);
        }
        let ret = types.remove(0);
        Some(self.tm.function(ret, types, fty.is_var_arg()))
    }
}

fn ir_to_dtrans_atomic_matches(tm: &TypeManager, t: TypeId, ir: Type<'_>) -> bool {
    matches!((tm.get(t), crate::from_ir::atomic_kind(ir)), (DType::Atomic(a), Some(b)) if *a == b)
}
