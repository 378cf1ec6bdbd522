//! DTrans transformations (documents 002 and 003). Today: the
//! [`TypeRemapper`]. OptBase, the Annotator, `dtrans opt` and the layout
//! transformations build on it (issues 10 to 12).
pub mod remap;

pub use remap::{RemapError, TypeRemapper};
