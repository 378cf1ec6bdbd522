//! OptBaseTest (document 003, DTransOptBaseTest): every structure legal for
//! it is replaced by a copy with the same layout under the prefix `__DDT_`,
//! with its dependent types (named structures holding it by value). It
//! exercises the remapping machinery without changing any layout: programs
//! must print the same, and the module must differ only in type names.
//!
//! Steps: the analysis picks the candidates (legal for reorder-fields: every
//! access understood, nothing escapes, no structure passed whole); new
//! opaque types, dependents found to a fixed point, bodies set through the
//! TypeRemapper; globals of changed types replaced (initializers mapped by
//! LLVM's ValueMapper); every function body remapped by LLVM with the
//! TypeRemapper as its type remapper. DTrans metadata would be stale and is
//! removed (not rewritten yet); debug information and TBAA need nothing,
//! since no layout changes.
use dtrans_analysis::info::{AnalysisInfo, Transform};
use dtrans_analysis::{analyze, prepare};
use dtrans_ir::{Module, Type};
use dtrans_types::{read_module, strip_dtrans_metadata};

use crate::remap::TypeRemapper;

pub const PREFIX: &str = "__DDT_";

#[derive(Debug, Default)]
pub struct Outcome {
    /// (old name, new name, size in bytes).
    pub changed: Vec<(String, String, Option<u64>)>,
    /// (name, why not).
    pub rejected: Vec<(String, String)>,
    pub globals_replaced: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum OptError {
    #[error("{0}")]
    Edit(#[from] dtrans_ir::EditError),
    #[error("{0}")]
    Remap(#[from] crate::remap::RemapError),
}

/// Runs OptBaseTest on `m`.
pub fn run(m: &mut Module<'_>) -> Result<Outcome, OptError> {
    let prepared = prepare(m);
    let mut out = Outcome::default();
    let mut candidates: Vec<String> = Vec::new();
    {
        let pt = analyze(m, read_module(m), prepared.source);
        let info = AnalysisInfo::new(m, pt, &prepared.union_members);
        for s in &info.structs {
            let name = info.ptr.tm().struct_name(s.ty).unwrap_or_default().to_string();
            let (ok, blocking) = info.legal(s, Transform::ReorderFields);
            if ok && m.struct_type(&name).is_some() {
                candidates.push(name);
                out.changed.push((String::new(), String::new(), s.size));
            } else if !ok {
                let why = if blocking.is_empty() {
                    "not a whole program".to_string()
                } else {
                    blocking.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
                };
                out.rejected.push((format!("%{name}"), why));
            }
        }
        drop(info);
    }
    let sizes: Vec<Option<u64>> = out.changed.drain(..).map(|(_, _, s)| s).collect();
    if candidates.is_empty() {
        // Metadata the analysis made from debug information goes again.
        if prepared.source == dtrans_analysis::TypeSource::DebugInfo {
            strip_dtrans_metadata(m);
        }
        return Ok(out);
    }
    // Types and bodies, then the globals to replace (all through `&Module`).
    let mut error = None;
    let mut renamed: Vec<(String, String)> = Vec::new();
    let n = m.replace_globals(|m| {
        let mut r = TypeRemapper::new();
        let mut pairs: Vec<(Type<'_>, Type<'_>)> = Vec::new();
        for name in &candidates {
            let old = m.struct_type(name).expect("checked above");
            let new = m.create_opaque_struct(&format!("{PREFIX}{name}"));
            r.add_llvm(old, new);
            pairs.push((old, new));
        }
        let all: Vec<Type<'_>> = m.struct_types_named().into_iter().map(|(t, _)| t).collect();
        match r.llvm_dependents(m, &all) {
            Ok(deps) => {
                for d in deps {
                    let name = d.struct_name().unwrap_or_default();
                    let new = m.create_opaque_struct(&format!("{PREFIX}{name}"));
                    r.add_llvm(d, new);
                    pairs.push((d, new));
                }
            }
            Err(e) => error = Some(OptError::from(e)),
        }
        // Bodies in dependency order: a structure held by value must have
        // its body before the one holding it (LLVM refuses unsized fields).
        let mut pending: Vec<(Type<'_>, Type<'_>)> = pairs.clone();
        while !pending.is_empty() {
            let before = pending.len();
            let mut rest = Vec::new();
            for (old, new) in pending {
                let fields: Result<Vec<Type<'_>>, _> =
                    old.struct_fields().into_iter().map(|f| r.remap_llvm(m, f)).collect();
                match fields {
                    Ok(f) if f.iter().all(|t| t.is_sized()) => {
                        if let Err(e) = m.set_struct_body(new, &f, old.is_packed_struct()) {
                            error = Some(e.into());
                        }
                        renamed.push((old.struct_name().unwrap_or_default(), new.struct_name().unwrap_or_default()));
                    }
                    Ok(_) => rest.push((old, new)),
                    Err(e) => error = Some(e.into()),
                }
            }
            if rest.len() == before {
                let names: Vec<String> = rest.iter().map(|(o, _)| o.struct_name().unwrap_or_default()).collect();
                error = Some(OptError::Edit(dtrans_ir::EditError::Invalid(format!(
                    "no order of bodies for {}",
                    names.join(", ")
                ))));
                break;
            }
            pending = rest;
        }
        let mut plan = Vec::new();
        for g in m.globals() {
            let Some(t) = g.global_value_type() else { continue };
            let Ok(nt) = r.remap_llvm(m, t) else { continue };
            if nt == t {
                continue;
            }
            let mut map = |t| r.remap_llvm(m, t).unwrap_or(t);
            let init = g.initializer().and_then(|i| i.map_constant(&mut map, &[]));
            plan.push((g, nt, init));
        }
        plan
    })?;
    if let Some(e) = error {
        return Err(e);
    }
    out.globals_replaced = n;
    // Every function body, remapped by LLVM through the same mappings.
    {
        let m: &Module<'_> = m;
        let mut r = TypeRemapper::new();
        for (old, new) in &renamed {
            if let (Some(o), Some(n)) = (m.struct_type(old), m.struct_type(new)) {
                r.add_llvm(o, n);
            }
        }
        let mut map = |t| r.remap_llvm(m, t).unwrap_or(t);
        for f in m.functions() {
            if !f.is_declaration() {
                f.remap_types(&mut map, &[]);
            }
        }
    }
    strip_dtrans_metadata(m);
    for ((old, new), size) in renamed.into_iter().zip(sizes.into_iter().chain(std::iter::repeat(None))) {
        out.changed.push((format!("%{old}"), format!("%{new}"), size));
    }
    Ok(out)
}
