//! The pass pipeline shared by `dtrans opt`, `dtrans cc` and the LLVM
//! plugin: the registry of pass names ([`PASSES`]), the list `dtrans cc`
//! runs by default ([`DEFAULT_PASSES`]), the runner ([`run`]) and its typed
//! report ([`Report`]).
//!
//! The runner works on a module the caller has loaded (or that LLVM owns,
//! in the plugin): it neither reads nor writes files, prints nothing and
//! does not verify; the caller verifies the module and writes it. Use:
//!
//! ```ignore
//! let passes = pipeline::parse_passes("delete-field,reorder-fields")?;
//! let report = pipeline::run(&mut module, &passes, PassOptions::default())?;
//! module.verify()?;
//! ```
//!
//! The types are prepared once (from DTrans metadata, else from debug
//! information, else from the IR); each OptBase pass rewrites the DTrans
//! metadata for its new types, so the next pass's analysis reads them.
//! DTrans metadata the input did not have is removed at the end.
use dtrans_analysis::TypeSource;
use dtrans_ir::Module;
use serde::{Deserialize, Serialize};

use crate::annotator::{self, AnnotateError};
use crate::optbase::{self, OptError, PassFactory};
use crate::relayout::cost::{CostModel, EvalLayout, Prediction};
use crate::relayout::{IndexWidth, RelayoutFactory};
use crate::specialize::{self, Specialized};
use crate::{blocks, compress, delete_field, optbase_test, reorder, split};

/// Every pass by its name, in the order error messages list them.
pub const PASSES: &[&str] = &[
    "annotation-cleaner",
    "optbase-test",
    "reorder-fields",
    "delete-field",
    "compress-fields",
    "aos-to-soa",
    "peel",
    "blocks",
    "specialize-calls",
    "blocks-loops",
];

/// The passes `dtrans cc` runs when not told otherwise, in order; each
/// changes only the structures its profitability rule accepts. Run them
/// through [`for_codegen`] when the module goes on to code generation.
pub const DEFAULT_PASSES: &[&str] =
    &["specialize-calls", "delete-field", "compress-fields", "reorder-fields", "aos-to-soa", "peel", "blocks"];

/// What the passes need besides their list.
#[derive(Clone, Debug, Default)]
pub struct PassOptions {
    /// How aos-to-soa and peel store pointers to a split structure.
    pub index: IndexWidth,
    /// The parameters of the cost model.
    pub cost: CostModel,
    /// Layouts the cost model predicts beside its own candidates
    /// (`--cost-eval`), in the report.
    pub eval: Vec<EvalLayout>,
    /// compress-fields also stores 64-bit fields of unknown values in 32
    /// bits, each store checked when the program runs
    /// (`--compress-checked`).
    pub compress_checked: bool,
    /// `blocks` makes its steps over a variable count of elements calls
    /// of a step function, which `blocks-loops` puts in place after a
    /// first optimization (`dtrans cc` at `-O1` and up).
    pub block_step_calls: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum PipelineError {
    #[error("no pass given (known: {})", PASSES.join(", "))]
    NoPass,
    #[error("unknown pass '{0}' (known: {known})", known = PASSES.join(", "))]
    UnknownPass(String),
    /// A pass failed; the module may be half changed and must be dropped.
    #[error("pass {pass}: {error}")]
    Pass { pass: String, error: OptError },
    #[error("pass annotation-cleaner: {0}")]
    Cleaner(AnnotateError),
}

/// Splits a comma-separated list (`delete-field, peel`) and checks every
/// name against [`PASSES`].
pub fn parse_passes(list: &str) -> Result<Vec<String>, PipelineError> {
    let passes: Vec<String> = list.split(',').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
    if passes.is_empty() {
        return Err(PipelineError::NoPass);
    }
    check(&passes)?;
    Ok(passes)
}

fn check(passes: &[String]) -> Result<(), PipelineError> {
    match passes.iter().find(|p| !PASSES.contains(&p.as_str())) {
        Some(p) => Err(PipelineError::UnknownPass(p.clone())),
        None => Ok(()),
    }
}

/// `passes` as a build that goes on to LLVM's optimizations and code
/// generation must run them: `annotation-cleaner` added at the end after
/// `aos-to-soa` or `peel`, whose index-field annotations are for later
/// DTrans passes (LLVM would keep them as calls).
pub fn for_codegen(passes: &[String]) -> Vec<String> {
    let mut list = passes.to_vec();
    if list.iter().any(|p| p == "aos-to-soa" || p == "peel") && list.last().is_some_and(|p| p != "annotation-cleaner") {
        list.push("annotation-cleaner".into());
    }
    list
}

/// What the passes did: the JSON of `dtrans opt --report` and `dtrans cc
/// --report` (fields in alphabetical order, as the report has always been
/// written).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// What the whole-program cleanup removed before the passes, when the
    /// caller ran it (`dtrans opt --whole-program`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cleanup: Option<CleanupReport>,
    /// One entry per pass run, in order.
    pub passes: Vec<PassReport>,
    /// Indirect calls made direct by specialize-calls, per field.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub specialized: Vec<Specialized>,
    /// Structures changed by any pass (old and new layout), in order.
    pub changed: Vec<ChangedStruct>,
    /// Candidates a pass rejected, with the reason.
    pub rejected: Vec<Rejected>,
    /// What the cost model predicted, per pass and candidate: the traffic
    /// of every layout considered and the choice.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub predictions: Vec<Prediction>,
    /// The structures no pass changed that the program accesses most
    /// (at most [`LEFT_SHOWN`]), heaviest first: what a user looks at
    /// first to see why the rest did not change.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_alone: Vec<LeftAlone>,
}

/// How many of the most accessed structures left alone the report names.
pub const LEFT_SHOWN: usize = 3;

/// A structure no pass changed, among the most accessed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeftAlone {
    pub name: String,
    pub size: Option<u64>,
    /// The summed estimated frequency of its fields' accesses (static
    /// estimate or profile counts, as the cost model's).
    pub accesses: u64,
    /// Where the first safety condition forbidding the first layout pass
    /// was set, when one does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_blocking: Option<String>,
}

/// Functions and global variables removed as unreachable from the kept
/// symbols (`dtrans_ir::Module::whole_program_cleanup`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CleanupReport {
    pub functions_removed: usize,
    pub globals_removed: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PassReport {
    pub name: String,
    /// What the pass did, in its own terms.
    pub summary: PassSummary,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PassSummary {
    /// `annotation-cleaner`.
    Cleaner { annotations_removed: usize, hints_removed: usize },
    /// An OptBase pass.
    OptBase { changed: usize, globals_replaced: usize, rejected: usize },
    /// `specialize-calls`.
    Specialize {
        calls_specialized: usize,
        fields: usize,
        rejected: usize,
        /// Why no indirect call could be made direct by prototype (the
        /// module is not a whole program: the first thing that says so).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        not_whole: Option<String>,
    },
    /// `blocks-loops`: loops split into runs over blocks (pointer walks
    /// among them), steps and side groups' fields made strides, steps
    /// and fields put in place as they are.
    BlocksLoops { loops: usize, walks: usize, strided: usize, fields: usize, expanded: usize },
}

/// One structure replaced by one pass (a later pass names it by
/// `new`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChangedStruct {
    /// Changed only because it holds a changed structure.
    pub dependent: bool,
    /// What the pass did, in its own words (`nextout, flow never read`).
    pub detail: String,
    /// Old name, `%struct.arc`.
    pub name: String,
    /// New name, `%__DFR_struct.arc`.
    pub new: String,
    /// Fields as `name: type @offset`.
    pub new_layout: Vec<String>,
    pub new_size: Option<u64>,
    pub old_layout: Vec<String>,
    /// The pass's name.
    pub pass: String,
    pub size: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rejected {
    pub name: String,
    pub pass: String,
    pub reason: String,
}

impl Report {
    /// One line per structure changed, following it through the passes (a
    /// later pass names it by the earlier pass's new name): `struct.arc: 72
    /// -> 32 bytes (reorder-fields: padding removed; delete-field: id never
    /// read)`.
    pub fn summary_lines(&self) -> Vec<String> {
        let size = |s: Option<u64>| s.map_or("?".to_string(), |s| s.to_string());
        // (first name, first size, current name, current size, what each pass did)
        let mut chains: Vec<(&str, String, &str, String, Vec<String>)> = Vec::new();
        for c in &self.changed {
            let what = if c.detail.is_empty() { c.pass.clone() } else { format!("{}: {}", c.pass, c.detail) };
            match chains.iter_mut().find(|ch| ch.2 == c.name) {
                Some(ch) => {
                    ch.2 = &c.new;
                    ch.3 = size(c.new_size);
                    ch.4.push(what);
                }
                None => chains.push((&c.name, size(c.size), &c.new, size(c.new_size), vec![what])),
            }
        }
        let mut lines: Vec<String> = chains
            .into_iter()
            .map(|(name, size, _, new_size, what)| {
                let name = name.strip_prefix('%').unwrap_or(name);
                format!("{name}: {size} -> {new_size} bytes ({})", what.join("; "))
            })
            .collect();
        // `struct.ops: calls through op made direct (specialize-calls: @add, 2 calls)`
        for sp in &self.specialized {
            let name = sp.name.strip_prefix('%').unwrap_or(&sp.name);
            let calls = if sp.calls == 1 { "1 call".to_string() } else { format!("{} calls", sp.calls) };
            let through = if sp.field.is_empty() { String::new() } else { format!(" through {}", sp.field) };
            let name = if name.is_empty() { "function pointers" } else { name };
            let inlined = if sp.inlined == 0 { String::new() } else { format!(", {} inlined", sp.inlined) };
            lines.push(if sp.guarded {
                format!("{name}: calls{through} compared with {} (specialize-calls, guarded: {calls})", sp.function)
            } else if sp.by_prototype {
                format!(
                    "{name}: calls{through} made direct (specialize-calls, by prototype: {}, {calls}{inlined})",
                    sp.function
                )
            } else {
                format!("{name}: calls{through} made direct (specialize-calls: {}, {calls}{inlined})", sp.function)
            });
        }
        lines
    }
}

impl Report {
    /// One line per structure of [`Report::left_alone`]: its size, its
    /// accesses, and each layout pass's reason (passes with the same
    /// reason together), with the place of the first blocking condition:
    /// `left alone: struct.state (96 bytes, 12000 accesses): delete-field,
    /// reorder-fields, ...: BadCasting (first: @init: %3 (s.c:9:5): void*
    /// result used as %struct.state*)`.
    pub fn left_lines(&self) -> Vec<String> {
        const REASON_CHARS: usize = 160;
        self.left_alone
            .iter()
            .map(|l| {
                let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
                for r in self.rejected.iter().filter(|r| r.name == l.name && r.pass != "specialize-calls") {
                    match groups.iter_mut().find(|g| g.0 == r.reason) {
                        Some(g) => g.1.push(&r.pass),
                        None => groups.push((&r.reason, vec![&r.pass])),
                    }
                }
                let reasons: Vec<String> = groups
                    .iter()
                    .map(|(why, passes)| {
                        // The cost line names the hottest region already.
                        let why = why.split(" (hottest: ").next().unwrap_or(why);
                        let why: String = if why.chars().count() > REASON_CHARS {
                            why.chars().take(REASON_CHARS).chain("...".chars()).collect()
                        } else {
                            why.to_string()
                        };
                        format!("{}: {why}", passes.join(", "))
                    })
                    .collect();
                let mut line = format!(
                    "left alone: {} ({}{} accesses): {}",
                    l.name.strip_prefix('%').unwrap_or(&l.name),
                    l.size.map_or(String::new(), |s| format!("{s} bytes, ")),
                    l.accesses,
                    if reasons.is_empty() { "no pass considered it".to_string() } else { reasons.join("; ") }
                );
                if let Some(site) = &l.first_blocking {
                    line.push_str(&format!(" (first: {site})"));
                }
                line
            })
            .collect()
    }

    /// [`Report::left_alone`] from the weights of the first layout pass:
    /// the most accessed structures that no pass changed (nor made
    /// dependent), not the passes' own.
    fn choose_left_alone(&mut self, weights: Vec<crate::optbase::StructWeight>) {
        let changed: Vec<&str> = self.changed.iter().map(|c| c.name.as_str()).collect();
        let mut left: Vec<LeftAlone> = weights
            .into_iter()
            .filter(|w| w.accesses > 0 && !w.name.starts_with("%__") && !changed.contains(&w.name.as_str()))
            .map(|w| LeftAlone { name: w.name, size: w.size, accesses: w.accesses, first_blocking: w.first_blocking })
            .collect();
        left.sort_by(|a, b| b.accesses.cmp(&a.accesses).then_with(|| a.name.cmp(&b.name)));
        left.truncate(LEFT_SHOWN);
        self.left_alone = left;
    }
}

impl Report {
    /// One line per structure the cost model saw accessed in the code,
    /// following it through the passes: where its frequencies come from,
    /// per pass the best candidate's predicted traffic relative to the
    /// layout before that pass, the layouts made, and the heaviest region:
    /// `cost: struct.arc (static estimate): reorder-fields 1.00, aos-to-soa
    /// 0.61, peel 0.52 -> peel; hottest: loop in @price (stream): 28 of 64
    /// bytes per visit, 1.00 lines`.
    pub fn cost_lines(&self) -> Vec<String> {
        // Name chains: each changed structure's names through the passes.
        let mut chains: Vec<Vec<&str>> = Vec::new();
        for c in &self.changed {
            match chains.iter_mut().find(|ch| ch.last() == Some(&c.name.as_str())) {
                Some(ch) => ch.push(&c.new),
                None => chains.push(vec![&c.name, &c.new]),
            }
        }
        let mut done: Vec<usize> = Vec::new();
        let mut out = Vec::new();
        for (k, p) in self.predictions.iter().enumerate() {
            if done.contains(&k) {
                continue;
            }
            let names: Vec<&str> = chains
                .iter()
                .find(|ch| ch.contains(&p.name.as_str()))
                .cloned()
                .unwrap_or_else(|| vec![p.name.as_str()]);
            let mine: Vec<usize> =
                (k..self.predictions.len()).filter(|j| names.contains(&self.predictions[*j].name.as_str())).collect();
            done.extend(&mine);
            let preds: Vec<&Prediction> = mine.iter().map(|j| &self.predictions[*j]).collect();
            if !preds.iter().any(|x| x.layouts.first().is_some_and(|l| l.traffic > 0.0)) {
                continue;
            }
            let parts: Vec<String> = preds
                .iter()
                .filter_map(|x| {
                    let best = x
                        .layouts
                        .iter()
                        .skip(1)
                        .filter(|l| !l.kind.starts_with("evaluated"))
                        .map(|l| l.ratio)
                        .fold(f64::INFINITY, f64::min);
                    best.is_finite().then(|| format!("{} {best:.2}", x.pass))
                })
                .collect();
            if parts.is_empty() {
                continue;
            }
            let made: Vec<&str> = preds.iter().filter(|x| x.choice != "as is").map(|x| x.choice.as_str()).collect();
            let first = preds[0];
            let mut line = format!(
                "cost: {} ({}{}): {} -> {}",
                names[0].strip_prefix('%').unwrap_or(names[0]),
                first.frequencies,
                first.count.map_or(String::new(), |n| format!(", {n} objects")),
                parts.join(", "),
                if made.is_empty() { "as is".to_string() } else { made.join(", ") }
            );
            if let Some(h) = preds.iter().find_map(|x| x.hot.as_ref()) {
                line.push_str(&format!("; hottest: {h}"));
            }
            out.push(line);
        }
        out
    }
}

/// Runs `passes` (names from [`PASSES`], e.g. from [`parse_passes`]) over
/// `m` in order. On error the module may be half transformed: drop it.
pub fn run(m: &mut Module<'_>, passes: &[String], options: PassOptions) -> Result<Report, PipelineError> {
    check(passes)?;
    let prepared = dtrans_analysis::prepare(m);
    let mut r = Report::default();
    // The first layout pass's view of every structure (the names the
    // program has before any pass renames one).
    let mut weights: Option<Vec<crate::optbase::StructWeight>> = None;
    for p in passes {
        let factory: Box<dyn PassFactory> = match p.as_str() {
            "annotation-cleaner" => {
                let (annotations_removed, hints_removed) = annotator::remove_all(m).map_err(PipelineError::Cleaner)?;
                let summary = PassSummary::Cleaner { annotations_removed, hints_removed };
                r.passes.push(PassReport { name: p.clone(), summary });
                continue;
            }
            "specialize-calls" => {
                let o = specialize::run(m, prepared.source, &prepared.union_members, options.cost.estimate())
                    .map_err(|error| PipelineError::Pass { pass: p.clone(), error })?;
                let summary = PassSummary::Specialize {
                    calls_specialized: o.specialized.iter().map(|s| s.calls).sum(),
                    fields: o.specialized.len(),
                    rejected: o.rejected.len(),
                    not_whole: o.not_whole,
                };
                r.rejected.extend(o.rejected.into_iter().map(|(name, reason)| Rejected {
                    name,
                    pass: p.clone(),
                    reason,
                }));
                r.specialized.extend(o.specialized);
                r.passes.push(PassReport { name: p.clone(), summary });
                continue;
            }
            "blocks-loops" => {
                let o = crate::relayout::strip::run(m, &options.cost)
                    .map_err(|error| PipelineError::Pass { pass: p.clone(), error })?;
                let summary = PassSummary::BlocksLoops {
                    loops: o.loops,
                    walks: o.walks,
                    strided: o.strided,
                    fields: o.fields,
                    expanded: o.expanded,
                };
                r.passes.push(PassReport { name: p.clone(), summary });
                continue;
            }
            "optbase-test" => Box::new(optbase_test::OptBaseTest),
            "reorder-fields" => Box::new(RelayoutFactory {
                cost: options.cost,
                eval: options.eval.clone(),
                ..RelayoutFactory::new(&reorder::REORDER_FIELDS)
            }),
            "delete-field" => Box::new(RelayoutFactory {
                cost: options.cost,
                eval: options.eval.clone(),
                ..RelayoutFactory::new(&delete_field::DELETE_FIELD)
            }),
            "compress-fields" => Box::new(RelayoutFactory {
                cost: options.cost,
                eval: options.eval.clone(),
                ..RelayoutFactory::new(if options.compress_checked {
                    &compress::COMPRESS_FIELDS_CHECKED
                } else {
                    &compress::COMPRESS_FIELDS
                })
            }),
            "aos-to-soa" => Box::new(RelayoutFactory {
                policy: &split::AOS_TO_SOA,
                index: options.index,
                cost: options.cost,
                eval: options.eval.clone(),
                step_calls: false,
            }),
            "peel" => Box::new(RelayoutFactory {
                policy: &split::PEEL,
                index: options.index,
                cost: options.cost,
                eval: options.eval.clone(),
                step_calls: false,
            }),
            "blocks" => Box::new(RelayoutFactory {
                policy: &blocks::BLOCKS,
                index: IndexWidth::Bits64,
                cost: options.cost,
                eval: options.eval.clone(),
                step_calls: options.block_step_calls,
            }),
            other => return Err(PipelineError::UnknownPass(other.to_string())),
        };
        let mut o = optbase::run(m, factory.as_ref(), prepared.source, &prepared.union_members)
            .map_err(|error| PipelineError::Pass { pass: p.clone(), error })?;
        if weights.is_none() && !o.weights.is_empty() {
            weights = Some(std::mem::take(&mut o.weights));
        }
        r.changed.extend(o.changed.iter().map(|c| ChangedStruct {
            dependent: c.dependent,
            detail: c.detail.clone(),
            name: c.name.clone(),
            new: c.new_name.clone(),
            new_layout: c.new_layout.clone(),
            new_size: c.new_size,
            old_layout: c.old_layout.clone(),
            pass: p.clone(),
            size: c.size,
        }));
        r.rejected.extend(o.rejected.iter().map(|(name, reason)| Rejected {
            name: name.clone(),
            pass: p.clone(),
            reason: reason.clone(),
        }));
        r.predictions.extend(o.predictions.iter().cloned().map(|mut x| {
            x.pass = p.clone();
            x
        }));
        let summary = PassSummary::OptBase {
            changed: o.changed.len(),
            globals_replaced: o.globals_replaced,
            rejected: o.rejected.len(),
        };
        r.passes.push(PassReport { name: p.clone(), summary });
    }
    if let Some(w) = weights {
        r.choose_left_alone(w);
    }
    if prepared.source != TypeSource::Metadata {
        dtrans_types::strip_dtrans_metadata(m);
    }
    Ok(r)
}

/// The definitions other than `main` that stay external in a linked
/// program after LTO's internalization (native code or a shared library
/// references them, or `-rdynamic`) and through which that code may see a
/// structure: a function with a pointer or aggregate parameter or result,
/// a variable holding a pointer or an aggregate. `dtrans cc` and the
/// plugin at lld's LTO run no pass when there is one: the analysis does
/// not yet treat such symbols as escaping. (Partial: a small structure
/// returned in an integer register is not seen here.)
pub fn exposed_symbols(m: &Module<'_>) -> Vec<String> {
    let shows = |t: dtrans_ir::Type<'_>| t.contains_pointer() || t.is_struct() || t.is_array();
    let mut out = Vec::new();
    for f in m.functions() {
        let v = f.as_value();
        if f.is_declaration() || v.has_local_linkage() || f.name() == "main" {
            continue;
        }
        let ty = f.function_type();
        if ty.return_type().is_some_and(shows) || ty.param_types().into_iter().any(shows) {
            out.push(format!("{}()", f.name()));
        }
    }
    for g in m.globals() {
        if g.has_local_linkage() || g.name().starts_with("llvm.") {
            continue;
        }
        // A declaration is defined elsewhere; its uses are the analysis's.
        if g.global_value_type().is_some_and(shows) && g.initializer().is_some() {
            out.push(g.name());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists() {
        assert_eq!(parse_passes(" peel, delete-field ,").unwrap(), ["peel", "delete-field"]);
        assert!(matches!(parse_passes(" , "), Err(PipelineError::NoPass)));
        assert!(matches!(parse_passes("peel,nope"), Err(PipelineError::UnknownPass(p)) if p == "nope"));
        let defaults: Vec<String> = DEFAULT_PASSES.iter().map(|p| p.to_string()).collect();
        assert!(check(&defaults).is_ok());
        assert_eq!(for_codegen(&defaults).last().map(String::as_str), Some("annotation-cleaner"));
        let plain = vec!["delete-field".to_string()];
        assert_eq!(for_codegen(&plain), plain);
    }

    #[test]
    fn summary_follows_renames() {
        let c = |pass: &str, name: &str, new: &str, size, new_size, detail: &str| ChangedStruct {
            dependent: false,
            detail: detail.into(),
            name: name.into(),
            new: new.into(),
            new_layout: vec![],
            new_size,
            old_layout: vec![],
            pass: pass.into(),
            size,
        };
        let r = Report {
            changed: vec![
                c("reorder-fields", "%struct.s", "%__DFR_struct.s", Some(24), Some(16), "padding removed"),
                c("delete-field", "%__DFR_struct.s", "%__DFT___DFR_struct.s", Some(16), Some(8), "x never read"),
                c("optbase-test", "%struct.a", "%__DDT_struct.a", None, Some(8), ""),
            ],
            ..Report::default()
        };
        assert_eq!(
            r.summary_lines(),
            [
                "struct.s: 24 -> 8 bytes (reorder-fields: padding removed; delete-field: x never read)",
                "struct.a: ? -> 8 bytes (optbase-test)"
            ]
        );
    }

    #[test]
    fn specialized_lines() {
        let r = Report {
            specialized: vec![
                Specialized {
                    name: "%struct.ops".into(),
                    field: "run".into(),
                    function: "@step".into(),
                    calls: 1,
                    guarded: false,
                    by_prototype: false,
                    inlined: 0,
                },
                Specialized {
                    name: "%struct.s".into(),
                    field: "cmp".into(),
                    function: "@less, @more".into(),
                    calls: 3,
                    guarded: true,
                    by_prototype: false,
                    inlined: 0,
                },
                Specialized {
                    name: "%struct.strm".into(),
                    field: "zalloc".into(),
                    function: "@zcalloc".into(),
                    calls: 2,
                    guarded: false,
                    by_prototype: true,
                    inlined: 2,
                },
                Specialized {
                    name: String::new(),
                    field: String::new(),
                    function: "@hook".into(),
                    calls: 1,
                    guarded: false,
                    by_prototype: true,
                    inlined: 0,
                },
            ],
            ..Report::default()
        };
        assert_eq!(
            r.summary_lines(),
            [
                "struct.ops: calls through run made direct (specialize-calls: @step, 1 call)",
                "struct.s: calls through cmp compared with @less, @more (specialize-calls, guarded: 3 calls)",
                "struct.strm: calls through zalloc made direct (specialize-calls, by prototype: @zcalloc, 2 calls, 2 inlined)",
                "function pointers: calls made direct (specialize-calls, by prototype: @hook, 1 call)"
            ]
        );
    }

    #[test]
    fn left_alone_lines() {
        let rej = |name: &str, pass: &str, reason: &str| Rejected {
            name: name.into(),
            pass: pass.into(),
            reason: reason.into(),
        };
        let w = |name: &str, accesses: u64, first: Option<&str>| crate::optbase::StructWeight {
            name: name.into(),
            size: Some(16),
            accesses,
            first_blocking: first.map(str::to_string),
        };
        let mut r = Report {
            changed: vec![ChangedStruct {
                dependent: false,
                detail: String::new(),
                name: "%struct.done".into(),
                new: "%__DFR_struct.done".into(),
                new_layout: vec![],
                new_size: Some(8),
                old_layout: vec![],
                pass: "delete-field".into(),
                size: Some(16),
            }],
            rejected: vec![
                rej("%struct.a", "specialize-calls", "no call through a field"),
                rej("%struct.a", "delete-field", "BadCasting"),
                rej("%struct.a", "reorder-fields", "BadCasting"),
                rej("%struct.a", "peel", "BadCasting, LocalInstance"),
                rej("%struct.b", "reorder-fields", "predicted saving 0%, below the 5% margin (hottest: @f (random))"),
            ],
            ..Report::default()
        };
        // Heaviest first, at most LEFT_SHOWN; changed, unaccessed and
        // dtrans's own structures left out.
        r.choose_left_alone(vec![
            w("%struct.c", 1, None),
            w("%struct.done", 900, None),
            w("%struct.b", 50, None),
            w("%__DPL_struct.x", 800, None),
            w("%struct.a", 70, Some("@f: %3: void* result used as %struct.a*")),
            w("%struct.d", 2, None),
            w("%struct.zero", 0, None),
        ]);
        let names: Vec<&str> = r.left_alone.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["%struct.a", "%struct.b", "%struct.d"]);
        assert_eq!(
            r.left_lines(),
            [
                "left alone: struct.a (16 bytes, 70 accesses): delete-field, reorder-fields: BadCasting; peel: BadCasting, LocalInstance (first: @f: %3: void* result used as %struct.a*)",
                "left alone: struct.b (16 bytes, 50 accesses): reorder-fields: predicted saving 0%, below the 5% margin",
                "left alone: struct.d (16 bytes, 2 accesses): no pass considered it",
            ]
        );
    }

    #[test]
    fn report_json_shape() {
        let r = Report {
            cleanup: None,
            passes: vec![
                PassReport {
                    name: "peel".into(),
                    summary: PassSummary::OptBase { changed: 1, globals_replaced: 0, rejected: 2 },
                },
                PassReport {
                    name: "annotation-cleaner".into(),
                    summary: PassSummary::Cleaner { annotations_removed: 3, hints_removed: 0 },
                },
                PassReport {
                    name: "specialize-calls".into(),
                    summary: PassSummary::Specialize { calls_specialized: 2, fields: 1, rejected: 0, not_whole: None },
                },
            ],
            specialized: vec![Specialized {
                name: "%struct.ops".into(),
                field: "run".into(),
                function: "@step".into(),
                calls: 2,
                guarded: false,
                by_prototype: false,
                inlined: 0,
            }],
            changed: vec![],
            rejected: vec![Rejected { name: "%struct.t".into(), pass: "peel".into(), reason: "why".into() }],
            predictions: vec![],
            left_alone: vec![LeftAlone { name: "%struct.t".into(), size: Some(8), accesses: 40, first_blocking: None }],
        };
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(
            text,
            r#"{"passes":[{"name":"peel","summary":{"changed":1,"globals_replaced":0,"rejected":2}},{"name":"annotation-cleaner","summary":{"annotations_removed":3,"hints_removed":0}},{"name":"specialize-calls","summary":{"calls_specialized":2,"fields":1,"rejected":0}}],"specialized":[{"name":"%struct.ops","field":"run","function":"@step","calls":2}],"changed":[],"rejected":[{"name":"%struct.t","pass":"peel","reason":"why"}],"left_alone":[{"name":"%struct.t","size":8,"accesses":40}]}"#
        );
        let back: Report = serde_json::from_str(&text).unwrap();
        assert_eq!(back, r);
    }
}
