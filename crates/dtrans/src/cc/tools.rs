//! Running the tools: one step, steps in parallel, the temporary directory
//! and placing the results.
use std::ffi::{OsStr, OsString};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::{anyhow, bail, Context as _, Result};

pub(super) const CLANG: &str = "clang-19";
pub(super) const CLANGXX: &str = "clang++-19";
pub(super) const OPT: &str = "opt-19";
pub(super) const LLVM_AS: &str = "llvm-as-19";
pub(super) const LLVM_AR: &str = "llvm-ar-19";

/// One run of an LLVM tool.
pub(super) struct Step {
    /// What the step does, for the error message.
    pub(super) what: String,
    pub(super) tool: &'static str,
    pub(super) args: Vec<OsString>,
}

impl Step {
    /// Runs the tool; passes its output on when it succeeds (warnings), and
    /// puts its error output in the error when it fails.
    pub(super) fn run(&self, verbose: bool) -> Result<()> {
        if verbose {
            eprintln!("dtrans: cc: {}", show_command(self.tool, &self.args));
        }
        let out = self.output()?;
        forward(&out);
        Ok(())
    }

    pub(super) fn output(&self) -> Result<std::process::Output> {
        let out = Command::new(self.tool)
            .args(&self.args)
            .stdin(Stdio::null())
            .output()
            .with_context(|| format!("cc: step '{}': cannot run {}", self.what, self.tool))?;
        if !out.status.success() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            bail!(
                "cc: step '{}' failed ({})\ncommand: {}\n{}",
                self.what,
                out.status,
                show_command(self.tool, &self.args),
                stderr.trim_end()
            );
        }
        Ok(out)
    }
}

pub(super) fn forward(out: &std::process::Output) {
    // Nothing sensible to do if our own stdout or stderr is closed.
    let _ = std::io::stdout().write_all(&out.stdout);
    let _ = std::io::stderr().write_all(&out.stderr);
}

/// Runs the steps, as many at a time as there are processors; forwards
/// their output in order and fails with the first failure in order.
pub(super) fn run_parallel(steps: &[Step], verbose: bool) -> Result<()> {
    if verbose {
        for s in steps {
            eprintln!("dtrans: cc: {}", show_command(s.tool, &s.args));
        }
    }
    let results: Mutex<Vec<Option<Result<std::process::Output>>>> =
        Mutex::new(std::iter::repeat_with(|| None).take(steps.len()).collect());
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(steps.len());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                let Some(step) = steps.get(n) else { break };
                let r = step.output();
                if let Ok(mut all) = results.lock() {
                    all[n] = Some(r);
                }
            });
        }
    });
    let results = results.into_inner().map_err(|_| anyhow!("cc: a compile thread failed"))?;
    for r in results {
        match r {
            Some(Ok(out)) => forward(&out),
            Some(Err(e)) => return Err(e),
            None => bail!("cc: a compile step did not run"),
        }
    }
    Ok(())
}

/// A command as a shell would take it (arguments with special characters
/// quoted).
pub(super) fn show_command<S: AsRef<OsStr>>(tool: &str, args: &[S]) -> String {
    let mut s = tool.to_string();
    for a in args {
        let a = a.as_ref().to_string_lossy();
        let plain = !a.is_empty() && a.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=,:+@%".contains(c));
        s.push(' ');
        if plain {
            s.push_str(&a);
        } else {
            s.push('\'');
            s.push_str(&a.replace('\'', r"'\''"));
            s.push('\'');
        }
    }
    s
}

/// Moves (or copies) `from` to `to` so that `to` is either the whole new
/// file or what it was before: a rename when both are on one file system,
/// else a copy next to `to` and a rename.
pub(super) fn place(from: &Path, to: &Path, mv: bool) -> Result<()> {
    if mv && std::fs::rename(from, to).is_ok() {
        return Ok(());
    }
    let name = to.file_name().ok_or_else(|| anyhow!("not a file name"))?;
    let mut side_name = OsString::from(".");
    side_name.push(name);
    side_name.push(format!(".dtrans-{}", std::process::id()));
    let side = to.with_file_name(side_name);
    std::fs::copy(from, &side)?;
    std::fs::rename(&side, to).inspect_err(|_| {
        let _ = std::fs::remove_file(&side);
    })?;
    Ok(())
}

/// The private temporary directory, removed when dropped unless kept.
pub(super) struct TempDir {
    pub(super) path: PathBuf,
    keep: bool,
}

impl TempDir {
    pub(super) fn new(keep: bool) -> Result<TempDir> {
        let base = std::env::temp_dir();
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        for n in 0..100 {
            let path = base.join(format!("dtrans-cc-{}-{stamp}-{n}", std::process::id()));
            match std::fs::create_dir(&path) {
                Ok(()) => {
                    if keep {
                        eprintln!("dtrans: cc: temporary files in {}", path.display());
                    }
                    return Ok(TempDir { path, keep });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e).with_context(|| format!("cc: cannot create {}", path.display())),
            }
        }
        bail!("cc: cannot create a temporary directory in {}", base.display())
    }

    /// `N-stem.ext` for input number `n`: unique even when two inputs share
    /// a name.
    pub(super) fn file(&self, n: usize, input: &str, ext: &str) -> PathBuf {
        let stem = Path::new(input).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let stem: String = stem.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
        self.path.join(format!("{n}-{stem}.{ext}"))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}
