//! Structure splitting: `peel` (prefix `__DPL_`) moves a structure's fields
//! into groups the cost model picks (parallel arrays of records: `part1`,
//! ..., `cold`), `aos-to-soa` (prefix
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
//!
//! What to split, and how, is the cost model's (`relayout::cost`): peel
//! takes the grouping of fields it predicts cheapest (which fields go
//! together, how many groups), aos-to-soa one array per field when no
//! grouping is predicted cheaper; both only when the saving passes the
//! model's margin.
use dtrans_analysis::info::Transform;

use std::cmp::Reverse;

use crate::relayout::cost::{packed, CostModel, Layout, Prediction, SplitPick};
use crate::relayout::{Candidate, Choice, Policy};
use crate::reorder::lay_out;

/// Why a structure cannot be split whatever the model says.
pub(crate) fn splittable(c: &Candidate<'_>) -> Result<(), String> {
    if c.fields.len() < 2 {
        return Err("fewer than two fields".into());
    }
    Ok(())
}

/// Cold fields that fit in the main record's padding join it, largest
/// first: the main record keeps its size, the side record shrinks. (On
/// bench/programs/events, `{time, kind}` is 12 bytes padded to 16; with
/// the 4-byte `source` it is still 16, and the cold record goes from 64
/// bytes to 56: 72 in all, the original's size, instead of 80.) Taken
/// from the last side group (the least accessed), of which at least one
/// field stays.
pub(crate) fn fill_padding(c: &Candidate<'_>, groups: &mut [Vec<u32>]) {
    let Some(last) = groups.len().checked_sub(1).filter(|l| *l > 0) else { return };
    let size = lay_out(&c.fields, &groups[0]).1;
    while groups[last].len() > 1 {
        let fits = |f: u32| {
            let mut h = groups[0].clone();
            h.push(f);
            lay_out(&c.fields, &packed(&c.fields, &h)).1 == size
        };
        let best =
            groups[last].iter().copied().filter(|f| fits(*f)).max_by_key(|f| (c.fields[*f as usize].size, Reverse(*f)));
        let Some(f) = best else { break };
        groups[0].push(f);
        groups[0] = packed(&c.fields, &groups[0]);
        groups[last].retain(|x| *x != f);
    }
}

/// peel's grouping (the model's pick, after `fill_padding`) and its
/// traffic, if any; with the traffic of one array per field and the share
/// of it that streams (aos-to-soa's candidate), `None` when that is the
/// pick.
pub(crate) fn best_grouping(
    c: &Candidate<'_>,
    model: &CostModel,
    pred: &mut Prediction,
    soa: Option<(f64, f64)>,
) -> Option<Option<(Layout, f64)>> {
    let shape = c.shape();
    let parts = model.partitions(&shape);
    let best = match model.select_split(&shape, soa, &parts)? {
        SplitPick::Soa => {
            // (peel's cheapest grouping, for the report)
            if let Some((l, t)) = parts.iter().min_by(|a, b| a.1.total_cmp(&b.1)) {
                pred.add("peel", &shape, l, *t);
            }
            return Some(None);
        }
        SplitPick::Part(l, _) => l,
    };
    let mut groups: Vec<Vec<u32>> = best.groups.iter().map(|g| g.fields.clone()).collect();
    fill_padding(c, &mut groups);
    let layout = Layout::split(&c.fields, &groups);
    let t = model.traffic(&shape, &layout);
    pred.add("peel", &shape, &layout, t);
    Some(Some((layout, t)))
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

    fn splits(&self) -> bool {
        true
    }

    fn choose(&self, c: &Candidate<'_>, model: &CostModel, pred: &mut Option<Prediction>) -> Result<Choice, String> {
        splittable(c)?;
        let shape = c.shape();
        let (mut p, t0) = Prediction::new(model, &c.name, &shape);
        let best = best_grouping(c, model, &mut p, None).flatten();
        let result = match best {
            None => Err(p.with_hottest("every field is accessed in the same places: no grouping".into())),
            Some((layout, t1)) => match model.decide((t0, c.size), (t1, layout.size()), false) {
                Err(why) => Err(p.with_hottest(format!("peel {}: {why}", layout.describe(&c.fields)))),
                Ok(_) => {
                    p.choice = "peel".into();
                    let n = layout.groups.len();
                    let names = |g: usize| if g + 1 == n { "cold".to_string() } else { format!("part{g}") };
                    let groups: Vec<(String, Vec<u32>)> =
                        layout.groups.iter().enumerate().skip(1).map(|(g, x)| (names(g), x.fields.clone())).collect();
                    let detail = format!("{n} groups: {}", layout.describe(&c.fields));
                    Ok(Choice { order: layout.groups[0].fields.clone(), groups, detail, ..Default::default() })
                }
            },
        };
        *pred = Some(p);
        result
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

    fn splits(&self) -> bool {
        true
    }

    fn choose(&self, c: &Candidate<'_>, model: &CostModel, pred: &mut Option<Prediction>) -> Result<Choice, String> {
        splittable(c)?;
        let shape = c.shape();
        let (mut p, t0) = Prediction::new(model, &c.name, &shape);
        let soa = model.soa(&shape);
        let t1 = model.traffic(&shape, &soa);
        p.add("aos-to-soa", &shape, &soa, t1);
        // A grouping the model picks over one array per field is peel's.
        // (Whether the program streams: its current traffic's share.)
        let current = Layout::current(&c.fields, c.size);
        let streams = model.stream_share(&shape, &current);
        let grouping = best_grouping(c, model, &mut p, Some((t1, streams))).flatten();
        let result = match (grouping, model.decide((t0, c.size), (t1, soa.size()), false)) {
            (_, Err(why)) => Err(p.with_hottest(format!("one array per field: {why}"))),
            (Some((l, tg)), Ok(_)) => Err(p.with_hottest(format!(
                "peel's {} groups predicted cheaper ({:.2} of the traffic, one array per field {:.2})",
                l.groups.len(),
                tg / t0,
                t1 / t0
            ))),
            (_, Ok(_)) => {
                p.choice = "aos-to-soa".into();
                let n = c.fields.len();
                let first = soa.groups[0].fields[0];
                let mut sides: Vec<&crate::relayout::cost::Group> = soa.groups.iter().skip(1).collect();
                sides.sort_by_key(|g| g.fields[0]);
                let groups: Vec<(String, Vec<u32>)> = sides
                    .into_iter()
                    .map(|g| {
                        let f = g.fields[0];
                        let name = &c.fields[f as usize].name;
                        let clean: String =
                            name.chars().map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '_' }).collect();
                        (clean, vec![f])
                    })
                    .collect();
                let detail =
                    format!("{n} arrays, one per field ({} where pointers point)", c.fields[first as usize].name);
                Ok(Choice { order: vec![first], groups, detail, ..Default::default() })
            }
        };
        *pred = Some(p);
        result
    }
}
