//! Alias scopes for structures laid out in blocks.
//!
//! After `blocks`, a field access computes its address from the element
//! pointer with masks and shifts, and clang gives some accesses no TBAA tag
//! at all (the parts of a `_Complex` field, structure copies). LLVM then
//! cannot tell that a store into a block does not change a pointer or a
//! count held elsewhere (`r->e`, `r->n`), and reloads them and redoes the
//! block arithmetic after every such store. The pass knows more: the
//! legality of `blocks` (no field address taken, no byte view, no cast to
//! another type: the peel verdict) means that the memory of the blocks is
//! reached only through places of the structure. So every access the
//! planner finds at a place of a blocked structure `T` gets
//! `!alias.scope !{T's scope}`, and every access whose address the
//! analysis knows exactly and which is no place of any blocked structure
//! (a field of another structure, a scalar of a known type) gets
//! `!noalias` with the scopes of all of them. Accesses the analysis does
//! not know (generic or ambiguous pointers) and calls the pass adds
//! (allocations, the helpers' headers) get nothing: LLVM's other analyses
//! decide for them, as before.
//!
//! Scopes and their domain are named by strings (`dtrans.blocks`,
//! `dtrans.blocks: <structure>`), so they are one node per module.
use dtrans_ir::{Metadata, Module, Type, Value};

/// `!{!"dtrans.blocks: <structure>", !{!"dtrans.blocks"}}`.
fn scope<'m>(m: &'m Module<'_>, owner: Type<'m>) -> Metadata<'m> {
    let domain = m.md_tuple(&[Some(m.md_string("dtrans.blocks"))]);
    let name = owner.struct_name().unwrap_or_default();
    m.md_tuple(&[Some(m.md_string(&format!("dtrans.blocks: {name}"))), Some(domain)])
}

/// Puts access `v` (a load, store or call) in the scope of `owner`.
pub(super) fn in_scope<'m>(m: &'m Module<'_>, v: Value<'m>, owner: Type<'m>) {
    add(m, v, "alias.scope", &[scope(m, owner)]);
}

/// Makes access `v` `!noalias` with the scopes of all of `owners`, in the
/// order of their names (the callers hold them in hash maps: the output
/// must not depend on the process's hash seed).
pub(super) fn outside<'m>(m: &'m Module<'_>, v: Value<'m>, owners: impl Iterator<Item = Type<'m>>) {
    let mut owners: Vec<Type<'m>> = owners.collect();
    owners.sort_by_key(|t| t.struct_name().unwrap_or_default());
    let all: Vec<Metadata<'m>> = owners.into_iter().map(|t| scope(m, t)).collect();
    add(m, v, "noalias", &all);
}

/// Adds `scopes` to the `kind` list (`alias.scope` or `noalias`) of `v`,
/// keeping the scopes it has.
fn add<'m>(m: &'m Module<'_>, v: Value<'m>, kind: &str, scopes: &[Metadata<'m>]) {
    let id = m.md_kind_id(kind);
    let mut list: Vec<Option<Metadata<'m>>> = v.metadata(id).map(|l| l.operands()).unwrap_or_default();
    for s in scopes {
        if !list.contains(&Some(*s)) {
            list.push(Some(*s));
        }
    }
    v.set_metadata(id, Some(m.md_tuple(&list)));
}
