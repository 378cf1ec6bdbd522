//! The module's DataLayout: sizes, alignments and struct offsets.
use llvm_sys::prelude::*;
use llvm_sys::target as t;

use crate::module::{Borrow, Module};
use crate::types::Type;

/// Layout queries for one module. All answers are `None` for unsized types
/// (opaque structs, functions, void), where LLVM would abort.
#[derive(Clone, Copy)]
pub struct DataLayout<'m> {
    raw: t::LLVMTargetDataRef,
    _m: Borrow<'m>,
}

impl<'m> DataLayout<'m> {
    pub(crate) fn of(m: &'m Module<'_>) -> Self {
        // SAFETY: valid module; the returned layout is owned by the module
        // (not disposed here) and lives as long as the borrow.
        let raw = unsafe { t::LLVMGetModuleDataLayout(m.raw() as LLVMModuleRef) };
        DataLayout { raw, _m: Default::default() }
    }

    /// Bytes between consecutive array elements of `ty` (alloc size).
    pub fn alloc_size(self, ty: Type<'_>) -> Option<u64> {
        // SAFETY: checked sized type.
        ty.is_sized().then(|| unsafe { t::LLVMABISizeOfType(self.raw, ty.raw()) })
    }

    /// Bytes a store of `ty` writes.
    pub fn store_size(self, ty: Type<'_>) -> Option<u64> {
        // SAFETY: checked sized type.
        ty.is_sized().then(|| unsafe { t::LLVMStoreSizeOfType(self.raw, ty.raw()) })
    }

    pub fn size_in_bits(self, ty: Type<'_>) -> Option<u64> {
        // SAFETY: checked sized type.
        ty.is_sized().then(|| unsafe { t::LLVMSizeOfTypeInBits(self.raw, ty.raw()) })
    }

    pub fn abi_align(self, ty: Type<'_>) -> Option<u32> {
        // SAFETY: checked sized type.
        ty.is_sized().then(|| unsafe { t::LLVMABIAlignmentOfType(self.raw, ty.raw()) })
    }

    /// Byte offset of field `index` of a sized struct.
    pub fn field_offset(self, st: Type<'_>, index: u32) -> Option<u64> {
        let n = st.struct_fields().len() as u32;
        // SAFETY: checked sized struct type and index in range.
        (st.is_struct() && st.is_sized() && index < n)
            .then(|| unsafe { t::LLVMOffsetOfElement(self.raw, st.raw(), index) })
    }

    /// Index of the field of a sized struct that contains byte `offset`.
    pub fn field_at_offset(self, st: Type<'_>, offset: u64) -> Option<u32> {
        let size = self.alloc_size(st)?;
        // SAFETY: checked sized struct type and offset inside it.
        (st.is_struct() && offset < size && !st.struct_fields().is_empty())
            .then(|| unsafe { t::LLVMElementAtOffset(self.raw, st.raw(), offset) })
    }

    /// Size in bytes of a pointer in address space 0.
    pub fn pointer_size(self) -> u32 {
        // SAFETY: valid layout.
        unsafe { t::LLVMPointerSize(self.raw) }
    }
}
