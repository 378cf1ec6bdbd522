//! `dtrans opt`: run transformation passes in order, verify, write the
//! module whole or not at all, and report what changed.
//!
//! Passes: `annotation-cleaner` (document 002: removes the DTrans pointer
//! annotations and `!dtrans-type` hints), `optbase-test` (document 003:
//! legal structures replaced by `__DDT_` copies of the same layout),
//! `reorder-fields` (`__DFR_`), `delete-field` (`__DFT_`), `aos-to-soa`
//! (`__SOA_`, with `__SOADT_` dependent types) and `peel` (`__DPL_`);
//! `--index-width` says how the last two store pointers ([`PassOptions`]).
//! The types
//! are prepared once (from DTrans metadata, else from debug information);
//! each OptBase pass rewrites the DTrans metadata for its new types, so the
//! next pass's analysis reads them. Metadata the input did not have is
//! removed from the output.
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};
use dtrans_analysis::TypeSource;
use dtrans_ir::{Context, IrFormat};
use dtrans_transforms::optbase::{self, PassFactory};
use dtrans_transforms::relayout::{IndexWidth, RelayoutFactory};
use dtrans_transforms::{annotator, delete_field, optbase_test, reorder, split};
use serde::Serialize;

/// The passes `dtrans opt` knows, in the order they are listed in errors.
pub const PASSES: &[&str] =
    &["annotation-cleaner", "optbase-test", "reorder-fields", "delete-field", "aos-to-soa", "peel"];

#[derive(Serialize, Default)]
struct Report {
    passes: Vec<PassReport>,
    /// Structures changed by any pass (old and new layout).
    changed: Vec<serde_json::Value>,
    /// Candidates a pass rejected, with the reason.
    rejected: Vec<serde_json::Value>,
}

#[derive(Serialize)]
struct PassReport {
    name: String,
    /// What the pass did, in its own terms.
    summary: serde_json::Value,
}

/// Splits and checks a pass list before anything is read.
pub fn parse_passes(list: &str) -> Result<Vec<String>> {
    let passes: Vec<String> = list.split(',').map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
    if passes.is_empty() {
        bail!("no pass given (known: {})", PASSES.join(", "));
    }
    for p in &passes {
        if !PASSES.contains(&p.as_str()) {
            bail!("unknown pass '{p}' (known: {})", PASSES.join(", "));
        }
    }
    Ok(passes)
}

/// What `dtrans opt` and `dtrans cc` hand to the passes besides the list.
#[derive(Clone, Copy, Debug, Default)]
pub struct PassOptions {
    /// How aos-to-soa and peel store pointers to a split structure.
    pub index: IndexWidth,
}

/// Runs `passes` over `file` and writes `output` (and `report`);
/// `verbose`: one line per changed structure on stderr (`dtrans cc`
/// prints its own summary instead).
pub fn run_with(
    ctx: &'static Context,
    file: &Path,
    passes: &str,
    output: &Path,
    report: Option<&Path>,
    options: PassOptions,
    verbose: bool,
) -> Result<ExitCode> {
    let passes = parse_passes(passes)?;
    let mut m = crate::load(ctx, file)?;
    let prepared = dtrans_analysis::prepare(&mut m);
    let mut r = Report::default();
    for p in &passes {
        let factory: Box<dyn PassFactory> = match p.as_str() {
            "annotation-cleaner" => {
                let (annotations, hints) =
                    annotator::remove_all(&mut m).with_context(|| format!("{}: pass {p}", file.display()))?;
                let summary = serde_json::json!({ "annotations_removed": annotations, "hints_removed": hints });
                r.passes.push(PassReport { name: p.clone(), summary });
                continue;
            }
            "optbase-test" => Box::new(optbase_test::OptBaseTest),
            "reorder-fields" => Box::new(RelayoutFactory::new(&reorder::REORDER_FIELDS)),
            "delete-field" => Box::new(RelayoutFactory::new(&delete_field::DELETE_FIELD)),
            "aos-to-soa" => Box::new(RelayoutFactory { policy: &split::AOS_TO_SOA, index: options.index }),
            "peel" => Box::new(RelayoutFactory { policy: &split::PEEL, index: options.index }),
            _ => unreachable!("checked by parse_passes"),
        };
        let o = optbase::run(&mut m, factory.as_ref(), prepared.source, &prepared.union_members)
            .with_context(|| format!("{}: pass {p}", file.display()))?;
        for c in &o.changed {
            let size = |s: Option<u64>| s.map_or("?".to_string(), |s| s.to_string());
            if verbose {
                eprintln!(
                    "dtrans: {p}: {} -> {} ({} -> {} bytes{})",
                    c.name,
                    c.new_name,
                    size(c.size),
                    size(c.new_size),
                    if c.detail.is_empty() { String::new() } else { format!(": {}", c.detail) }
                );
            }
            r.changed.push(serde_json::json!({
                "pass": p, "name": c.name, "new": c.new_name, "size": c.size, "new_size": c.new_size,
                "detail": c.detail, "dependent": c.dependent,
                "old_layout": c.old_layout, "new_layout": c.new_layout,
            }));
        }
        for (name, why) in &o.rejected {
            r.rejected.push(serde_json::json!({ "pass": p, "name": name, "reason": why }));
        }
        let summary = serde_json::json!({
            "changed": o.changed.len(), "rejected": o.rejected.len(), "globals_replaced": o.globals_replaced
        });
        r.passes.push(PassReport { name: p.clone(), summary });
    }
    if prepared.source != TypeSource::Metadata {
        dtrans_types::strip_dtrans_metadata(&mut m);
    }
    m.verify().with_context(|| format!("{}: the transformed module does not verify", file.display()))?;
    m.write(output, IrFormat::from_path(output))?;
    if let Some(path) = report {
        let text = serde_json::to_string_pretty(&r)? + "\n";
        std::fs::write(path, text).with_context(|| format!("{}: cannot write the report", path.display()))?;
    }
    crate::skip_teardown(m);
    Ok(ExitCode::SUCCESS)
}
