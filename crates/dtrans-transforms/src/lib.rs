//! DTrans transformations (documents 002 and 003). Today: the
//! [`TypeRemapper`] and the [`annotator`]. OptBase, `dtrans opt` and the
//! layout transformations build on them (issues 10 to 12).
pub mod annotator;
pub mod optbase_test;
pub mod remap;

pub use remap::{RemapError, TypeRemapper};
