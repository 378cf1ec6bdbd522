//! delete-field (prefix `__DFT_`): fields that are never read go, with the
//! stores to them (a stored value's computation stays, with its side
//! effects).
//!
//! A field is deleted when the analysis saw no read of it and no use other
//! than loads and stores (no ComplexUse): written only, or never used. The
//! remaining fields keep their order. At least one field stays. Fields that
//! are structures or arrays stay: reads of their elements are counted on
//! the inner type, not on the field. Fields whose single value is known are not
//! replaced by their value yet: they stay.
use dtrans_analysis::info::Transform;

use crate::relayout::{Candidate, Policy};

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

    fn choose(&self, c: &Candidate<'_>) -> Result<(Vec<u32>, String), String> {
        let n = c.fields.len();
        let dead: Vec<u32> = (0..n as u32)
            .filter(|f| {
                let i = &c.info.fields[*f as usize];
                !i.read && !i.complex_use && !c.fields[*f as usize].aggregate
            })
            .collect();
        if dead.is_empty() {
            return Err("every field is read".into());
        }
        if dead.len() == n {
            return Err("no field is read (the structure would be empty)".into());
        }
        let order: Vec<u32> = (0..n as u32).filter(|f| !dead.contains(f)).collect();
        let (_, new_size) = crate::reorder::lay_out(&c.fields, &order);
        if new_size >= c.size {
            return Err("deleting the unread fields saves no bytes".into());
        }
        let names: Vec<&str> = dead.iter().map(|f| c.fields[*f as usize].name.as_str()).collect();
        Ok((order, format!("{} never read", names.join(", "))))
    }
}
