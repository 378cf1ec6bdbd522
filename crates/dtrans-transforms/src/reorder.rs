//! reorder-fields (prefix `__DFR_`): a new field order that removes
//! padding and keeps hot fields together.
//!
//! The first field stays first: a pointer to the structure is also a
//! pointer to its first field (and to the first field of that, and so on),
//! and once clang or LLVM has folded `&s->first` into `s` nothing in the IR
//! tells the two apart (csmith found a program whose `int *p =
//! &g[6].f0.f0` read another field when the first field moved). The others
//! follow by decreasing ABI alignment, then decreasing size (what packs a C
//! structure without holes), or by increasing alignment when that fills
//! the hole after a small first field better; original order among equals.
//! When the structure spans more than one cache line, the hot fields (those
//! accessed at least a tenth as often as the most frequent one, by the
//! analysis's loop-weighted counts or measured profile counts) come right
//! after the first field, each group packed by the same rule.
//!
//! Profitable when the structure shrinks, or when its hot fields then
//! touch fewer cache lines than before; otherwise the structure is left
//! alone with that reason.
use dtrans_analysis::info::Transform;

use crate::relayout::cost::CostModel;
use crate::relayout::{Candidate, Choice, Policy};

pub struct ReorderFields;

pub static REORDER_FIELDS: ReorderFields = ReorderFields;

fn pack(fields: &[crate::relayout::FieldFacts], idx: &mut [u32]) {
    idx.sort_by(|a, b| {
        let (fa, fb) = (&fields[*a as usize], &fields[*b as usize]);
        fb.align.cmp(&fa.align).then(fb.size.cmp(&fa.size)).then(a.cmp(b))
    });
}

/// `idx` packed after `prefix`: by decreasing alignment, or increasing when
/// that makes the whole smaller (a small first field leaves a hole only
/// small fields fill).
fn pack_after(fields: &[crate::relayout::FieldFacts], prefix: &[u32], idx: &[u32]) -> Vec<u32> {
    let mut down = idx.to_vec();
    pack(fields, &mut down);
    let mut up = idx.to_vec();
    up.sort_by(|a, b| {
        let (fa, fb) = (&fields[*a as usize], &fields[*b as usize]);
        fa.align.cmp(&fb.align).then(fb.size.cmp(&fa.size)).then(a.cmp(b))
    });
    let size = |v: &[u32]| lay_out(fields, &[prefix, v].concat()).1;
    if size(&up) < size(&down) {
        up
    } else {
        down
    }
}

/// Offsets of `order` laid out like LLVM does, and the total size.
pub(crate) fn lay_out(fields: &[crate::relayout::FieldFacts], order: &[u32]) -> (Vec<u64>, u64) {
    let mut at = 0u64;
    let mut max = 1u64;
    let mut offs = vec![0; fields.len()];
    for f in order {
        let x = &fields[*f as usize];
        at = at.div_ceil(x.align.max(1)) * x.align.max(1);
        offs[*f as usize] = at;
        at += x.size;
        max = max.max(x.align);
    }
    (offs, at.div_ceil(max) * max)
}

/// Cache lines the given fields touch, with the object at a line start.
fn lines(fields: &[crate::relayout::FieldFacts], offs: &[u64], which: &[u32], line: u64) -> u64 {
    let mut set: Vec<u64> = Vec::new();
    for f in which {
        let (s, e) = (offs[*f as usize], offs[*f as usize] + fields[*f as usize].size.max(1) - 1);
        for l in s / line..=e / line {
            if !set.contains(&l) {
                set.push(l);
            }
        }
    }
    set.len() as u64
}

impl Policy for ReorderFields {
    fn pass_name(&self) -> &'static str {
        "reorder-fields"
    }

    fn prefix(&self) -> &'static str {
        "__DFR_"
    }

    fn transform(&self) -> Transform {
        Transform::ReorderFields
    }

    fn choose(&self, c: &Candidate<'_>, model: &CostModel) -> Result<Choice, String> {
        let fields = &c.fields;
        let n = fields.len() as u32;
        if n < 2 {
            return Err("fewer than two fields".into());
        }
        let rest: Vec<u32> = (1..n).collect();
        let freq: Vec<u64> = c.info.fields.iter().map(|f| f.frequency).collect();
        let hot: Vec<u32> = model.hot(&freq, model.reorder_hot);
        let split = c.size > model.line && !hot.is_empty() && hot.len() < n as usize;
        let mut order: Vec<u32> = vec![0];
        if split {
            let h: Vec<u32> = rest.iter().copied().filter(|f| hot.contains(f)).collect();
            let cold: Vec<u32> = rest.iter().copied().filter(|f| !hot.contains(f)).collect();
            let h = pack_after(fields, &order, &h);
            order.extend(h);
            let cold = pack_after(fields, &order, &cold);
            order.extend(cold);
        } else {
            let r = pack_after(fields, &order, &rest);
            order.extend(r);
        }
        let identity: Vec<u32> = (0..n).collect();
        if order == identity {
            return Err("already in the chosen order".into());
        }
        let old_offs: Vec<u64> = fields.iter().map(|f| f.offset).collect();
        let (new_offs, new_size) = lay_out(fields, &order);
        let (hot_before, hot_after) =
            (lines(fields, &old_offs, &hot, model.line), lines(fields, &new_offs, &hot, model.line));
        if new_size < c.size {
            Ok(Choice { order, detail: "padding removed".into(), ..Default::default() })
        } else if hot_after < hot_before {
            Ok(Choice {
                order,
                detail: format!("hot fields in {hot_after} cache line(s) instead of {hot_before}"),
                ..Default::default()
            })
        } else {
            Err("no padding to remove and the hot fields are already together".into())
        }
    }
}
