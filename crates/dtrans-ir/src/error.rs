use std::path::PathBuf;

/// Errors of the IR layer. Each names the file and, where LLVM gives them,
/// the line and column.
#[derive(Debug, thiserror::Error)]
pub enum IrError {
    // The field is not named `source`: the message already includes it, and
    // a source would make `{:#}` print it twice.
    #[error("{}: {cause}", path.display())]
    Io { path: PathBuf, cause: std::io::Error },
    #[error("{}", parse_location(path, *line, *col, message))]
    Parse { path: PathBuf, line: u32, col: u32, message: String },
    #[error("{}: module does not verify:\n{message}", path.display())]
    Verify { path: PathBuf, message: String },
    #[error("{}: {message}", path.display())]
    Write { path: PathBuf, message: String },
}

fn parse_location(path: &std::path::Path, line: u32, col: u32, message: &str) -> String {
    match (line, col) {
        (0, _) => format!("{}: {message}", path.display()),
        (l, 0) => format!("{}:{l}: {message}", path.display()),
        (l, c) => format!("{}:{l}:{c}: {message}", path.display()),
    }
}
