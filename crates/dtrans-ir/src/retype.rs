//! Retyping an instruction to an isomorphic structure: the linker (LLVM's
//! IRMover, in `llvm-link` and LTO) maps a structure of one file onto any
//! structure of another with the same body, whatever its name, so after
//! linking `struct module`'s accesses may name `%struct.net`. Giving them
//! back their source type changes no address (the layouts are the same);
//! it only tells the analysis what the program meant.
use crate::{ffi, EditError, Instruction, Type};

/// Whether `a` and `b` are distinct named structures with the same body
/// (the same element types and packing): any access through one computes
/// what it would through the other.
pub fn isomorphic_structs(a: Type<'_>, b: Type<'_>) -> bool {
    a != b
        && a.is_struct()
        && b.is_struct()
        && !a.is_opaque_struct()
        && !b.is_opaque_struct()
        && a.is_packed_struct() == b.is_packed_struct()
        && a.struct_fields() == b.struct_fields()
}

/// [`isomorphic_structs`], or arrays of the same lengths at every level
/// whose innermost elements are.
pub fn isomorphic_types(a: Type<'_>, b: Type<'_>) -> bool {
    if a.is_array() && b.is_array() {
        return a.len() == b.len()
            && match (a.element_type(), b.element_type()) {
                (Some(x), Some(y)) => isomorphic_types(x, y),
                _ => false,
            };
    }
    isomorphic_structs(a, b)
}

impl<'m> Instruction<'m> {
    /// Makes a GEP's source element type (an alloca's allocated type) `t`,
    /// which must be a structure (or an array of them) isomorphic to the
    /// current one.
    pub fn retype_to_isomorphic(self, t: Type<'m>) -> Result<(), EditError> {
        let old = self.gep_source_type().or_else(|| self.allocated_type());
        if !old.is_some_and(|o| isomorphic_types(o, t)) {
            return Err(EditError::Type(
                "retype: not a GEP or alloca of a structure isomorphic to the new type".into(),
            ));
        }
        // SAFETY: live instruction and type of this module; the shim checks
        // the instruction's class and that the indices fit the new type.
        let status = unsafe {
            if self.gep_source_type().is_some() {
                ffi::dtrans_retype_gep(self.as_value().raw(), t.raw())
            } else {
                ffi::dtrans_retype_alloca(self.as_value().raw(), t.raw())
            }
        };
        if status == 0 {
            Ok(())
        } else {
            Err(EditError::Type("retype: the indices do not fit the new type".into()))
        }
    }
}
