//! DTrans types from IR types, where the IR says everything (no pointers)
//! or as a fallback (a `ptr` becomes a pointer to unknown, `?*`).
use std::collections::HashMap;

use dtrans_ir::{Type, TypeKind};

use crate::manager::{AtomicKind, TypeId, TypeManager};

/// The atomic kind of a non-integer first-class IR type.
pub fn atomic_kind(t: Type<'_>) -> Option<AtomicKind> {
    Some(match t.kind() {
        TypeKind::LLVMHalfTypeKind => AtomicKind::Half,
        TypeKind::LLVMBFloatTypeKind => AtomicKind::BFloat,
        TypeKind::LLVMFloatTypeKind => AtomicKind::Float,
        TypeKind::LLVMDoubleTypeKind => AtomicKind::Double,
        TypeKind::LLVMX86_FP80TypeKind => AtomicKind::X86Fp80,
        TypeKind::LLVMFP128TypeKind => AtomicKind::Fp128,
        TypeKind::LLVMPPC_FP128TypeKind => AtomicKind::PpcFp128,
        TypeKind::LLVMX86_AMXTypeKind => AtomicKind::X86Amx,
        TypeKind::LLVMTokenTypeKind => AtomicKind::Token,
        TypeKind::LLVMLabelTypeKind => AtomicKind::Label,
        TypeKind::LLVMMetadataTypeKind => AtomicKind::Metadata,
        _ => return None,
    })
}

/// The printer's name of every identified struct (see
/// `Module::struct_types_named`): numbered structs have no name of their own.
pub type StructNames<'m> = HashMap<Type<'m>, String>;

/// Converts an IR type. Identified structures are referenced by name only;
/// their bodies are the caller's business.
pub fn ir_to_dtrans<'m>(tm: &mut TypeManager, names: &StructNames<'m>, t: Type<'m>) -> TypeId {
    match t.kind() {
        TypeKind::LLVMVoidTypeKind => tm.void(),
        TypeKind::LLVMIntegerTypeKind => tm.int(t.int_width().unwrap_or(0)),
        TypeKind::LLVMPointerTypeKind => {
            let u = tm.unknown();
            tm.pointer_to(u)
        }
        TypeKind::LLVMStructTypeKind => match names.get(&t) {
            Some(name) => tm.named_struct(name),
            None if !t.is_literal_struct() => tm.unknown(),
            None => {
                let fields = t.struct_fields().into_iter().map(|f| ir_to_dtrans(tm, names, f)).collect();
                tm.literal_struct(fields, t.is_packed_struct())
            }
        },
        TypeKind::LLVMArrayTypeKind => {
            let e = ir_to_dtrans(tm, names, t.element_type().expect("array has an element type"));
            tm.array(t.len().unwrap_or(0), e)
        }
        TypeKind::LLVMVectorTypeKind | TypeKind::LLVMScalableVectorTypeKind => {
            let e = ir_to_dtrans(tm, names, t.element_type().expect("vector has an element type"));
            let scalable = t.kind() == TypeKind::LLVMScalableVectorTypeKind;
            tm.intern(crate::DType::Vector { len: t.len().unwrap_or(0), elem: e, scalable })
        }
        TypeKind::LLVMFunctionTypeKind => {
            let ret = ir_to_dtrans(tm, names, t.return_type().expect("function type has a return type"));
            let params = t.param_types().into_iter().map(|p| ir_to_dtrans(tm, names, p)).collect();
            tm.function(ret, params, t.is_var_arg())
        }
        _ => match atomic_kind(t) {
            Some(k) => tm.atomic(k),
            None => tm.unknown(),
        },
    }
}
