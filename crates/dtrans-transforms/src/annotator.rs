//! The DTransAnnotator of document 002: `!dtrans-type` hints on
//! instructions (a pointer type the PtrTypeAnalyzer adds to what it finds
//! for the result), `llvm.ptr.annotation` pointer annotations whose
//! annotation string is a DTrans global (how AOS-to-SOA marks peeling
//! index fields), queries for both, and a cleaner that removes them all.
use dtrans_ir::{EditError, Instruction, Module, Opcode, Value};
use dtrans_types::{read_module, MetadataWriter, TypeId, TypeManager, HINT_MD};
use rustc_hash::FxHashMap as HashMap;

/// The kinds of DTrans pointer annotation (document 002's DPA_AnnotKind).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnnotKind {
    /// A field that AOS-to-SOA turned into a peeling index.
    AosToSoaIndexField,
}

impl AnnotKind {
    pub const ALL: [AnnotKind; 1] = [AnnotKind::AosToSoaIndexField];

    /// The name of the global holding the annotation string (an extension
    /// may follow after a `.`).
    pub fn variable_name(self) -> &'static str {
        match self {
            AnnotKind::AosToSoaIndexField => "__DTransAOSToSOAIndexFieldName",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AnnotateError {
    #[error("{0}")]
    Edit(#[from] EditError),
    #[error("cannot write the type hint: {0}")]
    Write(String),
    #[error("a !dtrans-type hint must be a pointer type, not {0}")]
    NotPointer(String),
}

/// Puts a `!dtrans-type` hint of DTrans type `t` (a pointer type) on `inst`.
pub fn create_type_hint<'m>(
    m: &'m Module<'_>,
    tm: &TypeManager,
    inst: Instruction<'m>,
    t: TypeId,
) -> Result<(), AnnotateError> {
    if tm.pointee(t).is_none() {
        return Err(AnnotateError::NotPointer(tm.display(t).to_string()));
    }
    let mut w = MetadataWriter::new(m, tm);
    let md = w.encode(t).map_err(|e| AnnotateError::Write(e.to_string()))?;
    inst.as_value().set_metadata(m.md_kind_id(HINT_MD), Some(md));
    Ok(())
}

/// Every instruction with a `!dtrans-type` hint and the hinted type, in
/// the types read from the module (one read of the whole module).
pub fn type_hints<'m>(m: &'m Module<'_>) -> (TypeManager, HashMap<Instruction<'m>, TypeId>) {
    let t = read_module(m);
    let hints = t.hints.iter().copied().collect();
    (t.tm, hints)
}

/// The global holding the annotation string of `kind` (with `extension`
/// appended to its name after a `.`), created on first use.
pub fn annotation_variable<'m>(
    m: &'m Module<'_>,
    kind: AnnotKind,
    extension: &str,
) -> Result<Value<'m>, AnnotateError> {
    let name = if extension.is_empty() {
        kind.variable_name().to_string()
    } else {
        format!("{}.{extension}", kind.variable_name())
    };
    if let Some(g) = m.globals().find(|g| g.name() == name) {
        return Ok(g);
    }
    Ok(m.add_global_string(&name, &format!("{{dtrans}} {name}"))?)
}

/// Inserts `%r = call ptr @llvm.ptr.annotation.p0.p0(ptr %ptr, ptr @var,
/// ptr @file, i32 line, ptr null)` before `before` and returns it.
pub fn create_ptr_annotation<'m>(
    m: &'m Module<'_>,
    ptr: Value<'m>,
    var: Value<'m>,
    file: &str,
    line: u32,
    name: &str,
    before: Instruction<'m>,
) -> Result<Instruction<'m>, AnnotateError> {
    let p = m.pointer_type();
    let i32t = m.int_type(32);
    let fty = m.function_type(p, &[p, p, p, i32t, p], false)?;
    let callee = match m.function("llvm.ptr.annotation.p0.p0") {
        Some(f) => f,
        None => m.add_function("llvm.ptr.annotation.p0.p0", fty)?,
    };
    let file_name = format!("__DTransAnnotationFile.{file}");
    let file_var = match m.globals().find(|g| g.name() == file_name) {
        Some(g) => g,
        None => m.add_global_string(&file_name, file)?,
    };
    let line_v = m.const_int(32, i64::from(line));
    let null = m.const_null(p);
    let b = m.builder();
    b.position_before(before);
    Ok(b.call(fty, callee.as_value(), &[ptr, var, file_var, line_v, null], name)?)
}

/// The DTrans kind of a pointer annotation call, `None` for anything else.
pub fn annotation_kind(v: Value<'_>) -> Option<AnnotKind> {
    let call = v.as_instruction().filter(|i| i.is_call())?;
    let callee = call.called_function()?;
    if !callee.name().starts_with("llvm.ptr.annotation.") {
        return None;
    }
    let var = call.call_arg(1)?.strip_aliases();
    let name = var.name();
    AnnotKind::ALL.into_iter().find(|k| {
        let base = k.variable_name();
        name == base || name.strip_prefix(base).is_some_and(|rest| rest.starts_with('.'))
    })
}

pub fn is_dtrans_ptr_annotation(v: Value<'_>) -> bool {
    annotation_kind(v).is_some()
}

pub fn is_annotation_of_kind(v: Value<'_>, kind: AnnotKind) -> bool {
    annotation_kind(v) == Some(kind)
}

/// Removes every DTrans pointer annotation (its uses take the annotated
/// pointer) and every `!dtrans-type` hint. Returns how many of each.
pub fn remove_all(m: &mut Module<'_>) -> Result<(usize, usize), AnnotateError> {
    let hint_kind = m.md_kind_id(HINT_MD);
    let erase_kind = m.md_kind_id("dtrans.erase");
    let mut hints = 0;
    let mut annotations = 0;
    {
        let m: &Module<'_> = m;
        let mark = m.md_tuple(&[]);
        for f in m.functions() {
            let insts: Vec<Instruction<'_>> = f.instructions().collect();
            for i in insts {
                let v = i.as_value();
                if i.metadata_of_kind(hint_kind).is_some() {
                    v.set_metadata(hint_kind, None);
                    hints += 1;
                }
                if i.opcode() == Opcode::LLVMCall && is_dtrans_ptr_annotation(v) {
                    let Some(ptr) = i.call_arg(0) else { continue };
                    v.replace_all_uses_with(ptr)?;
                    v.set_metadata(erase_kind, Some(mark));
                    annotations += 1;
                }
            }
        }
    }
    m.erase_marked(erase_kind)?;
    Ok((annotations, hints))
}
