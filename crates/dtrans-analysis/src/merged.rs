//! Structures the linker merged: LLVM's IRMover (`llvm-link`, LTO) maps a
//! structure of one file onto any structure of another with the same body,
//! whatever its name, so after linking `struct module`'s accesses may name
//! `%struct.net` and pointer type recovery sees one value used as both
//! (issue 21: "two distinct structures with the same layout"). The debug
//! information still says `struct module` (the annotator gives it an IR
//! type of its own), so where the declared type of a GEP's base or of an
//! alloca names exactly one structure, isomorphic to the one the
//! instruction names, the instruction gets that structure back. No address
//! changes (the layouts are the same). Where the declarations do not
//! decide, nothing changes and the analysis sees what it saw before: one
//! value used as two structures, and both stay unsafe.
use std::collections::HashSet;

use dtrans_ir::{isomorphic_structs, isomorphic_types, Instruction, Module, Opcode, Type};
use dtrans_types::{read_module, DType};

use crate::ptr_types::analyze;
use crate::source::TypeSource;

/// Rounds of [`restore_round`]: a declaration that the merged uses made
/// ambiguous in one round may be plain in the next.
const ROUNDS: usize = 6;

/// Gives back the declared structure to every GEP and alloca that names an
/// isomorphic one; returns how many instructions changed.
pub(crate) fn restore_merged_types(m: &Module<'_>, source: TypeSource) -> usize {
    let mut done = HashSet::new();
    for _ in 0..ROUNDS {
        let before = done.len();
        restore_round(m, source, &mut done);
        if done.len() == before {
            break;
        }
    }
    done.len()
}

/// One round; `done` holds the instructions already given their structure
/// back, which later rounds leave alone (two views of one value must not
/// take turns).
fn restore_round<'m>(m: &'m Module<'_>, source: TypeSource, done: &mut HashSet<Instruction<'m>>) {
    let structs: Vec<(Type<'_>, String)> = m.struct_types_named();
    let merged = |t: Type<'_>| structs.iter().any(|(o, _)| isomorphic_structs(t, *o));
    if !structs.iter().any(|(t, _)| merged(*t)) {
        return;
    }
    let pt = analyze(m, read_module(m), source);
    let tm = pt.tm();
    let mut changes = Vec::new();
    for f in m.functions() {
        for i in f.instructions() {
            let (named, subject) = match i.opcode() {
                Opcode::LLVMGetElementPtr => (i.gep_source_type(), i.operand(0)),
                Opcode::LLVMAlloca => (i.allocated_type(), Some(i.as_value())),
                _ => continue,
            };
            let (Some(named), Some(subject)) = (named, subject) else { continue };
            if done.contains(&i) {
                continue;
            }
            // (An array of them: `[3 x %struct.fse]` for a `dx2 tab[3]`.)
            let mut dims = Vec::new();
            let mut base = named;
            while let (true, Some(e), Some(n)) = (base.is_array(), base.element_type(), base.len()) {
                dims.push(n);
                base = e;
            }
            if !merged(base) {
                continue;
            }
            let Some(info) = pt.info(subject) else { continue };
            // The structures the declarations point to.
            let mut declared: Vec<&str> = info
                .declared
                .iter()
                .filter_map(|t| {
                    let mut p = tm.pointee(*t)?;
                    while let DType::Array { elem, .. } = tm.get(p) {
                        p = *elem;
                    }
                    tm.struct_name(p)
                })
                .collect();
            declared.sort_unstable();
            declared.dedup();
            // Declared as no structure (PCRE2's `stateblock`s live in an
            // `int` workspace): the uses decide, when exactly one of them
            // names another structure of the same body. The IR has no
            // structure of that name but the annotator's, so the use comes
            // from the source (a TBAA tag, a parameter), not from a GEP.
            if declared.is_empty() {
                declared = info
                    .usage
                    .iter()
                    .filter_map(|t| tm.struct_name(tm.pointee(*t)?))
                    .filter(|n| m.struct_type(n).is_some_and(|s| isomorphic_structs(s, base)))
                    .collect();
                declared.sort_unstable();
                declared.dedup();
            }
            let [want] = declared[..] else { continue };
            let Some(mut target) = m.struct_type(want) else { continue };
            for n in dims.iter().rev() {
                match m.array_type(target, *n) {
                    Ok(t) => target = t,
                    Err(_) => break,
                }
            }
            if isomorphic_types(named, target) {
                changes.push((i, target));
            }
        }
    }
    drop(pt);
    // Every change was checked above; one the shim refuses is left as it was.
    for (i, t) in changes {
        if i.retype_to_isomorphic(t).is_ok() {
            done.insert(i);
        }
    }
}
