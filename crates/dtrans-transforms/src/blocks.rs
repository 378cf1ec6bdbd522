//! `blocks` (prefix `__DBL_`): a structure split into groups of fields like
//! `peel`, for programs that keep any number of arrays of it (each
//! register of a simulator, each level of a solver, a new array built
//! while the old one is alive), where peel's side arrays, indexed from
//! one array's base, cannot follow.
//!
//! Every array of the structure becomes a run of blocks
//! (`relayout::layouts::BlockGeom`: up to `block-bytes` bytes, a cost
//! parameter), each holding `per` elements: group 0 (the record pointers
//! point to) for the block's elements, then each other group's records.
//! When group 0's record is a power of two, so is `per`, and the block is
//! aligned to group 0's records (a 24-byte element with an 8-byte pointer
//! record, blocks of at most 524288 bytes: 16384 per 393216-byte block, the
//! pointer records 32 pages); the array starts on that boundary, so a pointer's block is the pointer with its
//! low bits cleared. A pointer to an element stays a machine address (its
//! group-0 record), so null, equality, ordering within an array, pointers
//! kept in other structures and given to functions need nothing. What
//! changes (`relayout::plan` decides, `relayout::blocked` and
//! `relayout::apply` rewrite):
//!
//! - a field of another group: the block plus the group's offset plus the
//!   slot (the distance from the block over group 0's record size) times
//!   the group's record;
//! - a step over elements (`p + k`, `p[i].f`, `++p`, a byte offset of
//!   whole elements, also from inside a field of group 0): `k` records on,
//!   plus the rest of a block for each block boundary crossed (LLVM turns
//!   that into a mask and an add in a loop);
//! - a difference of element pointers: blocks apart times `per`, plus the
//!   slots' difference;
//! - `malloc`, `calloc`, `realloc` of the structure, and calls of user
//!   wrappers of malloc and calloc (counts whose blocks
//!   would not fit in 2^62 bytes keep their arguments, so the call fails as
//!   it did): the same call asks for whole blocks plus their alignment and
//!   16 bytes, and the array is placed on the first boundary inside, the
//!   blocks' bytes and the block's address kept in the 16 bytes before it;
//!   a realloc and a free are given that block (`__dtrans_blocks_raw`),
//!   and an array a realloc moved is shifted to the new block's boundary
//!   when it lands at another distance from one (`__dtrans_blocks_moved`,
//!   moving only the old array's bytes; glibc's `mremap` of a large block
//!   keeps the place within a page, so for blocks aligned to at most a
//!   page nothing moves). A calloc stays a calloc (its pages
//!   zeroed lazily);
//! - small arrays share blocks: where the structure's arrays are resized
//!   only by the library's realloc, the
//!   library's malloc, calloc and realloc of it become calls of the
//!   structure's helpers (`__dtrans_blocks_new.<struct>`,
//!   `__dtrans_blocks_resize.<struct>`, `blocked::build_slab`), which
//!   give an array that fits in one block (with its 8-byte header) the
//!   next slots of a shared block (a slab) instead of blocks of its own
//!   (a fresh slab becomes the one to fill only when it keeps more room
//!   than the current one): a program with
//!   one short array per graph node took a block per node (2,000 nodes
//!   of 4 to 16 records: 48 times the memory, 37 times the time, all in
//!   `mmap`s); its header (its count with the sign bit set, in the word
//!   where an array with blocks of its own keeps its block) is in the
//!   group-0 records before it, its slab is the block it is in (its
//!   address with the low bits cleared), the slab counts its arrays and is freed
//!   with the last (the counts and the current slab change under one spin
//!   lock, `__dtrans_blocks_lock`), a realloc of such an array copies
//!   it (to a slab or to blocks of its own), and a free keeps the array
//!   for the next one its slots fit (`__dtrans_blocks_release.<struct>`);
//! - a copy, move or set of whole elements: one call per group for each
//!   run of elements that stays in one block of each array, backward when
//!   a move's destination is after its source (`__dtrans_blocks_copy.<struct>`,
//!   `__dtrans_blocks_set.<struct>`);
//! - a zeroed global array (of arrays) of the structure: its storage
//!   becomes whole blocks of bytes, aligned like the heap's, element 0 at
//!   its start (no header: a program never frees or resizes it); typed
//!   steps over it (`&g[i][j].f`: `Action::BlockArrayGep`) count
//!   elements and go through the blocks, and constant addresses into it
//!   (in instructions and in other globals' initializers) are placed in
//!   the blocks (`Layouts::blocked_offset`);
//! - a local array (of arrays) of the structure: an alloca of its whole
//!   blocks at their alignment (`Action::BlockAlloca`), lifetime markers
//!   of it for the whole object (-1);
//! - a `qsort` of elements (of the structure's size, with a comparison
//!   the call names): the library sorts pointers to the elements with the
//!   same comparisons, then the elements are copied in that order through
//!   blocks of their own and back (`__dtrans_blocks_sort.<struct>`,
//!   `blocked::build_sort`), so equal elements end where the program's
//!   qsort put them.
//!
//! Legality beyond the analysis's peel verdict (no instance outside the
//! heap, no field address taken, no partial write over several fields):
//! every allocation of the structure is the library's `malloc`, `calloc`
//! or `realloc`, or a wrapper of malloc or calloc (the analysis's
//! wrappers: the size reaches nothing but the allocation and a memset of
//! the whole block, so the wrapper cannot tell another size; not a realloc
//! wrapper, which may hand back a fresh block while the old array stays),
//! none of a constant count smaller
//! than half a block where the array takes blocks of its own (a global,
//! a local, a wrapper's: a single node would take a whole block; the
//! library's allocations share slabs unless a block holds too few to
//! share), no malloc
//! or calloc of a variable count in a loop (many small arrays would each
//! take a block: memory a program of many small rows does not have), a
//! global of it only as a zeroed array of at least half a block (a lone
//! global instance, an initialized global stay the analysis's
//! GlobalInstance, HasInitializerList), a local only as an array of a
//! constant count (a lone local or a variable-length array stays
//! LocalInstance: `SafetyData::lone_local`) of at least half a block and
//! at most 512 KiB, in a function that cannot be running twice at once
//! (`sites::may_recurse`: its blocks take up to a block and a block's
//! alignment more stack than the array), in a program that runs no
//! threads (whose stacks may be smaller),
//! and not one array only (`peel` and `aos-to-soa`, whose
//! side arrays are indexed directly, take those); the planner refuses a
//! place it cannot rewrite (a step over elements from inside a field of
//! another group than 0 when blocks are not their own alignment, a qsort
//! through a function pointer or a bsearch of the array, an invoke
//! allocating or freeing it).
//!
//! Accesses at places of the structure are put in its alias scope, and
//! accesses the analysis knows are elsewhere are `!noalias` with it
//! (`relayout::scopes`), so that LLVM keeps what it loaded across stores
//! into the blocks.
//!
//! Which fields go together is peel's choice from the cost model
//! (`split::best_grouping`); the saving must pass the model's margin.
use dtrans_analysis::info::Transform;

use crate::relayout::cost::{CostModel, Group, Layout, Prediction, Shape};
use crate::relayout::layouts::BlockGeom;
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
        // (peel's candidate is this pass's.)
        for l in p.layouts.iter_mut().skip(1).filter(|l| l.kind == "peel") {
            l.kind = "blocks".into();
        }
        let result = match best {
            None => Err(p.with_hottest("every field is accessed in the same places: no grouping".into())),
            Some((layout, t1)) => match model
                .decide((t0, c.size), (t1, layout.size()), false)
                .and_then(|saving| power_of_two_first(c, model, &layout, &shape).map(|layout| (saving, layout)))
            {
                Err(why) => Err(p.with_hottest(format!("blocks {}: {why}", layout.describe(&c.fields)))),
                Ok((_, layout)) => {
                    p.choice = "blocks".into();
                    let n = layout.groups.len();
                    let names = |g: usize| if g + 1 == n { "cold".to_string() } else { format!("part{g}") };
                    let groups: Vec<(String, Vec<u32>)> =
                        layout.groups.iter().enumerate().skip(1).map(|(g, x)| (names(g), x.fields.clone())).collect();
                    let detail = format!("{n} groups in blocks: {}", layout.describe(&c.fields));
                    Ok(Choice {
                        order: layout.groups[0].fields.clone(),
                        groups,
                        detail,
                        block_bytes: Some(model.block_bytes_for(&shape)),
                        ..Default::default()
                    })
                }
            },
        };
        *pred = Some(p);
        result
    }
}

/// The groups of `layout` with group 0 (where element pointers point) one
/// whose blocks hold a power-of-two count of elements: the first group
/// when it does, else the first other that does, the rest in their order
/// (the model's traffic does not depend on which group comes first). Only
/// with a power-of-two count is a slot a mask and a shift; the other form
/// (`BlockGeom::new`: page-sized blocks, as many as fit) divides at every
/// step over elements outside the runs `relayout::strip` makes, and its
/// runs are short. Measured with clang-19 -O2 (`tests/lit/blocks/page-form.c`
/// is the checked version): a scan of two doubles of a 24-byte element
/// in such blocks (170 per 4096 bytes) ran 2.8 times as long as the
/// original where the 8-byte group first (power-of-two form) ran 0.95-1.2
/// times; a 40-byte element whose groups are 12 and 24 bytes (113 per
/// block) ran 2.5 times as long before blocks-loops split such loops,
/// 1.0-1.15 times after, where leaving it to compress-fields ran 0.81.
/// Without such a group, refused unless `block-page-form` says otherwise.
fn power_of_two_first(
    c: &Candidate<'_>,
    model: &CostModel,
    layout: &Layout,
    shape: &Shape<'_>,
) -> Result<Layout, String> {
    let max = model.block_bytes_for(shape);
    let align = |g: &Group| g.fields.iter().map(|f| c.fields[*f as usize].align.max(1)).max().unwrap_or(1);
    let geom = |first: usize| {
        let order: Vec<usize> =
            std::iter::once(first).chain((0..layout.groups.len()).filter(|k| *k != first)).collect();
        let sizes: Vec<u64> = order.iter().map(|k| layout.groups[*k].size).collect();
        let aligns: Vec<u64> = order.iter().map(|k| align(&layout.groups[*k])).collect();
        (order, BlockGeom::new(max, &sizes, &aligns, model.block_min))
    };
    for first in 0..layout.groups.len() {
        if let (order, Some(g)) = geom(first) {
            if g.per.is_power_of_two() {
                return Ok(Layout { groups: order.into_iter().map(|k| layout.groups[k].clone()).collect() });
            }
        }
    }
    // (No geometry at all: fewer than `block-min` fit, which the pass
    // refuses once the plan gives the records' sizes.)
    match geom(0) {
        (_, Some(g)) if !model.block_page_form => Err(format!(
            "no group's records make a power-of-two count per block ({} per {}-byte block: every step over \
             elements would divide; `block-page-form=1` allows it)",
            g.per, g.bytes
        )),
        _ => Ok(layout.clone()),
    }
}
