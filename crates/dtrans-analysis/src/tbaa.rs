//! The structure a struct-path `!tbaa` tag names.
//!
//! A tag `!{base, access, offset}` says the access is at `offset` inside an
//! object of the base type. A C structure with a tag (`struct node`) names
//! its base node `"node"`; an anonymous one named by a typedef
//! (`typedef struct { ... } EState;`, common in bzip2, xz, zstd) has the
//! empty name, so it is found by its members instead: the base node lists
//! each source field's byte offset and its scalar type, and exactly one
//! structure of the module must have a field starting at each of those
//! offsets with a type the member allows, and nothing else but bytes
//! between them (padding). Two candidates (two structures of one layout)
//! name nothing: a wrong guess would attribute one structure's accesses to
//! another.
use dtrans_ir::Metadata;
use dtrans_types::{AtomicKind, DType, TypeId, TypeManager};
use rustc_hash::FxHashMap as HashMap;

use crate::layout::{struct_fields, Layout};

/// The base type name and offset of a struct-path TBAA access tag (base
/// type different from the access type), `None` for scalar tags.
pub(crate) fn struct_access(tag: Metadata<'_>) -> Option<(Metadata<'_>, String, u64)> {
    let ops = tag.operands();
    if ops.len() < 3 {
        return None;
    }
    let (base, access) = (ops[0]?, ops[1]?);
    if base == access {
        return None;
    }
    let offset = ops[2]?.as_constant()?.const_uint_value()?;
    let name = base.operands().first().copied().flatten()?.as_string()?;
    Some((base, name, offset))
}

/// What a member of a TBAA structure node allows at its offset.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Member {
    Pointer,
    /// An integer or floating-point scalar of this many bytes.
    Scalar(u64),
    /// `omnipotent char`: characters, unions, anything byte-wise.
    Any,
    /// A nested structure node.
    Aggregate,
}

fn member_kind(node: Metadata<'_>) -> Option<Member> {
    let ops = node.operands();
    let name = ops.first().copied().flatten()?.as_string()?;
    // A node with members of its own is a structure.
    if ops.len() > 3 {
        return Some(Member::Aggregate);
    }
    Some(match name.as_str() {
        "any pointer" => Member::Pointer,
        n if n.starts_with("p1 ") || n.starts_with("p2 ") || n.starts_with("p3 ") => Member::Pointer,
        "omnipotent char" | "char" | "_Bool" | "bool" => Member::Any,
        "short" => Member::Scalar(2),
        "int" | "float" => Member::Scalar(4),
        "long" | "long long" | "double" => Member::Scalar(8),
        "__int128" | "long double" => Member::Scalar(16),
        _ => return None,
    })
}

/// Structures named by TBAA base nodes, cached per node.
#[derive(Default)]
pub(crate) struct TbaaStructs<'m> {
    anonymous: HashMap<Metadata<'m>, Option<TypeId>>,
}

impl<'m> TbaaStructs<'m> {
    /// `struct.NAME` or `union.NAME` for a named C base node; for an
    /// anonymous one, the one structure whose fields fit its members. C++
    /// names (`_ZTS...`) are not decoded, so their tags name nothing.
    pub(crate) fn base_struct(
        &mut self,
        tm: &TypeManager,
        layout: &mut Layout<'m, '_>,
        base: Metadata<'m>,
        name: &str,
    ) -> Option<TypeId> {
        if name.starts_with("_ZTS") {
            return None;
        }
        if !name.is_empty() {
            let t =
                tm.lookup_struct(&format!("struct.{name}")).or_else(|| tm.lookup_struct(&format!("union.{name}")))?;
            struct_fields(tm, t)?;
            return Some(t);
        }
        if let Some(found) = self.anonymous.get(&base) {
            return *found;
        }
        let found = by_members(tm, layout, base);
        self.anonymous.insert(base, found);
        found
    }
}

/// The one structure whose fields fit the members of an anonymous base node.
fn by_members<'m>(tm: &TypeManager, layout: &mut Layout<'m, '_>, base: Metadata<'m>) -> Option<TypeId> {
    let ops = base.operands();
    let mut members = Vec::new();
    for pair in ops.get(1..)?.chunks(2) {
        let [node, offset] = pair else { return None };
        let kind = member_kind((*node)?)?;
        let offset = (*offset)?.as_constant()?.const_uint_value()?;
        members.push((offset, kind));
    }
    if members.is_empty() {
        return None;
    }
    let mut found = None;
    for &s in tm.structs() {
        if fits(tm, layout, s, &members) {
            if found.is_some() {
                return None;
            }
            found = Some(s);
        }
    }
    found
}

fn fits(tm: &TypeManager, layout: &mut Layout<'_, '_>, s: TypeId, members: &[(u64, Member)]) -> bool {
    let Some(fields) = struct_fields(tm, s).map(<[TypeId]>::to_vec) else { return false };
    if fields.len() < members.len() || !matches!(tm.get(s), DType::Struct(_)) {
        return false;
    }
    let mut covered = vec![false; fields.len()];
    for &(offset, kind) in members {
        let at = (0..fields.len()).find(|&i| layout.field_offset(tm, s, i as u32) == Some(offset));
        let Some(i) = at else { return false };
        if !allows(tm, layout, kind, fields[i]) {
            return false;
        }
        covered[i] = true;
    }
    // What no member covers is bytes between members: padding. (Bytes
    // after the last member would be a field the node does not have: a
    // trailing `char` array is a member of its own.)
    let last = covered.iter().rposition(|c| *c).unwrap_or(0);
    fields.iter().zip(&covered).enumerate().all(|(i, (f, c))| *c || (i < last && is_bytes(tm, *f)))
}

/// The element type of an array, at any depth (a member of array type is
/// listed as its element).
fn innermost(tm: &TypeManager, mut t: TypeId) -> TypeId {
    while let DType::Array { elem, .. } = tm.get(t) {
        t = *elem;
    }
    t
}

fn allows(tm: &TypeManager, layout: &mut Layout<'_, '_>, kind: Member, field: TypeId) -> bool {
    let t = innermost(tm, field);
    match kind {
        Member::Any => true,
        Member::Pointer => matches!(tm.get(t), DType::Pointer(_)),
        Member::Aggregate => matches!(tm.get(t), DType::Struct(_) | DType::Literal { .. }),
        Member::Scalar(bytes) => {
            matches!(tm.get(t), DType::Int(_) | DType::Atomic(AtomicKind::Float | AtomicKind::Double))
                && layout.size(tm, t) == Some(bytes)
                || matches!(tm.get(t), DType::Atomic(AtomicKind::X86Fp80 | AtomicKind::Fp128)) && bytes == 16
        }
    }
}

fn is_bytes(tm: &TypeManager, t: TypeId) -> bool {
    matches!(tm.get(innermost(tm, t)), DType::Int(8))
}
