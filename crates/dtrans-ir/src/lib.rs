//! `dtrans-ir`: a safe API over LLVM 19 IR for the rest of dtrans.
//!
//! Every `unsafe` line and every FFI declaration of the project lives in this
//! crate. LLVM is reached through inkwell (context and module ownership,
//! printing, bitcode), llvm-sys (the C API, for walking the IR) and a small
//! C++ shim (`shim/shim.cpp`) for what the C API lacks.
//!
//! # The invariant behind every handle
//!
//! [`Type`], [`Value`], [`Function`], [`Instruction`], [`BasicBlock`] and
//! [`Metadata`] are `Copy` handles that borrow the [`Module`] they came from
//! (lifetime `'m`). A handle is only ever created from a non-null pointer that
//! LLVM handed out for that live module or its context, so while the borrow
//! lasts the pointee is alive: this API never deletes IR objects. Calls whose
//! C API precondition is a particular subclass (an alloca, a call, a struct
//! type, ...) are made only after checking that subclass; the `SAFETY`
//! comments name the check. Deleting IR objects is the one exception to
//! "never deletes": [`Module::erase_marked`] takes `&mut Module`, so no
//! handle can outlive what it erases (see `edit.rs`).
//!
//! # Modules dtrans does not own
//!
//! Loaded as a pass plugin into `opt-19` or `ld.lld-19`, dtrans works on
//! the host's module through [`with_foreign_module`]: the same [`Module`]
//! API, but dropping it disposes neither the module nor its context, and
//! nothing on that path forks (the bitcode probe is only for files dtrans
//! reads itself) or installs a fatal-error handler.

mod access;
mod cleanup;
mod debuginfo;
mod edit;
mod error;
mod ffi;
mod foreign;
mod layout;
mod metadata;
mod module;
mod probe;
mod relayout;
mod remap;
mod retype;
mod types;
mod values;

pub use cleanup::Cleanup;
pub use debuginfo::{dwarf, DbgExpr, DebugVariable, DiType};
pub use edit::{Builder, EditError};
pub use error::IrError;
pub use foreign::with_foreign_module;
pub use layout::DataLayout;
pub use llvm_sys::LLVMIntPredicate as IntPredicate;
pub use llvm_sys::LLVMOpcode as Opcode;
pub use llvm_sys::LLVMTypeKind as TypeKind;
pub use metadata::{MdView, Metadata, MetadataSlots, NamedMetadata};
pub use module::{exit_quietly_on_closed_pipe, install_fatal_error_handler, Context, IrFormat, Module};
pub use relayout::BitOp;
pub use retype::{isomorphic_structs, isomorphic_types};
pub use types::Type;
pub use values::{quote_ident, AttrIndex, Attribute, BasicBlock, Function, Instruction, Value, ValueKind};
