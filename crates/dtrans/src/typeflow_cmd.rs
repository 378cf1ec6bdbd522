//! `dtrans typeflow`: the type flow graph of a module and its propagated
//! scalar types (text or JSON on stdout, optionally DOT to a file); with
//! `--eval`, their scores against debug information; with `--lift`, all of
//! it on the lifter variant of the module.
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context as _, Result};
use dtrans_ir::{Context, IrFormat};
use typeflow::{eval, output, BuildOptions, LlvmTypeFlow};

use crate::Format;

pub struct Options {
    pub format: Format,
    pub dot: Option<PathBuf>,
    pub function: Option<String>,
    pub propagate: bool,
    /// Step 2c of propagation (exact minimum cuts); off: `--flood-only`.
    pub cuts: bool,
    pub seeds: bool,
    pub eval: bool,
    /// Sign-less 32-bit integers become `int` after propagation.
    pub default_int: bool,
    pub lift: bool,
    pub lifted_output: Option<PathBuf>,
}

pub fn run(ctx: &'static Context, file: &Path, opts: &Options) -> Result<ExitCode> {
    let mut m = crate::load(ctx, file)?;
    m.verify()?;
    if opts.lift {
        let report = typeflow::lift::lift(&mut m).with_context(|| format!("{}", file.display()))?;
        tracing::info!(?report, "lifted");
        if let Err(e) = m.verify() {
            bail!("internal error: the lifted module does not verify: {e}");
        }
        if let Some(out) = &opts.lifted_output {
            m.write(out, IrFormat::from_path(out))?;
        }
    }
    if opts.eval {
        // Without debug information there is no ground truth: scoring zero
        // points would read as a result.
        if m.named_metadata("llvm.dbg.cu").is_none_or(|n| n.operands().is_empty()) {
            bail!("{}: no debug information: --eval takes its ground truth from `clang-19 -g`", file.display());
        }
        let e = eval::evaluate(&m, opts.function.as_deref(), opts.default_int)
            .with_context(|| format!("{}", file.display()))?;
        match opts.format {
            Format::Text => print!("{}", eval::text(&e)),
            Format::Json => println!("{}", serde_json::to_string_pretty(&eval::json(&e))?),
        }
        crate::skip_teardown(m);
        return Ok(ExitCode::SUCCESS);
    }
    let start = Instant::now();
    let mut tf =
        LlvmTypeFlow::build(&m, BuildOptions { seeds: opts.seeds }).with_context(|| format!("{}", file.display()))?;
    let build_ms = start.elapsed().as_secs_f64() * 1e3;
    if let Err(e) = tf.verify() {
        bail!("{}: internal error: {}", file.display(), tf.explain(&e));
    }
    let mut propagated = None;
    if opts.propagate {
        let start = Instant::now();
        let report = if opts.cuts { tf.propagate() } else { tf.propagate_flood_only() };
        if opts.default_int {
            let regions = tf.default_int();
            tracing::info!(regions, "sign-less 32-bit regions given C's int");
        }
        propagated = Some(report);
        let propagate_ms = start.elapsed().as_secs_f64() * 1e3;
        let g = tf.graph();
        tracing::info!(build_ms, propagate_ms, nodes = g.len(), edges = g.edge_count(), ?report, "propagated");
        if let Err(e) = tf.verify() {
            bail!("{}: internal error after propagation: {}", file.display(), tf.explain(&e));
        }
    }
    let only = opts.function.as_deref();
    let out = match opts.format {
        // The casts against what no labelling avoids (the whole module).
        Format::Text if only.is_none() && propagated.is_some() => {
            let r = propagated.expect("checked");
            let casts = tf.stats().casts;
            output::text(&tf, only)?
                + &format!(
                    "propagation: {casts} casts, at least {} ({} parts exact by a minimum cut, {} improved by it; \
                     {} parts of 3 or more types by expansion moves, {} improved by them)\n",
                    r.lower_bound, r.exact_parts, r.cut_improved, r.multiway_parts, r.multiway_improved
                )
        }
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
