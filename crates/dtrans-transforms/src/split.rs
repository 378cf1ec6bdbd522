//! Structure splitting: `peel` (prefix `__DPL_`) moves a structure's cold
//! fields to a parallel array of cold records, `aos-to-soa` (prefix
//! `__SOA_`) gives every field but one an array of its own. Both run on the
//! relayout engine: the structure keeps the fields that stay (its array is
//! where every pointer to it still points, so pointer arithmetic, copies of
//! pointers and comparisons need nothing), and an access to a moved field
//! finds the element's index from its address and the main array's base
//! (`(p - base) / size`) and addresses the side array at that index. The
//! allocation of the array allocates the side arrays with the same count
//! (by the same function) and records their addresses in globals; a free
//! of the array (and only of it: checked when the program runs) frees
//! them. An array grown by the library's `realloc` has its side arrays
//! resized with it (`__dtrans_resize.<struct>`).
//!
//! Legality beyond the analysis's `peel`/`aos-to-soa` verdict (no local or
//! global instances, not nested in another structure, no field address
//! taken, no partial writes over several fields): one array holds every
//! object, allocated once or resized by realloc in one place
//! (`relayout::sites`); no memset or memcpy over more than one field of
//! the structure, no qsort of its array (the planner rejects those
//! places).
//!
//! A field that is an aggregate (a nested structure, an array, a complex
//! number, which is `{ double, double }` in the IR) moves as one unit: its
//! bytes keep their order in the side record, so everything inside it
//! (typed steps into it, byte offsets into its middle, loads and stores of
//! it whole or of a part, a memset or copy inside it) is reached from the
//! field's new address, computed once where the field's address is
//! (`relayout::plan`: a step from inside such a field to elsewhere is
//! rewritten when it steps over whole elements, refused otherwise). A
//! nested structure the same pass changes (a `__SOADT_` holder of
//! indices, or one holding it) makes the structure around it refused.
//!
//! Pointers in registers stay pointers (the side arrays are indexed from
//! them). Pointers stored in fields become document 002's peeling index
//! when they point into a split array: a 32-bit index
//! (`relayout::IndexWidth`, `Action::Index`), which halves those fields,
//! in the split structures and in the `__SOADT_` dependent types made for
//! the structures that hold such pointers and may change layout. A 64-bit
//! index is not made: it would hold what the pointer does, in the same
//! bytes.
use dtrans_analysis::info::Transform;

use std::cmp::Reverse;

use crate::relayout::{Candidate, Choice, Policy};
use crate::reorder::lay_out;

/// Fields accessed at least a quarter as often as the most frequent one
/// (the analysis's counts: 8^loop depth per access, or profile counts): a
/// field used only outside the loop nest of the hot ones is cold.
fn hot_fields(c: &Candidate<'_>) -> Vec<u32> {
    let freq: Vec<u64> = c.info.fields.iter().map(|f| f.frequency).collect();
    let max = freq.iter().copied().max().unwrap_or(0);
    (0..c.fields.len() as u32).filter(|f| max > 0 && freq[*f as usize] * 4 >= max).collect()
}

/// Packed by decreasing alignment, then size (original order among equals).
fn packed(c: &Candidate<'_>, mut v: Vec<u32>) -> Vec<u32> {
    v.sort_by(|a, b| {
        let (fa, fb) = (&c.fields[*a as usize], &c.fields[*b as usize]);
        fb.align.cmp(&fa.align).then(fb.size.cmp(&fa.size)).then(a.cmp(b))
    });
    v
}

/// A cache line: a record that fits in one is fetched whole by any access,
/// so splitting it saves nothing and costs a second line when fields of
/// both parts are used together (measured on bench/programs/mcf_cold:
/// splitting its 40-byte nodes as well as its 88-byte arcs took a fifth
/// more time than splitting the arcs alone).
const LINE: u64 = 64;

fn splittable(c: &Candidate<'_>) -> Result<(), String> {
    if c.size <= LINE {
        return Err(format!("{} bytes fit in one cache line", c.size));
    }
    Ok(())
}

/// Cold fields that fit in the hot record's padding join it, largest
/// first: the hot record keeps its size, the cold one shrinks. (On
/// bench/programs/events, `{time, kind}` is 12 bytes padded to 16; with
/// the 4-byte `source` it is still 16, and the cold record goes from 64
/// bytes to 56: 72 in all, the original's size, instead of 80.) At least
/// one field stays cold.
fn fill_padding(c: &Candidate<'_>, mut hot: Vec<u32>, mut cold: Vec<u32>, size: u64) -> (Vec<u32>, Vec<u32>) {
    while cold.len() > 1 {
        let fits = |f: u32| {
            let mut h = hot.clone();
            h.push(f);
            lay_out(&c.fields, &packed(c, h)).1 == size
        };
        let best = cold.iter().copied().filter(|f| fits(*f)).max_by_key(|f| (c.fields[*f as usize].size, Reverse(*f)));
        let Some(f) = best else { break };
        hot.push(f);
        cold.retain(|x| *x != f);
    }
    (hot, cold)
}

pub struct Peel;

pub static PEEL: Peel = Peel;

impl Policy for Peel {
    fn pass_name(&self) -> &'static str {
        "peel"
    }

    fn prefix(&self) -> &'static str {
        "__DPL_"
    }

    fn transform(&self) -> Transform {
        Transform::Peel
    }

    fn choose(&self, c: &Candidate<'_>) -> Result<Choice, String> {
        splittable(c)?;
        let hot = hot_fields(c);
        let n = c.fields.len() as u32;
        let cold: Vec<u32> = (0..n).filter(|f| !hot.contains(f)).collect();
        if hot.is_empty() {
            return Err("no field is accessed in the code".into());
        }
        if cold.is_empty() {
            return Err("no cold fields".into());
        }
        let (_, hot_size) = lay_out(&c.fields, &packed(c, hot.clone()));
        if hot_size * 4 > c.size * 3 {
            return Err(format!("the hot fields take {hot_size} of its {} bytes", c.size));
        }
        let (hot, cold) = fill_padding(c, hot, cold, hot_size);
        let order = packed(c, hot);
        let cold = packed(c, cold);
        let list = |v: &[u32]| v.iter().map(|f| c.fields[*f as usize].name.as_str()).collect::<Vec<_>>().join(", ");
        let detail = format!("2 groups: {{{}}} {{{}}}", list(&order), list(&cold));
        Ok(Choice { order, groups: vec![("cold".into(), cold)], detail })
    }
}

pub struct AosToSoa;

pub static AOS_TO_SOA: AosToSoa = AosToSoa;

impl Policy for AosToSoa {
    fn pass_name(&self) -> &'static str {
        "aos-to-soa"
    }

    fn prefix(&self) -> &'static str {
        "__SOA_"
    }

    fn transform(&self) -> Transform {
        Transform::AosToSoa
    }

    fn choose(&self, c: &Candidate<'_>) -> Result<Choice, String> {
        splittable(c)?;
        let n = c.fields.len() as u32;
        if n < 2 {
            return Err("fewer than two fields".into());
        }
        let hot = hot_fields(c);
        if hot.len() != n as usize {
            return Err("it has cold fields (peel moves those)".into());
        }
        // The most frequent field stays in the structure's own array.
        let freq: Vec<u64> = c.info.fields.iter().map(|f| f.frequency).collect();
        let first = (0..n).max_by_key(|f| (freq[*f as usize], std::cmp::Reverse(*f))).unwrap_or(0);
        let groups: Vec<(String, Vec<u32>)> = (0..n)
            .filter(|f| *f != first)
            .map(|f| {
                let name = &c.fields[f as usize].name;
                let clean: String = name.chars().map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '_' }).collect();
                (clean, vec![f])
            })
            .collect();
        let detail = format!("{n} arrays, one per field ({} where pointers point)", c.fields[first as usize].name);
        Ok(Choice { order: vec![first], groups, detail })
    }
}
