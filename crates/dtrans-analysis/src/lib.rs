//! DTrans analyses over LLVM 19 IR (document 001): pointer type recovery
//! ([`ptr_types`], the PtrTypeAnalyzer) and allocation analysis
//! ([`alloc`]). The safety analysis will build on both.
//!
//! Inputs: a module from `dtrans-ir` and its DTrans types from
//! `dtrans-types`, taken from the place [`source::prepare_types`] chooses.
pub mod alloc;
pub mod analysis_report;
pub mod fields;
pub mod info;
pub mod layout;
pub mod libfuncs;
mod merged;
pub mod ptr_types;
pub mod regions;
pub mod report;
pub mod safety;
pub mod source;
mod tbaa;

pub use alloc::{AllocKind, FreeKind, MemFn, MemFns, SizeVerdict};
pub use layout::{Element, Layout};
pub use ptr_types::{analyze, PtrTypes, ValueInfo};
pub use source::{prepare, prepare_types, Prepared, TypeSource};
