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
//! The candidate orders and the decision are the cost model's
//! (`relayout::cost`): the packed order, and orders with the fields of the
//! heaviest regions first; of those predicted within the model's margin of
//! the cheapest, the smallest (then the first) is made when the structure
//! shrinks without costing more than the margin in predicted traffic, or
//! when it saves the margin of the traffic.
use dtrans_analysis::info::Transform;

use crate::relayout::cost::{CostModel, Layout, Prediction};
use crate::relayout::{Candidate, Choice, Policy};

pub struct ReorderFields;

pub static REORDER_FIELDS: ReorderFields = ReorderFields;

fn pack(fields: &[crate::relayout::FieldFacts], idx: &mut [u32]) {
    let packed = crate::relayout::cost::packed(fields, idx);
    idx.copy_from_slice(&packed);
}

/// `idx` packed after `prefix`: by decreasing alignment, or increasing when
/// that makes the whole smaller (a small first field leaves a hole only
/// small fields fill).
pub(crate) fn pack_after(fields: &[crate::relayout::FieldFacts], prefix: &[u32], idx: &[u32]) -> Vec<u32> {
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

    fn choose(&self, c: &Candidate<'_>, model: &CostModel, pred: &mut Option<Prediction>) -> Result<Choice, String> {
        let n = c.fields.len() as u32;
        if n < 2 {
            return Err("fewer than two fields".into());
        }
        let shape = c.shape();
        let (mut p, t0) = Prediction::new(model, &c.name, &shape);
        let orders = model.reorder_orders(&shape);
        if orders.is_empty() {
            *pred = Some(p);
            return Err("already in the chosen order".into());
        }
        let mut cands: Vec<(f64, u64, Vec<u32>)> = Vec::new();
        for o in orders {
            let l = Layout::record(&c.fields, &o);
            let t = model.traffic(&shape, &l);
            p.add("reorder-fields", &shape, &l, t);
            cands.push((t, l.size(), o));
        }
        // Orders within the margin of the cheapest are equal: the smallest,
        // then the first (the packed order) of them.
        let Some((t1, size, order)) = model.pick_equal(cands) else {
            *pred = Some(p);
            return Err("already in the chosen order".into());
        };
        let result = match model.decide((t0, c.size), (t1, size), true) {
            Ok(_) if size < c.size => Ok(Choice { order, detail: "padding removed".into(), ..Default::default() }),
            Ok(saving) => {
                let hot = Layout::record(&c.fields, &order);
                let lines = |l: &Layout| {
                    shape.regions.iter().map(|r| model.region_cost(&shape, r, l).lines).fold(0.0, f64::max)
                };
                Ok(Choice {
                    order,
                    detail: format!(
                        "hot fields together: {:.2} instead of {:.2} lines per visit, predicted traffic -{:.0}%",
                        lines(&hot),
                        lines(&crate::relayout::cost::Layout::current(&c.fields, c.size)),
                        100.0 * saving
                    ),
                    ..Default::default()
                })
            }
            Err(why) => Err(p.with_hottest(why)),
        };
        if result.is_ok() {
            p.choice = "reorder-fields".into();
        }
        *pred = Some(p);
        result
    }
}
