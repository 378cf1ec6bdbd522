//! The `dtrans` command. It parses arguments, runs library code and prints;
//! it has no analysis logic of its own.
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand, ValueEnum};
use dtrans_ir::{Context, IrFormat, Module};
use dtrans_types::{read_module, ModuleTypes, StructSource};

mod advise_cmd;
mod analyze_cmd;
mod annotate_cmd;
mod cc;
mod opt_cmd;
mod ptr_types_cmd;
mod typeflow_cmd;
mod types_cmd;

#[derive(Parser)]
#[command(name = "dtrans", version, about = "Data-layout analysis and transformation for LLVM 19 IR")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Print the DTrans types read from a module's metadata: structures,
    /// then functions, globals, allocas and indirect calls that carry
    /// metadata, then diagnostics.
    Types {
        /// Input module (`.ll` or `.bc`, chosen by content).
        file: PathBuf,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Fail (exit 1) if the metadata has any diagnostic.
        #[arg(long)]
        strict: bool,
    },
    /// Add DTrans metadata derived from debug information (`clang-19 -g`)
    /// to a module that lacks it: structure descriptions, function
    /// signatures, and the types of globals, allocas and indirect calls.
    Annotate {
        file: PathBuf,
        /// Output module (`.bc` writes bitcode, anything else text; `-` is stdout).
        #[arg(short, long)]
        output: PathBuf,
        /// Rebuild all DTrans metadata instead of keeping what is there.
        #[arg(long)]
        replace: bool,
        /// Write a JSON report of every structure described and everything
        /// left without metadata, with the reason.
        #[arg(long, value_name = "FILE")]
        report: Option<PathBuf>,
        /// Annotate what can be derived even without debug information.
        #[arg(long)]
        allow_partial: bool,
    },
    /// Read a module's DTrans metadata, remove it, and write it again from
    /// the types read. A test of the metadata writer: reading the output
    /// must give the same types.
    RewriteMetadata {
        file: PathBuf,
        /// Output module (`.bc` writes bitcode, anything else text; `-` is stdout).
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Recover what every pointer points to (the PtrTypeAnalyzer of
    /// documents 000 and 001): per function, each pointer value (and each
    /// integer holding one) with its declared and usage types, the fields
    /// it may address, its dominant type, and whether it is unknown or
    /// ambiguous, with the reason. Types come from DTrans metadata, else
    /// from debug information (as `annotate` builds them), else from the IR.
    PtrTypes {
        /// Input module (`.ll` or `.bc`, chosen by content).
        file: PathBuf,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Show only this defined function (`name` or `@name`); the whole
        /// module is still analyzed.
        #[arg(long, value_name = "NAME")]
        function: Option<String>,
    },
    /// The safety analysis of document 001: per structure its layout (as
    /// `pahole` shows it), how each field is used (read, written, complex
    /// use, estimated frequency, single value, single allocation function),
    /// the safety conditions with where each was set, and which layout
    /// transformations are legal; a summary first.
    Analyze {
        /// Input module (`.ll` or `.bc`, chosen by content).
        file: PathBuf,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Show only this structure (`%struct.S` or `struct.S`); the whole
        /// module is still analyzed.
        #[arg(long = "struct", value_name = "NAME")]
        only: Option<String>,
        /// Treat the module as the whole program: every definition but
        /// `main` (and the `--keep` symbols) becomes internal, and what no
        /// kept symbol reaches is removed before the analysis (LLVM's
        /// internalize and globaldce), so dead code decides nothing.
        #[arg(long = "whole-program")]
        whole_program: bool,
        /// Symbols besides `main` that stay visible with `--whole-program`
        /// (comma-separated): what code outside the module calls.
        #[arg(long, value_name = "SYM[,SYM...]", requires = "whole_program")]
        keep: Option<String>,
    },
    /// Run transformation passes in order (`-p a,b`), verify the result
    /// and write it whole or not at all. Passes: specialize-calls,
    /// delete-field, compress-fields, reorder-fields, aos-to-soa, peel,
    /// blocks, optbase-test, annotation-cleaner.
    Opt {
        /// Input module (`.ll` or `.bc`, chosen by content).
        file: PathBuf,
        /// Comma-separated passes, run in order.
        #[arg(short = 'p', long = "passes", value_name = "PASS[,PASS...]")]
        passes: String,
        /// Output module (`.bc` writes bitcode, anything else text; `-` is stdout).
        #[arg(short, long)]
        output: PathBuf,
        /// Write a JSON report: per pass what it did, structures changed,
        /// candidates rejected with the reason.
        #[arg(long, value_name = "FILE")]
        report: Option<PathBuf>,
        /// How aos-to-soa and peel store pointers to a split structure in
        /// its fields: `auto` (32-bit indices where the element count is a
        /// constant that fits and they shrink a record, else pointers),
        /// `32` (32-bit indices, the
        /// count checked when the program runs), `64` (pointers).
        #[arg(long = "index-width", value_name = "auto|32|64", default_value = "auto")]
        index_width: dtrans_transforms::relayout::IndexWidth,
        /// compress-fields also stores 64-bit integer fields whose values
        /// it cannot bound in 32 bits, each store checked when the program
        /// runs (a value that does not fit stops it with a message).
        #[arg(long = "compress-checked")]
        compress_checked: bool,
        /// blocks leaves its steps over a variable count of elements as
        /// calls of `__dtrans_blocks_step.*` (what `dtrans cc` does at -O1
        /// and up, for `blocks-loops` after opt-19).
        #[arg(long = "block-step-calls")]
        block_step_calls: bool,
        /// Parameters of the cost model (comma-separated): line,
        /// loop-weight, max-depth, cache-bytes, hit, random-line,
        /// side-visit, margin, overlap, hot-regions, max-groups,
        /// soa-streams, block-bytes, block-bytes-max, block-runs,
        /// block-page-form, block-min, prefetch-lines, run-align,
        /// pack-access (`--cost cache-bytes=0,margin=0.1`).
        #[arg(long = "cost", value_name = "KEY=VALUE[,...]", default_value = "")]
        cost: dtrans_transforms::relayout::cost::CostModel,
        /// Layouts for the cost model to predict beside its own, in the
        /// report (`--cost-eval 'struct.arc={cost, tail}{*}'`; `;` between
        /// layouts): calibration.
        #[arg(long = "cost-eval", value_name = "STRUCT={F,...}{...}[;...]")]
        cost_eval: Option<String>,
        /// Treat the module as the whole program (a module you linked
        /// yourself): every definition but `main` and the `--keep` symbols
        /// becomes internal and what they cannot reach is removed first.
        #[arg(long = "whole-program")]
        whole_program: bool,
        /// Symbols besides `main` that stay visible with `--whole-program`.
        #[arg(long, value_name = "SYM[,SYM...]", requires = "whole_program")]
        keep: Option<String>,
    },
    /// Build a C program like clang-19, with the DTrans passes run over the
    /// whole program (`-c`: bitcode objects for the link step; `-S`, `-E`,
    /// `-M`: clang-19 as is).
    #[command(after_help = cc::HELP)]
    Cc {
        /// clang-19 arguments and input files, with --passes LIST, --report
        /// FILE and --keep-temps anywhere among them.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
        args: Vec<String>,
    },
    /// Layout advice in C source for the program `dtrans cc ARGS` would
    /// build: each structure's definition as dtrans would lay it out, or
    /// what blocks it, as text, JSON or an HTML page (`--apply DIR`: patched
    /// copies of the sources).
    #[command(after_help = advise_cmd::HELP)]
    Advise {
        /// clang-19 arguments and input files (or one linked .ll/.bc), with
        /// --format, -o and --apply anywhere among them.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
        args: Vec<String>,
    },
    /// Make or change a static library: runs llvm-ar-19 with the same
    /// arguments (GNU ar cannot index LLVM 19 bitcode objects, so the
    /// linker would take no member from its archives).
    Ar {
        /// llvm-ar-19 arguments (`rcs libx.a a.o b.o`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
        args: Vec<String>,
    },
    /// Build the type flow graph of a module (document 004), propagate
    /// scalar types over it, and print nodes, edges, types and casts.
    Typeflow {
        /// Input module (`.ll` or `.bc`, chosen by content).
        file: PathBuf,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Also write the graph in Graphviz format to this file.
        #[arg(long, value_name = "OUT.dot")]
        dot: Option<PathBuf>,
        /// Show only this defined function (`name` or `@name`).
        #[arg(long, value_name = "NAME")]
        function: Option<String>,
        /// Show the types given by the IR and the seeds, without propagation.
        #[arg(long)]
        no_propagate: bool,
        /// Do not seed types from the IR's signed/unsigned operations,
        /// addresses and C library prototypes (only IR types remain).
        #[arg(long)]
        no_seeds: bool,
        /// Propagate without the exact minimum cut of two-type parts (the
        /// flood and local moves alone), for comparison.
        #[arg(long, conflicts_with = "no_propagate")]
        flood_only: bool,
        /// Score the types against the module's debug information (clang
        /// -g) without propagation, with seeds only and with full
        /// propagation: points, kind accuracy, TIE distance, casts.
        #[arg(long, conflicts_with_all = ["dot", "no_propagate", "no_seeds"])]
        eval: bool,
        /// After propagation, give the 32-bit integers still without a
        /// sign C's `int` (a default a decompiler prints, not evidence: no
        /// operation depends on their sign, no cast appears); with --eval,
        /// in the full-propagation mode.
        #[arg(long, conflicts_with = "no_propagate")]
        default_int: bool,
        /// First turn pointers into `i64` the way a binary lifter would
        /// (`inttoptr` before each use that needs a pointer).
        #[arg(long)]
        lift: bool,
        /// Write the lifted module to this file (`.bc` for bitcode).
        #[arg(long, value_name = "OUT.ll", requires = "lift")]
        lifted_output: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("DTRANS_LOG"))
        .with_writer(std::io::stderr)
        .init();
    dtrans_ir::install_fatal_error_handler();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("dtrans: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    // One context for the life of the process, never freed: see `skip_teardown`.
    let ctx: &'static Context = Box::leak(Box::new(Context::new()));
    // Report commands print only to standard output: piped into `head`,
    // they end quietly when it closes the pipe.
    if matches!(cli.command, Command::Types { .. } | Command::PtrTypes { .. } | Command::Analyze { .. }) {
        dtrans_ir::exit_quietly_on_closed_pipe();
    }
    match cli.command {
        Command::Types { file, format, strict } => {
            let m = load(ctx, &file)?;
            let types = read_module(&m);
            let out = match format {
                Format::Text => types_cmd::text(&types),
                Format::Json => serde_json::to_string_pretty(&types_cmd::json(&types))? + "\n",
            };
            print!("{out}");
            let code = finish_diagnostics(&types, strict);
            drop(types);
            skip_teardown(m);
            code
        }
        Command::PtrTypes { file, format, function } => ptr_types_cmd::run(ctx, &file, format, function.as_deref()),
        Command::Analyze { file, format, only, whole_program, keep } => {
            let cleanup = whole_program.then(|| keep_list(keep.as_deref()));
            analyze_cmd::run(ctx, &file, format, only.as_deref(), cleanup.as_deref())
        }
        Command::Opt {
            file,
            passes,
            output,
            report,
            index_width,
            compress_checked,
            block_step_calls,
            cost,
            cost_eval,
            whole_program,
            keep,
        } => {
            let eval = match cost_eval.as_deref() {
                Some(spec) => dtrans_transforms::relayout::cost::EvalLayout::parse_list(spec)
                    .map_err(|e| anyhow::anyhow!("--cost-eval: {e}"))?,
                None => Vec::new(),
            };
            let options = dtrans_transforms::pipeline::PassOptions {
                index: index_width,
                cost,
                eval,
                compress_checked,
                block_step_calls,
            };
            let keep = whole_program.then(|| keep_list(keep.as_deref()));
            opt_cmd::run(ctx, &file, &passes, &output, report.as_deref(), options, keep.as_deref())
        }
        Command::Cc { args } => cc::run(ctx, &args),
        Command::Advise { args } => advise_cmd::run(ctx, &args),
        Command::Ar { args } => cc::ar(&args),
        Command::Typeflow {
            file,
            format,
            dot,
            function,
            no_propagate,
            no_seeds,
            flood_only,
            eval,
            default_int,
            lift,
            lifted_output,
        } => {
            let opts = typeflow_cmd::Options {
                format,
                dot,
                function,
                propagate: !no_propagate,
                cuts: !flood_only,
                seeds: !no_seeds,
                eval,
                default_int,
                lift,
                lifted_output,
            };
            typeflow_cmd::run(ctx, &file, &opts)
        }
        Command::Annotate { file, output, replace, report, allow_partial } => {
            let mut m = load(ctx, &file)?;
            let opts = dtrans_types::AnnotateOptions { replace, allow_partial };
            annotate_cmd::run(&mut m, &output, report.as_deref(), opts)?;
            skip_teardown(m);
            Ok(ExitCode::SUCCESS)
        }
        Command::RewriteMetadata { file, output } => {
            let mut m = load(ctx, &file)?;
            rewrite_metadata(&mut m)?;
            m.verify()?;
            m.write(&output, IrFormat::from_path(&output))?;
            skip_teardown(m);
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Reads a module and prints what reading it warned about.
/// `main` and the comma-separated `--keep` symbols.
fn keep_list(keep: Option<&str>) -> Vec<String> {
    let mut list = vec!["main".to_string()];
    list.extend(keep.unwrap_or("").split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from));
    list
}

pub(crate) fn load(ctx: &'static Context, file: &std::path::Path) -> Result<Module<'static>> {
    let m = Module::parse_file(ctx, file)?;
    for w in m.warnings() {
        eprintln!("dtrans: warning: {}: {w}", file.display());
    }
    Ok(m)
}

/// The process is about to exit: skip freeing the module, whose teardown
/// walks every value and costs as much as a fifth of a run on large modules
/// (clang's `-disable-free` makes the same trade). The context is leaked too
/// (see `run`), since dropping it would delete the module anyway.
pub(crate) fn skip_teardown(m: Module<'_>) {
    std::mem::forget(m);
}

fn finish_diagnostics(types: &ModuleTypes<'_>, strict: bool) -> Result<ExitCode> {
    let n = types.diagnostics.len();
    if n == 0 {
        return Ok(ExitCode::SUCCESS);
    }
    if strict {
        eprintln!("dtrans: error: {n} metadata diagnostic(s) (--strict)");
        return Ok(ExitCode::FAILURE);
    }
    eprintln!("dtrans: warning: {n} metadata diagnostic(s)");
    Ok(ExitCode::SUCCESS)
}

/// Strips the DTrans metadata of `m` and writes it again from what was read.
fn rewrite_metadata(m: &mut Module<'_>) -> Result<()> {
    rewrite_metadata_in(m);
    // An empty list says nothing: remove it (the handles above are gone).
    if m.named_metadata(dtrans_types::TYPES_MD).is_some_and(|l| l.operands().is_empty()) {
        m.erase_named_metadata(dtrans_types::TYPES_MD);
    }
    Ok(())
}

fn rewrite_metadata_in(m: &Module<'_>) {
    let types = read_module(m);
    let mut skipped = Vec::new();
    dtrans_types::strip_dtrans_attachments(m);
    if let Some(list) = m.named_metadata(dtrans_types::TYPES_MD) {
        list.clear_operands();
    }
    let mut w = dtrans_types::MetadataWriter::new(m, &types.tm);
    let described: Vec<_> =
        types.structs.iter().filter(|(_, s)| *s == StructSource::Metadata).map(|(t, _)| *t).collect();
    if !described.is_empty() {
        for e in w.write_struct_list(&described) {
            skipped.push(format!("!{}: {e}", dtrans_types::TYPES_MD));
        }
    }
    for (f, t) in &types.functions {
        let what = format!("function {}", types.label(f.as_value()));
        match w.set_function_signature(*f, *t) {
            Ok(slots) => skipped.extend(slots.into_iter().map(|e| format!("{what}: {e}"))),
            Err(e) => skipped.push(format!("{what}: {e}")),
        }
    }
    let values = types.globals.iter().map(|(g, t)| (*g, *t, format!("global {}", types.label(*g))));
    let insts = types.allocas.iter().chain(&types.calls).map(|(i, t)| (i.as_value(), *t, format!("{}", i.as_value())));
    for (v, t, what) in values.chain(insts) {
        if let Err(e) = w.set_value_type(v, t) {
            skipped.push(format!("{what}: {e}"));
        }
    }
    for s in &skipped {
        eprintln!("dtrans: warning: {}: not rewritten: {s}", m.path().display());
    }
}
