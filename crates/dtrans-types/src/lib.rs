//! `dtrans-types`: the DTrans type system of document 000.
//!
//! - [`TypeManager`] creates and interns [`DType`]s (atomic, pointer,
//!   structure, array, vector, function).
//! - [`read_module`] is the TypeMetadataReader: it decodes
//!   `!intel.dtrans.types`, function signatures (`"intel_dtrans_func_index"`
//!   attributes with `!intel.dtrans.func.type`) and `!intel_dtrans_type` on
//!   globals, allocas and indirect calls, cross-checked against the IR.
//! - [`MetadataWriter`] encodes types back into the same metadata.
mod annotate;
mod from_ir;
mod manager;
mod reader;
mod writer;

use std::collections::HashMap;

pub use annotate::{
    annotate, strip_link_suffix, AnnotateError, AnnotateOptions, AnnotateReport, ReportItem, ReportStruct,
};
pub use dtrans_ir::quote_ident;
pub use from_ir::{ir_to_dtrans, StructNames};
pub use manager::{struct_ref, AtomicKind, DType, StructBody, TypeDisplay, TypeId, TypeManager};
pub use reader::{read_module, LinkedTwin, ModuleTypes, StructSource};
pub use writer::{strip_dtrans_attachments, strip_dtrans_metadata, MetadataWriter, WriteError};

/// Named metadata listing the structure descriptions.
pub const TYPES_MD: &str = "intel.dtrans.types";
/// Named metadata `dtrans annotate` adds from debug information (not in
/// document 000): per source union, `!{!"union.U", !"struct.A", ...}`, the
/// structures its members are. A union's LLVM type holds one member.
pub const UNIONS_MD: &str = "intel.dtrans.unions";
/// Function attachment listing the signature's type encodings.
pub const FUNC_TYPE_MD: &str = "intel.dtrans.func.type";
/// Attachment on globals, allocas and indirect calls.
pub const VALUE_TYPE_MD: &str = "intel_dtrans_type";
/// Instruction attachment of document 002: a pointer type (in the type
/// encoding of document 000, e.g. `!{%struct.S zeroinitializer, i32 2}`)
/// that the pointer type analysis adds to the instruction's result. (The
/// document writes the type as a typed-pointer `null`, which opaque
/// pointers cannot express.)
pub const HINT_MD: &str = "dtrans-type";
/// String attribute on return values and parameters: a 1-based index into
/// the function's `!intel.dtrans.func.type` list. (Document 000 writes it
/// `intel_dtrans_func_index(N)`, which stock LLVM cannot parse.)
pub const FUNC_INDEX_ATTR: &str = "intel_dtrans_func_index";

/// A problem found in the metadata. The reader goes on after each.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    /// The node at fault as the IR printer numbers it (`!12`), if one is.
    pub node: Option<String>,
    /// What it belongs to: `%struct.foo field 1`, `function @f parameter 0`.
    pub context: String,
    pub message: String,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.node {
            Some(n) => write!(f, "{}: {n}: {}", self.context, self.message),
            None => write!(f, "{}: {}", self.context, self.message),
        }
    }
}

/// How messages name an instruction: its printed name (`%p`, `%5`) or, for
/// an unnamed void instruction, its position (`#3 in %entry`).
pub fn instruction_label<'m>(
    names: &HashMap<dtrans_ir::Value<'m>, String>,
    inst: dtrans_ir::Instruction<'m>,
) -> String {
    if let Some(n) = names.get(&inst.as_value()) {
        return n.clone();
    }
    let Some(block) = inst.parent_block() else { return "<detached>".into() };
    let pos = block.instructions().position(|i| i == inst).unwrap_or(0);
    let bname = names.get(&block.as_value()).cloned().unwrap_or_else(|| "%?".into());
    format!("#{pos} in {bname}")
}
