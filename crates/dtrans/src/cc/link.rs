//! What the final link needs from the command line: the user's libraries
//! and the symbols native code leaves undefined.
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::flags::{LinkItem, Plan};
use super::tools::LLVM_NM;

/// The files the `-lNAME` flags name in the directories of the `-L` flags
/// (`libNAME.so` and `libNAME.a`, or the file of `-l:FILE`). The system's
/// own directories are not searched: their libraries do not call the
/// program's functions by name.
pub(super) fn user_libraries(plan: &Plan) -> Vec<PathBuf> {
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
pub(super) fn undefined_symbols(path: &Path) -> Vec<String> {
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
