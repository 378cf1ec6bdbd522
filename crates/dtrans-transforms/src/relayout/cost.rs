//! The cost model: every profitability decision of the layout passes, made
//! by predicting the memory traffic of the program's hot code under each
//! candidate layout. No pass keeps a threshold of its own.
//!
//! Input, per structure: its fields (sizes, alignments), the element count
//! when the allocation says it (a constant count, a global array), and the
//! analysis's access regions (`dtrans_analysis::regions`): per loop (or
//! function body) and per pointer walking the objects, how often it visits
//! an object (estimated: `loop_weight^depth` times the estimated calls of
//! the function, or the profile's counts), which fields a visit accesses,
//! and whether the walk streams over an array or jumps (pointer chasing,
//! computed indices).
//!
//! A layout is one record or several (peel, aos-to-soa: the first record
//! is the one pointers point to, the others are side arrays indexed alike).
//! Per region and record, the model counts the cache lines a visit fetches
//! ([`CostModel::lines`]): for a stream, the lines of the records holding
//! the accessed fields, shared by neighbouring objects (a 64-byte record of
//! which 28 bytes are read still costs its whole line; a 32-byte record of
//! those 28 bytes, half a line); for a random walk, the lines of one object
//! (a visit pays for a line whatever part of it it needs). A line holding
//! a field accessed with probability p (a field read in every other visit)
//! is fetched with the probability that any of its fields is.
//!
//! The cache: the lines a region needs take F bytes (the objects' count
//! times the bytes of the lines holding the accessed fields), and a share
//! F / (F + `cache_bytes`) of its lines is taken to miss: nearly all for
//! data far larger than the cache, half for data that just fits (other
//! data competes for it, the levels below it are smaller), little for
//! small data. That needs the count: the program states it by a constant
//! allocation run once or a global array; otherwise the data is taken to
//! be far larger than the cache (all lines miss). A line found in the
//! cache still costs `hit` of one fetched from memory. So a hot array
//! shrunk by a split, or records shrunk by deleted fields, miss less:
//! pointer chasing gains from that alone; and for data far smaller than
//! the cache, layouts compare by the lines they fetch, as hits.
//! (Decisions compare layouts by their relative traffic, so a small array
//! is still laid out as if it mattered; it costs little either way.)
//!
//! A visit of a random walk waits for memory (`random_line` streamed
//! lines: latency decides, not bandwidth) if it misses at all; each other
//! record it reaches (side records: their index comes from the pointer,
//! not from memory, so the misses overlap) costs `overlap` (half) of that again; the
//! lines of a record beyond its first come with it (the adjacent-line
//! prefetch) at a streamed line each; reaching a side record costs
//! `side_visit` streamed lines (the index computation; a stream's index is
//! an induction variable). A stream visiting every k-th object shares
//! lines between visits accordingly (none for a large k), and the static
//! estimate of its visits is divided by k (its loop covers the same range
//! in 1/k of the iterations). The predicted traffic of a layout is the sum
//! over regions of visits times that cost.
//!
//! Decision ([`CostModel::decide`]): `margin` is the model's noise band. A
//! layout other than the current one is made when it saves at least
//! `margin` of the predicted traffic, or when it is smaller (deleted
//! fields, removed padding) and not predicted to cost more than `margin`
//! more traffic (a record that shrinks may straddle lines it did not). A
//! rejection says what was predicted.
//!
//! Candidates: reorder-fields tries the packed order and, per set of fields
//! accessed together in the heaviest regions, that set first
//! ([`CostModel::reorder_orders`]); peel's groups come from the model
//! ([`CostModel::partitions`]): fields accessed in the same regions start
//! together, and groups are merged pairwise, the cheapest merge first,
//! down to two: every grouping on the way is a candidate; aos-to-soa's is
//! one array per field. Among the splits ([`CostModel::select_split`]),
//! those predicted within `margin` of the cheapest are equal; among equals
//! one array per field is preferred when streams make `soa-streams` (most) of the traffic
//! (each loop then reads only its own fields, and loops over arrays of one
//! field vectorize), else the fewest records, merged further while they
//! stay within the margin (an array more must earn its keep).
//!
//! Not a parameter: `relayout::MAX_INDEXED`, the element count a 32-bit
//! peeling index can address, is a bound of correctness, not of cost.
//!
//! What it does not model: instructions (vectorization, the index decode
//! of document 002's peeling index, whose 32-bit fields it does not
//! foresee either), TLB reach, the other structures of a loop competing for
//! the cache, a first touch of data that then stays cached.
use dtrans_analysis::regions::{FrequencyEstimate, Region, Step, Walk};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::relayout::FieldFacts;
use crate::reorder::{lay_out, pack_after};

/// Every parameter of the layout decisions, each documented once. Set
/// from the command line with `--cost KEY=VALUE,...` ([`CostModel::set`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CostModel {
    /// `line`: bytes in a cache line (64).
    pub line: u64,
    /// `loop-weight`: the static frequency estimate (without a profile):
    /// each loop level multiplies a block's weight by this (32: LLVM's own
    /// static estimate takes a loop's back edge 31 times in 32).
    pub loop_weight: u64,
    /// `max-depth`: loop levels the static estimate counts at most (6).
    pub max_depth: u32,
    /// `cache-bytes`: the cache a structure's records may count on (see
    /// the module's doc; default 32 MiB, a last-level cache); 0 takes
    /// every array to be far larger than any cache.
    pub cache_bytes: u64,
    /// `hit`: the cost of a line found in the cache, as a share of one
    /// fetched from memory (0.1: a hit in the last-level cache takes about
    /// a tenth of a memory access).
    pub hit: f64,
    /// `random-line`: the cost of a visit of a random walk (a pointer
    /// chased, an index computed) that misses the cache, in streamed lines
    /// (8: a memory latency is about ten times the time a line takes to
    /// stream; independent misses overlap a little).
    pub random_line: f64,
    /// `side-visit`: the cost of reaching a side record (peel, aos-to-soa)
    /// in a random walk, in streamed lines (0.02).
    pub side_visit: f64,
    /// `margin`: the least saving, as a share of the predicted traffic, for
    /// which a layout is changed for speed alone (0.05).
    pub margin: f64,
    /// `overlap`: what each further record a random visit reaches costs,
    /// as a share of the first one's wait (0.5: a side record's index
    /// comes from the pointer, not from memory, so its miss overlaps the
    /// first one's partly).
    pub overlap: f64,
    /// `hot-regions`: reorder-fields' hot-first candidates gather the
    /// fields of the k heaviest regions, k up to this (8).
    pub hot_regions: usize,
    /// `max-groups`: peel's groupings start from at most this many groups
    /// of fields (16; fields with the closest access signatures merged
    /// first beyond it): the pairwise merges that follow cost its cube.
    pub max_groups: usize,
    /// `soa-streams`: among splits predicted equal, one array per field is
    /// chosen when at least this share of the current traffic streams
    /// (0.5: loops over arrays of one field vectorize).
    pub soa_streams: f64,
    /// `block-bytes`: the most bytes a block of the `blocks` pass takes,
    /// a power of two from 512 to 1M (524288: a longer run of a group's
    /// records streams better, since a hardware prefetcher starts again
    /// at each page and each run ends in a jump; a larger block wastes
    /// more of the last one of an array larger than a block, mostly
    /// pages never touched (arrays up to a block share blocks: slabs).
    /// On `bench/programs/qregs`, 24-byte records with an 8-byte hot
    /// group, 16384 (4 KiB runs) gave 63-70% of the hand variant's
    /// speedup and 65536 to 524288 76-92% on the machine of the first
    /// measurements; on a later one (interleaved rounds, time over the
    /// hand variant's) 131072 took 1.21-1.23, 262144 1.14, 524288
    /// 1.06-1.07 (peak memory 1.04-1.05x the original's), 1048576 1.06
    /// (1.08x); `layouts::BlockGeom`).
    pub block_bytes: u64,
    /// `block-bytes-max`: with a profile, how large a block may grow
    /// beyond `block-bytes` (524288, the default block: a profile grows
    /// only blocks set smaller), doubling while the hottest stream
    /// over the structure visits, per entry of its loop, at least
    /// `block-runs` blocks' worth of elements: the profile shows the
    /// arrays are large, so a longer run of a group's records costs
    /// little of their memory. (When the default block was 131072, on
    /// `bench/programs/qregs` the profile-guided build, 393216-byte
    /// blocks, took 87-90% of the hand variant's speedup where the
    /// default took 77-82%: `bench/programs/qregs/README.md`.) Without
    /// a profile the array sizes are unknown and blocks stay at
    /// `block-bytes`.
    pub block_bytes_max: u64,
    /// `block-runs`: see `block-bytes-max` (8).
    pub block_runs: u64,
    /// `block-page-form`: whether `blocks` may use page-sized blocks of
    /// as many elements as fit when no group's records give a
    /// power-of-two count per block (0: refused; 1: allowed). Every step
    /// over elements in such blocks divides by the count and no loop is
    /// strip-mined: a scan of two of three 8-byte fields ran 2.8 times as
    /// long as the original (`blocks::power_of_two_first`).
    pub block_page_form: bool,
    /// `block-min`: the fewest elements a block must hold (16): below, the
    /// slot arithmetic of every step costs more than the split saves and
    /// each array wastes more of its last block.
    pub block_min: u64,
    /// `prefetch-lines`: how many 64-byte lines of the next block's
    /// group-0 records `blocks-loops` prefetches at the start of each run
    /// that goes to its block's end (32, at most the records' span; 0:
    /// none). A stream
    /// prefetcher restarts at each page and the next run is a block
    /// further on: with 4 lines, `bench/programs/qregs`'s label scans
    /// took 1.5 to 2.4 times as long as over a plain array in a
    /// microbenchmark, with 16 to 32 lines 1.1 to 1.2 times.
    pub prefetch_lines: u64,
    /// `run-align`: the byte boundary `blocks-loops` asks codegen to start
    /// each run loop on (64; 0: LLVM's choice, 16 bytes on x86-64). The
    /// run loops are the program's hot code, and where one falls against
    /// a 64-byte fetch line moved `bench/programs/qregs` by a tenth of its
    /// time (0.71 against 0.65 of the original's time in interleaved
    /// runs, the hand variant 0.64), more than any change of layout left
    /// to make.
    pub run_align: u64,
    /// `pack-access`: what one access of a bit-packed field costs beyond a
    /// plain one (compress-fields' bit-level packing: a shift and a mask
    /// per read, a read-modify-write of the host word per store), in
    /// streamed lines (0.03: two or three instructions where a line
    /// streamed from memory takes some tens of cycles). The one term of
    /// the model that counts instructions: packing trades them for bytes,
    /// so a record packed for data that stays in the cache loses.
    pub pack_access: f64,
}

impl Default for CostModel {
    fn default() -> Self {
        CostModel {
            line: 64,
            loop_weight: 32,
            max_depth: 6,
            cache_bytes: 32 << 20,
            hit: 0.1,
            random_line: 8.0,
            side_visit: 0.02,
            margin: 0.05,
            overlap: 0.5,
            hot_regions: 8,
            max_groups: 16,
            soa_streams: 0.5,
            block_bytes: 524288,
            block_bytes_max: 524288,
            block_runs: 8,
            block_page_form: false,
            block_min: 16,
            prefetch_lines: 32,
            run_align: 64,
            pack_access: 0.03,
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum CostError {
    #[error("'{0}' is not KEY=VALUE")]
    Syntax(String),
    #[error("unknown cost parameter '{0}' (known: {known})", known = CostModel::KEYS.join(", "))]
    UnknownKey(String),
    #[error("cost parameter {key}: '{value}' is not {what}")]
    BadValue { key: String, value: String, what: &'static str },
}

impl CostModel {
    /// The parameter names [`CostModel::set`] takes.
    pub const KEYS: &'static [&'static str] = &[
        "line",
        "loop-weight",
        "max-depth",
        "cache-bytes",
        "hit",
        "random-line",
        "side-visit",
        "margin",
        "overlap",
        "hot-regions",
        "max-groups",
        "soa-streams",
        "block-bytes",
        "block-bytes-max",
        "block-runs",
        "block-page-form",
        "block-min",
        "prefetch-lines",
        "run-align",
        "pack-access",
    ];

    /// Sets parameters from `KEY=VALUE[,KEY=VALUE...]` (`cache-bytes`
    /// takes a `K`, `M` or `G` suffix).
    pub fn set(&mut self, spec: &str) -> Result<(), CostError> {
        for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = item.split_once('=').ok_or_else(|| CostError::Syntax(item.into()))?;
            let (k, v) = (k.trim(), v.trim());
            let bad = |what| CostError::BadValue { key: k.into(), value: v.into(), what };
            let int = |v: &str| v.parse::<u64>().ok();
            let real = |v: &str| v.parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0);
            match k {
                "line" => {
                    self.line = int(v)
                        .filter(|x| x.is_power_of_two() && (8..=4096).contains(x))
                        .ok_or_else(|| bad("a power of two from 8 to 4096"))?
                }
                // Bounded so that weights stay finite: 1024^(2*16) calls at most.
                "loop-weight" => {
                    self.loop_weight =
                        int(v).filter(|x| (1..=1024).contains(x)).ok_or_else(|| bad("a count from 1 to 1024"))?
                }
                "max-depth" => {
                    self.max_depth =
                        v.parse::<u32>().ok().filter(|x| *x <= 16).ok_or_else(|| bad("a depth up to 16"))?
                }
                "cache-bytes" => {
                    let (num, mult) = match v.chars().last() {
                        Some('K' | 'k') => (&v[..v.len() - 1], 1u64 << 10),
                        Some('M' | 'm') => (&v[..v.len() - 1], 1 << 20),
                        Some('G' | 'g') => (&v[..v.len() - 1], 1 << 30),
                        _ => (v, 1),
                    };
                    self.cache_bytes =
                        int(num).and_then(|n| n.checked_mul(mult)).ok_or_else(|| bad("a size in bytes"))?
                }
                "hit" => self.hit = real(v).filter(|x| *x <= 1.0).ok_or_else(|| bad("a share up to 1"))?,
                "random-line" => self.random_line = real(v).ok_or_else(|| bad("a number >= 0"))?,
                "side-visit" => self.side_visit = real(v).ok_or_else(|| bad("a number >= 0"))?,
                "margin" => self.margin = real(v).filter(|x| *x < 1.0).ok_or_else(|| bad("a share below 1"))?,
                "overlap" => self.overlap = real(v).filter(|x| *x <= 1.0).ok_or_else(|| bad("a share up to 1"))?,
                "hot-regions" => {
                    self.hot_regions =
                        int(v).filter(|x| (1..=64).contains(x)).ok_or_else(|| bad("a count from 1 to 64"))? as usize
                }
                "max-groups" => {
                    self.max_groups =
                        int(v).filter(|x| (2..=64).contains(x)).ok_or_else(|| bad("a count from 2 to 64"))? as usize
                }
                "soa-streams" => {
                    self.soa_streams = real(v).filter(|x| *x <= 1.0).ok_or_else(|| bad("a share up to 1"))?
                }
                "block-bytes" => {
                    self.block_bytes = int(v)
                        .filter(|x| x.is_power_of_two() && (512..=1 << 20).contains(x))
                        .ok_or_else(|| bad("a power of two from 512 to 1M"))?
                }
                "block-bytes-max" => {
                    self.block_bytes_max = int(v)
                        .filter(|x| x.is_power_of_two() && (512..=1 << 20).contains(x))
                        .ok_or_else(|| bad("a power of two from 512 to 1M"))?
                }
                "block-runs" => {
                    self.block_runs =
                        int(v).filter(|x| (1..=1 << 20).contains(x)).ok_or_else(|| bad("a count from 1 to 1M"))?
                }
                "block-page-form" => {
                    self.block_page_form = match v {
                        "0" => false,
                        "1" => true,
                        _ => return Err(bad("0 or 1")),
                    }
                }
                "block-min" => {
                    self.block_min =
                        int(v).filter(|x| (2..=4096).contains(x)).ok_or_else(|| bad("a count from 2 to 4096"))?
                }
                "prefetch-lines" => {
                    self.prefetch_lines = int(v).filter(|x| *x <= 64).ok_or_else(|| bad("a count from 0 to 64"))?
                }
                "run-align" => {
                    self.run_align = int(v)
                        .filter(|x| *x == 0 || (x.is_power_of_two() && *x <= 4096))
                        .ok_or_else(|| bad("0 or a power of two up to 4096"))?
                }
                "pack-access" => self.pack_access = real(v).ok_or_else(|| bad("a number >= 0"))?,
                _ => return Err(CostError::UnknownKey(k.into())),
            }
        }
        Ok(())
    }

    /// The most bytes a block of structure `shape` takes: `block-bytes`,
    /// doubled up to `block-bytes-max` while the profile's hottest stream
    /// over it visits, per entry of its loop, at least `block-runs`
    /// blocks of elements (`size` bytes each).
    pub fn block_bytes_for(&self, shape: &Shape<'_>) -> u64 {
        let hottest = shape
            .regions
            .iter()
            .filter(|r| r.profile && r.walk == Walk::Stream)
            .max_by(|a, b| a.visits.total_cmp(&b.visits));
        let run = match hottest.and_then(|r| Some(r.visits / r.entries.filter(|e| *e > 0.0)?)) {
            Some(run) => run,
            None => return self.block_bytes,
        };
        let mut bytes = self.block_bytes;
        while bytes < self.block_bytes_max
            && ((bytes * 2 / shape.size.max(1)).saturating_mul(self.block_runs) as f64) <= run
        {
            bytes *= 2;
        }
        bytes
    }

    /// The static frequency estimate the analysis uses.
    pub fn estimate(&self) -> FrequencyEstimate {
        FrequencyEstimate { loop_weight: self.loop_weight, max_depth: self.max_depth }
    }
}

impl std::str::FromStr for CostModel {
    type Err = CostError;

    fn from_str(s: &str) -> Result<Self, CostError> {
        let mut m = CostModel::default();
        m.set(s)?;
        Ok(m)
    }
}

/// One record of a layout: fields in order, their offsets, its size.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub fields: Vec<u32>,
    /// Offset of each field of `fields` (same order).
    pub offsets: Vec<u64>,
    pub size: u64,
}

/// A candidate layout: the record pointers point to, then side records.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub groups: Vec<Group>,
}

impl Layout {
    /// The current layout (the fields at their offsets).
    pub fn current(fields: &[FieldFacts], size: u64) -> Layout {
        let all: Vec<u32> = (0..fields.len() as u32).collect();
        Layout { groups: vec![Group { offsets: fields.iter().map(|f| f.offset).collect(), fields: all, size }] }
    }

    /// One record with `order`'s fields laid out as LLVM does.
    pub fn record(fields: &[FieldFacts], order: &[u32]) -> Layout {
        Layout { groups: vec![group(fields, order)] }
    }

    /// [`Layout::record`] with fields that have no place of their own
    /// (bit-packed into another's host word: `(field, host)`) at their
    /// host's offset.
    pub fn record_shared(fields: &[FieldFacts], order: &[u32], shared: &[(u32, u32)]) -> Layout {
        let mut g = group(fields, order);
        for (f, host) in shared {
            if let Some(k) = g.fields.iter().position(|x| x == host) {
                let off = g.offsets[k];
                g.fields.push(*f);
                g.offsets.push(off);
            }
        }
        Layout { groups: vec![g] }
    }

    /// Records, each laid out in its order; the first is the main one.
    pub fn split(fields: &[FieldFacts], orders: &[Vec<u32>]) -> Layout {
        Layout { groups: orders.iter().map(|o| group(fields, o)).collect() }
    }

    /// Bytes per object, all records together.
    pub fn size(&self) -> u64 {
        self.groups.iter().map(|g| g.size).sum()
    }

    /// `{a, b} {c}` with field names.
    pub fn describe(&self, fields: &[FieldFacts]) -> String {
        self.groups
            .iter()
            .map(|g| {
                let names: Vec<&str> = g.fields.iter().map(|f| fields[*f as usize].name.as_str()).collect();
                format!("{{{}}}", names.join(", "))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn group(fields: &[FieldFacts], order: &[u32]) -> Group {
    let (offs, size) = lay_out(fields, order);
    Group { fields: order.to_vec(), offsets: order.iter().map(|f| offs[*f as usize]).collect(), size }
}

/// What the model knows of one structure.
#[derive(Clone, Copy)]
pub struct Shape<'a> {
    pub fields: &'a [FieldFacts],
    pub size: u64,
    pub regions: &'a [Region],
    /// Objects in its one array, when the program says how many.
    pub count: Option<u64>,
}

impl Shape<'_> {
    /// The share of a region's visits that access field `f` (at most 1).
    fn share(&self, r: &Region, f: u32) -> f64 {
        if r.visits <= 0.0 {
            return 0.0;
        }
        r.fields.iter().filter(|(k, _)| *k == f).map(|(_, w)| *w).sum::<f64>().min(r.visits) / r.visits
    }

    /// Per field, its accesses over all regions (weighted by frequency):
    /// where pointers point, the accesses need no index.
    fn weights(&self) -> Vec<f64> {
        let mut w = vec![0.0; self.fields.len()];
        for r in self.regions {
            for (f, a) in &r.fields {
                if let Some(x) = w.get_mut(*f as usize) {
                    *x += a;
                }
            }
        }
        w
    }

    /// Where the frequencies come from.
    pub fn source(&self) -> &'static str {
        if self.regions.is_empty() {
            "none"
        } else if self.regions.iter().any(|r| r.profile) {
            "profile"
        } else {
            "static estimate"
        }
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A region's cost under one layout, in parts (for the report).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RegionCost {
    /// Lines fetched per visit (all records), before the cache.
    pub lines: f64,
    /// Bytes of the accessed fields per visit.
    pub bytes: f64,
    /// The share of those lines taken to miss the cache.
    pub miss: f64,
    /// The region's predicted traffic: visits times cost per visit.
    pub traffic: f64,
}

impl CostModel {
    /// Lines per visit of records of `size` bytes whose fields at (offset,
    /// size, share of visits) are accessed: (streamed: neighbours share
    /// lines; random: each visit alone; the probability that a random
    /// visit accesses the record at all), averaged over the positions of
    /// the records in the lines of an array (the array at a line's start).
    pub fn lines(&self, size: u64, touched: &[(u64, u64, f64)]) -> (f64, f64, f64) {
        self.lines_stepped(size, 1, touched)
    }

    /// [`CostModel::lines`] for a stream that visits every `step`-th
    /// record (a large step shares no line between visits).
    pub fn lines_stepped(&self, size: u64, step: u64, touched: &[(u64, u64, f64)]) -> (f64, f64, f64) {
        let line = self.line.max(1);
        if size == 0 || touched.is_empty() {
            return (0.0, 0.0, 0.0);
        }
        let any = 1.0 - touched.iter().map(|t| 1.0 - t.2.min(1.0)).product::<f64>();
        let stride = size.saturating_mul(step.max(1));
        // Visits further apart than a record and a line share no line: such
        // a stride counts alike as the smallest one with the same position
        // in a line (which keeps the sums below from overflowing).
        let far = size.div_ceil(line) * line + line;
        let stride = if stride >= far { far + stride % line } else { stride };
        let period = line / gcd(stride, line);
        // line -> probability that no access of it happens
        let mut all: BTreeMap<u64, f64> = BTreeMap::new();
        let mut random = 0.0;
        for e in 0..period {
            let base = e * stride;
            let mut mine: BTreeMap<u64, f64> = BTreeMap::new();
            for (off, sz, p) in touched {
                let (s, end) = (base + off, base + off + sz.max(&1) - 1);
                for l in s / line..=end / line {
                    *mine.entry(l).or_insert(1.0) *= 1.0 - p.min(1.0);
                }
            }
            random += mine.values().map(|q| 1.0 - q).sum::<f64>();
            for (l, q) in mine {
                *all.entry(l).or_insert(1.0) *= q;
            }
        }
        let stream = all.values().map(|q| 1.0 - q).sum::<f64>() / period as f64;
        (stream, random / period as f64, any)
    }

    /// One region's cost under `layout`.
    pub fn region_cost(&self, shape: &Shape<'_>, r: &Region, layout: &Layout) -> RegionCost {
        let mut lines = 0.0;
        let mut bytes = 0.0;
        let mut footprint = 0.0;
        let mut sides = 0.0;
        // The probability that a visit accesses no record, and the records
        // it accesses.
        let mut none = 1.0;
        let mut records = 0.0;
        for (g, grp) in layout.groups.iter().enumerate() {
            let touched: Vec<(u64, u64, f64)> = grp
                .fields
                .iter()
                .zip(&grp.offsets)
                .map(|(f, o)| (*o, shape.fields[*f as usize].size, shape.share(r, *f)))
                .filter(|t| t.2 > 0.0)
                .collect();
            if touched.is_empty() {
                continue;
            }
            let step = match r.step {
                Some(Step::Objects(n)) => n.unsigned_abs(),
                Some(Step::Bytes(b)) => b.unsigned_abs() / shape.size.max(1),
                None => 1,
            };
            let (stream, random, any) = self.lines_stepped(grp.size, step, &touched);
            lines += match r.walk {
                Walk::Stream => stream,
                Walk::Random => random,
            };
            bytes += touched.iter().map(|t| t.1 as f64 * t.2).sum::<f64>();
            footprint += stream * self.line as f64;
            if g > 0 {
                sides += any;
            }
            records += any;
            none *= 1.0 - any;
        }
        let miss = match shape.count {
            Some(n) if self.cache_bytes > 0 && footprint > 0.0 => {
                let f = n as f64 * footprint;
                f / (f + self.cache_bytes as f64)
            }
            _ => 1.0,
        };
        // What a line costs: a miss, or a hit at `hit` of a miss.
        let miss = self.hit + (1.0 - self.hit) * miss;
        let visits = self.visits(shape, r);
        let per_visit = match r.walk {
            Walk::Stream => lines * miss,
            Walk::Random => {
                let any = 1.0 - none;
                let more_records = (records - any).max(0.0);
                let more_lines = (lines - records).max(0.0);
                miss * (self.random_line * (any + more_records * self.overlap) + more_lines) + sides * self.side_visit
            }
        };
        RegionCost { lines, bytes, miss, traffic: visits * per_visit }
    }

    /// A region's visits as the model weighs them. The static estimate
    /// weighs a loop alike whatever its step; one stepping k objects at a
    /// time covers its range in 1/k of the iterations of one stepping one
    /// at a time.
    fn visits(&self, shape: &Shape<'_>, r: &Region) -> f64 {
        match (r.walk, r.step, r.profile) {
            (Walk::Stream, Some(Step::Objects(n)), false) if n.unsigned_abs() > 1 => r.visits / n.unsigned_abs() as f64,
            (Walk::Stream, Some(Step::Bytes(b)), false) if b.unsigned_abs() > shape.size.max(1) => {
                r.visits * shape.size.max(1) as f64 / b.unsigned_abs() as f64
            }
            _ => r.visits,
        }
    }

    /// The predicted traffic of `layout`: the sum over regions.
    pub fn traffic(&self, shape: &Shape<'_>, layout: &Layout) -> f64 {
        shape.regions.iter().map(|r| self.region_cost(shape, r, layout).traffic).sum()
    }

    /// What the accesses of the bit-packed fields `packed` add to a
    /// layout's traffic: `pack-access` per access, the accesses weighted
    /// like the visits of their region.
    pub fn pack_cost(&self, shape: &Shape<'_>, packed: &[u32]) -> f64 {
        shape
            .regions
            .iter()
            .map(|r| {
                let scale = if r.visits > 0.0 { self.visits(shape, r) / r.visits } else { 1.0 };
                let accesses: f64 = r.fields.iter().filter(|(f, _)| packed.contains(f)).map(|(_, w)| *w).sum();
                accesses * scale * self.pack_access
            })
            .sum()
    }

    /// reorder-fields' candidates (the first field stays first: see
    /// `reorder.rs`): the packed order, then for k = 1, 2, ... the fields
    /// accessed in the k heaviest regions (under the current layout)
    /// first, each part packed; each order once, the identity left out.
    pub fn reorder_orders(&self, shape: &Shape<'_>) -> Vec<Vec<u32>> {
        let fields = shape.fields;
        let n = fields.len() as u32;
        let mut out: Vec<Vec<u32>> = Vec::new();
        if n < 2 {
            return out;
        }
        let rest: Vec<u32> = (1..n).collect();
        let mut packed = vec![0];
        packed.extend(pack_after(fields, &[0], &rest));
        out.push(packed);
        let current = Layout::current(fields, shape.size);
        let mut regions: Vec<(f64, &Region)> =
            shape.regions.iter().map(|r| (self.region_cost(shape, r, &current).traffic, r)).collect();
        regions.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut hot: Vec<u32> = Vec::new();
        for (t, r) in regions.iter().take(self.hot_regions) {
            if *t <= 0.0 {
                break;
            }
            for f in 1..n {
                if shape.share(r, f) > 0.0 && !hot.contains(&f) {
                    hot.push(f);
                }
            }
            if hot.is_empty() || hot.len() == rest.len() {
                continue;
            }
            let mut order = vec![0];
            order.extend(pack_after(fields, &order, &hot));
            let cold: Vec<u32> = rest.iter().copied().filter(|f| !hot.contains(f)).collect();
            let c = pack_after(fields, &order, &cold);
            order.extend(c);
            if !out.contains(&order) {
                out.push(order);
            }
        }
        let identity: Vec<u32> = (0..n).collect();
        out.retain(|o| *o != identity);
        out
    }

    /// The layout of a grouping of fields: each group packed (decreasing
    /// alignment, then size), the group accessed most first (where
    /// pointers point: its accesses need no index), the others by
    /// decreasing accesses.
    pub fn grouping(&self, shape: &Shape<'_>, groups: &[Vec<u32>]) -> Layout {
        let w = shape.weights();
        let mut gs: Vec<(f64, Vec<u32>)> = groups
            .iter()
            .filter(|g| !g.is_empty())
            .map(|g| (g.iter().map(|f| w[*f as usize]).sum::<f64>(), packed(shape.fields, g)))
            .collect();
        gs.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.iter().min().cmp(&b.1.iter().min())));
        let orders: Vec<Vec<u32>> = gs.into_iter().map(|(_, g)| g).collect();
        Layout::split(shape.fields, &orders)
    }

    /// aos-to-soa's candidate: one array per field.
    pub fn soa(&self, shape: &Shape<'_>) -> Layout {
        let singles: Vec<Vec<u32>> = (0..shape.fields.len() as u32).map(|f| vec![f]).collect();
        self.grouping(shape, &singles)
    }

    /// peel's candidates: fields accessed in the same regions (the same
    /// share of visits) start as one group; then, repeatedly, the two
    /// groups whose merge is predicted cheapest are merged, down to two
    /// groups. Every grouping on the way, with its predicted traffic.
    pub fn partitions(&self, shape: &Shape<'_>) -> Vec<(Layout, f64)> {
        let n = shape.fields.len() as u32;
        // Signature: the share of each region's visits accessing the field.
        let sig = |f: u32| -> Vec<i64> {
            shape.regions.iter().map(|r| (shape.share(r, f) * 1000.0).round() as i64).collect()
        };
        let mut groups: Vec<(Vec<i64>, Vec<u32>)> = Vec::new();
        for f in 0..n {
            let s = sig(f);
            match groups.iter_mut().find(|g| g.0 == s) {
                Some(g) => g.1.push(f),
                None => groups.push((s, vec![f])),
            }
        }
        // At most `max_groups` to merge pairwise: the closest signatures
        // first.
        while groups.len() > self.max_groups.max(2) {
            let mut best = (i64::MAX, 0, 1);
            for a in 0..groups.len() {
                for b in a + 1..groups.len() {
                    let d: i64 = groups[a].0.iter().zip(&groups[b].0).map(|(x, y)| (x - y).abs()).sum();
                    if d < best.0 {
                        best = (d, a, b);
                    }
                }
            }
            let (_, a, b) = best;
            let moved = groups.remove(b);
            groups[a].1.extend(moved.1);
        }
        let mut cur: Vec<Vec<u32>> = groups.into_iter().map(|g| g.1).collect();
        let mut out = Vec::new();
        while cur.len() >= 2 {
            let l = self.grouping(shape, &cur);
            let t = self.traffic(shape, &l);
            out.push((l, t));
            if cur.len() == 2 {
                break;
            }
            let mut best: Option<(f64, usize, usize)> = None;
            for a in 0..cur.len() {
                for b in a + 1..cur.len() {
                    let mut next = cur.clone();
                    let moved = next.remove(b);
                    next[a].extend(moved);
                    let t = self.traffic(shape, &self.grouping(shape, &next));
                    if best.is_none_or(|x| t < x.0) {
                        best = Some((t, a, b));
                    }
                }
            }
            let (_, a, b) = best.expect("two groups at least");
            let moved = cur.remove(b);
            cur[a].extend(moved);
            cur[a].sort_unstable();
        }
        out
    }

    /// The share of a layout's predicted traffic that streams.
    pub fn stream_share(&self, shape: &Shape<'_>, layout: &Layout) -> f64 {
        let (mut stream, mut all) = (0.0, 0.0);
        for r in shape.regions {
            let t = self.region_cost(shape, r, layout).traffic;
            all += t;
            if r.walk == Walk::Stream {
                stream += t;
            }
        }
        if all > 0.0 {
            stream / all
        } else {
            0.0
        }
    }

    /// Which split to make, of one array per field (its traffic and the
    /// share of the current layout's traffic that streams, if a candidate)
    /// and peel's groupings: the
    /// candidates predicted within `margin` of the cheapest are equal;
    /// among them one array per field when streams make most of its
    /// traffic (loops over arrays of one field vectorize), else the fewest
    /// records (then the cheapest), whose groups are then merged two by two
    /// while the traffic stays within the margin of the cheapest (an array
    /// more must earn its keep).
    pub fn select_split(
        &self,
        shape: &Shape<'_>,
        soa: Option<(f64, f64)>,
        parts: &[(Layout, f64)],
    ) -> Option<SplitPick> {
        let min = parts.iter().map(|p| p.1).chain(soa.map(|s| s.0)).fold(f64::INFINITY, f64::min);
        if !min.is_finite() {
            return None;
        }
        let equal = |t: f64| self.within_margin(t, min);
        let best_part = (0..parts.len()).filter(|k| equal(parts[*k].1)).min_by(|a, b| {
            let (x, y) = (&parts[*a], &parts[*b]);
            x.0.groups.len().cmp(&y.0.groups.len()).then(x.1.total_cmp(&y.1))
        });
        match (soa, best_part) {
            (Some((t, streams)), k) if equal(t) && (streams >= self.soa_streams || k.is_none()) => Some(SplitPick::Soa),
            (_, None) => None,
            (_, Some(k)) => {
                let mut groups: Vec<Vec<u32>> = parts[k].0.groups.iter().map(|g| g.fields.clone()).collect();
                'merge: while groups.len() > 2 {
                    let mut best: Option<(f64, Vec<Vec<u32>>)> = None;
                    for a in 0..groups.len() {
                        for b in a + 1..groups.len() {
                            let mut next = groups.clone();
                            let moved = next.remove(b);
                            next[a].extend(moved);
                            next[a].sort_unstable();
                            let t = self.traffic(shape, &self.grouping(shape, &next));
                            if equal(t) && best.as_ref().is_none_or(|x| t < x.0) {
                                best = Some((t, next));
                            }
                        }
                    }
                    match best {
                        Some((_, next)) => groups = next,
                        None => break 'merge,
                    }
                }
                let layout = self.grouping(shape, &groups);
                let t = self.traffic(shape, &layout);
                Some(SplitPick::Part(layout, t))
            }
        }
    }

    /// Of candidates (traffic, size, what), those within `margin` of the
    /// cheapest are equal: the smallest of them, then the first.
    /// `None` only for no candidates; a traffic that is not a number
    /// (which bounded parameters should never give) is never equal to the
    /// cheapest, and when none is, the first candidate stands.
    pub fn pick_equal<T>(&self, cands: Vec<(f64, u64, T)>) -> Option<(f64, u64, T)> {
        let min = cands.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
        let mut first = None;
        let mut best: Option<(f64, u64, T)> = None;
        for c in cands {
            if self.within_margin(c.0, min) {
                if best.as_ref().is_none_or(|b| c.1 < b.1) {
                    best = Some(c);
                }
            } else if first.is_none() && best.is_none() {
                first = Some(c);
            }
        }
        best.or(first)
    }

    /// Whether `t` is within `margin` of the cheapest traffic `min`: equal,
    /// for the model (its noise band).
    fn within_margin(&self, t: f64, min: f64) -> bool {
        t <= min * (1.0 + self.margin) + 1e-12
    }

    /// Whether `candidate` (traffic, size) is worth making over the current
    /// layout (traffic, size): the saving it is predicted to make, or why
    /// not, in words. `smaller_counts`: whether a smaller layout within the
    /// margin of the current traffic is worth it (deleting fields, removing
    /// padding; a split is made for traffic only).
    pub fn decide(&self, current: (f64, u64), candidate: (f64, u64), smaller_counts: bool) -> Result<f64, String> {
        let (t0, s0) = current;
        let (t1, s1) = candidate;
        let saving = if t0 > 0.0 { 1.0 - t1 / t0 } else { 0.0 };
        if t0 > 0.0 && saving >= self.margin - 1e-12 {
            return Ok(saving);
        }
        if smaller_counts && s1 < s0 && t1 <= t0 * (1.0 + self.margin) + 1e-12 {
            return Ok(saving);
        }
        let pct = |x: f64| format!("{:.0}%", 100.0 * x);
        Err(if t0 <= 0.0 && t1 <= 0.0 {
            "predicted traffic 0 (no access in code the model weighs)".into()
        } else if t0 <= 0.0 || saving < 0.0 {
            format!("predicted {} more traffic", if t0 > 0.0 { pct(-saving) } else { "some".into() })
        } else {
            format!("predicted saving {}, below the {} margin", pct(saving), pct(self.margin))
        })
    }
}

/// The split [`CostModel::select_split`] picks.
#[derive(Clone, Debug, PartialEq)]
pub enum SplitPick {
    /// One array per field.
    Soa,
    /// A grouping of peel's, with its traffic.
    Part(Layout, f64),
}

/// Fields packed by decreasing alignment, then size (original order among
/// equals): a record without holes but at its end.
pub fn packed(fields: &[FieldFacts], v: &[u32]) -> Vec<u32> {
    let mut v = v.to_vec();
    v.sort_by(|a, b| {
        let (fa, fb) = (&fields[*a as usize], &fields[*b as usize]);
        fb.align.cmp(&fa.align).then(fb.size.cmp(&fa.size)).then(a.cmp(b))
    });
    v
}

/// A layout given on the command line for the model to predict (beside its
/// own candidates): `--cost-eval 'struct.arc={cost, tail, head, ident}{*}'`.
/// Each `{...}` is a record, the first where pointers point; `*` stands for
/// every field not named elsewhere; fields named nowhere are taken as
/// deleted. Several layouts are separated by `;`. For calibration
/// (`bench/layout_bench.py` predicts its hand-written variants so).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EvalLayout {
    /// What the report calls it (`evaluated LABEL` for `LABEL:STRUCT=...`,
    /// else `evaluated`).
    pub label: String,
    /// The structure's source name (`struct.arc`), whatever the passes
    /// renamed it to.
    pub structure: String,
    pub groups: Vec<Vec<String>>,
}

impl EvalLayout {
    /// Parses `[LABEL:]NAME={a, b}{c, *};NAME2={...}`.
    pub fn parse_list(spec: &str) -> Result<Vec<EvalLayout>, CostError> {
        let mut out = Vec::new();
        for item in spec.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, rest) = item.split_once('=').ok_or_else(|| CostError::Syntax(item.into()))?;
            let mut groups = Vec::new();
            let mut rest = rest.trim();
            while let Some(r) = rest.strip_prefix('{') {
                let (inside, after) = r.split_once('}').ok_or_else(|| CostError::Syntax(item.into()))?;
                groups.push(inside.split(',').map(|f| f.trim().to_string()).filter(|f| !f.is_empty()).collect());
                rest = after.trim();
            }
            if !rest.is_empty() || groups.is_empty() {
                return Err(CostError::Syntax(item.into()));
            }
            let (label, name) = match name.split_once(':') {
                Some((l, n)) => (format!("evaluated {}", l.trim()), n),
                None => ("evaluated".to_string(), name),
            };
            let structure = name.trim().trim_start_matches('%').to_string();
            out.push(EvalLayout { label, structure, groups });
        }
        Ok(out)
    }

    /// The layout for these fields, when every field it names is one of
    /// them.
    pub fn layout(&self, fields: &[FieldFacts]) -> Option<Layout> {
        let index = |n: &str| fields.iter().position(|f| f.name == n).map(|k| k as u32);
        let named: Vec<u32> =
            self.groups.iter().flatten().filter(|n| *n != "*").map(|n| index(n)).collect::<Option<_>>()?;
        let groups: Vec<Vec<u32>> = self
            .groups
            .iter()
            .map(|g| {
                let mut v: Vec<u32> = Vec::new();
                for n in g {
                    if n == "*" {
                        v.extend((0..fields.len() as u32).filter(|f| !named.contains(f)));
                    } else if let Some(k) = index(n) {
                        v.push(k);
                    }
                }
                packed(fields, &v)
            })
            .filter(|g| !g.is_empty())
            .collect();
        (!groups.is_empty()).then(|| Layout::split(fields, &groups))
    }
}

/// One layout the model predicted, for the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Predicted {
    /// `as is`, `reorder-fields`, `peel`, `aos-to-soa`, ...
    pub kind: String,
    /// The records, as `{field, ...}` groups.
    pub layout: String,
    /// Bytes per object (all records).
    pub size: u64,
    /// Predicted traffic, in streamed lines (visits times lines).
    pub traffic: f64,
    /// Traffic relative to the current layout (1 when that is 0).
    pub ratio: f64,
}

/// What the model predicted for one structure in one pass.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    /// The structure, `%struct.arc`.
    pub name: String,
    /// Filled in by the pipeline.
    #[serde(default)]
    pub pass: String,
    /// `static estimate`, `profile` or `none`: where the frequencies came
    /// from.
    pub frequencies: String,
    /// Objects in its one array, when known.
    pub count: Option<u64>,
    /// The current layout first, then every candidate considered.
    pub layouts: Vec<Predicted>,
    /// The kind of the layout chosen (`as is` when none).
    pub choice: String,
    /// The heaviest region under the current layout, in words.
    pub hot: Option<String>,
}

impl Prediction {
    /// A prediction with the current layout's entry.
    pub fn new(model: &CostModel, name: &str, shape: &Shape<'_>) -> (Prediction, f64) {
        let current = Layout::current(shape.fields, shape.size);
        let t0 = model.traffic(shape, &current);
        let mut hot = None;
        let mut best = 0.0;
        for r in shape.regions {
            let c = model.region_cost(shape, r, &current);
            if c.traffic > best {
                best = c.traffic;
                let at = match (r.depth, r.line) {
                    (0, _) => format!("@{}", r.function),
                    (_, Some(l)) => format!("loop in @{} line {l}", r.function),
                    (_, None) => format!("loop in @{}", r.function),
                };
                hot = Some(format!(
                    "{at} ({}): {:.0} of {} bytes per visit, {:.2} lines",
                    r.walk, c.bytes, shape.size, c.lines
                ));
            }
        }
        let p = Prediction {
            name: name.to_string(),
            pass: String::new(),
            frequencies: shape.source().to_string(),
            count: shape.count,
            layouts: vec![Predicted {
                kind: "as is".into(),
                layout: current.describe(shape.fields),
                size: shape.size,
                traffic: t0,
                ratio: 1.0,
            }],
            choice: "as is".into(),
            hot,
        };
        (p, t0)
    }

    /// A rejection's `why`, with the heaviest region when there is one.
    pub fn with_hottest(&self, why: String) -> String {
        match &self.hot {
            Some(h) => format!("{why} (hottest: {h})"),
            None => why,
        }
    }

    /// Adds a candidate with its traffic.
    pub fn add(&mut self, kind: &str, shape: &Shape<'_>, layout: &Layout, traffic: f64) {
        let t0 = self.layouts[0].traffic;
        self.layouts.push(Predicted {
            kind: kind.into(),
            layout: layout.describe(shape.fields),
            size: layout.size(),
            traffic,
            ratio: if t0 > 0.0 { traffic / t0 } else { 1.0 },
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(name: &str, size: u64, offset: u64) -> FieldFacts {
        FieldFacts {
            name: name.into(),
            size,
            align: size.min(8),
            offset,
            aggregate: false,
            constant: None,
            int_bits: None,
        }
    }

    /// A structure of the given field sizes, laid out in order.
    fn fields(sizes: &[u64]) -> (Vec<FieldFacts>, u64) {
        let mut out = Vec::new();
        let mut at = 0u64;
        let mut align = 1u64;
        for (k, s) in sizes.iter().enumerate() {
            let a = (*s).min(8);
            at = at.div_ceil(a) * a;
            out.push(f(&format!("f{k}"), *s, at));
            at += s;
            align = align.max(a);
        }
        (out, at.div_ceil(align) * align)
    }

    fn region(walk: Walk, visits: f64, access: &[u32]) -> Region {
        Region {
            function: "f".into(),
            line: Some(1),
            depth: 1,
            walk,
            step: None,
            visits,
            entries: None,
            fields: access.iter().map(|f| (*f, visits)).collect(),
            profile: false,
        }
    }

    /// With a profile, blocks double from `block-bytes` up to
    /// `block-bytes-max` while the hottest stream covers `block-runs`
    /// blocks per loop entry; without one (or without loop entries) they
    /// stay at `block-bytes`.
    #[test]
    fn block_size_from_a_profile() {
        // 24-byte elements (three 8-byte fields), a stream over the first.
        let (fl, size) = fields(&[8, 8, 8]);
        // (The default block is already the default maximum: a profile
        // grows blocks set smaller.)
        let unprofiled = [region(Walk::Stream, 1e6, &[0])];
        let shape = Shape { fields: &fl, size, regions: &unprofiled, count: None };
        assert_eq!(CostModel::default().block_bytes_for(&shape), 524288);
        let mut m = CostModel::default();
        m.set("block-bytes=131072").unwrap();
        let profiled = |visits: f64, entries: Option<f64>| {
            let mut r = region(Walk::Stream, visits, &[0]);
            r.profile = true;
            r.entries = entries;
            r
        };
        // (regions, the most bytes a block takes)
        let table: Vec<(Vec<Region>, u64)> = vec![
            // No profile: the default.
            (vec![region(Walk::Stream, 1e6, &[0])], 131072),
            // 250,000 elements per entry: 524288 holds 21845, 8 runs of
            // them fit; the maximum stops it there.
            (vec![profiled(1e6, Some(4.0))], 524288),
            // 100,000 per entry: 262144 (10922 elements, 87381 for 8).
            (vec![profiled(1e6, Some(10.0))], 262144),
            // 10,000 per entry: too short to grow.
            (vec![profiled(1e6, Some(100.0))], 131072),
            // Entries unknown (a loop entered from a branch to elsewhere too).
            (vec![profiled(1e6, None)], 131072),
            // The hottest stream decides, not the longest run.
            (vec![profiled(1e6, Some(100.0)), profiled(1e5, Some(1.0))], 131072),
        ];
        for (regions, want) in table {
            let shape = Shape { fields: &fl, size, regions: &regions, count: None };
            assert_eq!(m.block_bytes_for(&shape), want, "{regions:?}");
        }
        let mut capped = m;
        capped.set("block-bytes-max=131072").unwrap();
        let regions = [profiled(1e6, Some(1.0))];
        let shape = Shape { fields: &fl, size, regions: &regions, count: None };
        assert_eq!(capped.block_bytes_for(&shape), 131072);
        assert!(capped.set("block-bytes-max=3000").is_err());
        assert!(capped.set("block-runs=0").is_err());
    }

    /// What bit-packed fields add: `pack-access` per access, weighted like
    /// the region's visits (a stream stepping k objects at a time weighs
    /// 1/k of its static visits), nothing for unpacked fields.
    #[test]
    fn packed_accesses_cost() {
        let (fl, size) = fields(&[4, 4, 4, 4]);
        let m = CostModel::default();
        let mut stepped = region(Walk::Stream, 100.0, &[0, 1, 2]);
        stepped.step = Some(Step::Objects(4));
        // (regions, packed fields, cost in streamed lines)
        let table: Vec<(Vec<Region>, Vec<u32>, f64)> = vec![
            (vec![region(Walk::Random, 100.0, &[0, 1, 2])], vec![1, 2], 2.0 * 100.0 * 0.03),
            (vec![region(Walk::Random, 100.0, &[0, 1, 2])], vec![3], 0.0),
            (vec![region(Walk::Random, 100.0, &[0, 1, 2])], vec![], 0.0),
            (vec![region(Walk::Stream, 10.0, &[1]), region(Walk::Random, 5.0, &[1, 2])], vec![1, 2], 0.6),
            (vec![stepped], vec![0, 1, 2], 3.0 * 25.0 * 0.03),
        ];
        for (regions, packed, want) in table {
            let shape = Shape { fields: &fl, size, regions: &regions, count: None };
            let got = m.pack_cost(&shape, &packed);
            assert!((got - want).abs() < 1e-9, "{packed:?}: {got}, expected {want}");
        }
        let mut free = CostModel::default();
        free.set("pack-access=0").unwrap();
        let regions = [region(Walk::Random, 100.0, &[0, 1, 2])];
        let shape = Shape { fields: &fl, size, regions: &regions, count: None };
        assert_eq!(free.pack_cost(&shape, &[0, 1, 2]), 0.0);
        assert!(free.set("pack-access=-1").is_err());
    }

    /// Fields without a place of their own are at their host's offset.
    #[test]
    fn shared_fields_sit_at_their_host() {
        let (fl, _) = fields(&[1, 4, 1, 1]);
        let l = Layout::record_shared(&fl, &[0, 1], &[(2, 0), (3, 0)]);
        assert_eq!(l.groups[0].fields, vec![0, 1, 2, 3]);
        assert_eq!(l.groups[0].offsets, vec![0, 4, 0, 0]);
        assert_eq!(l.size(), 8);
    }

    fn shares(touched: &[(u64, u64)]) -> Vec<(u64, u64, f64)> {
        touched.iter().map(|(o, s)| (*o, *s, 1.0)).collect()
    }

    #[test]
    fn lines_per_visit() {
        let m = CostModel::default();
        // (record size, touched (offset, size), streamed lines, random lines)
        let table: &[(u64, &[(u64, u64)], f64, f64)] = &[
            // A 64-byte record read at 28 bytes: a whole line either way.
            (64, &[(0, 8), (8, 8), (16, 8), (24, 4)], 1.0, 1.0),
            // The same 28 bytes as a 32-byte record: half a line streamed,
            // one line per random visit.
            (32, &[(0, 8), (8, 8), (16, 8), (24, 4)], 0.5, 1.0),
            // An 8-byte record scanned at one 4-byte field: all its lines.
            (8, &[(0, 4)], 0.125, 1.0),
            // 96-byte records, 16 bytes at the start: one line of 1.5.
            (96, &[(0, 16)], 1.0, 1.0),
            // 24-byte records, 16 bytes: one in eight straddles two lines.
            (24, &[(0, 16)], 0.375, 1.125),
            // 128-byte records, a field in each half: two lines.
            (128, &[(0, 8), (64, 8)], 2.0, 2.0),
        ];
        for (size, touched, stream, random) in table {
            let (s, r, any) = m.lines(*size, &shares(touched));
            assert_eq!(any, 1.0, "{size} {touched:?}: every field read in every visit");
            assert!((s - stream).abs() < 1e-9, "{size} {touched:?}: streamed {s}, expected {stream}");
            assert!((r - random).abs() < 1e-9, "{size} {touched:?}: random {r}, expected {random}");
        }
        // A line whose only field is read in half the visits.
        let (s, r, _) = m.lines(128, &[(0, 8, 1.0), (64, 8, 0.5)]);
        assert!((s - 1.5).abs() < 1e-9 && (r - 1.5).abs() < 1e-9, "{s} {r}");
    }

    /// A 64-byte record streamed by a hot loop over half of it: peel's
    /// hot group halves the traffic whatever the array's size (a small
    /// array is laid out as if it mattered: decisions are relative); a hot
    /// loop over every field leaves nothing to save.
    #[test]
    fn stream_over_part_of_a_line() {
        let (fl, size) = fields(&[8, 8, 8, 4, 8, 8, 8, 8]);
        assert_eq!(size, 64);
        let half = [region(Walk::Stream, 512.0, &[0, 1, 2, 3]), region(Walk::Stream, 8.0, &[4, 5, 6, 7])];
        let whole = [region(Walk::Stream, 512.0, &[0, 1, 2, 3, 4, 5, 6, 7]), region(Walk::Stream, 8.0, &[4, 5, 6, 7])];
        let m = CostModel::default();
        // (regions, count, cheapest grouping, split made, least saving)
        let (h, w) = ("{f0, f1, f2, f3} {f4, f5, f6, f7}", "{f4, f5, f6, f7} {f0, f1, f2, f3}");
        let table: [(&[Region], Option<u64>, &str, bool, f64); 5] = [
            (&half, None, h, true, 0.4),
            (&half, Some(5_000_000), h, true, 0.4),
            (&half, Some(1000), h, true, 0.4),
            (&whole, None, w, false, 0.0),
            (&whole, Some(1000), w, false, 0.0),
        ];
        for (regions, count, grouping, expect_split, least) in table {
            let shape = Shape { fields: &fl, size, regions, count };
            let current = Layout::current(&fl, size);
            let t0 = m.traffic(&shape, &current);
            let parts = m.partitions(&shape);
            let (best, t1) = parts.iter().min_by(|a, b| a.1.total_cmp(&b.1)).expect("a grouping");
            assert_eq!(best.describe(&fl), grouping);
            let d = m.decide((t0, size), (*t1, best.size()), false);
            assert_eq!(d.is_ok(), expect_split, "count {count:?}: {t0} -> {t1}: {d:?}");
            if let Ok(s) = d {
                assert!(s > least, "saving {s}");
            }
        }
    }

    /// Records of 8 bytes scanned one field per loop: one array per field
    /// halves every loop's traffic.
    #[test]
    fn small_records_one_field_per_loop() {
        let m = CostModel::default();
        for sizes in [&[4u64, 4][..], &[8, 8][..], &[8, 4, 4][..]] {
            let (fl, size) = fields(sizes);
            let regions: Vec<Region> = (0..fl.len() as u32).map(|k| region(Walk::Stream, 64.0, &[k])).collect();
            let shape = Shape { fields: &fl, size, regions: &regions, count: None };
            let t0 = m.traffic(&shape, &Layout::current(&fl, size));
            let soa = m.soa(&shape);
            let t1 = m.traffic(&shape, &soa);
            let saving = m.decide((t0, size), (t1, soa.size()), false).expect("aos-to-soa");
            let expect = 1.0 - 1.0 / fl.len() as f64;
            assert!((saving - expect).abs() < 0.05, "{sizes:?}: saving {saving}, expected about {expect}");
        }
    }

    /// Two hot loops over disjoint fields and a cold rest: three groups.
    #[test]
    fn three_groups_beat_two() {
        let (fl, size) = fields(&[8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
        let regions = [
            region(Walk::Stream, 512.0, &[0, 1]),
            region(Walk::Stream, 512.0, &[2, 3]),
            region(Walk::Stream, 8.0, &(0..16).collect::<Vec<u32>>()),
        ];
        let m = CostModel::default();
        let shape = Shape { fields: &fl, size, regions: &regions, count: None };
        let parts = m.partitions(&shape);
        let (best, t) = parts.iter().min_by(|a, b| a.1.total_cmp(&b.1)).expect("a grouping");
        assert_eq!(best.groups.len(), 3, "{}", best.describe(&fl));
        let two = parts.iter().find(|p| p.0.groups.len() == 2).expect("two groups considered");
        assert!(*t < two.1 * 0.8, "three groups {t}, two {}", two.1);
    }

    /// Random visits that read every field: a split fetches a line per
    /// record instead of one or two for the whole: left alone.
    #[test]
    fn split_that_loses() {
        let (fl, size) = fields(&[8; 10]);
        let regions = [region(Walk::Random, 512.0, &(0..10).collect::<Vec<u32>>())];
        let m = CostModel::default();
        let shape = Shape { fields: &fl, size, regions: &regions, count: None };
        let t0 = m.traffic(&shape, &Layout::current(&fl, size));
        let soa = m.soa(&shape);
        let d = m.decide((t0, size), (m.traffic(&shape, &soa), soa.size()), false);
        assert!(d.as_ref().is_err_and(|e| e.contains("more traffic")), "{d:?}");
        // No grouping either: every field has the same signature.
        assert!(m.partitions(&shape).is_empty());
    }

    /// Pointer chasing whose hot fields are a small part of each node: the
    /// hot array shrinks towards the cache size (with the count known).
    #[test]
    fn chase_with_small_hot_part() {
        let (fl, size) = fields(&[8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
        let regions = [region(Walk::Random, 64.0, &[0, 1]), region(Walk::Stream, 8.0, &(0..12).collect::<Vec<u32>>())];
        let m = CostModel::default();
        // (count, split predicted)
        for (count, split) in [(Some(2_000_000u64), true), (None, false)] {
            let shape = Shape { fields: &fl, size, regions: &regions, count };
            let t0 = m.traffic(&shape, &Layout::current(&fl, size));
            let parts = m.partitions(&shape);
            let (best, t1) = parts.iter().min_by(|a, b| a.1.total_cmp(&b.1)).expect("a grouping");
            assert_eq!(m.decide((t0, size), (*t1, best.size()), false).is_ok(), split, "{count:?}: {t0} -> {t1}");
        }
    }

    #[test]
    fn decisions() {
        let m = CostModel::default();
        // (current, candidate, accepted, words in the reason)
        let table: &[((f64, u64), (f64, u64), bool, &str)] = &[
            ((100.0, 64), (50.0, 64), true, ""),
            ((100.0, 64), (96.0, 64), false, "saving 4%, below the 5% margin"),
            ((100.0, 64), (100.0, 56), true, ""),
            ((100.0, 64), (104.0, 56), true, ""),
            ((100.0, 64), (110.0, 56), false, "10% more traffic"),
            ((0.0, 64), (0.0, 56), true, ""),
            ((0.0, 64), (0.0, 64), false, "traffic 0"),
            ((0.0, 64), (3.0, 48), false, "more traffic"),
        ];
        // A split is made for traffic only.
        assert!(m.decide((100.0, 64), (100.0, 56), false).is_err());
        for (cur, cand, ok, words) in table {
            let d = m.decide(*cur, *cand, true);
            assert_eq!(d.is_ok(), *ok, "{cur:?} {cand:?}: {d:?}");
            if let Err(e) = d {
                assert!(e.contains(words), "{e}");
            }
        }
    }

    #[test]
    fn parameters() {
        let mut m = CostModel::default();
        m.set("cache-bytes=8M, margin=0.1,random-line=2").unwrap();
        assert_eq!((m.cache_bytes, m.margin, m.random_line), (8 << 20, 0.1, 2.0));
        m.set("overlap=0.25,hot-regions=3,max-groups=4,soa-streams=0.9").unwrap();
        assert_eq!((m.overlap, m.hot_regions, m.max_groups, m.soa_streams), (0.25, 3, 4, 0.9));
        m.set("block-bytes=4096,block-min=8,prefetch-lines=0").unwrap();
        assert_eq!((m.block_bytes, m.block_min, m.prefetch_lines), (4096, 8, 0));
        assert!(m.set("prefetch-lines=65").is_err());
        m.set("run-align=0").unwrap();
        assert_eq!(m.run_align, 0);
        m.set("run-align=32").unwrap();
        assert_eq!(m.run_align, 32);
        assert!(m.set("run-align=48").is_err());
        assert!(m.set("run-align=8192").is_err());
        assert_eq!(m.set("margin"), Err(CostError::Syntax("margin".into())));
        assert!(matches!(m.set("nope=1"), Err(CostError::UnknownKey(k)) if k == "nope"));
        assert_eq!("loop-weight=4".parse::<CostModel>().unwrap().estimate().loop_weight, 4);
        // Out of bounds: values that would hang the line count or make
        // the weights infinite.
        for bad in [
            "line=48",
            "line=0",
            "line=1099511627776",
            "loop-weight=0",
            "loop-weight=1025",
            "max-depth=17",
            "hit=1.5",
            "margin=1",
            "random-line=-1",
            "random-line=inf",
            "overlap=2",
            "hot-regions=0",
            "max-groups=1",
            "soa-streams=NaN",
            "block-bytes=256",
            "block-bytes=3000",
            "block-bytes=2097152",
            "block-min=1",
            "cache-bytes=99999999999G",
        ] {
            assert!(matches!(m.set(bad), Err(CostError::BadValue { .. })), "{bad} accepted");
        }
        // The largest accepted values keep every weight finite.
        let m: CostModel = "loop-weight=1024,max-depth=16".parse().unwrap();
        assert!((m.estimate().loop_weight as f64).powi(2 * m.max_depth as i32).is_finite());
    }

    /// A stream stepping over k records: lines per visit by step, up to
    /// steps so large they could overflow a naive byte count.
    #[test]
    fn lines_by_step() {
        let m = CostModel::default();
        // (record size, step, touched, streamed lines per visit)
        let table: [(u64, u64, &[(u64, u64, f64)], f64); 6] = [
            (16, 1, &[(0, 8, 1.0)], 0.25),
            (16, 2, &[(0, 8, 1.0)], 0.5),
            (16, 4, &[(0, 8, 1.0)], 1.0),
            (16, 1 << 40, &[(0, 8, 1.0)], 1.0),
            (24, 1 << 58, &[(0, 8, 1.0)], 1.0),
            (96, 1 << 57, &[(0, 8, 1.0), (64, 32, 1.0)], 2.0),
        ];
        for (size, step, touched, expect) in table {
            let (s, _, _) = m.lines_stepped(size, step, touched);
            assert!((s - expect).abs() < 1e-9, "size {size} step {step}: {s} lines, expected {expect}");
        }
        // A stride that saturates: no overflow, a line or two per field.
        let (s, _, _) = m.lines_stepped(24, u64::MAX, &[(0, 8, 1.0)]);
        assert!((1.0..=2.0).contains(&s), "{s}");
    }

    /// Candidates within the margin of the cheapest are equal: the
    /// smallest wins; a traffic that is not a number never does.
    #[test]
    fn equal_candidates() {
        let m = CostModel::default();
        // (candidates (traffic, size), the one picked)
        let table: [(&[(f64, u64)], Option<usize>); 5] = [
            (&[], None),
            (&[(100.0, 64)], Some(0)),
            (&[(100.0, 64), (103.0, 48)], Some(1)),
            (&[(100.0, 64), (110.0, 48)], Some(0)),
            (&[(f64::NAN, 16), (100.0, 64)], Some(1)),
        ];
        for (cands, expect) in table {
            let got = m.pick_equal(cands.iter().enumerate().map(|(k, c)| (c.0, c.1, k)).collect()).map(|c| c.2);
            assert_eq!(got, expect, "{cands:?}");
        }
    }

    /// Which split: one array per field when it is as cheap as the best
    /// grouping and streams dominate; else the fewest records among equals,
    /// merged further while the traffic stays equal (with no regions,
    /// merging costs nothing: a pick of three records ends as two).
    #[test]
    fn split_choice() {
        let (fl, size) = fields(&[8, 8, 8, 8]);
        let m = CostModel::default();
        let shape = Shape { fields: &fl, size, regions: &[], count: None };
        let two = m.grouping(&shape, &[vec![0, 1], vec![2, 3]]);
        let three = m.grouping(&shape, &[vec![0], vec![1], vec![2, 3]]);
        // (soa: traffic and stream share, groupings' traffic, expected)
        let table: [(Option<(f64, f64)>, [f64; 2], &str); 5] = [
            (Some((50.0, 0.9)), [51.0, 52.0], "soa"),
            (Some((50.0, 0.1)), [51.0, 52.0], "2"),
            (Some((50.0, 0.9)), [80.0, 52.0], "soa"),
            (Some((50.0, 0.1)), [80.0, 52.0], "2"),
            (None, [80.0, 200.0], "2"),
        ];
        for (soa, [t2, t3], expect) in table {
            let parts = [(two.clone(), t2), (three.clone(), t3)];
            let got = match m.select_split(&shape, soa, &parts) {
                Some(SplitPick::Soa) => "soa".to_string(),
                Some(SplitPick::Part(l, _)) => l.groups.len().to_string(),
                None => "none".to_string(),
            };
            assert_eq!(got, expect, "soa {soa:?}, groupings {t2} {t3}");
        }
    }

    /// reorder-fields: the fields of the heaviest loop come first.
    #[test]
    fn reorder_candidates() {
        let (fl, size) = fields(&[8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
        let regions = [region(Walk::Stream, 512.0, &[0, 9, 15])];
        let m = CostModel::default();
        let shape = Shape { fields: &fl, size, regions: &regions, count: None };
        let orders = m.reorder_orders(&shape);
        assert!(orders.iter().any(|o| o[..3] == [0, 9, 15]), "{orders:?}");
        let t0 = m.traffic(&shape, &Layout::current(&fl, size));
        let best = orders.iter().map(|o| m.traffic(&shape, &Layout::record(&fl, o))).fold(f64::MAX, f64::min);
        assert!(m.decide((t0, size), (best, size), true).is_ok(), "{t0} -> {best}");
    }
}
