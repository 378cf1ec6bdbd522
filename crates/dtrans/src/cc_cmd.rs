//! `dtrans cc`: a drop-in for `clang-19` in a C build that runs the DTrans
//! passes over the whole program.
//!
//! The pipeline, each step a separate tool run in a private temporary
//! directory:
//!
//! 1. every source to bitcode with `clang-19 -g -c -emit-llvm` and the
//!    user's compile flags, in the form `IR_FORM` says;
//! 2. `llvm-link-19` of that bitcode and the `.ll`/`.bc` inputs;
//! 3. `opt-19 -passes=internalize,globaldce` keeping only `main` (and the
//!    symbols the object files given on the command line need) visible;
//! 4. the passes, in process, through `opt_cmd::run_with` (module file in, module
//!    file and report out);
//! 5. `opt-19` at the user's level (debug info stripped unless the user asked
//!    for it), then `clang-19` at that level to the program, with the object
//!    files, libraries and link flags in their original order.
//!
//! The program is written in the temporary directory and moved into place
//! only when every step succeeded. Modes that do not produce a program from
//! sources (`-c`, `-S`, `-E`, `-M`, `-shared`, ...) run `clang-19` with the
//! same arguments instead.
//!
//! Clang's flags cannot be described to clap, so `main.rs` hands over the raw
//! arguments and `classify` sorts them here.
use std::ffi::{OsStr, OsString};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::{anyhow, bail, Context as _, Result};
use dtrans_ir::Context;

use crate::opt_cmd;

/// The passes run when `--passes` is not given (a macro so that `HELP`
/// states the same list).
macro_rules! default_passes {
    () => {
        "delete-field,reorder-fields,aos-to-soa,peel"
    };
}
pub const DEFAULT_PASSES: &str = default_passes!();

/// Which IR the passes see when the user asks for `-O1` and above (at `-O0`
/// the units are always compiled at `-O0`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[allow(dead_code)] // one variant is chosen by `IR_FORM` at a time
pub enum IrForm {
    /// `-OL -Xclang -disable-llvm-passes`: clang's IR before any LLVM pass
    /// (typed structure GEPs, TBAA tags, nothing inlined).
    BeforeLlvmPasses,
    /// `-OL`: clang's fully optimized IR (byte-offset GEPs, inlined).
    Optimized,
}

/// The IR form the passes see; `opt-19` runs at the user's level afterwards
/// in both cases. Chosen by measurement on `bench/programs` (`-O2`, default
/// passes, 2026-11-23): before LLVM's passes every target structure of the
/// six programs is changed, and the programs run as fast or faster (mcf
/// 0.59 s against 0.80 s); on the optimized IR some are not (mcf's arc: a
/// byte offset held in a phi after unrolling; particles: the vectorizer's
/// two-double accesses; mcf_cold: its structure is not split), since the
/// passes cannot follow all that LLVM's optimizations made of the accesses.
pub const IR_FORM: IrForm = IrForm::BeforeLlvmPasses;

const CLANG: &str = "clang-19";
const CLANGXX: &str = "clang++-19";
const OPT: &str = "opt-19";
const LLVM_LINK: &str = "llvm-link-19";
const LLVM_NM: &str = "llvm-nm-19";

/// Shown after the subcommand's `--help`.
pub const HELP: &str = concat!(
    "\
Arguments are clang-19's, plus four of dtrans's own anywhere among them:
  --passes LIST     dtrans passes to run (default: ",
    default_passes!(),
    ";
                    `none` runs the pipeline without any pass)
  --report FILE     write the passes' JSON report there instead of printing one
                    line per changed structure on stderr
  --keep-temps      keep the temporary directory (its path is printed)
  --index-width W   how aos-to-soa and peel store pointers to a split structure:
                    auto (default: 32-bit indices where the element count is a
                    constant that fits), 32 (always, the count checked when the
                    program runs), 64 (pointers stay)

The sources are one program: each is compiled with `clang-19 -g -c -emit-llvm`
(at -O1 and up before LLVM's passes), linked with llvm-link-19, internalized
except `main`, transformed, optimized with opt-19 at the given -O level and
linked by clang-19 with the object files, libraries and link flags given.
.ll/.bc inputs are linked in as they are; .o/.a/.so and -l/-L/-Wl, go to the
final link only. Debug information is kept only if -g was given.

-c, -S, -E, -M, -MM, -fsyntax-only, -emit-llvm, -shared, -r, -### (and no input
file at all) cannot build a whole program: dtrans cc then runs clang-19 with the
same arguments and exits with its status; --passes and --report are ignored.
Instrumented builds (-fsanitize=, -fprofile-generate, --coverage, ...) are
refused: use clang-19 for those."
);

/// Where a clang flag goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dest {
    /// Compiling a source (preprocessor, language, warnings, dependency files).
    Compile,
    /// The final link only (libraries, linker options).
    Link,
    /// The assembler: assembling `.s`/`.S` inputs and the final step, which
    /// assembles the generated code.
    Asm,
    /// Both compiling and the final step (target, code generation, runtime
    /// libraries, and every flag this classifier does not know).
    Both,
}

/// Flags whose value is the next argument (`-I dir`), with where they go.
/// `-o` and `-x` are handled on their own.
const SEPARATE: &[(&str, Dest)] = &[
    ("-I", Dest::Compile),
    ("-D", Dest::Compile),
    ("-U", Dest::Compile),
    ("-include", Dest::Compile),
    ("-imacros", Dest::Compile),
    ("-include-pch", Dest::Compile),
    ("-isystem", Dest::Compile),
    ("-idirafter", Dest::Compile),
    ("-iquote", Dest::Compile),
    ("-iprefix", Dest::Compile),
    ("-iwithprefix", Dest::Compile),
    ("-iwithprefixbefore", Dest::Compile),
    ("-iframework", Dest::Compile),
    ("-cxx-isystem", Dest::Compile),
    ("-ivfsoverlay", Dest::Compile),
    ("-MF", Dest::Compile),
    ("-MT", Dest::Compile),
    ("-MQ", Dest::Compile),
    ("-MJ", Dest::Compile),
    ("-dependency-file", Dest::Compile),
    ("-Xclang", Dest::Compile),
    ("-Xpreprocessor", Dest::Compile),
    ("-Xanalyzer", Dest::Compile),
    ("-l", Dest::Link),
    ("-L", Dest::Link),
    ("-Xlinker", Dest::Link),
    ("-u", Dest::Link),
    ("-T", Dest::Link),
    ("-z", Dest::Link),
    ("-e", Dest::Link),
    ("-rpath", Dest::Link),
    ("-framework", Dest::Link),
    ("-Xassembler", Dest::Asm),
    ("-target", Dest::Both),
    ("-arch", Dest::Both),
    ("-mllvm", Dest::Both),
    ("--sysroot", Dest::Both),
    ("-isysroot", Dest::Both),
    ("-B", Dest::Both),
    ("-F", Dest::Both),
    ("--param", Dest::Both),
    ("-resource-dir", Dest::Both),
];

/// Flags of `SEPARATE` that clang also accepts joined to their value
/// (`-Idir`, `-DX=1`, `-lm`).
const JOINED: &[&str] = &["-I", "-D", "-U", "-MF", "-MT", "-MQ", "-MJ", "-l", "-L", "-u", "-T", "-B", "-F"];

/// Flags that mean something other than "build a program from these
/// sources": clang runs as is.
const PASSTHROUGH: &[&str] = &[
    "-c",
    "-S",
    "-E",
    "-M",
    "-MM",
    "-fsyntax-only",
    "-emit-llvm",
    "-emit-ast",
    "--precompile",
    "--analyze",
    "-shared",
    "-r",
    "-###",
    "--help",
    "-help",
    "--version",
    "-dumpversion",
    "-dumpmachine",
];

/// Compile-only flags without a value.
const COMPILE_EXACT: &[&str] = &[
    "-w",
    "-ansi",
    "-undef",
    "-nostdinc",
    "-nostdinc++",
    "-trigraphs",
    "-C",
    "-CC",
    "-P",
    "-H",
    "-MD",
    "-MMD",
    "-MP",
    "-MG",
    "-MV",
];

/// Compile-only flags by prefix. The profile-use flags would apply the
/// profile a second time to optimized IR; `-flto` is moot in a whole-program
/// build (the units are bitcode already).
const COMPILE_PREFIX: &[&str] = &[
    "-std=",
    "--std=",
    "-Wp,",
    "-pedantic",
    "-fprofile-use",
    "-fprofile-instr-use",
    "-fprofile-sample-use",
    "-flto",
    "-fno-lto",
];

/// Link-only flags without a value.
const LINK_EXACT: &[&str] = &[
    "-static",
    "-static-pie",
    "-pie",
    "-no-pie",
    "-nopie",
    "-rdynamic",
    "-s",
    "-nostdlib",
    "-nostartfiles",
    "-nodefaultlibs",
    "-nolibc",
    "-static-libgcc",
    "-shared-libgcc",
    "-static-libstdc++",
];

/// Link-only flags by prefix.
/// Instrumentation flags (by prefix) that a whole-program build cannot
/// honour: the instrumentation is done by LLVM passes that run inside
/// clang's own pipeline, which this pipeline replaces (before LLVM's passes
/// nothing is instrumented, at -O0 the final step would instrument twice).
const UNSUPPORTED: &[&str] = &[
    "-fsanitize=",
    "-fprofile-generate",
    "-fprofile-instr-generate",
    "-fcs-profile-generate",
    "-fprofile-arcs",
    "--coverage",
];

const LINK_PREFIX: &[&str] =
    &["-Wl,", "-fuse-ld=", "--ld-path=", "-rtlib=", "--rtlib=", "-unwindlib=", "--unwindlib=", "--for-linker="];

/// What an input file is, from `-x` or its extension.
#[derive(Clone, PartialEq, Eq, Debug)]
enum InputKind {
    /// A source to compile to bitcode (C, C++, preprocessed, Objective-C).
    Source,
    /// LLVM IR (`.ll`, `.bc`), linked in as it is.
    Ir,
    /// Assembly (`.s`, `.S`), assembled to an object for the final link.
    Asm,
    /// A header: clang would precompile it (not a program).
    Header,
    /// Anything else (`.o`, `.a`, `.so`, unknown): for the final link.
    Link,
}

#[derive(Debug)]
struct Input {
    path: String,
    kind: InputKind,
    /// The `-x` language in force for this input, if any.
    lang: Option<String>,
    cxx: bool,
}

/// An item of the final link command, in command-line order.
#[derive(Debug)]
enum LinkItem {
    Arg(String),
    /// The index of an input (the first source or IR input stands for the
    /// whole program; later ones for nothing; assembly for its object).
    Input(usize),
}

/// The command line, sorted.
#[derive(Debug, Default)]
struct Plan {
    /// Every argument except dtrans's own, in order (for the passthrough).
    clang_args: Vec<String>,
    compile: Vec<String>,
    asm: Vec<String>,
    link: Vec<LinkItem>,
    inputs: Vec<Input>,
    output: Option<String>,
    /// The last `-O` flag as written.
    level: Option<String>,
    /// The user's `-g` flags (kept for the final step if `debug`).
    debug_flags: Vec<String>,
    /// Whether the user asked for debug information.
    debug: bool,
    verbose: bool,
    /// Why this cannot be a whole-program build, if it cannot.
    passthrough: Option<String>,
    /// A flag the whole-program build cannot honour (see `UNSUPPORTED`).
    unsupported: Option<String>,
    passes: Option<String>,
    report: Option<PathBuf>,
    keep_temps: bool,
    options: opt_cmd::PassOptions,
}

impl Plan {
    fn cxx(&self) -> bool {
        self.inputs.iter().any(|i| i.cxx)
    }
}

/// The `opt-19` flag for a clang `-O` flag (`None` for `-O0`).
fn opt_level(flag: &str) -> Option<&'static str> {
    match flag.strip_prefix("-O").unwrap_or("") {
        "0" => None,
        "" | "1" | "g" => Some("-O1"),
        "2" => Some("-O2"),
        "s" => Some("-Os"),
        "z" => Some("-Oz"),
        "fast" => Some("-O3"),
        n if n.chars().all(|c| c.is_ascii_digit()) => Some("-O3"),
        // clang rejects anything else when compiling; never reached.
        _ => Some("-O2"),
    }
}

/// Whether `a` is a clang optimization level (`-O`, `-O2`, `-Os`, `-Ofast`;
/// not `-ObjC`).
fn is_level(a: &str) -> bool {
    match a.strip_prefix("-O") {
        Some(rest) => matches!(rest, "" | "s" | "z" | "g" | "fast") || rest.chars().all(|c| c.is_ascii_digit()),
        None => false,
    }
}

/// For a `-g` family flag: `Some(true)` if it turns debug information on,
/// `Some(false)` if off, `None` if it only modifies it (`-gz`,
/// `-gcolumn-info`) or is not a `-g` flag.
fn debug_effect(a: &str) -> Option<bool> {
    let rest = a.strip_prefix("-g")?;
    const MODIFIERS: &[&str] =
        &["z", "column-info", "strict-dwarf", "pubnames", "gnu-pubnames", "embed-source", "dwarf64", "dwarf32"];
    if rest == "0" {
        Some(false)
    } else if rest.starts_with("no-") || MODIFIERS.iter().any(|m| rest == *m || rest.starts_with(&format!("{m}="))) {
        None
    } else {
        Some(true)
    }
}

/// The kind of an input by `-x` language or extension, and whether it is C++.
fn input_kind(path: &str, lang: Option<&str>) -> (InputKind, bool) {
    if let Some(l) = lang {
        let cxx = l.starts_with("c++") || l.starts_with("objective-c++");
        let kind = match l {
            "ir" => InputKind::Ir,
            "assembler" | "assembler-with-cpp" => InputKind::Asm,
            _ if l.contains("header") => InputKind::Header,
            _ => InputKind::Source,
        };
        return (kind, cxx);
    }
    let ext = Path::new(path).extension().and_then(OsStr::to_str).unwrap_or("");
    match ext {
        "c" | "i" | "m" => (InputKind::Source, false),
        "cc" | "cpp" | "cxx" | "c++" | "C" | "cp" | "CPP" | "ii" | "mm" | "M" => (InputKind::Source, true),
        "ll" | "bc" => (InputKind::Ir, false),
        "s" | "S" | "sx" => (InputKind::Asm, false),
        "h" => (InputKind::Header, false),
        "hh" | "hpp" | "hxx" | "H" => (InputKind::Header, true),
        _ => (InputKind::Link, false),
    }
}

/// Sorts the raw arguments: dtrans's own options, inputs, and each clang
/// flag to the steps it belongs to. Fails only on a dtrans option without
/// its value or a clang flag missing its separate argument.
fn classify(args: &[String]) -> Result<Plan> {
    let mut p = Plan::default();
    let mut lang: Option<String> = None;
    let mut i = 0;
    // The next argument, as the value of `flag`.
    let value = |i: &mut usize, flag: &str| -> Result<String> {
        *i += 1;
        args.get(*i).cloned().ok_or_else(|| anyhow!("cc: argument to '{flag}' is missing (expected 1 value)"))
    };
    while i < args.len() {
        let a = args[i].as_str();
        // dtrans's own options, never shown to clang.
        if a == "--keep-temps" {
            p.keep_temps = true;
        } else if a == "--passes" {
            p.passes = Some(value(&mut i, a)?);
        } else if let Some(v) = a.strip_prefix("--passes=") {
            p.passes = Some(v.to_string());
        } else if a == "--index-width" || a.starts_with("--index-width=") {
            let v = match a.strip_prefix("--index-width=") {
                Some(v) => v.to_string(),
                None => value(&mut i, a)?,
            };
            p.options.index = v.parse().map_err(|e| anyhow!("cc: --index-width: {e}"))?;
        } else if a == "--report" {
            p.report = Some(PathBuf::from(value(&mut i, a)?));
        } else if let Some(v) = a.strip_prefix("--report=") {
            p.report = Some(PathBuf::from(v));
        } else {
            classify_clang(args, &mut i, &mut p, &mut lang, &value)?;
        }
        i += 1;
    }
    if p.passthrough.is_none() {
        if p.inputs.is_empty() {
            p.passthrough = Some("no input file".into());
        } else if let Some(h) = p.inputs.iter().find(|x| x.kind == InputKind::Header) {
            p.passthrough = Some(format!("header input '{}'", h.path));
        } else if p.inputs.iter().any(|x| x.path == "-") {
            p.passthrough = Some("source read from standard input".into());
        }
    }
    Ok(p)
}

/// One clang argument (and its value, if it takes one) at `args[*i]`.
fn classify_clang(
    args: &[String],
    i: &mut usize,
    p: &mut Plan,
    lang: &mut Option<String>,
    value: &dyn Fn(&mut usize, &str) -> Result<String>,
) -> Result<()> {
    let a = args[*i].clone();
    p.clang_args.push(a.clone());
    let to = |p: &mut Plan, d: Dest, items: &[String]| {
        if matches!(d, Dest::Compile | Dest::Both) {
            p.compile.extend_from_slice(items);
        }
        if d == Dest::Asm {
            p.asm.extend_from_slice(items);
        }
        if matches!(d, Dest::Link | Dest::Both | Dest::Asm) {
            p.link.extend(items.iter().cloned().map(LinkItem::Arg));
        }
    };
    // An input file (a lone `-` is standard input).
    if !a.starts_with('-') || a == "-" {
        let (kind, cxx) = input_kind(&a, lang.as_deref());
        p.link.push(LinkItem::Input(p.inputs.len()));
        p.inputs.push(Input { path: a, kind, lang: lang.clone(), cxx });
        return Ok(());
    }
    // Output and input language.
    if a == "-o" || a == "-x" {
        let v = value(i, &a)?;
        p.clang_args.push(v.clone());
        if a == "-o" {
            p.output = Some(v);
        } else {
            *lang = (v != "none").then_some(v);
        }
        return Ok(());
    }
    if let Some(v) = a.strip_prefix("-o").filter(|_| !a.starts_with("-obj")) {
        p.output = Some(v.to_string());
        return Ok(());
    }
    if let Some(v) = a.strip_prefix("-x") {
        *lang = (v != "none").then(|| v.to_string());
        return Ok(());
    }
    // A flag with a separate value: both go to the same place.
    if let Some(&(_, d)) = SEPARATE.iter().find(|(f, _)| *f == a) {
        let v = value(i, &a)?;
        p.clang_args.push(v.clone());
        to(p, d, &[a, v]);
        return Ok(());
    }
    if UNSUPPORTED.iter().any(|f| a.starts_with(f)) {
        p.unsupported.get_or_insert(a.clone());
    }
    if PASSTHROUGH.contains(&a.as_str()) || a.starts_with("-print-") || a.starts_with("--print-") {
        p.passthrough.get_or_insert(a);
        return Ok(());
    }
    if is_level(&a) {
        p.level = Some(a);
        return Ok(());
    }
    if let Some(on) = debug_effect(&a) {
        p.debug = on;
    }
    if a.starts_with("-g") {
        p.debug_flags.push(a.clone());
        to(p, Dest::Compile, &[a]);
        return Ok(());
    }
    if a == "-v" {
        p.verbose = true;
    }
    // Joined forms (`-Idir`, `-lm`); `-undef` and `-unwindlib=` are not `-u`.
    let joined = JOINED.iter().find(|f| a.starts_with(**f) && a.len() > f.len());
    if let Some(f) = joined.filter(|_| !a.starts_with("-undef") && !a.starts_with("-unwindlib")) {
        let d = SEPARATE.iter().find(|(s, _)| s == f).map_or(Dest::Both, |(_, d)| *d);
        to(p, d, &[a]);
        return Ok(());
    }
    let d = if COMPILE_EXACT.contains(&a.as_str()) || COMPILE_PREFIX.iter().any(|f| a.starts_with(f)) {
        Dest::Compile
    } else if LINK_EXACT.contains(&a.as_str()) || LINK_PREFIX.iter().any(|f| a.starts_with(f)) {
        Dest::Link
    } else if a.starts_with("-Wa,") {
        Dest::Asm
    } else if a.starts_with("-W") {
        // Warnings (`-Wall`, `-Werror`); `-Wl,`/`-Wa,`/`-Wp,` are above.
        Dest::Compile
    } else {
        // `-f...`, `-m...`, `--target=`, `-pthread`, `-v` and unknown flags:
        // clang sorts them out in each step.
        Dest::Both
    };
    to(p, d, &[a]);
    Ok(())
}

/// Runs `dtrans cc` with the arguments after `cc`.
pub fn run(ctx: &'static Context, args: &[String]) -> Result<ExitCode> {
    let plan = classify(args)?;
    if let Some(why) = &plan.passthrough {
        return passthrough(&plan, why);
    }
    // Check the pass list before compiling anything.
    let passes = plan.passes.as_deref().unwrap_or(DEFAULT_PASSES);
    let passes = if passes.trim() == "none" || passes.split(',').all(|p| p.trim().is_empty()) {
        None
    } else {
        let mut list = opt_cmd::parse_passes(passes).context("cc: --passes")?;
        // The index-field annotations of aos-to-soa and peel are for later
        // DTrans passes; LLVM's would keep them as calls.
        if list.iter().any(|p| p == "aos-to-soa" || p == "peel")
            && list.last().is_some_and(|p| p != "annotation-cleaner")
        {
            list.push("annotation-cleaner".into());
        }
        Some(list.join(","))
    };
    if let Some(flag) = &plan.unsupported {
        bail!("cc: {flag}: instrumentation is done by LLVM passes inside clang's own pipeline, which a whole-program build replaces; build instrumented programs with {CLANG}");
    }
    for input in &plan.inputs {
        if !Path::new(&input.path).exists() {
            bail!("cc: no such file or directory: '{}'", input.path);
        }
    }
    let tmp = TempDir::new(plan.keep_temps)?;
    build(ctx, &plan, passes.as_deref(), &tmp)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs clang with the user's arguments (dtrans's own removed) and exits with
/// its status.
fn passthrough(plan: &Plan, why: &str) -> Result<ExitCode> {
    if plan.passes.is_some() || plan.report.is_some() {
        eprintln!("dtrans: cc: warning: {why}: not a whole-program build, --passes and --report ignored");
    }
    let tool = if plan.cxx() { CLANGXX } else { CLANG };
    if plan.verbose {
        eprintln!("dtrans: cc: {}", show_command(tool, &plan.clang_args));
    }
    let status =
        Command::new(tool).args(&plan.clang_args).status().with_context(|| format!("cc: cannot run {tool}"))?;
    match status.code() {
        Some(c) => Ok(ExitCode::from(u8::try_from(c).unwrap_or(1))),
        None => bail!("cc: {tool} was stopped ({status})"),
    }
}

/// The whole-program build, in `tmp`.
fn build(ctx: &'static Context, plan: &Plan, passes: Option<&str>, tmp: &TempDir) -> Result<()> {
    let level = plan.level.clone().unwrap_or_else(|| "-O0".to_string());
    let opt = opt_level(&level);
    let compile_level: Vec<String> = match (opt, IR_FORM) {
        (None, _) => vec![level.clone()],
        (Some(_), IrForm::BeforeLlvmPasses) => vec![level.clone(), "-Xclang".into(), "-disable-llvm-passes".into()],
        (Some(_), IrForm::Optimized) => vec![level.clone()],
    };

    // 1. Sources to bitcode, assembly to objects (in parallel).
    let mut steps = Vec::new();
    let mut produced: Vec<Option<PathBuf>> = Vec::new();
    for (n, input) in plan.inputs.iter().enumerate() {
        let mut args: Vec<OsString> = plan.compile.iter().map(OsString::from).collect();
        let out = match input.kind {
            InputKind::Source => {
                args.extend(compile_level.iter().map(OsString::from));
                args.extend(["-g", "-c", "-emit-llvm"].map(OsString::from));
                tmp.file(n, &input.path, "bc")
            }
            InputKind::Asm => {
                args.extend(plan.asm.iter().map(OsString::from));
                args.push(level.clone().into());
                args.push("-c".into());
                tmp.file(n, &input.path, "o")
            }
            _ => {
                produced.push(None);
                continue;
            }
        };
        if let Some(l) = &input.lang {
            args.extend(["-x".into(), l.into()]);
        }
        args.extend([input.path.clone().into(), "-o".into(), out.clone().into_os_string()]);
        let tool = if input.cxx { CLANGXX } else { CLANG };
        steps.push(Step { what: format!("compile {}", input.path), tool, args });
        produced.push(Some(out));
    }
    run_parallel(&steps, plan.verbose)?;

    // 2. Link the bitcode.
    let mut to_link: Vec<OsString> = Vec::new();
    for (input, out) in plan.inputs.iter().zip(&produced) {
        match input.kind {
            InputKind::Source => to_link.extend(out.clone().map(PathBuf::into_os_string)),
            InputKind::Ir => to_link.push(input.path.clone().into()),
            _ => {}
        }
    }
    if to_link.is_empty() {
        bail!("cc: no C source or LLVM IR input: nothing for the passes (use clang-19 to link objects)");
    }
    let linked = tmp.path.join("linked.bc");
    let mut args = to_link;
    args.extend(["-o".into(), linked.clone().into_os_string()]);
    Step { what: "link the bitcode".into(), tool: LLVM_LINK, args }.run(plan.verbose)?;

    // 3. Internalize all but main and what the user's objects call.
    let mut public = vec!["main".to_string()];
    let objects = plan.inputs.iter().filter(|i| i.kind == InputKind::Link).map(|i| PathBuf::from(&i.path));
    for file in objects.chain(user_libraries(plan)) {
        public.extend(undefined_symbols(&file));
    }
    public.sort();
    public.dedup();
    let whole = tmp.path.join("whole.bc");
    let args = vec![
        "-passes=internalize,globaldce".into(),
        format!("-internalize-public-api-list={}", public.join(",")).into(),
        linked.into_os_string(),
        "-o".into(),
        whole.clone().into_os_string(),
    ];
    Step { what: "internalize".into(), tool: OPT, args }.run(plan.verbose)?;

    // 4. The passes.
    let report = tmp.path.join("report.json");
    let transformed = match passes {
        None => whole,
        Some(list) => {
            let out = tmp.path.join("transformed.bc");
            if plan.verbose {
                eprintln!(
                    "dtrans: cc: dtrans opt {} -p {list} -o {} --report {} --index-width {}",
                    whole.display(),
                    out.display(),
                    report.display(),
                    plan.options.index
                );
            }
            let code = opt_cmd::run_with(ctx, &whole, list, &out, Some(&report), plan.options, false)
                .with_context(|| format!("cc: step 'dtrans passes {list}' failed"))?;
            if code != ExitCode::SUCCESS {
                bail!("cc: step 'dtrans passes {list}' failed");
            }
            out
        }
    };

    // 5. Optimize (and strip the debug info the analysis needed), then
    // generate code and link.
    let strip = !plan.debug;
    let optimized = if opt.is_some() || strip {
        let out = tmp.path.join("optimized.bc");
        let mut args: Vec<OsString> = opt.iter().map(OsString::from).collect();
        if strip {
            args.push("-strip-debug".into());
        }
        args.extend([transformed.into_os_string(), "-o".into(), out.clone().into_os_string()]);
        Step { what: format!("optimize ({} {})", OPT, opt.unwrap_or("-strip-debug")), tool: OPT, args }
            .run(plan.verbose)?;
        out
    } else {
        transformed
    };
    let program = tmp.path.join("program");
    let mut args: Vec<OsString> = vec![level.clone().into()];
    if opt.is_some() {
        // opt-19 has optimized: code generation only at this level.
        args.extend(["-Xclang", "-disable-llvm-passes"].map(OsString::from));
    }
    // Code-generation flags also reach clang with IR input, where the
    // frontend ones mean nothing; do not warn about those.
    args.push("-Wno-unused-command-line-argument".into());
    if level == "-Ofast" {
        // Already said when compiling.
        args.push("-Wno-deprecated-ofast".into());
    }
    if plan.debug {
        args.extend(plan.debug_flags.iter().map(OsString::from));
    }
    let mut program_placed = false;
    for item in &plan.link {
        match item {
            LinkItem::Arg(a) => args.push(a.into()),
            LinkItem::Input(n) => match (&plan.inputs[*n].kind, &produced[*n]) {
                (InputKind::Source | InputKind::Ir, _) => {
                    if !program_placed {
                        args.push(optimized.clone().into_os_string());
                        program_placed = true;
                    }
                }
                (InputKind::Asm, Some(obj)) => args.push(obj.clone().into_os_string()),
                _ => args.push(plan.inputs[*n].path.clone().into()),
            },
        }
    }
    args.extend(["-o".into(), program.clone().into_os_string()]);
    let tool = if plan.cxx() { CLANGXX } else { CLANG };
    Step { what: "generate code and link".into(), tool, args }.run(plan.verbose)?;

    // 6. The report, then the program, into place.
    if let Some(dest) = &plan.report {
        if passes.is_some() {
            place(&report, dest, false).with_context(|| format!("cc: cannot write the report {}", dest.display()))?;
        } else {
            let empty = "{\n  \"passes\": [],\n  \"changed\": [],\n  \"rejected\": []\n}\n";
            std::fs::write(tmp.path.join("empty.json"), empty).context("cc: cannot write the report")?;
            place(&tmp.path.join("empty.json"), dest, false)
                .with_context(|| format!("cc: cannot write the report {}", dest.display()))?;
        }
    } else if passes.is_some() {
        print_summary(&report);
    }
    let dest = PathBuf::from(plan.output.as_deref().unwrap_or("a.out"));
    place(&program, &dest, true).with_context(|| format!("cc: cannot write the program {}", dest.display()))?;
    Ok(())
}

/// Prints one line per structure the report says changed, following it
/// through the passes (a later pass names it by the earlier pass's new
/// name): `struct.arc: 72 -> 32 bytes (reorder-fields: padding removed;
/// delete-field: id never read)`.
fn print_summary(report: &Path) {
    let parsed = std::fs::read_to_string(report)
        .map_err(anyhow::Error::from)
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).map_err(anyhow::Error::from));
    let r = match parsed {
        Ok(r) => r,
        Err(e) => {
            eprintln!("dtrans: cc: warning: cannot read the passes' report: {e}");
            return;
        }
    };
    let Some(changed) = r.get("changed").and_then(|c| c.as_array()) else { return };
    for line in summary_lines(changed) {
        eprintln!("{line}");
    }
}

fn summary_lines(changed: &[serde_json::Value]) -> Vec<String> {
    let text = |v: Option<&serde_json::Value>| match v {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(v) if !v.is_null() => v.to_string(),
        _ => "?".to_string(),
    };
    // (first name, first size, current name, current size, what each pass did)
    let mut chains: Vec<(String, String, String, String, Vec<String>)> = Vec::new();
    for c in changed {
        let name = text(c.get("name"));
        let what = match c.get("detail") {
            Some(d) if !d.is_null() && d.as_str() != Some("") => format!("{}: {}", text(c.get("pass")), text(Some(d))),
            _ => text(c.get("pass")),
        };
        let (new, new_size) = (text(c.get("new")), text(c.get("new_size")));
        match chains.iter_mut().find(|ch| ch.2 == name) {
            Some(ch) => {
                ch.2 = new;
                ch.3 = new_size;
                ch.4.push(what);
            }
            None => chains.push((name, text(c.get("size")), new, new_size, vec![what])),
        }
    }
    chains
        .into_iter()
        .map(|(name, size, _, new_size, what)| {
            let name = name.strip_prefix('%').unwrap_or(&name).to_string();
            format!("{name}: {size} -> {new_size} bytes ({})", what.join("; "))
        })
        .collect()
}

/// The files the `-lNAME` flags name in the directories of the `-L` flags
/// (`libNAME.so` and `libNAME.a`, or the file of `-l:FILE`). The system's
/// own directories are not searched: their libraries do not call the
/// program's functions by name.
fn user_libraries(plan: &Plan) -> Vec<PathBuf> {
    // Flags as the link list holds them: joined (`-lm`) or split (`-l`, `m`).
    let mut flags = Vec::new();
    let mut items = plan.link.iter().filter_map(|l| match l {
        LinkItem::Arg(a) => Some(a.as_str()),
        LinkItem::Input(_) => None,
    });
    while let Some(a) = items.next() {
        for f in ["-L", "-l"] {
            if a == f {
                flags.extend(items.next().map(|v| (f, v)));
            } else if let Some(v) = a.strip_prefix(f) {
                flags.push((f, v));
            }
        }
    }
    let dirs: Vec<&str> = flags.iter().filter(|(f, _)| *f == "-L").map(|(_, d)| *d).collect();
    let mut found = Vec::new();
    for (_, name) in flags.iter().filter(|(f, _)| *f == "-l") {
        let files = match name.strip_prefix(':') {
            Some(file) => vec![file.to_string()],
            None => vec![format!("lib{name}.so"), format!("lib{name}.a")],
        };
        for dir in &dirs {
            found.extend(files.iter().map(|f| Path::new(dir).join(f)).filter(|p| p.is_file()));
        }
    }
    found
}

/// The symbols an object file, archive or shared library given on the
/// command line leaves undefined (they may be defined by the program and
/// must then stay visible). A file `llvm-nm-19` cannot read gives none: the
/// final link reports what is wrong with it.
fn undefined_symbols(path: &Path) -> Vec<String> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let shared = name.ends_with(".so") || name.contains(".so.");
    let mut cmd = Command::new(LLVM_NM);
    cmd.args(["--undefined-only", "--format=just-symbols"]);
    if shared {
        cmd.arg("-D");
    }
    let Ok(out) = cmd.arg(path).stdin(Stdio::null()).output() else { return Vec::new() };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::trim)
        // Archive members print as `member.o:` headers; versions as `@GLIBC_2.2.5`.
        .filter(|l| !l.is_empty() && !l.ends_with(':'))
        .map(|l| l.split('@').next().unwrap_or(l).to_string())
        .collect()
}

/// One run of an LLVM tool.
struct Step {
    /// What the step does, for the error message.
    what: String,
    tool: &'static str,
    args: Vec<OsString>,
}

impl Step {
    /// Runs the tool; passes its output on when it succeeds (warnings), and
    /// puts its error output in the error when it fails.
    fn run(&self, verbose: bool) -> Result<()> {
        if verbose {
            eprintln!("dtrans: cc: {}", show_command(self.tool, &self.args));
        }
        let out = self.output()?;
        forward(&out);
        Ok(())
    }

    fn output(&self) -> Result<std::process::Output> {
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

fn forward(out: &std::process::Output) {
    // Nothing sensible to do if our own stdout or stderr is closed.
    let _ = std::io::stdout().write_all(&out.stdout);
    let _ = std::io::stderr().write_all(&out.stderr);
}

/// Runs the steps, as many at a time as there are processors; forwards
/// their output in order and fails with the first failure in order.
fn run_parallel(steps: &[Step], verbose: bool) -> Result<()> {
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
fn show_command<S: AsRef<OsStr>>(tool: &str, args: &[S]) -> String {
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
fn place(from: &Path, to: &Path, mv: bool) -> Result<()> {
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
struct TempDir {
    path: PathBuf,
    keep: bool,
}

impl TempDir {
    fn new(keep: bool) -> Result<TempDir> {
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
    fn file(&self, n: usize, input: &str, ext: &str) -> PathBuf {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(args: &str) -> Plan {
        let args: Vec<String> = args.split_whitespace().map(String::from).collect();
        classify(&args).expect("classify")
    }

    #[test]
    fn sorts_flags() {
        let p = plan("-O2 -I inc -DX=1 a.c -lm b.o -Wl,-z,now -march=native -Wall --passes none -o prog");
        assert_eq!(p.compile, ["-I", "inc", "-DX=1", "-march=native", "-Wall"]);
        let link: Vec<String> = p
            .link
            .iter()
            .map(|l| match l {
                LinkItem::Arg(a) => a.clone(),
                LinkItem::Input(n) => format!("#{n}"),
            })
            .collect();
        assert_eq!(link, ["#0", "-lm", "#1", "-Wl,-z,now", "-march=native"]);
        assert_eq!(p.output.as_deref(), Some("prog"));
        assert_eq!(p.level.as_deref(), Some("-O2"));
        assert_eq!(p.passes.as_deref(), Some("none"));
        assert_eq!(p.inputs[0].kind, InputKind::Source);
        assert_eq!(p.inputs[1].kind, InputKind::Link);
        assert!(p.passthrough.is_none());
        assert!(!p.clang_args.contains(&"--passes".to_string()));
    }

    #[test]
    fn modes_and_levels() {
        assert_eq!(plan("-c a.c -o a.o").passthrough.as_deref(), Some("-c"));
        assert!(plan("-O2").passthrough.is_some());
        assert!(plan("-x c-header a.h").passthrough.is_some());
        assert_eq!(plan("-x ir a.txt").inputs[0].kind, InputKind::Ir);
        assert_eq!(plan("-ObjC a.c").level, None);
        assert_eq!(opt_level("-O"), Some("-O1"));
        assert_eq!(opt_level("-Ofast"), Some("-O3"));
        assert_eq!(opt_level("-O0"), None);
        assert!(plan("-g a.c").debug);
        assert!(!plan("-g -g0 a.c").debug);
        assert!(!plan("-gz a.c").debug);
        assert!(plan("-undef a.c").compile.contains(&"-undef".to_string()));
    }

    #[test]
    fn summary() {
        let c = serde_json::json!({"name": "%struct.arc", "size": 64, "new_size": 32, "pass": "delete-field", "detail": "cost"});
        assert_eq!(summary_lines(&[c]), vec!["struct.arc: 64 -> 32 bytes (delete-field: cost)"]);
        let c = serde_json::json!({"name": "%struct.a", "size": null, "new_size": 8, "pass": "optbase-test"});
        assert_eq!(summary_lines(&[c]), vec!["struct.a: ? -> 8 bytes (optbase-test)"]);
        let a = serde_json::json!({"name": "%struct.s", "new": "%__DFR_struct.s", "size": 24, "new_size": 16,
                                   "pass": "reorder-fields", "detail": "padding removed"});
        let b = serde_json::json!({"name": "%__DFR_struct.s", "new": "%__DFT___DFR_struct.s", "size": 16,
                                   "new_size": 8, "pass": "delete-field", "detail": "x never read"});
        assert_eq!(
            summary_lines(&[a, b]),
            vec!["struct.s: 24 -> 8 bytes (reorder-fields: padding removed; delete-field: x never read)"]
        );
    }
}
