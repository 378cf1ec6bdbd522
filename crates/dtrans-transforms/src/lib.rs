//! DTrans transformations (documents 002 and 003): the [`TypeRemapper`],
//! the [`annotator`], the OptBase skeleton ([`optbase`]) and the passes
//! built on it: OptBaseTest ([`optbase_test`]), and field reordering and
//! deletion ([`reorder`], [`delete_field`]), integer field compression
//! ([`compress`]) and structure splitting ([`split`]: peel, aos-to-soa;
//! [`blocks`]: the same inside blocks of every array)
//! over the shared [`relayout`] machinery;
//! [`pipeline`] runs them by name, for `dtrans opt`, `dtrans cc` and the
//! plugin.
pub mod annotator;
pub mod blocks;
pub mod compress;
pub mod delete_field;
pub mod optbase;
pub mod optbase_test;
pub mod pipeline;
pub mod relayout;
pub mod remap;
pub mod reorder;
pub mod specialize;
pub mod split;

pub use remap::{RemapError, TypeRemapper};
