//! delete-field (prefix `__DFT_`): fields that are never read go, with the
//! stores to them (a stored value's computation stays, with its side
//! effects).
//!
//! A field is deleted when the analysis saw no read of it and no use other
//! than loads and stores (no ComplexUse): written only, or never used. The
//! remaining fields keep their order. At least one field stays. Fields that
//! are structures or arrays stay: reads of their elements are counted on
//! the inner type, not on the field.
//!
//! A field read but always holding one known value (the analysis's Field
//! Single Value: integers, `null`, `float`/`double` constants) goes too:
//! its reads become that constant.
//!
//! Whether to do it is the cost model's (`relayout::cost`): a smaller
//! structure not predicted to cost more traffic than its margin, or one
//! predicted to save the margin.
use dtrans_analysis::info::Transform;

use crate::relayout::cost::{CostModel, Layout, Prediction};
use crate::relayout::{Candidate, Choice, Policy};

pub struct DeleteField;

pub static DELETE_FIELD: DeleteField = DeleteField;

impl Policy for DeleteField {
    fn pass_name(&self) -> &'static str {
        "delete-field"
    }

    fn prefix(&self) -> &'static str {
        "__DFT_"
    }

    fn transform(&self) -> Transform {
        Transform::DeleteField
    }

    fn choose(&self, c: &Candidate<'_>, model: &CostModel, pred: &mut Option<Prediction>) -> Result<Choice, String> {
        let n = c.fields.len();
        let usable = |f: u32| !c.info.fields[f as usize].complex_use && !c.fields[f as usize].aggregate;
        let unread: Vec<u32> = (0..n as u32).filter(|f| usable(*f) && !c.info.fields[*f as usize].read).collect();
        let constant: Vec<u32> = (0..n as u32)
            .filter(|f| usable(*f) && c.info.fields[*f as usize].read && c.fields[*f as usize].constant.is_some())
            .collect();
        if unread.is_empty() && constant.is_empty() {
            return Err("every field is read and none has one known value".into());
        }
        if unread.len() + constant.len() == n {
            return Err("no field would be left".into());
        }
        let order: Vec<u32> = (0..n as u32).filter(|f| !unread.contains(f) && !constant.contains(f)).collect();
        let (_, new_size) = crate::reorder::lay_out(&c.fields, &order);
        let shape = c.shape();
        let (mut p, t0) = Prediction::new(model, &c.name, &shape);
        let layout = Layout::record(&c.fields, &order);
        let t1 = model.traffic(&shape, &layout);
        p.add("delete-field", &shape, &layout, t1);
        let decided = model.decide((t0, c.size), (t1, new_size), true);
        if decided.is_ok() {
            p.choice = "delete-field".into();
        }
        *pred = Some(p);
        if let Err(why) = decided {
            return Err(if new_size >= c.size { format!("saves no bytes and {why}") } else { why });
        }
        let name = |f: &u32| c.fields[*f as usize].name.as_str();
        let mut parts = Vec::new();
        if !unread.is_empty() {
            parts.push(format!("{} never read", unread.iter().map(name).collect::<Vec<_>>().join(", ")));
        }
        for f in &constant {
            parts.push(format!("{} always {}", name(f), c.fields[*f as usize].constant.as_deref().unwrap_or("?")));
        }
        Ok(Choice { order, detail: parts.join("; "), ..Default::default() })
    }
}
