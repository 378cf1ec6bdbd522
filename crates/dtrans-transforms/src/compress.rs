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
//! fits is narrowed.
//!
//! Bit-level packing: fields whose values need fewer than 8 bits
//! ([`bit_width`]: unsigned bits when no value is negative, else two's
//! complement) may share a host word of 8, 16 or 32 bits ([`pack_words`]:
//! first fit by decreasing width, each word's fields from bit 0 by field
//! number; a word of one field is a narrowed field). The host word takes
//! the slot of the pack's lowest-numbered field (so the first field stays
//! first); the others have no slot of their own and are at its offset
//! (`layouts::Packed`). A load reads the word, shifts and masks (`shl` and
//! `ashr` for a signed range) and extends to the old type; a store reads
//! the word, freezes it (bits never written are undefined, and LLVM could
//! otherwise treat the merged word as poison), clears the field's bits and
//! puts the value's low bits in (`apply::packed_access`); neither keeps
//! the field's `!tbaa`, and the rebuilt TBAA node has no member for a
//! packed field. Constant initializers get each field's value in its bits
//! ([`host_value`]). Everything the planner refuses for a narrowed field
//! holds for a packed one (an address that is not only loaded and stored
//! through, a place inside it, byte-wise copies or sets other than of
//! whole objects, nonzero memsets, initializers that do not fit); whole
//! objects copied (memcpy, assignment) carry the word.
//!
//! Which: the packing of 8, 16 or 32-bit words that gives the smallest
//! record (the narrowest words among equals) is made when it is smaller
//! than bytes alone give and the model does not predict it to cost more
//! than the margin more than bytes alone, with `pack-access` (the shift
//! and mask, the read-modify-write) added per access of a packed field
//! (`CostModel::pack_cost`): it pays where visits wait for memory (random
//! walks over data larger than the caches), not in a stream whose records
//! are already small. A program that may run threads
//! (`relayout::may_run_threads`) gets bytes only: two fields in one word
//! are one memory location, and one thread's read-modify-write could undo
//! another thread's store to the other field.
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

use crate::relayout::cost::{CostModel, Layout, Prediction, Shape};
use crate::relayout::layouts::Packed;
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

/// The fewest bits that hold every value of `[lo, hi]`, and whether they
/// are read back sign-extended: unsigned bits when no value is negative,
/// else two's complement; at least one.
pub(crate) fn bit_width(lo: i128, hi: i128) -> Option<(u32, bool)> {
    if lo > hi {
        return None;
    }
    if lo >= 0 {
        let w = 128 - (hi as u128).leading_zeros();
        return Some((w.max(1), false));
    }
    (1..=64u32).find(|w| lo >= -(1i128 << (w - 1)) && hi < (1i128 << (w - 1))).map(|w| (w, true))
}

/// Fields of `(field, width)` in host words of `host_bits` bits: first fit
/// by decreasing width (by field number among equals), each word's fields
/// then placed from bit 0 by field number. Per word: `(field, shift,
/// width)`, its lowest-numbered field first.
pub(crate) fn pack_words(small: &[(u32, u32)], host_bits: u32) -> Vec<Vec<(u32, u32, u32)>> {
    let mut items: Vec<(u32, u32)> = small.iter().copied().filter(|(_, w)| *w >= 1 && *w <= host_bits).collect();
    items.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut bins: Vec<(u32, Vec<(u32, u32)>)> = Vec::new();
    for (f, w) in items {
        match bins.iter_mut().find(|(used, _)| used + w <= host_bits) {
            Some(b) => {
                b.0 += w;
                b.1.push((f, w));
            }
            None => bins.push((w, vec![(f, w)])),
        }
    }
    let mut out: Vec<Vec<(u32, u32, u32)>> = bins
        .into_iter()
        .map(|(_, mut fs)| {
            fs.sort();
            let mut at = 0;
            fs.into_iter()
                .map(|(f, w)| {
                    let x = (f, at, w);
                    at += w;
                    x
                })
                .collect()
        })
        .collect();
    out.sort();
    out
}

/// The host word of a pack, from its members' constant values (each
/// `(packed place, value)`): each value in its bits.
pub(crate) fn host_value(members: &[(crate::relayout::layouts::Packed, i128)]) -> u64 {
    members.iter().fold(0u64, |acc, (p, v)| acc | p.place(*v))
}

/// One way of narrowing a structure's fields: the narrowed fields, the
/// field facts with their new sizes, the new order (fields without a
/// place of their own left out), those fields with their hosts, and the
/// words that say it.
struct Plan {
    narrow: Vec<Narrow>,
    facts: Vec<crate::relayout::FieldFacts>,
    order: Vec<u32>,
    shared: Vec<(u32, u32)>,
    words: Vec<String>,
    size: u64,
}

impl Plan {
    /// The fields packed with others (for the model's `pack-access`).
    fn packed_fields(&self) -> Vec<u32> {
        self.narrow.iter().filter(|n| n.packed.is_some()).map(|n| n.field).collect()
    }
}

/// A field that fits a narrower integer: its range and the bits it needs.
#[derive(Clone, Copy)]
struct Fit {
    field: u32,
    bits: u32,
    lo: i128,
    hi: i128,
    width: u32,
    signed: bool,
}

impl CompressFields {
    /// The narrowed layout: every field that fits a narrower integer in
    /// the narrowest of 8, 16 and 32 bits, and with `host_bits`, the
    /// fields that need fewer than 8 bits packed into host words of that
    /// many bits (a word holding one field is a narrowed field).
    fn plan(&self, c: &Candidate<'_>, fits: &[Fit], checked: &[u32], host_bits: Option<u32>) -> Plan {
        let n = c.fields.len() as u32;
        let mut facts = c.fields.clone();
        let mut narrow = Vec::new();
        let mut words = Vec::new();
        let mut shared = Vec::new();
        let mut in_word: Vec<u32> = Vec::new();
        if let Some(hb) = host_bits {
            let small: Vec<(u32, u32)> = fits.iter().filter(|f| f.width < 8).map(|f| (f.field, f.width)).collect();
            for word in pack_words(&small, hb).into_iter().filter(|w| w.len() > 1) {
                let host = word[0].0;
                for (f, shift, width) in &word {
                    let fit = fits.iter().find(|x| x.field == *f).expect("a field that fits");
                    let packed = Packed { host, shift: *shift, width: *width };
                    narrow.push(Narrow {
                        field: *f,
                        bits: hb,
                        signed: fit.signed,
                        checked: false,
                        packed: Some(packed),
                    });
                    in_word.push(*f);
                    if *f != host {
                        shared.push((*f, host));
                    }
                    let others: Vec<&str> =
                        word.iter().filter(|x| x.0 != *f).map(|x| c.fields[x.0 as usize].name.as_str()).collect();
                    words.push((
                        *f,
                        format!(
                            "{} {}..{} in {width} bit{} of a u{hb} (with {})",
                            c.fields[*f as usize].name,
                            fit.lo,
                            fit.hi,
                            if *width == 1 { "" } else { "s" },
                            others.join(", ")
                        ),
                    ));
                }
                facts[host as usize].size = u64::from(hb / 8);
                facts[host as usize].align = u64::from(hb / 8);
            }
        }
        for fit in fits.iter().filter(|f| !in_word.contains(&f.field)) {
            let Some((nb, signed)) = narrowest(fit.bits, fit.lo, fit.hi) else { continue };
            narrow.push(Narrow { field: fit.field, bits: nb, signed, checked: false, packed: None });
            facts[fit.field as usize].size = u64::from(nb / 8);
            facts[fit.field as usize].align = u64::from(nb / 8);
            words.push((
                fit.field,
                format!(
                    "{} {}..{} in {}{nb}",
                    c.fields[fit.field as usize].name,
                    fit.lo,
                    fit.hi,
                    if signed { "i" } else { "u" }
                ),
            ));
        }
        for k in checked {
            narrow.push(Narrow { field: *k, bits: 32, signed: true, checked: true, packed: None });
            facts[*k as usize].size = 4;
            facts[*k as usize].align = 4;
            words.push((*k, format!("{} in i32, checked when stored", c.fields[*k as usize].name)));
        }
        words.sort_by_key(|w| w.0);
        let tenants: Vec<u32> = shared.iter().map(|x| x.0).collect();
        let rest: Vec<u32> = (1..n).filter(|k| !tenants.contains(k)).collect();
        let order: Vec<u32> = std::iter::once(0).chain(crate::reorder::pack_after(&facts, &[0], &rest)).collect();
        let (_, size) = crate::reorder::lay_out(&facts, &order);
        // A field sharing a host word takes the host's bytes in the model.
        for (f, host) in &shared {
            facts[*f as usize].size = facts[*host as usize].size;
            facts[*f as usize].align = facts[*host as usize].align;
        }
        Plan { narrow, facts, order, shared, words: words.into_iter().map(|w| w.1).collect(), size }
    }
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
        let mut fits = Vec::new();
        let mut checked = Vec::new();
        for k in 0..n {
            let (info, fact) = (&c.info.fields[k as usize], &c.fields[k as usize]);
            let Some(bits) = fact.int_bits else { continue };
            if info.complex_use || fact.aggregate || bits < 8 {
                continue;
            }
            let bounds = |r: ValueRange| match r {
                // Never written: only zeros (or nothing) to read.
                ValueRange::NoValue => Some((0, 0)),
                ValueRange::Within(lo, hi) => Some((lo, hi)),
                ValueRange::Any => None,
            };
            if let Some((lo, hi)) = bounds(info.range) {
                let Some((width, signed)) = bit_width(lo, hi) else { continue };
                if width < bits {
                    fits.push(Fit { field: k, bits, lo, hi, width, signed });
                }
            } else if self.checked && bits == 64 {
                // Every value not from a checked store must fit.
                let fits32 = bounds(info.range_unchecked)
                    .is_some_and(|(lo, hi)| lo >= i128::from(i32::MIN) && hi <= i128::from(i32::MAX));
                if fits32 {
                    checked.push(k);
                }
            }
        }
        let bytes = self.plan(c, &fits, &checked, None);
        let small = fits.iter().filter(|f| f.width < 8).count();
        if bytes.narrow.is_empty() && small < 2 {
            return Err(if self.checked {
                "no integer field's stored values fit a narrower integer, nor may be checked in 32 bits".into()
            } else {
                "no integer field's stored values fit a narrower integer".into()
            });
        }
        let shape = c.shape();
        let (mut p, t0) = Prediction::new(model, &c.name, &shape);
        // Bytes only, then (when several fields need fewer than 8 bits)
        // packed into host words of 8, 16 or 32 bits: the smallest record
        // of those, the narrowest words among equals.
        // The traffic of a plan against the current layout's (the model
        // sees the fields at their new offsets with their old sizes, as
        // compress-fields always asked it), and, to choose between bytes
        // alone and packed words, with their new sizes (a packed field
        // takes its host word's bytes).
        let traffic = |pl: &Plan| {
            let layout = Layout::record_shared(&pl.facts, &pl.order, &pl.shared);
            let extra = model.pack_cost(&shape, &pl.packed_fields());
            let t = model.traffic(&shape, &layout) + extra;
            let resized = Shape { fields: &pl.facts, ..shape };
            let t_new = model.traffic(&resized, &layout) + extra;
            (layout, t, t_new)
        };
        let (layout_b, t_b, t_b_new) = traffic(&bytes);
        p.add("compress-fields", &shape, &layout_b, t_b);
        let mut chosen = bytes;
        let mut t1 = t_b;
        let mut not_packed = None;
        if small >= 2 {
            if let Some(why) = &c.threads {
                not_packed = Some(format!("not bit-packed: the program may run threads ({why})"));
            } else {
                let best = [8u32, 16, 32]
                    .into_iter()
                    .map(|hb| self.plan(c, &fits, &checked, Some(hb)))
                    .filter(|pl| !pl.shared.is_empty())
                    .min_by_key(|pl| pl.size);
                if let Some(packed) = best {
                    if packed.size < chosen.size {
                        let (layout_p, t_p, t_p_new) = traffic(&packed);
                        p.add("compress-fields, bit-packed", &shape, &layout_p, t_p);
                        // Worth it over bytes only: smaller, and not
                        // predicted to cost more than the margin more.
                        match model.decide((t_b_new, chosen.size), (t_p_new, packed.size), true) {
                            Ok(_) => {
                                chosen = packed;
                                t1 = t_p;
                            }
                            Err(why) => not_packed = Some(format!("not bit-packed: {why}")),
                        }
                    }
                }
            }
        }
        let mut detail = chosen.words.join(", ");
        if let Some(why) = &not_packed {
            detail.push_str(&format!("; {why}"));
        }
        let decided = if chosen.narrow.is_empty() {
            Err(match &not_packed {
                Some(why) => format!("no integer field's stored values fit a narrower integer; {why}"),
                None => "no integer field's stored values fit a narrower integer".into(),
            })
        } else if chosen.size >= c.size {
            Err(format!("{detail} narrower, but the record stays {} bytes", c.size))
        } else {
            model.decide((t0, c.size), (t1, chosen.size), true)
        };
        if decided.is_ok() {
            p.choice = if chosen.shared.is_empty() { "compress-fields" } else { "compress-fields, bit-packed" }.into();
        }
        *pred = Some(p);
        decided?;
        Ok(Choice { order: chosen.order, detail, narrow: chosen.narrow, ..Default::default() })
    }
}

#[cfg(test)]
mod tests {
    use super::{bit_width, host_value, narrowest, pack_words};
    use crate::relayout::layouts::Packed;

    #[test]
    fn bits_for_a_range() {
        // (lo, hi) -> (bits, signed)
        let rows: &[((i128, i128), Option<(u32, bool)>)] = &[
            ((0, 0), Some((1, false))),
            ((0, 1), Some((1, false))),
            ((0, 2), Some((2, false))),
            ((0, 3), Some((2, false))),
            ((0, 7), Some((3, false))),
            ((1, 8), Some((4, false))),
            ((0, 15), Some((4, false))),
            ((0, 127), Some((7, false))),
            ((0, 255), Some((8, false))),
            ((-1, 0), Some((1, true))),
            ((-1, 1), Some((2, true))),
            ((-2, 1), Some((2, true))),
            ((-2, 2), Some((3, true))),
            ((-8, 7), Some((4, true))),
            ((-9, 7), Some((5, true))),
            ((-64, 63), Some((7, true))),
            ((-128, 127), Some((8, true))),
            ((-5, -3), Some((4, true))),
            ((3, 2), None),
            ((i128::from(i64::MIN), i128::from(i64::MAX)), Some((64, true))),
        ];
        for ((lo, hi), want) in rows {
            assert_eq!(bit_width(*lo, *hi), *want, "{lo}..{hi}");
        }
    }

    #[test]
    fn words_first_fit_by_decreasing_width() {
        // (fields as (field, width), host bits) -> words of (field, shift, width)
        type Words = Vec<Vec<(u32, u32, u32)>>;
        let rows: Vec<((Vec<(u32, u32)>, u32), Words)> = vec![
            // tally's level and flags: one byte.
            ((vec![(1, 4), (2, 2)], 8), vec![vec![(1, 0, 4), (2, 4, 2)]]),
            // Eight booleans fill one byte exactly.
            (((0..8).map(|f| (f, 1)).collect(), 8), vec![(0..8).map(|f| (f, f, 1)).collect()]),
            // Nine: a second word for the last.
            (((0..9).map(|f| (f, 1)).collect(), 8), vec![(0..8).map(|f| (f, f, 1)).collect(), vec![(8, 0, 1)]]),
            // 6, 4, 4, 3, 2, 2, 1, 1 in bytes: {6, 2}, {4, 4}, {3, 2, 1, 1}.
            (
                (vec![(0, 3), (1, 1), (2, 4), (3, 2), (4, 2), (5, 1), (6, 6), (7, 4)], 8),
                vec![
                    vec![(0, 0, 3), (1, 3, 1), (4, 4, 2), (5, 6, 1)],
                    vec![(2, 0, 4), (7, 4, 4)],
                    vec![(3, 0, 2), (6, 2, 6)],
                ],
            ),
            // The same in one 32-bit word (23 bits), by field number.
            (
                (vec![(0, 3), (1, 1), (2, 4), (3, 2), (4, 2), (5, 1), (6, 6), (7, 4)], 32),
                vec![vec![(0, 0, 3), (1, 3, 1), (2, 4, 4), (3, 8, 2), (4, 10, 2), (5, 12, 1), (6, 13, 6), (7, 19, 4)]],
            ),
            // Three 5-bit fields: one each in bytes, two and one in 16 bits.
            ((vec![(3, 5), (4, 5), (5, 5)], 8), vec![vec![(3, 0, 5)], vec![(4, 0, 5)], vec![(5, 0, 5)]]),
            ((vec![(3, 5), (4, 5), (5, 5)], 16), vec![vec![(3, 0, 5), (4, 5, 5), (5, 10, 5)]]),
            // A width beyond the word is left out.
            ((vec![(0, 9), (1, 3)], 8), vec![vec![(1, 0, 3)]]),
            ((vec![], 8), vec![]),
        ];
        for ((small, hb), want) in rows {
            assert_eq!(pack_words(&small, hb), want, "{small:?} in {hb} bits");
        }
    }

    #[test]
    fn host_words_hold_each_value() {
        // Fields and values -> the word, and each value read back from it.
        let p = |shift, width| Packed { host: 0, shift, width };
        let rows: &[(&[(Packed, i128, bool)], u64)] = &[
            (&[(p(0, 4), 15, false), (p(4, 2), 3, false)], 0x3f),
            (&[(p(0, 4), 9, false), (p(4, 2), 2, false)], 0x29),
            (&[(p(0, 1), 1, false), (p(1, 1), 0, false), (p(2, 1), 1, false)], 0b101),
            // Signed: -1 in 3 bits is 0b111, -4 is 0b100, 3 is 0b011.
            (&[(p(0, 3), -1, true), (p(3, 3), -4, true), (p(6, 2), 1, true)], 0b01_100_111),
            (&[(p(0, 4), -8, true), (p(4, 4), 7, true)], 0x78),
            // A 32-bit word's top bits.
            (&[(p(25, 7), 127, false), (p(0, 1), 1, false)], 0xfe00_0001),
            (&[(p(28, 4), -1, true)], 0xf000_0000),
            (&[], 0),
        ];
        for (members, word) in rows {
            let m: Vec<(Packed, i128)> = members.iter().map(|(p, v, _)| (*p, *v)).collect();
            assert_eq!(host_value(&m), *word, "{members:?}");
            for (p, v, signed) in members.iter() {
                assert_eq!(p.extract(*word, *signed), *v, "{p:?} of {word:#x}");
                // Any other bits of the word leave the field's value alone.
                assert_eq!(p.extract(*word | !p.mask(), *signed), *v, "{p:?} among ones");
                assert_eq!(p.extract(*word & p.mask(), *signed), *v, "{p:?} among zeros");
            }
        }
    }

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
