//! What the plugin does with a module, in safe Rust: the options from the
//! environment ([`Job::from_env`]) and the run over a module the host owns
//! ([`run`]).
use std::path::PathBuf;

use dtrans_ir::Module;
use dtrans_transforms::pipeline::{self, PassOptions, Report, PASSES};

/// The named metadata `dtrans cc -c` marks its objects with
/// (`!{!"dtrans-cc-object(-O2;g)"}`: the level and whether `-g` was given;
/// see `crates/dtrans/src/cc/link.rs`). LTO's module merge keeps one
/// operand per object.
const MARKER_MD: &str = "dtrans.object";
const MARKER_START: &str = "dtrans-cc-object(";

/// Where the pass runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// By name in a pipeline (`opt-19 -passes=dtrans`).
    NamedPass,
    /// At the full-LTO early extension point (lld's LTO): the module is
    /// the linked, internalized program.
    FullLtoEarly,
}

/// One run's passes and options.
#[derive(Debug)]
pub struct Job {
    pub at: At,
    /// What the pass is called (messages).
    pub name: String,
    pub passes: Vec<String>,
    pub options: PassOptions,
    pub report: Option<PathBuf>,
    /// `DTRANS_PLUGIN_TEST_PANIC` (for the tests of the panic boundary):
    /// panic inside the run, with the module in hand.
    pub test_panic: bool,
}

/// Why a run failed, and whether the module is still valid.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
    /// False when the passes may have left the module half transformed.
    pub module_valid: bool,
}

impl Failure {
    pub fn valid(message: String) -> Self {
        Failure { message, module_valid: true }
    }

    fn broken(message: String) -> Self {
        Failure { message, module_valid: false }
    }
}

/// What a successful run did.
#[derive(Debug, Default)]
pub struct Done {
    pub changed: bool,
    /// The module holds objects compiled before LLVM's passes: run the
    /// per-module simplification they skipped.
    pub simplify: bool,
}

impl Done {
    /// The result code of `dtrans_plugin_run`.
    pub fn bits(&self) -> i32 {
        i32::from(self.changed) | (i32::from(self.simplify) << 1)
    }
}

impl Job {
    /// The job of pass number `pass` (-1: the `dtrans` pipeline) at `at`
    /// (0: named pass, 1: full-LTO early), with the options of the
    /// environment.
    pub fn from_env(pass: i32, at: i32) -> Result<Job, String> {
        Job::new(pass, at, |k| std::env::var(k).ok())
    }

    fn new(pass: i32, at: i32, env: impl Fn(&str) -> Option<String>) -> Result<Job, String> {
        let at = match at {
            0 => At::NamedPass,
            1 => At::FullLtoEarly,
            other => return Err(format!("dtrans: unknown extension point {other}")),
        };
        let (name, passes) = if pass < 0 {
            let passes = match env("DTRANS_PASSES") {
                Some(l) if l.trim() == "none" => Vec::new(),
                Some(l) => pipeline::parse_passes(&l).map_err(|e| format!("dtrans: DTRANS_PASSES='{l}': {e}"))?,
                None => pipeline::DEFAULT_PASSES.iter().map(|p| p.to_string()).collect(),
            };
            ("dtrans".to_string(), pipeline::for_codegen(&passes))
        } else {
            let name = usize::try_from(pass)
                .ok()
                .and_then(|n| PASSES.get(n))
                .ok_or_else(|| format!("dtrans: no pass number {pass}"))?;
            (name.to_string(), vec![name.to_string()])
        };
        let index = match env("DTRANS_INDEX_WIDTH") {
            Some(w) => w.trim().parse().map_err(|e| format!("dtrans: DTRANS_INDEX_WIDTH='{w}': {e}"))?,
            None => Default::default(),
        };
        let cost = match env("DTRANS_COST") {
            Some(c) => c.parse().map_err(|e| format!("dtrans: DTRANS_COST='{c}': {e}"))?,
            None => Default::default(),
        };
        let compress_checked = match env("DTRANS_COMPRESS_CHECKED").as_deref().map(str::trim) {
            None | Some("" | "0") => false,
            Some("1") => true,
            Some(other) => return Err(format!("dtrans: DTRANS_COMPRESS_CHECKED='{other}': expected 0 or 1")),
        };
        let report = env("DTRANS_REPORT").filter(|r| !r.is_empty()).map(PathBuf::from);
        let test_panic = env("DTRANS_PLUGIN_TEST_PANIC").is_some();
        Ok(Job {
            at,
            name,
            passes,
            options: PassOptions { index, cost, eval: Vec::new(), compress_checked, block_step_calls: false },
            report,
            test_panic,
        })
    }
}

/// What the `dtrans cc -c` markers of `m` say: whether there is one, and
/// whether any asked for `-g`.
fn markers(m: &Module<'_>) -> (bool, bool) {
    let texts: Vec<String> = m
        .named_metadata(MARKER_MD)
        .map(|n| n.operands())
        .unwrap_or_default()
        .into_iter()
        .flat_map(|node| node.operands())
        .flatten()
        .filter_map(|md| md.as_string())
        .filter(|t| t.starts_with(MARKER_START))
        .collect();
    let debug = texts.iter().any(|t| t.ends_with(";g)"));
    (!texts.is_empty(), debug)
}

/// Runs `job` over `m`, which the host owns. See the crate documentation.
pub fn run(m: &mut Module<'_>, job: &Job) -> Result<Done, Failure> {
    if job.test_panic {
        panic!("DTRANS_PLUGIN_TEST_PANIC is set");
    }
    let mut done = Done::default();
    let mut passes: &[String] = &job.passes;
    let (from_objects, debug) = if job.at == At::FullLtoEarly { markers(m) } else { (false, false) };
    if job.at == At::FullLtoEarly && !passes.is_empty() {
        let exposed = pipeline::exposed_symbols(m);
        if !exposed.is_empty() {
            eprintln!(
                "dtrans: warning: native code or a shared library may reach {} (kept external by the linker), and the analysis does not yet treat such symbols as escaping: no structure is changed",
                exposed.join(", ")
            );
            passes = &[];
        }
    }
    let report = if passes.is_empty() {
        Report::default()
    } else {
        done.changed = true;
        let what = m.path().display().to_string();
        let r = pipeline::run(m, passes, job.options.clone())
            .map_err(|e| Failure::broken(format!("dtrans: {what}: pass {}: {e}", job.name)))?;
        m.verify().map_err(|e| {
            Failure::broken(format!("dtrans: {what}: the module does not verify after pass {}: {e}", job.name))
        })?;
        r
    };
    match &job.report {
        Some(path) => {
            let text = serde_json::to_string_pretty(&report).expect("the report serializes") + "\n";
            std::fs::write(path, text)
                .map_err(|e| Failure::valid(format!("dtrans: DTRANS_REPORT: {}: {e}", path.display())))?;
        }
        None => {
            for line in report.summary_lines().into_iter().chain(report.cost_lines()).chain(report.left_lines()) {
                eprintln!("{line}");
            }
        }
    }
    if from_objects {
        // As `dtrans cc`: the debug information was for the analysis.
        if !debug && m.strip_debug_info() {
            done.changed = true;
        }
        done.simplify = true;
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
    }

    #[test]
    fn jobs_from_the_environment() {
        let j = Job::new(-1, 1, env(&[])).unwrap();
        assert_eq!(j.at, At::FullLtoEarly);
        let mut expected: Vec<String> = pipeline::DEFAULT_PASSES.iter().map(|p| p.to_string()).collect();
        expected.push("annotation-cleaner".into());
        assert_eq!(j.passes, expected);
        assert!(j.report.is_none());

        let j = Job::new(-1, 0, env(&[("DTRANS_PASSES", "delete-field"), ("DTRANS_REPORT", "r.json")])).unwrap();
        assert_eq!(j.passes, ["delete-field"]);
        assert_eq!(j.report.as_deref(), Some(std::path::Path::new("r.json")));
        assert!(Job::new(-1, 0, env(&[("DTRANS_PASSES", "none")])).unwrap().passes.is_empty());

        // A named pass is that pass, whatever DTRANS_PASSES says.
        let peel = PASSES.iter().position(|p| *p == "peel").unwrap() as i32;
        let j = Job::new(peel, 0, env(&[("DTRANS_PASSES", "delete-field")])).unwrap();
        assert_eq!((j.name.as_str(), j.passes.as_slice()), ("peel", &["peel".to_string()][..]));

        let e = Job::new(-1, 0, env(&[("DTRANS_PASSES", "delete-field,nope")])).unwrap_err();
        assert!(e.contains("DTRANS_PASSES='delete-field,nope': unknown pass 'nope' (known: "), "{e}");
        let e = Job::new(-1, 0, env(&[("DTRANS_INDEX_WIDTH", "16")])).unwrap_err();
        assert!(e.starts_with("dtrans: DTRANS_INDEX_WIDTH='16'"), "{e}");
        assert!(Job::new(99, 0, env(&[])).is_err());
        assert!(Job::new(-1, 7, env(&[])).is_err());
    }

    #[test]
    fn result_bits() {
        assert_eq!(Done { changed: false, simplify: false }.bits(), 0);
        assert_eq!(Done { changed: true, simplify: false }.bits(), 1);
        assert_eq!(Done { changed: true, simplify: true }.bits(), 3);
    }
}
