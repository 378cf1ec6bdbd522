//! LLVM types.
use std::ffi::CStr;
use std::fmt;

use llvm_sys::core as c;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind as K;

use crate::module::Borrow;

/// An LLVM type. Equality is LLVM's: types are uniqued per context.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Type<'m> {
    raw: LLVMTypeRef,
    _m: Borrow<'m>,
}

impl<'m> Type<'m> {
    pub(crate) fn from_raw(raw: LLVMTypeRef) -> Option<Self> {
        (!raw.is_null()).then_some(Type { raw, _m: Default::default() })
    }

    pub(crate) fn raw(self) -> LLVMTypeRef {
        self.raw
    }

    pub(crate) fn context_raw(self) -> LLVMContextRef {
        // SAFETY: live type.
        unsafe { c::LLVMGetTypeContext(self.raw) }
    }

    pub fn kind(self) -> K {
        // SAFETY: live type (crate invariant).
        unsafe { c::LLVMGetTypeKind(self.raw) }
    }

    pub fn is_pointer(self) -> bool {
        self.kind() == K::LLVMPointerTypeKind
    }

    pub fn is_struct(self) -> bool {
        self.kind() == K::LLVMStructTypeKind
    }

    pub fn is_array(self) -> bool {
        self.kind() == K::LLVMArrayTypeKind
    }

    pub fn is_void(self) -> bool {
        self.kind() == K::LLVMVoidTypeKind
    }

    /// Bit width of an integer type.
    pub fn int_width(self) -> Option<u32> {
        // SAFETY: checked that this is an integer type.
        (self.kind() == K::LLVMIntegerTypeKind).then(|| unsafe { c::LLVMGetIntTypeWidth(self.raw) })
    }

    /// Address space of a pointer type.
    pub fn pointer_address_space(self) -> Option<u32> {
        // SAFETY: checked that this is a pointer type.
        self.is_pointer().then(|| unsafe { c::LLVMGetPointerAddressSpace(self.raw) })
    }

    /// Name of an identified struct (without `%`); `None` for literal structs.
    pub fn struct_name(self) -> Option<String> {
        if !self.is_struct() {
            return None;
        }
        // SAFETY: struct type; the name is null or a NUL-terminated string owned by the type.
        unsafe {
            let p = c::LLVMGetStructName(self.raw);
            (!p.is_null()).then(|| CStr::from_ptr(p).to_string_lossy().into_owned())
        }
    }

    pub fn is_literal_struct(self) -> bool {
        // SAFETY: checked struct type.
        self.is_struct() && unsafe { c::LLVMIsLiteralStruct(self.raw) != 0 }
    }

    /// An identified struct declared without a body (`type opaque`).
    pub fn is_opaque_struct(self) -> bool {
        // SAFETY: checked struct type.
        self.is_struct() && unsafe { c::LLVMIsOpaqueStruct(self.raw) != 0 }
    }

    pub fn is_packed_struct(self) -> bool {
        // SAFETY: checked struct type.
        self.is_struct() && unsafe { c::LLVMIsPackedStruct(self.raw) != 0 }
    }

    /// Field types of a struct with a body (empty for opaque structs).
    pub fn struct_fields(self) -> Vec<Type<'m>> {
        if !self.is_struct() || self.is_opaque_struct() {
            return Vec::new();
        }
        // SAFETY: struct type with a body; the buffer has room for every element.
        unsafe {
            let n = c::LLVMCountStructElementTypes(self.raw) as usize;
            let mut v: Vec<LLVMTypeRef> = vec![std::ptr::null_mut(); n];
            c::LLVMGetStructElementTypes(self.raw, v.as_mut_ptr());
            v.into_iter().filter_map(Type::from_raw).collect()
        }
    }

    /// Element type of an array or vector.
    pub fn element_type(self) -> Option<Type<'m>> {
        match self.kind() {
            // SAFETY: array/vector types have an element type.
            K::LLVMArrayTypeKind | K::LLVMVectorTypeKind | K::LLVMScalableVectorTypeKind => {
                Type::from_raw(unsafe { c::LLVMGetElementType(self.raw) })
            }
            _ => None,
        }
    }

    /// Number of elements of an array (or minimum number of a vector).
    /// (`None` for other types, so an `is_empty` would mean nothing.)
    #[allow(clippy::len_without_is_empty)]
    pub fn len(self) -> Option<u64> {
        match self.kind() {
            // SAFETY: checked array type.
            K::LLVMArrayTypeKind => Some(unsafe { c::LLVMGetArrayLength2(self.raw) }),
            // SAFETY: checked vector type.
            K::LLVMVectorTypeKind | K::LLVMScalableVectorTypeKind => {
                Some(unsafe { c::LLVMGetVectorSize(self.raw) } as u64)
            }
            _ => None,
        }
    }

    /// Return type of a function type.
    pub fn return_type(self) -> Option<Type<'m>> {
        // SAFETY: checked function type.
        (self.kind() == K::LLVMFunctionTypeKind)
            .then(|| Type::from_raw(unsafe { c::LLVMGetReturnType(self.raw) }))
            .flatten()
    }

    /// Parameter types of a function type.
    pub fn param_types(self) -> Vec<Type<'m>> {
        if self.kind() != K::LLVMFunctionTypeKind {
            return Vec::new();
        }
        // SAFETY: function type; the buffer has room for every parameter.
        unsafe {
            let n = c::LLVMCountParamTypes(self.raw) as usize;
            let mut v: Vec<LLVMTypeRef> = vec![std::ptr::null_mut(); n];
            c::LLVMGetParamTypes(self.raw, v.as_mut_ptr());
            v.into_iter().filter_map(Type::from_raw).collect()
        }
    }

    pub fn is_var_arg(self) -> bool {
        // SAFETY: checked function type.
        self.kind() == K::LLVMFunctionTypeKind && unsafe { c::LLVMIsFunctionVarArg(self.raw) != 0 }
    }

    /// Whether the type has a size (false for opaque structs, void, functions).
    pub fn is_sized(self) -> bool {
        // SAFETY: live type.
        unsafe { c::LLVMTypeIsSized(self.raw) != 0 }
    }

    /// True if the type is or contains (through arrays, vectors and struct
    /// fields, not through pointers) a pointer.
    pub fn contains_pointer(self) -> bool {
        fn walk(t: Type<'_>, depth: u32) -> bool {
            if depth > 64 {
                return true; // absurd nesting: answer conservatively
            }
            match t.kind() {
                K::LLVMPointerTypeKind => true,
                K::LLVMArrayTypeKind | K::LLVMVectorTypeKind | K::LLVMScalableVectorTypeKind => {
                    t.element_type().is_some_and(|e| walk(e, depth + 1))
                }
                K::LLVMStructTypeKind => t.struct_fields().into_iter().any(|f| walk(f, depth + 1)),
                _ => false,
            }
        }
        walk(self, 0)
    }
}

impl fmt::Display for Type<'_> {
    /// LLVM's own spelling (`i32`, `ptr`, `%struct.S`, `{ i32, ptr }`); a
    /// named structure prints as its name, not its body.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: live type; the shim returns a malloc'd string that we free.
        let s = unsafe {
            let p = crate::ffi::dtrans_print_type_brief(self.raw);
            let s = CStr::from_ptr(p).to_string_lossy().into_owned();
            crate::ffi::dtrans_free(p.cast());
            s
        };
        f.write_str(&s)
    }
}

impl fmt::Debug for Type<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Type({self})")
    }
}
