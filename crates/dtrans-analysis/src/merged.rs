//! Structures the linker merged: LLVM's IRMover (`llvm-link`, LTO) maps a
//! structure of one file onto any structure of another with the same body,
//! whatever its name, so after linking `struct module`'s accesses may name
//! `%struct.net` and pointer type recovery sees one value used as both
//! (issue 21: "two distinct structures with the same layout"). The debug
//! information still says `struct module` (the annotator gives it an IR
//! type of its own), so where the declared type of a GEP's base or of an
//! alloca names exactly one structure, isomorphic to the one the
//! instruction names, the instruction gets that structure back; declared
//! as no structure, the variables the base holds (`#dbg_value`) decide,
//! then its uses. No address
//! changes (the layouts are the same). Where the declarations do not
//! decide, nothing changes and the analysis sees what it saw before: one
//! value used as two structures, and both stay unsafe.
use std::collections::HashSet;

use dtrans_ir::{
    dwarf, isomorphic_structs, isomorphic_types, DbgExpr, DiType, Instruction, Metadata, Module, Opcode, Type, Value,
};
use dtrans_types::{read_module, DType};
use rustc_hash::FxHashMap as HashMap;

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
        // (Read once per function, and only when a base needs it.)
        let mut debug = None;
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
            // Declared as no structure by the IR, but a variable of a
            // pointer to one: at -O2 one SSA value stands for several
            // variables (zstd's `dtPtr`, a `U32 *` parameter plus 4, and
            // `dt`, a `HUF_DEltX2 *`), and the analysis declares it what
            // the IR makes it; the variable names the structure, where
            // the linker named its twin (`FSE_decode_t`).
            if declared.is_empty() {
                declared = debug
                    .get_or_insert_with(|| debug_structs(f))
                    .get(&subject)
                    .into_iter()
                    .flatten()
                    .map(String::as_str)
                    .filter(|n| m.struct_type(n).is_some_and(|s| isomorphic_structs(s, base)))
                    .collect();
                declared.sort_unstable();
                declared.dedup();
            }
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

/// The structures the variables of function `f` point to, by the value
/// that holds each (`#dbg_value` of the whole variable): the LLVM names
/// clang gives them (`struct.N`, `union.N`; an anonymous one by the
/// typedef that names it, `typedef struct {...} T` is `struct.T`).
fn debug_structs<'m>(f: dtrans_ir::Function<'m>) -> HashMap<Value<'m>, Vec<String>> {
    let mut out: HashMap<Value<'m>, Vec<String>> = HashMap::default();
    for v in f.debug_variables() {
        let (false, DbgExpr::Empty, Some(at), Some(ty)) = (v.is_declare, v.expr, v.location, v.ty) else { continue };
        if let Some(name) = pointee_struct_name(ty) {
            out.entry(at).or_default().push(name);
        }
    }
    out
}

/// `struct.N` or `union.N` for a debug type that is a pointer (through
/// typedefs and qualifiers) to a structure or union.
fn pointee_struct_name(ty: Metadata<'_>) -> Option<String> {
    let Some(DiType::Derived { tag: dwarf::TAG_POINTER_TYPE, base: Some(mut md), .. }) =
        ty.strip_di_qualifiers()?.di_type()
    else {
        return None;
    };
    let mut typedef = None;
    for _ in 0..64 {
        match md.di_type()? {
            DiType::Derived { tag: dwarf::TAG_TYPEDEF, name, base: Some(b), .. } => {
                typedef = Some(name);
                md = b;
            }
            DiType::Derived {
                tag:
                    dwarf::TAG_CONST_TYPE | dwarf::TAG_VOLATILE_TYPE | dwarf::TAG_RESTRICT_TYPE | dwarf::TAG_ATOMIC_TYPE,
                base: Some(b),
                ..
            } => md = b,
            DiType::Composite { tag, .. } => {
                let kw = match tag {
                    dwarf::TAG_STRUCTURE_TYPE => "struct",
                    dwarf::TAG_UNION_TYPE => "union",
                    _ => return None,
                };
                let name = md.di_qualified_name();
                let name = if name.is_empty() { typedef? } else { name };
                return Some(format!("{kw}.{name}"));
            }
            _ => return None,
        }
    }
    None
}
