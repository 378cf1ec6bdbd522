//! Struct-path TBAA for the new layouts.
//!
//! A TBAA struct type node (`!{!"node", !long, i64 0, !int, i64 8, ...}`)
//! lists a structure's members at their old offsets, and an access tag
//! (`!{!node, !int, i64 8}`) names a position in it. For each changed
//! structure whose node can be matched to it with certainty (same source
//! name, and every member at the start of a distinct field of the old
//! layout), a new node lists the remaining fields at their new offsets (the
//! nodes of changed nested structures replaced the same way), and tags on
//! it are rewritten to the new position. A tag that cannot be (its base
//! unmatched, or its position now in a side array) becomes a scalar tag,
//! which is never wrong: only less precise. Fields bit-packed into one
//! word (compress-fields) are no members of the new node, and their
//! accesses (read-modify-writes of the word) carry no tag at all.
use dtrans_ir::{Metadata, Module, Type, ValueKind};
use rustc_hash::FxHashMap as HashMap;

use super::layouts::{Layouts, Pos};

#[derive(Default)]
pub struct TbaaRewrite<'m> {
    /// Old struct type node -> (old IR structure, new node).
    map: HashMap<Metadata<'m>, (Type<'m>, Metadata<'m>)>,
}

/// The (member type node, offset) pairs of a struct type node.
fn members<'m>(node: Metadata<'m>) -> Option<Vec<(Metadata<'m>, u64)>> {
    let ops = node.operands();
    if ops.len() < 3 || ops.len().is_multiple_of(2) {
        return None;
    }
    ops[0]?.as_string()?;
    let mut out = Vec::new();
    for pair in ops[1..].chunks(2) {
        let t = pair[0]?;
        let off = pair[1]?.as_constant()?.const_uint_value()?;
        out.push((t, off));
    }
    Some(out)
}

impl<'m> TbaaRewrite<'m> {
    /// New nodes for the changed structures `changed` of `m`.
    pub fn build(m: &'m Module<'_>, lay: &Layouts<'m>, changed: &[Type<'m>]) -> Self {
        let kind = m.md_kind_id("tbaa");
        // Struct type nodes used as tag bases, and the nodes inside them.
        let mut nodes: Vec<Metadata<'m>> = Vec::new();
        for f in m.functions() {
            for i in f.instructions() {
                let Some(tag) = i.as_value().metadata(kind) else { continue };
                if let Some(Some(base)) = tag.operands().first().copied() {
                    collect(base, &mut nodes, 0);
                }
            }
        }
        let mut r = TbaaRewrite::default();
        // Match each node to a changed structure.
        let mut matched: Vec<(Metadata<'m>, Type<'m>)> = Vec::new();
        for n in &nodes {
            let Some(name) = n.operands().first().copied().flatten().and_then(|s| s.as_string()) else { continue };
            let Some(mem) = members(*n) else { continue };
            for t in changed {
                let Some(sname) = t.struct_name() else { continue };
                if super::source_name(&sname) != name {
                    continue;
                }
                let Some(plan) = lay.plan(*t) else { continue };
                let mut fields: Vec<usize> =
                    mem.iter().filter_map(|(_, off)| plan.old_off.iter().position(|o| o == off)).collect();
                let all = fields.len() == mem.len();
                fields.dedup();
                if all && fields.len() == mem.len() {
                    matched.push((*n, *t));
                }
            }
        }
        // A node matching two structures is not certain: neither gets it.
        let mut count: HashMap<Metadata<'m>, usize> = HashMap::default();
        for (n, _) in &matched {
            *count.entry(*n).or_default() += 1;
        }
        matched.retain(|(n, _)| count[n] == 1);
        // Nor is a node whose shape another structure of the module has:
        // llvm-link merges isomorphic structures of different names, so the
        // objects a node "S3" describes may be of type %struct.S13 while a
        // %struct.S3 of the same shape (the annotator's, from debug
        // information) is the one that changed (csmith seed 200732).
        let all: Vec<Type<'m>> = m.struct_types_named().into_iter().map(|(t, _)| t).collect();
        let dl = m.data_layout();
        matched.retain(|(n, t)| !all.iter().any(|u| u != t && !u.is_opaque_struct() && same_shape(&dl, *n, *u)));
        let by_node: HashMap<Metadata<'m>, Type<'m>> = matched.into_iter().collect();
        let keys: Vec<Metadata<'m>> = by_node.keys().copied().collect();
        for n in keys {
            r.rebuild(m, lay, &by_node, n, 0);
        }
        r
    }

    /// The new node for matched node `n` (built after those of its
    /// changed members).
    fn rebuild(
        &mut self,
        m: &'m Module<'_>,
        lay: &Layouts<'m>,
        by_node: &HashMap<Metadata<'m>, Type<'m>>,
        n: Metadata<'m>,
        depth: u32,
    ) -> Option<Metadata<'m>> {
        if let Some((_, new)) = self.map.get(&n) {
            return Some(*new);
        }
        let t = *by_node.get(&n)?;
        if depth > 16 {
            return None;
        }
        let plan = lay.plan(t)?;
        let name = n.operands().first().copied().flatten()?;
        let mem = members(n)?;
        let fields = t.struct_fields();
        let mut entries: Vec<(u64, Metadata<'m>)> = Vec::new();
        for (ty, off) in mem {
            let f = plan.old_off.iter().position(|o| *o == off)?;
            let Some(new_off) = plan.new_off[f] else { continue };
            // Fields packed into one word have no bytes of their own: no
            // member (their accesses go without tags).
            if lay.packed(t, f as u32) {
                continue;
            }
            // A structure member whose layout changed needs its rebuilt
            // node: its old node would place the tags that reach into it at
            // old offsets (the verifier rejects those that then fall inside
            // a scalar; the others would be silently wrong). Its node goes
            // unmatched when llvm-link merged it into an isomorphic type of
            // another name. (Arrays are `omnipotent char` members: kept.)
            let ty = if by_node.contains_key(&ty) {
                self.rebuild(m, lay, by_node, ty, depth + 1)?
            } else if members(ty).is_some() && fields.get(f).is_some_and(|ft| lay.changed(*ft)) {
                return None;
            } else {
                ty
            };
            entries.push((new_off, ty));
        }
        entries.sort_by_key(|e| e.0);
        let mut ops = vec![Some(name)];
        for (off, ty) in entries {
            ops.push(Some(ty));
            ops.push(Some(m.md_value(m.const_int(64, off as i64))));
        }
        let new = m.md_tuple(&ops);
        self.map.insert(n, (t, new));
        Some(new)
    }

    /// The tag `tag` for the new layout: `Some(new tag)` when its base was
    /// rebuilt and its position is a field of the new layout, `None` when
    /// it must become a scalar tag (its base changed but was not rebuilt,
    /// or the position moved out). Tags on other bases are kept.
    pub fn rewrite(&self, m: &'m Module<'_>, lay: &Layouts<'m>, tag: Metadata<'m>) -> Option<Metadata<'m>> {
        let ops = tag.operands();
        let base = ops.first().copied().flatten()?;
        let (t, new_base) = self.map.get(&base)?;
        let off = ops.get(2).copied().flatten()?.as_constant()?;
        if off.kind() != ValueKind::ConstantInt {
            return None;
        }
        let Pos::At(n) = lay.translate_field(*t, off.const_uint_value()?) else { return None };
        let mut new = vec![Some(*new_base), ops.get(1).copied().flatten(), Some(m.md_value(m.const_int(64, n)))];
        if let Some(flag) = ops.get(3).copied() {
            new.push(flag);
        }
        Some(m.md_tuple(&new))
    }
}

/// Whether TBAA struct node `n` could describe IR structure `t`: one
/// member per field, at the field's offset. (Member kinds are not
/// compared: a structure of one member at offset 0 has the form of a
/// scalar type node.)
fn same_shape<'m>(dl: &dtrans_ir::DataLayout<'m>, n: Metadata<'m>, t: Type<'m>) -> bool {
    let Some(mem) = members(n) else { return false };
    mem.len() == t.struct_fields().len()
        && mem.iter().enumerate().all(|(k, (_, off))| dl.field_offset(t, k as u32) == Some(*off))
}

fn collect<'m>(n: Metadata<'m>, out: &mut Vec<Metadata<'m>>, depth: u32) {
    if depth > 16 || out.contains(&n) {
        return;
    }
    let Some(mem) = members(n) else { return };
    out.push(n);
    for (t, _) in mem {
        collect(t, out, depth + 1);
    }
}
