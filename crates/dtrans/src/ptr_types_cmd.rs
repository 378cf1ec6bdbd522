//! `dtrans ptr-types`: pointer type recovery, printed per function.
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use dtrans_analysis::{analyze, prepare_types, report};
use dtrans_ir::Context;
use dtrans_types::read_module;

use crate::Format;

pub fn run(ctx: &'static Context, file: &Path, format: Format, function: Option<&str>) -> Result<ExitCode> {
    let mut m = crate::load(ctx, file)?;
    // Debug information becomes DTrans metadata in memory (the module is
    // not written back).
    let source = prepare_types(&mut m);
    let types = read_module(&m);
    let pt = analyze(&m, types, source);
    let Some(r) = report::build(&m, &pt, function) else {
        bail!("{}: no defined function named {}", file.display(), function.unwrap_or_default());
    };
    match format {
        Format::Text => print!("{}", report::text(&r)),
        Format::Json => println!("{}", serde_json::to_string_pretty(&r)?),
    }
    drop(pt);
    crate::skip_teardown(m);
    Ok(ExitCode::SUCCESS)
}
