//! specialize-calls: an indirect call through a function-pointer field
//! that only ever holds one function becomes a direct call of it, which
//! LLVM can then inline (document 001's Field Single Value information
//! used as it was meant to: to devirtualize).
//!
//! A call is specialized when its callee is loaded from field `f` of a
//! structure `S` (the load's address is that field, by the pointer type
//! analysis) and:
//! - `S` passes the safety verdict of delete-field, which trusts the same
//!   information to replace a field's reads by its one value (no write the
//!   analysis cannot see: no cast, memset/memcpy of it, escape to code it
//!   does not see);
//! - the field has no complex use (its address only loaded and stored);
//! - its Single Value is one function, `@F`: every store of it and every
//!   initializer stores `@F` (a zeroed object, from calloc or a zero
//!   initializer, holds null, which makes the value several).
//!
//! Only the call's callee changes; the load stays for its other uses (a
//! test against null, a store elsewhere). The call keeps its function
//! type, so a call through a pointer of another type stays as it was
//! meant. A field holding one of two to four functions (a guarded switch
//! of direct calls) is not done: the lattice keeps one value only.
use dtrans_analysis::fields::SingleValue;
use dtrans_analysis::info::{AnalysisInfo, Transform};
use dtrans_analysis::regions::FrequencyEstimate;
use dtrans_analysis::{analyze, TypeSource};
use dtrans_ir::{Module, Opcode};
use dtrans_types::read_module;
use serde::{Deserialize, Serialize};

use crate::optbase::OptError;

/// Calls through one field made direct.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Specialized {
    /// The structure, `%struct.ops`.
    pub name: String,
    /// The field's name (from debug information) or `fieldN`.
    pub field: String,
    /// The function every call now calls, `@add`.
    pub function: String,
    /// Calls changed.
    pub calls: usize,
}

/// What the pass did: calls made direct per field, and per structure or
/// field the reason calls through it were left alone.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub specialized: Vec<Specialized>,
    pub rejected: Vec<(String, String)>,
}

/// Runs the pass over `m` (types from `source`, as `prepare` found them).
pub fn run(
    m: &Module<'_>,
    source: TypeSource,
    union_members: &[String],
    est: FrequencyEstimate,
) -> Result<Outcome, OptError> {
    let pt = analyze(m, read_module(m), source);
    let info = AnalysisInfo::new(m, pt, union_members, est);
    let tm = info.ptr.tm();
    let composites = m.debug_composites();
    let mut out = Outcome::default();
    // (structure index, field) -> (function, calls)
    let mut done: Vec<(usize, u32, String, usize)> = Vec::new();
    let mut refused: Vec<(usize, String)> = Vec::new();
    for f in m.functions().filter(|f| !f.is_declaration()) {
        for i in f.instructions() {
            if !matches!(i.opcode(), Opcode::LLVMCall | Opcode::LLVMInvoke) || i.called_function().is_some() {
                continue;
            }
            let Some(callee) = i.called_value() else { continue };
            let Some(load) = callee.as_instruction().filter(|l| l.opcode() == Opcode::LLVMLoad) else { continue };
            let Some(addr) = load.operand(0) else { continue };
            let Some(vi) = info.ptr.info(addr) else { continue };
            let [e] = vi.elements.as_slice() else { continue };
            let Some(k) = info.structs.iter().position(|s| s.ty == e.aggregate) else { continue };
            let s = &info.structs[k];
            let Some(fi) = s.fields.get(e.field as usize) else { continue };
            let (ok, blocking) = info.legal(s, Transform::DeleteField);
            let why = if !ok {
                Some(if blocking.is_empty() {
                    "not a whole program".to_string()
                } else {
                    blocking.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
                })
            } else if fi.complex_use {
                Some(format!("field {} has a complex use", e.field))
            } else {
                match &fi.single_value {
                    SingleValue::Single(v) if v.starts_with('@') => None,
                    SingleValue::Single(v) => Some(format!("field {} always holds {v}, not a function", e.field)),
                    _ => Some(format!("field {} holds several values", e.field)),
                }
            };
            if let Some(why) = why {
                if !refused.iter().any(|(r, w)| *r == k && *w == why) {
                    refused.push((k, why));
                }
                continue;
            }
            let SingleValue::Single(v) = &fi.single_value else { continue };
            let Some(target) = m.function(&v[1..]) else { continue };
            let callee_op = i.num_operands() - 1;
            i.set_operand(callee_op, target.as_value())?;
            match done.iter_mut().find(|d| d.0 == k && d.1 == e.field) {
                Some(d) => d.3 += 1,
                None => done.push((k, e.field, v.clone(), 1)),
            }
        }
    }
    for (k, field, function, calls) in done {
        let name = tm.struct_name(info.structs[k].ty).unwrap_or_default().to_string();
        let field_name = m
            .struct_type(&name)
            .and_then(|t| crate::relayout::field_names(m, &composites, t).get(field as usize).cloned())
            .unwrap_or_else(|| format!("field{field}"));
        out.specialized.push(Specialized { name: format!("%{name}"), field: field_name, function, calls });
    }
    for (k, why) in refused {
        let name = format!("%{}", tm.struct_name(info.structs[k].ty).unwrap_or_default());
        if !out.specialized.iter().any(|s| s.name == name) {
            out.rejected.push((name, why));
        }
    }
    Ok(out)
}
