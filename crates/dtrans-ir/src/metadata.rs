//! Metadata as a Rust tree: strings, constants, nested nodes, `null`
//! operands and distinct nodes, plus the printer's `!N` numbering.
use std::collections::HashMap;
use std::fmt;

use llvm_sys::prelude::*;

use crate::ffi;
use crate::module::{Borrow, Module};
use crate::values::Value;

/// A piece of metadata: a node, a string or a wrapped value.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Metadata<'m> {
    raw: LLVMMetadataRef,
    _m: Borrow<'m>,
}

/// What a [`Metadata`] is, with its contents.
#[derive(Clone, Debug)]
pub enum MdView<'m> {
    /// `!"text"`
    String(String),
    /// `!{...}` or `distinct !{...}`; `None` operands are `null`.
    Tuple { distinct: bool, operands: Vec<Option<Metadata<'m>>> },
    /// A specialized node such as debug information (`!DICompositeType`);
    /// `tag` is its DWARF tag or 0.
    Node { tag: u32, distinct: bool, operands: Vec<Option<Metadata<'m>>> },
    /// A constant wrapped as metadata (`i32 0`, `%struct.S zeroinitializer`).
    Constant(Value<'m>),
    /// A function-local value wrapped as metadata.
    Local(Value<'m>),
    /// Anything else (argument lists and the like).
    Other,
}

impl<'m> Metadata<'m> {
    pub(crate) fn from_raw(raw: LLVMMetadataRef) -> Option<Self> {
        (!raw.is_null()).then_some(Metadata { raw, _m: Default::default() })
    }

    pub(crate) fn raw(self) -> LLVMMetadataRef {
        self.raw
    }

    fn kind_code(self) -> i32 {
        // SAFETY: live metadata (crate invariant).
        unsafe { ffi::dtrans_md_kind(self.raw) }
    }

    pub fn is_node(self) -> bool {
        matches!(self.kind_code(), 1 | 2)
    }

    /// The text of an MDString.
    pub fn as_string(self) -> Option<String> {
        if self.kind_code() != 0 {
            return None;
        }
        let mut len = 0;
        // SAFETY: checked MDString; the shim returns `len` bytes owned by the context.
        Some(unsafe { ffi::lossy(ffi::dtrans_md_string(self.raw, &mut len), len) })
    }

    /// The constant wrapped by ConstantAsMetadata.
    pub fn as_constant(self) -> Option<Value<'m>> {
        // SAFETY: checked ConstantAsMetadata.
        (self.kind_code() == 3).then(|| Value::from_raw(unsafe { ffi::dtrans_md_value(self.raw) })).flatten()
    }

    /// Operands of a node (empty for non-nodes); `None` is a `null` operand.
    pub fn operands(self) -> Vec<Option<Metadata<'m>>> {
        if !self.is_node() {
            return Vec::new();
        }
        // SAFETY: checked MDNode; indices are below its operand count.
        unsafe {
            let n = ffi::dtrans_md_num_operands(self.raw);
            (0..n).map(|i| Metadata::from_raw(ffi::dtrans_md_operand(self.raw, i))).collect()
        }
    }

    pub fn num_operands(self) -> usize {
        // SAFETY: checked MDNode.
        if self.is_node() {
            unsafe { ffi::dtrans_md_num_operands(self.raw) as usize }
        } else {
            0
        }
    }

    pub fn is_distinct(self) -> bool {
        // SAFETY: checked MDNode.
        self.is_node() && unsafe { ffi::dtrans_md_is_distinct(self.raw) != 0 }
    }

    /// The whole view of this piece of metadata.
    pub fn view(self) -> MdView<'m> {
        match self.kind_code() {
            0 => MdView::String(self.as_string().unwrap_or_default()),
            1 => MdView::Tuple { distinct: self.is_distinct(), operands: self.operands() },
            2 => MdView::Node {
                // SAFETY: checked MDNode.
                tag: unsafe { ffi::dtrans_md_dwarf_tag(self.raw) },
                distinct: self.is_distinct(),
                operands: self.operands(),
            },
            3 => self.as_constant().map_or(MdView::Other, MdView::Constant),
            // SAFETY: checked LocalAsMetadata (a ValueAsMetadata).
            4 => Value::from_raw(unsafe { ffi::dtrans_md_value(self.raw) }).map_or(MdView::Other, MdView::Local),
            _ => MdView::Other,
        }
    }
}

impl fmt::Debug for Metadata<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Metadata({:p})", self.raw)
    }
}

/// A module-level named metadata list (`!intel.dtrans.types = !{...}`).
#[derive(Clone, Copy)]
pub struct NamedMetadata<'m> {
    raw: LLVMNamedMDNodeRef,
    _m: Borrow<'m>,
}

impl<'m> NamedMetadata<'m> {
    pub(crate) fn from_raw(raw: LLVMNamedMDNodeRef) -> Option<Self> {
        (!raw.is_null()).then_some(NamedMetadata { raw, _m: Default::default() })
    }

    pub fn operands(self) -> Vec<Metadata<'m>> {
        // SAFETY: live named node; indices are below its operand count and
        // operands of a named node are never null.
        unsafe {
            let n = ffi::dtrans_named_md_num_operands(self.raw);
            (0..n).filter_map(|i| Metadata::from_raw(ffi::dtrans_named_md_operand(self.raw, i))).collect()
        }
    }

    /// Removes every operand (the named node itself stays, so handles to it
    /// remain valid).
    pub fn clear_operands(self) {
        // SAFETY: live named node.
        unsafe { ffi::dtrans_named_md_clear(self.raw) }
    }

    /// Appends a node (`md` must be a node, not a string or value).
    pub fn add_operand(self, md: Metadata<'_>) {
        assert!(md.is_node(), "named metadata operands must be nodes");
        // SAFETY: live named node; checked that `md` is an MDNode.
        unsafe { ffi::dtrans_named_md_add_operand(self.raw, md.raw()) }
    }
}

/// The slot numbers the IR printer gives metadata nodes (`!12`), so that
/// messages name nodes as `llvm-dis` and `opt -S` print them.
pub struct MetadataSlots<'m> {
    slots: HashMap<LLVMMetadataRef, u32>,
    _m: Borrow<'m>,
}

impl<'m> MetadataSlots<'m> {
    pub(crate) fn compute(m: &'m Module<'_>) -> Self {
        let (mut nodes, mut slots, mut n) = (std::ptr::null_mut(), std::ptr::null_mut(), 0usize);
        // SAFETY: valid module; the shim returns two malloc'd arrays of `n` entries.
        let map = unsafe {
            ffi::dtrans_module_md_slots(m.raw(), &mut nodes, &mut slots, &mut n);
            let ns = std::slice::from_raw_parts(nodes, n);
            let ss = std::slice::from_raw_parts(slots, n);
            let map = ns.iter().copied().zip(ss.iter().copied()).collect();
            ffi::dtrans_free(nodes.cast());
            ffi::dtrans_free(slots.cast());
            map
        };
        MetadataSlots { slots: map, _m: Default::default() }
    }

    pub fn slot(&self, md: Metadata<'_>) -> Option<u32> {
        self.slots.get(&md.raw()).copied()
    }

    /// `!N` if the node has a slot, otherwise `!<unnumbered>`.
    pub fn name(&self, md: Metadata<'_>) -> String {
        match self.slot(md) {
            Some(n) => format!("!{n}"),
            None => "!<unnumbered>".to_string(),
        }
    }
}
