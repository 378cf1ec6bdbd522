//! compress-fields (prefix `__DCF_`): integer fields whose every stored
//! value fits a narrower integer are stored in it, and the structure is
//! packed again (static compression, issue 25).
//!
//! The analysis's value range of a field (`dtrans_analysis::fields::
//! ValueRange`) joins every value the program can put there: the constants
//! of initializers, zeros of `calloc` and zeroing `memset`s, and each
//! stored value when its range is provable (constants, extensions from
//! narrower types, masks, remainders, shifts, divisions by constants,
//! bounded arithmetic, selects and phis of those; a copy of the field into
//! itself adds nothing); anything else makes it unknown. A field is
//! narrowed to the smallest of 8, 16 and 32 bits holding the whole range,
//! with loads zero-extended when no value is negative and sign-extended
//! otherwise, so every read gives exactly the value the old field held.
//!
//! Legality is delete-field's (no field address taken: every write is a
//! store the analysis saw); the planner (`relayout/plan.rs`) refuses a
//! structure where a narrowed field is read or written other than as one
//! value of its old type, reached inside, or set or copied byte-wise other
//! than as a whole object (nonzero bytes refused). A field whose address
//! has a complex use stays as it is.
//!
//! The order: the first field stays first (as in reorder-fields), the
//! others packed by decreasing alignment with their new sizes. Whether to
//! do it is the cost model's, like delete-field: a smaller structure not
//! predicted to cost more traffic than the margin. Narrowing more fields
//! than needed to shrink the record costs nothing at run time beyond an
//! extension per load (usually folded into the load), so every field that
//! fits is narrowed. Bit-level packing of several fields into one word is
//! not done.
//!
//! Dynamic compression (`--compress-checked`, opt-in): a 64-bit integer
//! field whose stored values the analysis cannot bound, but whose every
//! other source (initializers, zeroing, copies) fits 32 bits, is stored
//! in 32 bits (sign-extended on load), and each store first calls a check
//! (`__dtrans_compress_check.STRUCT.FIELD`, inlined by LLVM) that stops
//! the program with a message naming the structure, the field and the
//! flag when the value does not fit, as `--index-width 32` does for
//! element counts. There is no fallback to a wide copy: a program whose
//! input may not fit must be built without the flag.
use dtrans_analysis::fields::ValueRange;
use dtrans_analysis::info::Transform;

use crate::relayout::cost::{CostModel, Layout, Prediction};
use crate::relayout::{Candidate, Choice, Narrow, Policy};

pub struct CompressFields {
    /// `--compress-checked`: 64-bit fields of unknown values stored in 32
    /// bits with a check at each store.
    pub checked: bool,
}

pub static COMPRESS_FIELDS: CompressFields = CompressFields { checked: false };
pub static COMPRESS_FIELDS_CHECKED: CompressFields = CompressFields { checked: true };

/// The narrowest of 8, 16 and 32 bits, below `bits`, that holds every
/// value of `[lo, hi]` (signed values of a `bits`-bit field), and whether
/// loads must sign-extend: zero extension when no value is negative.
pub(crate) fn narrowest(bits: u32, lo: i128, hi: i128) -> Option<(u32, bool)> {
    if lo > hi {
        return None;
    }
    [8u32, 16, 32].into_iter().take_while(|nb| *nb < bits).find_map(|nb| {
        if lo >= 0 && hi < (1i128 << nb) {
            Some((nb, false))
        } else if lo >= -(1i128 << (nb - 1)) && hi < (1i128 << (nb - 1)) {
            Some((nb, true))
        } else {
            None
        }
    })
}

impl Policy for CompressFields {
    fn pass_name(&self) -> &'static str {
        "compress-fields"
    }

    fn prefix(&self) -> &'static str {
        "__DCF_"
    }

    fn transform(&self) -> Transform {
        Transform::DeleteField
    }

    fn choose(&self, c: &Candidate<'_>, model: &CostModel, pred: &mut Option<Prediction>) -> Result<Choice, String> {
        let n = c.fields.len() as u32;
        let mut facts = c.fields.clone();
        let mut narrow = Vec::new();
        let mut words = Vec::new();
        for k in 0..n {
            let (info, fact) = (&c.info.fields[k as usize], &c.fields[k as usize]);
            let Some(bits) = fact.int_bits else { continue };
            if info.complex_use || fact.aggregate {
                continue;
            }
            let bounds = |r: ValueRange| match r {
                // Never written: only zeros (or nothing) to read.
                ValueRange::NoValue => Some((0, 0)),
                ValueRange::Within(lo, hi) => Some((lo, hi)),
                ValueRange::Any => None,
            };
            if let Some((lo, hi)) = bounds(info.range) {
                let Some((nb, signed)) = narrowest(bits, lo, hi) else { continue };
                narrow.push(Narrow { field: k, bits: nb, signed, checked: false });
                facts[k as usize].size = u64::from(nb / 8);
                facts[k as usize].align = u64::from(nb / 8);
                words.push(format!("{} {lo}..{hi} in {}{nb}", fact.name, if signed { "i" } else { "u" }));
            } else if self.checked && bits == 64 {
                // Every value not from a checked store must fit.
                let fits = bounds(info.range_unchecked)
                    .is_some_and(|(lo, hi)| lo >= i128::from(i32::MIN) && hi <= i128::from(i32::MAX));
                if fits {
                    narrow.push(Narrow { field: k, bits: 32, signed: true, checked: true });
                    facts[k as usize].size = 4;
                    facts[k as usize].align = 4;
                    words.push(format!("{} in i32, checked when stored", fact.name));
                }
            }
        }
        if narrow.is_empty() {
            return Err(if self.checked {
                "no integer field's stored values fit a narrower integer, nor may be checked in 32 bits".into()
            } else {
                "no integer field's stored values fit a narrower integer".into()
            });
        }
        let rest: Vec<u32> = (1..n).collect();
        let order: Vec<u32> = std::iter::once(0).chain(crate::reorder::pack_after(&facts, &[0], &rest)).collect();
        let (_, new_size) = crate::reorder::lay_out(&facts, &order);
        let shape = c.shape();
        let (mut p, t0) = Prediction::new(model, &c.name, &shape);
        let layout = Layout::record(&facts, &order);
        let t1 = model.traffic(&shape, &layout);
        p.add("compress-fields", &shape, &layout, t1);
        let decided = if new_size >= c.size {
            Err(format!("{} narrower, but the record stays {} bytes", words.join(", "), c.size))
        } else {
            model.decide((t0, c.size), (t1, new_size), true)
        };
        if decided.is_ok() {
            p.choice = "compress-fields".into();
        }
        *pred = Some(p);
        decided?;
        Ok(Choice { order, detail: words.join(", "), narrow, ..Default::default() })
    }
}

#[cfg(test)]
mod tests {
    use super::narrowest;

    #[test]
    fn narrowest_integer_for_a_range() {
        // (field bits, lo, hi) -> (bits, signed)
        let rows: &[((u32, i128, i128), Option<(u32, bool)>)] = &[
            ((64, 0, 10), Some((8, false))),
            ((64, 0, 255), Some((8, false))),
            ((64, 0, 256), Some((16, false))),
            ((64, 0, 10000), Some((16, false))),
            ((64, -1, 10), Some((8, true))),
            ((64, -128, 127), Some((8, true))),
            ((64, -129, 0), Some((16, true))),
            ((64, 0, 65535), Some((16, false))),
            ((64, -1, 65535), Some((32, true))),
            ((64, 0, 1 << 32), None),
            ((64, i128::from(i32::MIN), i128::from(i32::MAX)), Some((32, true))),
            ((32, 0, 70000), None),
            ((32, 0, 300), Some((16, false))),
            ((16, 0, 300), None),
            ((16, -5, 5), Some((8, true))),
            ((8, 0, 1), None),
            ((64, 0, 0), Some((8, false))),
        ];
        for ((bits, lo, hi), want) in rows {
            assert_eq!(narrowest(*bits, *lo, *hi), *want, "i{bits} holding {lo}..{hi}");
        }
    }
}
