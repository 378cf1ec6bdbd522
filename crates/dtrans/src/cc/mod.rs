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
use dtrans_ir::Context;
use dtrans_transforms::pipeline;

use crate::opt_cmd;
use flags::{classify, opt_level, InputKind, LinkItem, Plan};
use link::{undefined_symbols, user_libraries};
use tools::{place, run_parallel, show_command, Step, TempDir, CLANG, CLANGXX, LLVM_LINK, OPT};

/// `pipeline::DEFAULT_PASSES` as `HELP` states it (a unit test checks they
/// agree).
macro_rules! default_passes {
    () => {
        "delete-field,reorder-fields,aos-to-soa,peel"
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
fn build(ctx: &'static Context, plan: &Plan, passes: Option<&[String]>, tmp: &TempDir) -> Result<()> {
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
    let (transformed, result) = match passes {
        None => (whole, pipeline::Report::default()),
        Some(list) => {
            let out = tmp.path.join("transformed.bc");
            let list = list.join(",");
            if plan.verbose {
                eprintln!(
                    "dtrans: cc: dtrans opt {} -p {list} -o {} --report {} --index-width {}",
                    whole.display(),
                    out.display(),
                    report.display(),
                    plan.options.index
                );
            }
            let r = opt_cmd::run_with(ctx, &whole, passes.unwrap_or_default(), &out, None, plan.options, false)
                .with_context(|| format!("cc: step 'dtrans passes {list}' failed"))?;
            (out, r)
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
        opt_cmd::write_report(&result, &report)?;
        place(&report, dest, false).with_context(|| format!("cc: cannot write the report {}", dest.display()))?;
    } else {
        for line in result.summary_lines() {
            eprintln!("{line}");
        }
    }
    let dest = PathBuf::from(plan.output.as_deref().unwrap_or("a.out"));
    place(&program, &dest, true).with_context(|| format!("cc: cannot write the program {}", dest.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn help_states_the_default_passes() {
        assert_eq!(default_passes!(), dtrans_transforms::pipeline::DEFAULT_PASSES.join(","));
    }
}
