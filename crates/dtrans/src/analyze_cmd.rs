//! `dtrans analyze`: safety conditions, field information and legality.
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use dtrans_analysis::{analysis_report, analyze, info::AnalysisInfo, prepare};
use dtrans_ir::Context;
use dtrans_types::read_module;

use crate::Format;

/// `cleanup`: the symbols to keep when the module is to be treated as the
/// whole program (`--whole-program`).
pub fn run(
    ctx: &'static Context,
    file: &Path,
    format: Format,
    only: Option<&str>,
    cleanup: Option<&[String]>,
) -> Result<ExitCode> {
    let mut m = crate::load(ctx, file)?;
    let removed = cleanup.map(|keep| {
        let keep: Vec<&str> = keep.iter().map(String::as_str).collect();
        m.whole_program_cleanup(&keep)
    });
    let prepared = prepare(&mut m);
    let types = read_module(&m);
    let pt = analyze(&m, types, prepared.source);
    let info = AnalysisInfo::new(
        &m,
        pt,
        &prepared.union_members,
        dtrans_transforms::relayout::cost::CostModel::default().estimate(),
    );
    let Some(mut r) = analysis_report::build(&info, only) else {
        bail!("{}: no structure named {}", file.display(), only.unwrap_or_default());
    };
    if let Some(c) = removed {
        r.cleanup = Some(analysis_report::CleanupReport {
            functions_removed: c.functions_removed(),
            globals_removed: c.globals_removed(),
        });
    }
    match format {
        Format::Text => print!("{}", analysis_report::text(&r)),
        Format::Json => println!("{}", serde_json::to_string_pretty(&r)?),
    }
    drop(info);
    crate::skip_teardown(m);
    Ok(ExitCode::SUCCESS)
}
