//! `dtrans opt`: run transformation passes in order, verify, write the
//! module whole or not at all, and report what changed.
//!
//! Passes today: `annotation-cleaner` (document 002: removes the DTrans
//! pointer annotations and `!dtrans-type` hints) and `optbase-test`
//! (document 003: legal structures replaced by `__DDT_` copies of the same
//! layout). The layout transformations come with issues 11 and 12.
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};
use dtrans_ir::{Context, IrFormat};
use dtrans_transforms::annotator;
use serde::Serialize;

/// The passes `dtrans opt` knows, in the order they are listed in errors.
pub const PASSES: &[&str] = &["annotation-cleaner", "optbase-test"];

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

pub fn run(ctx: &'static Context, file: &Path, passes: &str, output: &Path, report: Option<&Path>) -> Result<ExitCode> {
    let passes = parse_passes(passes)?;
    let mut m = crate::load(ctx, file)?;
    let mut r = Report::default();
    for p in &passes {
        let summary = match p.as_str() {
            "annotation-cleaner" => {
                let (annotations, hints) =
                    annotator::remove_all(&mut m).with_context(|| format!("{}: pass {p}", file.display()))?;
                serde_json::json!({ "annotations_removed": annotations, "hints_removed": hints })
            }
            "optbase-test" => {
                let o = dtrans_transforms::optbase_test::run(&mut m)
                    .with_context(|| format!("{}: pass {p}", file.display()))?;
                for (old, new, size) in &o.changed {
                    eprintln!("dtrans: {p}: {old} -> {new}");
                    r.changed.push(
                        serde_json::json!({ "pass": p, "name": old, "new": new, "size": size, "new_size": size }),
                    );
                }
                for (name, why) in &o.rejected {
                    r.rejected.push(serde_json::json!({ "pass": p, "name": name, "reason": why }));
                }
                serde_json::json!({ "changed": o.changed.len(), "rejected": o.rejected.len(), "globals_replaced": o.globals_replaced })
            }
            _ => unreachable!("checked by parse_passes"),
        };
        r.passes.push(PassReport { name: p.clone(), summary });
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
