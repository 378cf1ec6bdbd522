//! `dtrans cc`: a drop-in for `clang-19` in a C build that runs the DTrans
//! passes over the whole program.
//!
//! `-c`: every source to a bitcode object with `clang-19 -g -c -emit-llvm`
//! and the user's compile flags, in the form `IR_FORM` says, marked by
//! `mark` (see `link.rs`) with the level and `-g`.
//!
//! A link (each step a tool run in a private temporary directory):
//!
//! 1. sources compiled as with `-c` into the temporary directory, assembly
//!    to native objects;
//! 2. each input looked at (`link::inspect`): marked bitcode objects and
//!    archives of them, native files; anything else refused;
//! 3. lld merges the bitcode with its LTO symbol resolution and writes the
//!    internalized module (`--lto-emit-llvm`), LTO's optimizations replaced
//!    by `elim-avail-extern` (extern inline bodies become declarations) and
//!    `globaldce`;
//! 4. the passes, in process (`dtrans_transforms::pipeline`), unless native
//!    code may reach a program symbol through a pointer;
//! 5. `opt-19` at the level (debug info stripped unless asked for), then
//!    `clang-19` to the program, with the native objects, libraries and
//!    link flags in their original order.
//!
//! The one-command form (`dtrans cc a.c b.c -o prog`) goes the same way, so
//! it gives what separate compilation gives. The program is written in the
//! temporary directory and moved into place only when every step
//! succeeded. Modes that produce neither objects nor a program (`-S`,
//! `-E`, `-M`, `-shared`, ...) run `clang-19` with the same arguments.
//!
//! Clang's flags cannot be described to clap, so `main.rs` hands over the raw
//! arguments and `classify` sorts them here.
//
// Files: `flags.rs` sorts clang's arguments; `tools.rs` runs the tools and
// holds the temporary directory; `link.rs` finds what the link needs.
mod flags;
mod link;
mod tools;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{bail, Context as _, Result};
use dtrans_ir::{Context, IrFormat, Module};
use dtrans_transforms::pipeline;

use crate::opt_cmd;
use flags::{classify, opt_level, InputKind, LinkItem, Plan};
use link::Marker;
use tools::{place, run_parallel, show_command, Step, TempDir, CLANG, CLANGXX, LLVM_AS, OPT};

/// `pipeline::DEFAULT_PASSES` as `HELP` states it (a unit test checks they
/// agree).
macro_rules! default_passes {
    () => {
        "specialize-calls,delete-field,compress-fields,reorder-fields,aos-to-soa,peel,blocks"
    };
}

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

/// Shown after the subcommand's `--help`.
pub const HELP: &str = concat!(
    "\
Arguments are clang-19's, plus seven of dtrans's own anywhere among them:
  --passes LIST     dtrans passes to run (default: ",
    default_passes!(),
    ";
                    `none` runs the pipeline without any pass)
  --report FILE     write the passes' JSON report there instead of printing on
                    stderr a line per changed structure, the cost model's
                    `cost:` lines and `left alone:` lines for the most
                    accessed structures no pass changed
  --keep-temps      keep the temporary directory (its path is printed)
  --index-width W   how aos-to-soa and peel store pointers to a split structure:
                    auto (default: 32-bit indices where the element count is a
                    constant that fits and they shrink a record), 32 (always,
                    the count checked when the program runs), 64 (pointers
                    stay)
  --compress-checked  compress-fields also stores 64-bit integer fields of
                    values it cannot bound in 32 bits, each store checked when
                    the program runs (one that does not fit stops it)
  --cost K=V,...    parameters of the cost model that decides every layout
                    (line, loop-weight, max-depth, cache-bytes, hit,
                    random-line, side-visit, margin, overlap, hot-regions,
                    max-groups, soa-streams, block-bytes, block-bytes-max,
                    block-runs, block-page-form, block-min, prefetch-lines,
                    run-align, pack-access;
                    see docs/commands.md)
  --cost-eval 'S={F,...}{...}'  layouts for the model to predict beside its
                    own, in the report (calibration)

With -c, each source becomes an LLVM bitcode object (`clang-19 -g -c -emit-llvm`,
at -O1 and up before LLVM's passes, marked for the link step). Without -c, the
sources are compiled so, then linked: lld merges the bitcode objects and
archive members (also through -l/-L) with the native objects and libraries
and keeps external only what native code references; the passes run over
that module, opt-19 optimizes it at the -O level given (else the objects')
and clang-19 links it with the native objects, libraries and link flags.
.ll/.bc inputs are taken as they are. Debug information is kept only if -g was
given. Bitcode not made by `dtrans cc -c`, archives made by GNU ar (use
`dtrans ar`) and archives mixing bitcode and native objects are refused.
--passes, --report, --index-width, --compress-checked and --cost act at the link
(-c ignores them).

-S, -E, -M, -MM, -fsyntax-only, -emit-llvm, -shared, -r, -### (and no input
file or library at all) cannot build a whole program: dtrans cc then runs
clang-19 with the same arguments and exits with its status; --passes and
--report are ignored. -fprofile-generate[=DIR] (or -fprofile-instr-generate)
builds the program as clang-19 does, with front-end instrumentation and no
layout changed: run it, merge the counts with llvm-profdata-19 merge, and
build with -fprofile-use=FILE.profdata, whose counts the cost model then uses.
Other instrumented builds (-fsanitize=, --coverage, ...) are refused: use
clang-19 for those."
);

/// Runs `dtrans cc` with the arguments after `cc`.
pub fn run(ctx: &'static Context, args: &[String]) -> Result<ExitCode> {
    let plan = classify(args)?;
    if let Some(why) = &plan.passthrough {
        return passthrough(&plan, why);
    }
    // Check the pass list before compiling anything.
    let passes = match plan.passes.as_deref() {
        None => Some(pipeline::DEFAULT_PASSES.iter().map(|p| p.to_string()).collect()),
        Some(l) if l.trim() == "none" || l.split(',').all(|p| p.trim().is_empty()) => None,
        Some(l) => Some(pipeline::parse_passes(l).context("cc: --passes")?),
    };
    let passes = passes.map(|l| pipeline::for_codegen(&l));
    if let Some(flag) = &plan.unsupported {
        bail!("cc: {flag}: instrumentation is done by LLVM passes inside clang's own pipeline, which a whole-program build replaces; build instrumented programs with {CLANG}");
    }
    for input in &plan.inputs {
        if !Path::new(&input.path).exists() {
            bail!("cc: no such file or directory: '{}'", input.path);
        }
    }
    if plan.compile_only {
        compile_only(&plan)?;
        return Ok(ExitCode::SUCCESS);
    }
    let tmp = TempDir::new(plan.keep_temps)?;
    build(ctx, &plan, passes.as_deref(), &tmp)?;
    Ok(ExitCode::SUCCESS)
}

/// `dtrans ar`: llvm-ar-19 with the same arguments, and its status. It
/// writes a symbol index of bitcode members (with `s`, or by default for
/// `r`/`q`), which the link step needs.
pub fn ar(args: &[String]) -> Result<ExitCode> {
    let status = Command::new(tools::LLVM_AR)
        .args(args)
        .status()
        .with_context(|| format!("ar: cannot run {}", tools::LLVM_AR))?;
    match status.code() {
        Some(c) => Ok(ExitCode::from(u8::try_from(c).unwrap_or(1))),
        None => bail!("ar: {} was stopped ({status})", tools::LLVM_AR),
    }
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

/// The flags that compile a source to a bitcode object the passes can use,
/// at the user's level `level` (`-O2`; `None`: no `-O` given).
fn ir_form_flags(level: Option<&str>) -> Vec<String> {
    let Some(level) = level else { return Vec::new() };
    match (opt_level(level), IR_FORM) {
        (Some(_), IrForm::BeforeLlvmPasses) => vec![level.into(), "-Xclang".into(), "-disable-llvm-passes".into()],
        _ => vec![level.into()],
    }
}

/// The compile step of every source input: to a bitcode object at `outs[n]`
/// for sources (marked, see `link.rs`), to a native object for assembly and
/// LLVM IR; inputs with no entry in `outs` are skipped. The objects of
/// sources that compiled are marked even when another failed (as clang
/// leaves the others' objects); a source that failed has no object.
fn compile(plan: &Plan, outs: &[Option<PathBuf>]) -> Result<()> {
    let marker = Marker { level: plan.level.clone().unwrap_or_default(), debug: plan.debug };
    let mut steps = Vec::new();
    let mut sources = Vec::new();
    for (input, out) in plan.inputs.iter().zip(outs) {
        let Some(out) = out else { continue };
        let mut args: Vec<OsString> = plan.compile.iter().map(OsString::from).collect();
        if input.kind == InputKind::Source {
            // clang keeps an old object when it fails: it must not be
            // marked (or linked) as if it were the new one.
            let _ = std::fs::remove_file(out);
            args.extend(ir_form_flags(plan.level.as_deref()).into_iter().map(OsString::from));
            args.extend(["-g", "-c", "-emit-llvm"].map(OsString::from));
            sources.push(out.clone());
        } else {
            args.extend(plan.asm.iter().map(OsString::from));
            args.extend(plan.level.iter().map(OsString::from));
            args.push("-c".into());
        }
        if let Some(l) = &input.lang {
            args.extend(["-x".into(), l.into()]);
        }
        args.extend([input.path.clone().into(), "-o".into(), out.clone().into_os_string()]);
        let tool = if input.cxx { CLANGXX } else { CLANG };
        steps.push(Step { what: format!("compile {}", input.path), tool, args });
    }
    let compiled = run_parallel(&steps, plan.verbose);
    for out in sources.iter().filter(|o| o.exists()) {
        if let Err(e) = mark(out, &marker) {
            let _ = std::fs::remove_file(out);
            return Err(e);
        }
    }
    compiled
}

/// Adds the marker to the bitcode object at `path` (rewritten whole). In
/// a context of its own: types loaded into the program's context would
/// keep their names, and the merged module's would get `.1` suffixes.
fn mark(path: &Path, marker: &Marker) -> Result<()> {
    let ctx = Context::new();
    let m = Module::parse_file(&ctx, path).with_context(|| format!("cc: cannot read back {}", path.display()))?;
    let text = m.md_string(&marker.text());
    m.get_or_insert_named_metadata(link::MARKER_MD).add_operand(m.md_tuple(&[Some(text)]));
    m.write(path, IrFormat::Bitcode).with_context(|| format!("cc: cannot write {}", path.display()))?;
    Ok(())
}

/// `dtrans cc -c`: each source to a bitcode object named as clang names
/// it (`-o` with one input, else the source's name with `.o` in the
/// current directory).
fn compile_only(plan: &Plan) -> Result<()> {
    let compiled: Vec<&flags::Input> = plan.inputs.iter().filter(|i| i.kind != InputKind::Link).collect();
    if plan.output.is_some() && compiled.len() > 1 {
        bail!("cc: cannot specify -o when generating multiple output files");
    }
    let mut outs = Vec::new();
    for input in &plan.inputs {
        if input.kind == InputKind::Link {
            eprintln!("dtrans: cc: warning: {}: linker input unused with -c", input.path);
            outs.push(None);
            continue;
        }
        let out = match &plan.output {
            Some(o) => PathBuf::from(o),
            None => {
                let stem = Path::new(&input.path).file_stem().unwrap_or_default();
                PathBuf::from(stem).with_extension("o")
            }
        };
        outs.push(Some(out));
    }
    compile(plan, &outs)
}

/// The whole-program build, in `tmp`: the sources compiled as `-c` would
/// (into `tmp`), then the link step.
fn build(ctx: &'static Context, plan: &Plan, passes: Option<&[String]>, tmp: &TempDir) -> Result<()> {
    let outs = object_paths(plan, tmp);
    compile(plan, &outs)?;
    link_program(ctx, plan, passes, tmp, &outs)
}

/// Where each input is compiled to (sources and assembly files).
fn object_paths(plan: &Plan, tmp: &TempDir) -> Vec<Option<PathBuf>> {
    plan.inputs
        .iter()
        .enumerate()
        .map(|(n, i)| match i.kind {
            InputKind::Source => Some(tmp.file(n, &i.path, "o")),
            InputKind::Asm => Some(tmp.file(n, &i.path, "s.o")),
            _ => None,
        })
        .collect()
}

/// What `dtrans advise` reads: the linked whole-program module of a
/// `dtrans cc` command line (the sources compiled with debug information,
/// objects and archives merged by lld and internalized), before any pass,
/// and the C sources given. The module's file lives as long as the value.
pub struct MergedProgram {
    pub module: PathBuf,
    pub sources: Vec<PathBuf>,
    _tmp: TempDir,
}

/// The merged module of the program that `dtrans cc ARGS` would build.
pub fn merged_program(args: &[String]) -> Result<MergedProgram> {
    let plan = classify(args)?;
    if let Some(why) = &plan.passthrough {
        bail!("{why}: no whole program to advise on");
    }
    if plan.compile_only {
        bail!("-c makes objects, not a program: give every source or object of the program");
    }
    for input in &plan.inputs {
        if !Path::new(&input.path).exists() {
            bail!("no such file or directory: '{}'", input.path);
        }
    }
    let tmp = TempDir::new(plan.keep_temps)?;
    let outs = object_paths(&plan, &tmp);
    compile(&plan, &outs)?;
    let linked = merge(&plan, &tmp, &outs)?;
    let sources =
        plan.inputs.iter().filter(|i| matches!(i.kind, InputKind::Source)).map(|i| PathBuf::from(&i.path)).collect();
    Ok(MergedProgram { module: linked.merged, sources, _tmp: tmp })
}

/// Where an item of the command line goes in the link step.
enum Role {
    /// Native: given to the final link as it is (and to the merge, where the
    /// linker reads which symbols it needs).
    Native(OsString),
    /// Bitcode: merged into the program; not given to the final link.
    Bitcode(OsString),
    /// A flag for both links (`-L`, `-Wl,`, `-static`, ...).
    Flag(OsString),
    /// A flag for the final link only (`-fuse-ld=`).
    FinalFlag(OsString),
}

/// The link step: the bitcode objects and archive members (also through
/// `-l`) merged by lld's LTO symbol resolution into one internalized
/// module, the passes, `opt-19` at the level, the final link. `outs`: what
/// `build` compiled each input to.
fn link_program(
    ctx: &'static Context,
    plan: &Plan,
    passes: Option<&[String]>,
    tmp: &TempDir,
    outs: &[Option<PathBuf>],
) -> Result<()> {
    let Linked { merged, roles, level, opt, debug, debug_flags, tool } = merge(plan, tmp, outs)?;
    finish_program(ctx, plan, passes, tmp, Linked { merged, roles, level, opt, debug, debug_flags, tool })
}

/// The merged module and what the rest of the link step needs.
struct Linked {
    merged: PathBuf,
    roles: Vec<Role>,
    level: String,
    opt: Option<&'static str>,
    debug: bool,
    debug_flags: Vec<String>,
    tool: &'static str,
}

/// Steps 1 and 2 of the link: what each item is, and lld's merge into one
/// internalized module (`tmp/merged.bc`).
fn merge(plan: &Plan, tmp: &TempDir, outs: &[Option<PathBuf>]) -> Result<Linked> {
    // 1. What each item is.
    let (dirs, static_only) = link::search_dirs(plan);
    let mut roles = Vec::new();
    let mut markers = Vec::new();
    let classify_file = |path: &Path, what: &str, markers: &mut Vec<Marker>| -> Result<bool> {
        match link::inspect(path, what, &tmp.path)? {
            link::Found::Native => Ok(false),
            link::Found::Bitcode(m) => {
                markers.extend(m);
                Ok(true)
            }
        }
    };
    let mut items = plan.link.iter().peekable();
    while let Some(item) = items.next() {
        match item {
            LinkItem::Input(n) => {
                let input = &plan.inputs[*n];
                match (&input.kind, &outs[*n]) {
                    (InputKind::Source, Some(obj)) => {
                        classify_file(obj, &input.path, &mut markers)?;
                        roles.push(Role::Bitcode(obj.clone().into_os_string()));
                    }
                    (InputKind::Asm, Some(obj)) => roles.push(Role::Native(obj.clone().into_os_string())),
                    (InputKind::Ir, _) => {
                        // Given as it is: no marker needed. Named `.o`: the
                        // clang driver would compile a `.bc` before the link.
                        let bc = tmp.file(*n, &input.path, "ir.o");
                        let bytes =
                            std::fs::read(&input.path).with_context(|| format!("cc: cannot read {}", input.path))?;
                        if bytes.starts_with(b"BC\xC0\xDE") {
                            std::fs::write(&bc, bytes).with_context(|| format!("cc: cannot write {}", bc.display()))?;
                        } else {
                            let args = vec![input.path.clone().into(), "-o".into(), bc.clone().into_os_string()];
                            Step { what: format!("assemble {}", input.path), tool: LLVM_AS, args }.run(plan.verbose)?;
                        }
                        roles.push(Role::Bitcode(bc.into_os_string()));
                    }
                    _ => {
                        let path = PathBuf::from(&input.path);
                        if classify_file(&path, &input.path, &mut markers)? {
                            roles.push(Role::Bitcode(path.into_os_string()));
                        } else {
                            roles.push(Role::Native(path.into_os_string()));
                        }
                    }
                }
            }
            LinkItem::Arg(a) => {
                // `-lNAME` / `-l NAME`: an archive of bitcode in a user's
                // directory is merged, and left out of the final link.
                let name = if a == "-l" {
                    match items.peek() {
                        Some(LinkItem::Arg(v)) => {
                            let v = v.clone();
                            items.next();
                            Some((format!("-l{v}"), v))
                        }
                        _ => None,
                    }
                } else {
                    a.strip_prefix("-l").map(|v| (a.clone(), v.to_string()))
                };
                if let Some((flag, name)) = name {
                    let lib = link::find_library(&name, &dirs, static_only);
                    let bitcode = match &lib {
                        Some(path) => classify_file(path, &format!("{flag} ({})", path.display()), &mut markers)?,
                        None => false,
                    };
                    roles.push(if bitcode { Role::Bitcode(flag.into()) } else { Role::Native(flag.into()) });
                } else if a.starts_with("-fuse-ld=") || a.starts_with("--ld-path=") {
                    roles.push(Role::FinalFlag(a.into()));
                } else {
                    roles.push(Role::Flag(a.into()));
                }
            }
        }
    }
    if !roles.iter().any(|r| matches!(r, Role::Bitcode(_))) {
        bail!("cc: no source, bitcode object or LLVM IR input: nothing for the passes (use clang-19 to link native objects)");
    }

    // The level: the link command's, else the objects'.
    let level = match &plan.level {
        Some(l) => l.clone(),
        None => {
            let mut levels: Vec<&str> = markers.iter().map(|m| m.level.as_str()).filter(|l| !l.is_empty()).collect();
            levels.sort_by_key(|l| level_rank(l));
            levels.dedup();
            if levels.len() > 1 {
                eprintln!(
                    "dtrans: cc: warning: objects compiled at {}: linking at {} (give -O to the link command to choose)",
                    levels.join(", "),
                    levels[levels.len() - 1]
                );
            }
            levels.last().map_or("-O0".to_string(), |l| l.to_string())
        }
    };
    let opt = opt_level(&level);
    let debug = plan.debug || markers.iter().any(|m| m.debug);
    let debug_flags =
        if plan.debug_flags.is_empty() && debug { vec!["-g".to_string()] } else { plan.debug_flags.clone() };

    // 2. Merge: lld resolves symbols across bitcode objects, archive
    // members (it picks members as for any link), native objects and
    // shared libraries, and writes the merged module after LTO's
    // internalization (only what native code or the dynamic linker may
    // reach stays external). `--lto-newpm-passes=elim-avail-extern,globaldce`
    // replaces LTO's optimization pipeline, so the module is as compiled
    // (typed GEPs, debug info), less what nothing references. The bodies of
    // available_externally functions (glibc's extern inlines at -O1 and up:
    // getc_unlocked, tolower, atoi, ...) become declarations, as in LTO's own
    // pipeline: the symbol is the C library's, so it is not a program
    // function native code could call, and the analysis sees a library call.
    let merged = tmp.path.join("merged.bc");
    let mut args: Vec<OsString> =
        ["-fuse-ld=lld", "-Wl,--lto-emit-llvm", "-Xlinker", "--lto-newpm-passes=elim-avail-extern,globaldce"]
            .map(OsString::from)
            .to_vec();
    args.push("-Wno-unused-command-line-argument".into());
    for r in &roles {
        match r {
            Role::Native(a) | Role::Bitcode(a) | Role::Flag(a) => args.push(a.clone()),
            Role::FinalFlag(_) => {}
        }
    }
    args.extend(["-o".into(), merged.clone().into_os_string()]);
    let tool = if plan.cxx() { CLANGXX } else { CLANG };
    Step { what: "merge the bitcode (lld)".into(), tool, args }.run(plan.verbose)?;
    Ok(Linked { merged, roles, level, opt, debug, debug_flags, tool })
}

/// Step 3b, when `blocks` left steps over elements as calls: opt-19 at
/// `level` over `transformed`, then `blocks-loops` (loops stepping with a
/// counter split into runs over blocks, every step put in place); returns
/// the module step 4 optimizes again.
fn strip_block_loops(
    ctx: &'static Context,
    plan: &Plan,
    tmp: &TempDir,
    transformed: &std::path::Path,
    level: &'static str,
) -> Result<PathBuf> {
    let first = tmp.path.join("steps.bc");
    let args: Vec<OsString> =
        vec![level.into(), transformed.as_os_str().to_owned(), "-o".into(), first.clone().into_os_string()];
    Step { what: format!("optimize before blocks-loops ({OPT} {level})"), tool: OPT, args }.run(plan.verbose)?;
    let out = tmp.path.join("stripped.bc");
    if plan.verbose {
        eprintln!("dtrans: cc: dtrans opt {} -p blocks-loops -o {}", first.display(), out.display());
    }
    let what = || "cc: step 'dtrans passes blocks-loops' failed".to_string();
    let mut m = crate::load(ctx, &first)?;
    // (With a profile, opt-19 added its call-graph profile as a module
    // flag; the next run adds it again, and two are invalid.)
    m.remove_module_flag("CG Profile");
    // The program is right with its steps left as calls (only slower):
    // a loop blocks-loops cannot rewrite is no reason to fail the build.
    if let Err(e) = dtrans_transforms::relayout::strip::run(&mut m, &plan.options.cost) {
        eprintln!("dtrans: cc: warning: blocks-loops: {e}; steps over blocked arrays stay calls");
        crate::skip_teardown(m);
        return Ok(first);
    }
    m.verify().with_context(|| format!("{}: the module after blocks-loops does not verify", first.display()))?;
    m.write(&out, IrFormat::Bitcode).with_context(what)?;
    crate::skip_teardown(m);
    Ok(out)
}

/// Steps 3 to 5 of the link: the passes, opt-19, code generation and the
/// final link, the report and the program into place.
fn finish_program(
    ctx: &'static Context,
    plan: &Plan,
    passes: Option<&[String]>,
    tmp: &TempDir,
    linked: Linked,
) -> Result<()> {
    let Linked { merged, roles, level, opt, debug, debug_flags, tool } = linked;
    // 3. The passes, unless native code may see the structures.
    let (transformed, result) = match passes {
        None => (merged, pipeline::Report::default()),
        Some(list) => {
            let mut m = crate::load(ctx, &merged)?;
            let exposed = pipeline::exposed_symbols(&m);
            if !exposed.is_empty() {
                eprintln!(
                    "dtrans: cc: warning: native code or a shared library may reach {} (kept external by the linker), and the analysis does not yet treat such symbols as escaping: no structure is changed",
                    exposed.join(", ")
                );
                crate::skip_teardown(m);
                (merged, pipeline::Report::default())
            } else {
                let out = tmp.path.join("transformed.bc");
                if plan.verbose {
                    eprintln!(
                        "dtrans: cc: dtrans opt {} -p {} -o {} --index-width {}",
                        merged.display(),
                        list.join(","),
                        out.display(),
                        plan.options.index
                    );
                }
                let what = || format!("cc: step 'dtrans passes {}' failed", list.join(","));
                // At -O1 and up, blocks leaves its steps over elements as
                // calls, for blocks-loops after a first run of opt-19.
                let options = pipeline::PassOptions { block_step_calls: opt.is_some(), ..plan.options.clone() };
                let r = pipeline::run(&mut m, list, options).with_context(what)?;
                m.verify().with_context(|| format!("{}: the transformed module does not verify", merged.display()))?;
                m.write(&out, IrFormat::Bitcode).with_context(what)?;
                let steps = dtrans_transforms::relayout::strip::has_step_calls(&m);
                crate::skip_teardown(m);
                if steps {
                    (strip_block_loops(ctx, plan, tmp, &out, opt.unwrap_or("-O2"))?, r)
                } else {
                    (out, r)
                }
            }
        }
    };

    // 4. Optimize (and strip the debug info the analysis needed), then
    // generate code and link.
    let strip = !debug;
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
    if debug {
        args.extend(debug_flags.iter().map(OsString::from));
    }
    let mut program_placed = false;
    for r in &roles {
        match r {
            Role::Native(a) | Role::Flag(a) | Role::FinalFlag(a) => args.push(a.clone()),
            Role::Bitcode(_) if !program_placed => {
                args.push(optimized.clone().into_os_string());
                program_placed = true;
            }
            Role::Bitcode(_) => {}
        }
    }
    args.extend(["-o".into(), program.clone().into_os_string()]);
    Step { what: "generate code and link".into(), tool, args }.run(plan.verbose)?;

    // 5. The report, then the program, into place.
    if let Some(dest) = &plan.report {
        let report = tmp.path.join("report.json");
        opt_cmd::write_report(&result, &report)?;
        place(&report, dest, false).with_context(|| format!("cc: cannot write the report {}", dest.display()))?;
    } else {
        for line in result.summary_lines().into_iter().chain(result.cost_lines()).chain(result.left_lines()) {
            eprintln!("{line}");
        }
    }
    let dest = PathBuf::from(plan.output.as_deref().unwrap_or("a.out"));
    place(&program, &dest, true).with_context(|| format!("cc: cannot write the program {}", dest.display()))?;
    Ok(())
}

/// Orders `-O` flags by how much they optimize (for objects compiled at
/// different levels).
fn level_rank(level: &str) -> u8 {
    match opt_level(level) {
        None => 0,
        Some("-O1") => 1,
        Some("-Os" | "-Oz") => 2,
        Some("-O2") => 3,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn help_states_the_default_passes() {
        assert_eq!(default_passes!(), dtrans_transforms::pipeline::DEFAULT_PASSES.join(","));
    }
}
