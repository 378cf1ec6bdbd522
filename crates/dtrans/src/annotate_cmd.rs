//! `dtrans annotate`: add DTrans metadata derived from debug information.
use std::path::Path;

use anyhow::{Context as _, Result};
use dtrans_ir::{IrFormat, Module};
use dtrans_types::{annotate, AnnotateOptions};

pub fn run(m: &mut Module<'_>, output: &Path, report: Option<&Path>, opts: AnnotateOptions) -> Result<()> {
    let r = annotate(m, opts)?;
    m.verify()?;
    if let Some(path) = report {
        let json = serde_json::to_string_pretty(&r)? + "\n";
        std::fs::write(path, json).with_context(|| format!("{}: cannot write the report", path.display()))?;
    }
    m.write(output, IrFormat::from_path(output))?;
    eprintln!(
        "dtrans: annotated {} structures, {} functions, {} globals, {} allocas, {} indirect calls; {} item(s) left without metadata{}",
        r.structs.iter().filter(|s| s.source != "existing").count(),
        r.functions_annotated,
        r.globals_annotated,
        r.allocas_annotated,
        r.calls_annotated,
        r.unmapped.len(),
        if r.unmapped.is_empty() || report.is_some() { "" } else { " (see --report)" },
    );
    Ok(())
}
