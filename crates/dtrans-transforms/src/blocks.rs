//! `blocks` (prefix `__DBL_`): a structure split into groups of fields like
//! `peel`, for programs that keep any number of arrays of it (each
//! register of a simulator, each level of a solver, a new array built
//! while the old one is alive), where peel's side arrays, indexed from
//! one array's base, cannot follow.
//!
//! Every allocation of the structure becomes a run of blocks of
//! `block-bytes` bytes (a cost parameter, a power of two), each aligned to
//! its size and holding `per` elements: group 0 (the record pointers point
//! to) for the block's `per` elements, then each other group's records
//! (`relayout::layouts::BlockGeom`). A pointer to an element stays a
//! machine address (its group-0 record), so null, equality, ordering
//! within an array, pointers kept in other structures and given to
//! functions need nothing. What changes (`relayout::plan` decides,
//! `relayout::apply` rewrites):
//!
//! - a field of another group: the block is the pointer with its low bits
//!   cleared, the slot the distance from it over group 0's record size;
//! - a step over elements (`p + k`, `p[i].f`, `++p`, a byte offset of
//!   whole elements): slot + k, carried into whole blocks;
//! - a difference of element pointers: blocks apart times `per`, plus the
//!   slots' difference;
//! - `malloc`, `calloc`, `realloc` of the structure: the element count
//!   rounded up to whole blocks, aligned (`aligned_alloc`; a `realloc`
//!   whose result is not aligned is moved to an aligned block);
//! - a copy, move or set of whole elements: one call per element and
//!   group (`__dtrans_blocks_copy.<struct>`, `__dtrans_blocks_set.<struct>`);
//! - `free`: nothing (an aligned block is freed by `free`).
//!
//! Legality beyond the analysis's peel verdict (no instance outside the
//! heap, no field address taken, no partial write over several fields):
//! every allocation of the structure is the library's `malloc`, `calloc`
//! or `realloc` (a wrapper's block could not be aligned without changing
//! what it does), none of a constant count smaller than half a block (a
//! single node would take a whole block), no global array of it, and not
//! one array only (`peel` and `aos-to-soa`, whose side arrays are indexed
//! directly, take those); the planner refuses a place it cannot rewrite
//! (a step over elements from inside a field, qsort of the array, an
//! invoke allocating it).
//!
//! Which fields go together is peel's choice from the cost model
//! (`split::best_grouping`); the saving must pass the model's margin.
use dtrans_analysis::info::Transform;

use crate::relayout::cost::{CostModel, Prediction};
use crate::relayout::{Candidate, Choice, Policy};
use crate::split::{best_grouping, splittable};

pub struct Blocks;

pub static BLOCKS: Blocks = Blocks;

impl Policy for Blocks {
    fn pass_name(&self) -> &'static str {
        "blocks"
    }

    fn prefix(&self) -> &'static str {
        "__DBL_"
    }

    fn transform(&self) -> Transform {
        Transform::Peel
    }

    fn splits(&self) -> bool {
        true
    }

    fn blocked(&self) -> bool {
        true
    }

    fn choose(&self, c: &Candidate<'_>, model: &CostModel, pred: &mut Option<Prediction>) -> Result<Choice, String> {
        splittable(c)?;
        if c.size.saturating_mul(model.block_min) > model.block_bytes {
            return Err(format!(
                "a record of {} bytes: fewer than {} fit in a block of {} bytes",
                c.size, model.block_min, model.block_bytes
            ));
        }
        let shape = c.shape();
        let (mut p, t0) = Prediction::new(model, &c.name, &shape);
        let best = best_grouping(c, model, &mut p, None).flatten();
        let result = match best {
            None => Err(p.with_hottest("every field is accessed in the same places: no grouping".into())),
            Some((layout, t1)) => match model.decide((t0, c.size), (t1, layout.size()), false) {
                Err(why) => Err(p.with_hottest(format!("blocks {}: {why}", layout.describe(&c.fields)))),
                Ok(_) => {
                    p.choice = "blocks".into();
                    let n = layout.groups.len();
                    let names = |g: usize| if g + 1 == n { "cold".to_string() } else { format!("part{g}") };
                    let groups: Vec<(String, Vec<u32>)> =
                        layout.groups.iter().enumerate().skip(1).map(|(g, x)| (names(g), x.fields.clone())).collect();
                    let detail = format!("{n} groups in blocks: {}", layout.describe(&c.fields));
                    Ok(Choice { order: layout.groups[0].fields.clone(), groups, detail, ..Default::default() })
                }
            },
        };
        *pred = Some(p);
        result
    }
}
