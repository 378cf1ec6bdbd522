//! Sorting clang's arguments: dtrans's own options, the inputs, and each
//! clang flag to the steps it belongs to (compile, assemble, link).
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Result};
use dtrans_transforms::pipeline::PassOptions;

/// Where a clang flag goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Dest {
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
/// sources" or "compile these sources to objects" (`-c`): clang runs as
/// is.
const PASSTHROUGH: &[&str] = &[
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
const UNSUPPORTED: &[&str] = &["-fsanitize=", "-fcs-profile-generate", "-fprofile-arcs", "--coverage"];

const LINK_PREFIX: &[&str] =
    &["-Wl,", "-fuse-ld=", "--ld-path=", "-rtlib=", "--rtlib=", "-unwindlib=", "--unwindlib=", "--for-linker="];

/// What an input file is, from `-x` or its extension.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum InputKind {
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
pub(super) struct Input {
    pub(super) path: String,
    pub(super) kind: InputKind,
    /// The `-x` language in force for this input, if any.
    pub(super) lang: Option<String>,
    pub(super) cxx: bool,
}

/// An item of the final link command, in command-line order.
#[derive(Debug)]
pub(super) enum LinkItem {
    Arg(String),
    /// The index of an input (the first source or IR input stands for the
    /// whole program; later ones for nothing; assembly for its object).
    Input(usize),
}

/// The command line, sorted.
#[derive(Debug, Default)]
pub(super) struct Plan {
    /// Every argument except dtrans's own, in order (for the passthrough).
    pub(super) clang_args: Vec<String>,
    pub(super) compile: Vec<String>,
    pub(super) asm: Vec<String>,
    pub(super) link: Vec<LinkItem>,
    pub(super) inputs: Vec<Input>,
    pub(super) output: Option<String>,
    /// The last `-O` flag as written.
    pub(super) level: Option<String>,
    /// The user's `-g` flags (kept for the final step if `debug`).
    pub(super) debug_flags: Vec<String>,
    /// Whether the user asked for debug information.
    pub(super) debug: bool,
    pub(super) verbose: bool,
    /// `-c`: compile each source to a bitcode object (`dtrans cc -c`).
    pub(super) compile_only: bool,
    /// Why this is neither a whole-program build nor `-c`, if it is not.
    pub(super) passthrough: Option<String>,
    /// A flag the whole-program build cannot honour (see `UNSUPPORTED`).
    pub(super) unsupported: Option<String>,
    pub(super) passes: Option<String>,
    pub(super) report: Option<PathBuf>,
    pub(super) keep_temps: bool,
    pub(super) options: PassOptions,
}

impl Plan {
    pub(super) fn cxx(&self) -> bool {
        self.inputs.iter().any(|i| i.cxx)
    }
}

/// The `opt-19` flag for a clang `-O` flag (`None` for `-O0`).
pub(super) fn opt_level(flag: &str) -> Option<&'static str> {
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
pub(super) fn is_level(a: &str) -> bool {
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
pub(super) fn classify(args: &[String]) -> Result<Plan> {
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
        } else if a == "--compress-checked" {
            p.options.compress_checked = true;
        } else if a == "--cost-eval" || a.starts_with("--cost-eval=") {
            let v = match a.strip_prefix("--cost-eval=") {
                Some(v) => v.to_string(),
                None => value(&mut i, a)?,
            };
            let e = dtrans_transforms::relayout::cost::EvalLayout::parse_list(&v)
                .map_err(|e| anyhow!("cc: --cost-eval: {e}"))?;
            p.options.eval.extend(e);
        } else if a == "--cost" || a.starts_with("--cost=") {
            let v = match a.strip_prefix("--cost=") {
                Some(v) => v.to_string(),
                None => value(&mut i, a)?,
            };
            p.options.cost.set(&v).map_err(|e| anyhow!("cc: --cost: {e}"))?;
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
        // A link of libraries only (`-L. -lprog`) is a program too.
        let libraries = p.link.iter().any(|l| matches!(l, LinkItem::Arg(a) if a.starts_with("-l")));
        if p.inputs.is_empty() && (p.compile_only || !libraries) {
            p.passthrough = Some("no input file".into());
        } else if let Some(h) = p.inputs.iter().find(|x| x.kind == InputKind::Header) {
            p.passthrough = Some(format!("header input '{}'", h.path));
        } else if p.inputs.iter().any(|x| x.path == "-") {
            p.passthrough = Some("source read from standard input".into());
        }
    }
    Ok(p)
}

/// The front-end instrumentation flag for a training flag: `-fprofile-generate`
/// writes `default_%m.profraw` (in DIR with `=DIR`), as clang's does;
/// `-fprofile-instr-generate[=FILE]` is kept.
fn profile_generate(a: &str) -> Option<String> {
    if a.starts_with("-fprofile-instr-generate") {
        return Some(a.to_string());
    }
    match a.strip_prefix("-fprofile-generate") {
        Some("") => Some("-fprofile-instr-generate=default_%m.profraw".into()),
        Some(dir) => dir.strip_prefix('=').map(|d| format!("-fprofile-instr-generate={d}/default_%m.profraw")),
        None => None,
    }
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
    // A build for training (`-fprofile-generate[=DIR]`,
    // `-fprofile-instr-generate[=FILE]`): clang-19 builds it as it is, no
    // layout changed, with front-end instrumentation, whose counts clang
    // puts in the IR dtrans reads (`-fprofile-use` then works before
    // LLVM's passes; IR-level counts are applied by those passes only).
    if let Some(fe) = profile_generate(&a) {
        *p.clang_args.last_mut().expect("pushed above") = fe;
        p.passthrough
            .get_or_insert("an instrumented build for training (-fprofile-generate: no layout changed)".into());
        return Ok(());
    }
    if UNSUPPORTED.iter().any(|f| a.starts_with(f)) {
        p.unsupported.get_or_insert(a.clone());
    }
    if PASSTHROUGH.contains(&a.as_str()) || a.starts_with("-print-") || a.starts_with("--print-") {
        p.passthrough.get_or_insert(a);
        return Ok(());
    }
    if a == "-c" {
        p.compile_only = true;
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
        let c = plan("-c -O2 -Iinc a.c -o a.o -lm");
        assert!(c.compile_only && c.passthrough.is_none());
        assert_eq!(c.output.as_deref(), Some("a.o"));
        assert_eq!(c.compile, ["-Iinc"]);
        assert_eq!(c.level.as_deref(), Some("-O2"));
        // Modes that win over -c, as in clang.
        for mode in ["-S", "-E", "-M", "-MM", "-fsyntax-only", "-emit-llvm"] {
            let p = plan(&format!("-c {mode} a.c"));
            assert_eq!(p.passthrough.as_deref(), Some(mode), "{mode}");
        }
        assert!(plan("-c").passthrough.is_some());
        assert!(plan("-c -lm").passthrough.is_some());
        assert!(plan("-L. -lprog -o p").passthrough.is_none());
        assert!(plan("-L. -o p").passthrough.is_some());
        assert!(plan("-c -x c-header a.h").passthrough.is_some());
        let two = plan("-c a.c sub/b.c x.s");
        assert!(two.compile_only && two.output.is_none());
        assert_eq!(two.inputs[2].kind, InputKind::Asm);
        // -MD and its friends go to the compile step.
        assert!(plan("-c -MD -MF a.d a.c").compile.ends_with(&["-MD".into(), "-MF".into(), "a.d".into()]));
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
}
