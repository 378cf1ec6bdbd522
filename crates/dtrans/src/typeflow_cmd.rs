//! `dtrans typeflow`: the type flow graph of a module and its propagated
//! scalar types (text or JSON on stdout, optionally DOT to a file).
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};
use dtrans_ir::{Context, Module};
use typeflow::{output, BuildOptions, LlvmTypeFlow};

use crate::Format;

pub struct Options {
    pub format: Format,
    pub dot: Option<PathBuf>,
    pub function: Option<String>,
    pub propagate: bool,
    pub seeds: bool,
}

pub fn run(ctx: &'static Context, file: &Path, opts: &Options) -> Result<ExitCode> {
    let m = Module::parse_file(ctx, file)?;
    m.verify()?;
    let mut tf =
        LlvmTypeFlow::build(&m, BuildOptions { seeds: opts.seeds }).with_context(|| format!("{}", file.display()))?;
    if let Err(e) = tf.verify() {
        bail!("{}: internal error: {}", file.display(), tf.explain(&e));
    }
    if opts.propagate {
        let report = tf.propagate();
        tracing::info!(?report, "propagated");
        if let Err(e) = tf.verify() {
            bail!("{}: internal error after propagation: {}", file.display(), tf.explain(&e));
        }
    }
    let only = opts.function.as_deref();
    let out = match opts.format {
        Format::Text => output::text(&tf, only)?,
        Format::Json => serde_json::to_string_pretty(&output::json(&tf, only)?)? + "\n",
    };
    if let Some(path) = &opts.dot {
        write_atomically(path, output::dot(&tf, only)?.as_bytes())?;
    }
    print!("{out}");
    drop(tf);
    crate::skip_teardown(m);
    Ok(ExitCode::SUCCESS)
}

/// Writes `bytes` to `path` through a temporary file renamed into place.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().with_context(|| format!("{}: names no file", path.display()))?;
    let tmp = dir.join(format!(".{}.tmp{}", name.to_string_lossy(), std::process::id()));
    let result = std::fs::write(&tmp, bytes).and_then(|_| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.with_context(|| format!("{}: cannot write", path.display()))
}
