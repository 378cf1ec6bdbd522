//! `dtrans opt`: run transformation passes in order, verify, write the
//! module whole or not at all, and report what changed.
//!
//! The passes and the runner are `dtrans_transforms::pipeline` (shared
//! with `dtrans cc` and the plugin): `annotation-cleaner` (document 002:
//! removes the DTrans pointer annotations and `!dtrans-type` hints),
//! `optbase-test` (document 003: legal structures replaced by `__DDT_`
//! copies of the same layout), `reorder-fields` (`__DFR_`), `delete-field`
//! (`__DFT_`), `aos-to-soa` (`__SOA_`, with `__SOADT_` dependent types) and
//! `peel` (`__DPL_`); `--index-width` says how the last two store pointers
//! ([`PassOptions`]). This file loads, runs, verifies, writes.
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use dtrans_ir::{Context, IrFormat};
use dtrans_transforms::pipeline::{self, CleanupReport, PassOptions, Report};

/// Runs `passes` over `file` (after the whole-program cleanup keeping
/// `keep`, when given) and writes `output` (and `report`); `verbose`: one
/// line per changed structure, the `cost:` and the `left alone:` lines on
/// stderr. Returns the report.
#[allow(clippy::too_many_arguments)]
fn run_with(
    ctx: &'static Context,
    file: &Path,
    passes: &[String],
    output: &Path,
    report: Option<&Path>,
    options: PassOptions,
    verbose: bool,
    keep: Option<&[String]>,
) -> Result<Report> {
    let mut m = crate::load(ctx, file)?;
    let cleanup = keep.map(|keep| {
        let keep: Vec<&str> = keep.iter().map(String::as_str).collect();
        let c = m.whole_program_cleanup(&keep);
        CleanupReport { functions_removed: c.functions_removed(), globals_removed: c.globals_removed() }
    });
    let mut r = pipeline::run(&mut m, passes, options).with_context(|| file.display().to_string())?;
    r.cleanup = cleanup;
    if let (true, Some(c)) = (verbose, cleanup) {
        eprintln!("dtrans: removed as unreachable: {} functions, {} globals", c.functions_removed, c.globals_removed);
    }
    if verbose {
        let size = |s: Option<u64>| s.map_or("?".to_string(), |s| s.to_string());
        for c in &r.changed {
            eprintln!(
                "dtrans: {}: {} -> {} ({} -> {} bytes{})",
                c.pass,
                c.name,
                c.new,
                size(c.size),
                size(c.new_size),
                if c.detail.is_empty() { String::new() } else { format!(": {}", c.detail) }
            );
        }
        for sp in &r.specialized {
            let how = match (sp.guarded, sp.by_prototype) {
                (true, _) => "compared with",
                (false, true) => "made direct (by prototype) to",
                (false, false) => "made direct to",
            };
            let place = match (sp.name.as_str(), sp.field.as_str()) {
                ("", _) => "function pointers".to_string(),
                (name, "") => name.to_string(),
                (name, field) => format!("{name} field {field}"),
            };
            let inlined = if sp.inlined == 0 { String::new() } else { format!(", {} inlined", sp.inlined) };
            eprintln!("dtrans: specialize-calls: {place}: {} call(s) {how} {}{inlined}", sp.calls, sp.function);
        }
        for p in &r.passes {
            if let pipeline::PassSummary::Specialize { not_whole: Some(why), .. } = &p.summary {
                eprintln!("dtrans: specialize-calls: no call made direct by prototype: {why}");
            }
        }
        for line in r.cost_lines().into_iter().chain(r.left_lines()) {
            eprintln!("dtrans: {line}");
        }
    }
    m.verify().with_context(|| format!("{}: the transformed module does not verify", file.display()))?;
    m.write(output, IrFormat::from_path(output))?;
    if let Some(path) = report {
        write_report(&r, path)?;
    }
    crate::skip_teardown(m);
    Ok(r)
}

/// Writes the report as pretty JSON.
pub fn write_report(r: &Report, path: &Path) -> Result<()> {
    let text = serde_json::to_string_pretty(r)? + "\n";
    std::fs::write(path, text).with_context(|| format!("{}: cannot write the report", path.display()))
}

/// For `main.rs`: `dtrans opt`; `keep`: `--whole-program`'s symbols.
pub fn run(
    ctx: &'static Context,
    file: &Path,
    passes: &str,
    output: &Path,
    report: Option<&Path>,
    options: PassOptions,
    keep: Option<&[String]>,
) -> Result<ExitCode> {
    let passes = pipeline::parse_passes(passes)?;
    run_with(ctx, file, &passes, output, report, options, true, keep)?;
    Ok(ExitCode::SUCCESS)
}
