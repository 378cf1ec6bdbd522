//! `typeflow`: scalar type propagation over a type flow graph (document 004).
//!
//! An LLVM module only says `i32`, `i64` or `ptr`; decompilers and data
//! layout analyses want `int32_t`, `uint32_t`, `float` or `T *`, with as few
//! casts as possible. The pipeline:
//!
//! ```text
//! LLVM IR --llvm::LlvmTypeFlow::build--> TypeFlowGraph<LlvmSource> --propagate--> types per Use, DOT/JSON/text
//! ```
//!
//! - [`lattice`]: the scalar types (`Generic` above `Float` and
//!   `PointerOrNumber`, ..., with sizes and pointer counts) and their order.
//! - [`graph`]: the undirected graph, generic over the frontend's reference
//!   type, and its `verify`.
//! - [`llvm`]: the LLVM frontend (nodes, edges, strict seeds) and its own
//!   verification.
//! - [`propagate`]: refining relaxed types from strict ones, counting casts
//!   (exact by a minimum cut, `mincut`, where a part chooses between two types).
//! - [`output`]: text, JSON and DOT.
//! - [`eval`]: scores against the source types of debug information.
pub mod eval;
pub mod graph;
pub mod lattice;
mod libc;
pub mod lift;
pub mod llvm;
mod mincut;
pub mod output;
pub mod propagate;

pub use graph::{
    Edge, GraphError, Neighbor, Node, NodeBody, NodeId, NodeKind, TypeFlowGraph, VerifyError, VerifyErrors,
};
pub use lattice::{Lattice, PrimitiveKind, ScalarType};
pub use llvm::{BuildError, BuildOptions, FunctionNodes, LlvmSource, LlvmTypeFlow};
pub use output::OutputError;
pub use propagate::{EdgeStatus, Report, Stats};
