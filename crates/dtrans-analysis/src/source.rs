//! Where the DTrans types of a module come from (issue order): its DTrans
//! metadata; else the metadata `dtrans annotate` builds from debug
//! information, built in memory by the same code; else the IR's own
//! structure types, whose `ptr` fields point to unknown (`?*`).
use dtrans_ir::Module;
use dtrans_types::{annotate, AnnotateOptions, TYPES_MD};
use serde::Serialize;

use crate::merged::restore_merged_types;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TypeSource {
    Metadata,
    DebugInfo,
    Ir,
}

impl TypeSource {
    pub fn as_str(self) -> &'static str {
        match self {
            TypeSource::Metadata => "metadata",
            TypeSource::DebugInfo => "debug-info",
            TypeSource::Ir => "ir",
        }
    }
}

fn has_operands(m: &Module<'_>, name: &str) -> bool {
    m.named_metadata(name).is_some_and(|n| !n.operands().is_empty())
}

/// Makes sure `m` carries DTrans metadata if it can, and says where it came
/// from. With debug information and no metadata, the module is annotated in
/// place (it is the analysis's working copy; nothing is written back).
pub fn prepare_types(m: &mut Module<'_>) -> TypeSource {
    prepare(m).source
}

/// What [`prepare`] found.
pub struct Prepared {
    pub source: TypeSource,
    /// Structures that are members of a source union (from debug
    /// information; empty without it).
    pub union_members: Vec<String>,
    /// Instructions that named a structure the linker merged with the one
    /// their declarations say, given that one back (`merged.rs`).
    pub restored: usize,
}

/// [`prepare_types`], with what the debug information says beyond types.
pub fn prepare(m: &mut Module<'_>) -> Prepared {
    if has_operands(m, TYPES_MD) {
        let restored = restore_merged_types(m, TypeSource::Metadata);
        return Prepared { source: TypeSource::Metadata, union_members: Vec::new(), restored };
    }
    if has_operands(m, "llvm.dbg.cu") {
        // Same code path as `dtrans annotate`; it cannot fail with debug
        // information present.
        if let Ok(r) = annotate(m, AnnotateOptions { replace: false, allow_partial: false }) {
            let restored = restore_merged_types(m, TypeSource::DebugInfo);
            return Prepared { source: TypeSource::DebugInfo, union_members: r.union_members, restored };
        }
    }
    Prepared { source: TypeSource::Ir, union_members: Vec::new(), restored: 0 }
}
