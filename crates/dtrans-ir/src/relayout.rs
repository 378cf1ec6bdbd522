//! What layout transformations need beyond the general editing API
//! (`edit.rs`): address arithmetic (GEPs, divisions), constants of
//! aggregate types and byte-offset constant expressions, initializers,
//! attributes that state sizes or alignments, and debug information of a
//! structure whose fields moved.
use llvm_sys::core as c;
use llvm_sys::prelude::*;

use crate::edit::{Builder, EditError};
use crate::ffi;
use crate::metadata::Metadata;
use crate::module::Module;
use crate::types::Type;
use crate::values::{Function, Instruction, Value, ValueKind};
use crate::TypeKind;

fn invalid(what: impl Into<String>) -> EditError {
    EditError::Invalid(what.into())
}

/// The shifts and bitwise operations of [`Builder::bits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitOp {
    LShr,
    Shl,
    Or,
    Xor,
}

fn int_index_ok(v: Value<'_>) -> bool {
    v.ty().int_width().is_some()
}

impl<'m> Builder<'m> {
    /// `getelementptr [inbounds] src, ptr, indices...`: `src` sized, `ptr` a
    /// pointer, the indices integers (struct indices must be constants;
    /// LLVM checks that when it computes the result type, which must exist).
    pub fn gep(
        &self,
        src: Type<'m>,
        ptr: Value<'m>,
        indices: &[Value<'m>],
        inbounds: bool,
        name: &str,
    ) -> Result<Value<'m>, EditError> {
        if !src.is_sized() || !ptr.ty().is_pointer() || !indices.iter().all(|i| int_index_ok(*i)) {
            return Err(invalid(format!("getelementptr {src} through {}", ptr.ty())));
        }
        if !gep_path_ok(src, indices) {
            return Err(invalid(format!("getelementptr {src}: indices do not name a field")));
        }
        let n = std::ffi::CString::new(name.replace('\0', "")).expect("NULs removed");
        let mut raw: Vec<LLVMValueRef> = indices.iter().map(|i| i.raw()).collect();
        // SAFETY: positioned builder (checked by `raw_builder`); sized
        // source type; pointer base; integer indices whose struct steps are
        // in-range constants (checked by `gep_path_ok`).
        let b = self.raw_builder()?;
        let v = unsafe {
            if inbounds {
                c::LLVMBuildInBoundsGEP2(b, src.raw(), ptr.raw(), raw.as_mut_ptr(), raw.len() as u32, n.as_ptr())
            } else {
                c::LLVMBuildGEP2(b, src.raw(), ptr.raw(), raw.as_mut_ptr(), raw.len() as u32, n.as_ptr())
            }
        };
        Value::from_raw(v).ok_or_else(|| invalid("LLVM built no getelementptr"))
    }

    /// `ptr + offset` bytes (`getelementptr [inbounds] i8, ptr, i64 offset`);
    /// `ptr` itself when the offset is 0.
    pub fn byte_offset(&self, ptr: Value<'m>, offset: i64, inbounds: bool, name: &str) -> Result<Value<'m>, EditError> {
        if offset == 0 {
            return Ok(ptr);
        }
        // SAFETY: the pointer's type lives in the module's context.
        let (i8t, i64c) = unsafe {
            let ctx = c::LLVMGetTypeContext(ptr.ty().raw());
            let i8t = Type::from_raw(c::LLVMInt8TypeInContext(ctx)).ok_or_else(|| invalid("no i8"))?;
            let i64c = Value::from_raw(c::LLVMConstInt(c::LLVMInt64TypeInContext(ctx), offset as u64, 1))
                .ok_or_else(|| invalid("no constant"))?;
            (i8t, i64c)
        };
        self.gep(i8t, ptr, &[i64c], inbounds, name)
    }

    /// `sub` of two integers of the same type.
    pub fn sub(&self, a: Value<'m>, b: Value<'m>, name: &str) -> Result<Value<'m>, EditError> {
        if a.ty() != b.ty() || a.ty().int_width().is_none() {
            return Err(invalid(format!("sub of {} and {}", a.ty(), b.ty())));
        }
        let n = std::ffi::CString::new(name.replace('\0', "")).expect("NULs removed");
        let bld = self.raw_builder()?;
        // SAFETY: positioned builder; integer operands of one type.
        Value::from_raw(unsafe { c::LLVMBuildSub(bld, a.raw(), b.raw(), n.as_ptr()) })
            .ok_or_else(|| invalid("LLVM built no sub"))
    }

    /// A shift or bitwise operation on two integers of one type: `lshr`,
    /// `shl`, `or` or `xor` (`op`).
    pub fn bits(&self, op: BitOp, a: Value<'m>, b: Value<'m>, name: &str) -> Result<Value<'m>, EditError> {
        if a.ty() != b.ty() || a.ty().int_width().is_none() {
            return Err(invalid(format!("{op:?} of {} and {}", a.ty(), b.ty())));
        }
        let n = std::ffi::CString::new(name.replace('\0', "")).expect("NULs removed");
        let bld = self.raw_builder()?;
        // SAFETY: positioned builder; integer operands of one type.
        let v = unsafe {
            match op {
                BitOp::LShr => c::LLVMBuildLShr(bld, a.raw(), b.raw(), n.as_ptr()),
                BitOp::Shl => c::LLVMBuildShl(bld, a.raw(), b.raw(), n.as_ptr()),
                BitOp::Or => c::LLVMBuildOr(bld, a.raw(), b.raw(), n.as_ptr()),
                BitOp::Xor => c::LLVMBuildXor(bld, a.raw(), b.raw(), n.as_ptr()),
            }
        };
        Value::from_raw(v).ok_or_else(|| invalid("LLVM built no bitwise operation"))
    }

    /// `freeze v`: an arbitrary but fixed value where `v` is undef or
    /// poison (bits of memory never written), `v` elsewhere.
    pub fn freeze(&self, v: Value<'m>, name: &str) -> Result<Value<'m>, EditError> {
        if !v.ty().is_sized() {
            return Err(invalid(format!("freeze of {}", v.ty())));
        }
        let n = std::ffi::CString::new(name.replace('\0', "")).expect("NULs removed");
        let bld = self.raw_builder()?;
        // SAFETY: positioned builder; a first-class sized operand.
        Value::from_raw(unsafe { c::LLVMBuildFreeze(bld, v.raw(), n.as_ptr()) })
            .ok_or_else(|| invalid("LLVM built no freeze"))
    }

    /// `sdiv`/`udiv` (`exact` when asked) of two integers of one type.
    pub fn div(
        &self,
        a: Value<'m>,
        b: Value<'m>,
        signed: bool,
        exact: bool,
        name: &str,
    ) -> Result<Value<'m>, EditError> {
        if a.ty() != b.ty() || a.ty().int_width().is_none() {
            return Err(invalid(format!("division of {} by {}", a.ty(), b.ty())));
        }
        let n = std::ffi::CString::new(name.replace('\0', "")).expect("NULs removed");
        let bld = self.raw_builder()?;
        // SAFETY: positioned builder; integer operands of one type.
        let v = unsafe {
            match (signed, exact) {
                (true, true) => c::LLVMBuildExactSDiv(bld, a.raw(), b.raw(), n.as_ptr()),
                (true, false) => c::LLVMBuildSDiv(bld, a.raw(), b.raw(), n.as_ptr()),
                (false, true) => c::LLVMBuildExactUDiv(bld, a.raw(), b.raw(), n.as_ptr()),
                (false, false) => c::LLVMBuildUDiv(bld, a.raw(), b.raw(), n.as_ptr()),
            }
        };
        Value::from_raw(v).ok_or_else(|| invalid("LLVM built no division"))
    }

    /// A copy of the binary operator `like` (same opcode and flags) with
    /// operands `a` and `b`, which must have its operand type.
    pub fn clone_binop(&self, like: Instruction<'m>, a: Value<'m>, b: Value<'m>) -> Result<Value<'m>, EditError> {
        let (Some(x), Some(_)) = (like.operand(0), like.operand(1)) else {
            return Err(invalid("not a binary operator"));
        };
        if a.ty() != x.ty() || b.ty() != x.ty() || like.num_operands() != 2 {
            return Err(invalid(format!("{} with operands of other types", like.as_value())));
        }
        let bld = self.raw_builder()?;
        // SAFETY: positioned builder; `like` is a live instruction whose
        // clone is inserted before the operands are set to values of the
        // same types; `dtrans_clone_binop` refuses non-binary operators.
        let v = unsafe { ffi::dtrans_clone_binop(bld, like.as_value().raw(), a.raw(), b.raw()) };
        Value::from_raw(v).ok_or_else(|| invalid(format!("cannot copy {}", like.as_value())))
    }

    /// A cast instruction like `like` (same opcode) of `v` to `ty`.
    pub fn clone_cast(&self, like: Instruction<'m>, v: Value<'m>, ty: Type<'m>) -> Result<Value<'m>, EditError> {
        let bld = self.raw_builder()?;
        if like.num_operands() != 1 || v.ty().int_width().is_none() || ty.int_width().is_none() {
            return Err(invalid(format!("cannot copy the cast {}", like.as_value())));
        }
        let n = std::ffi::CString::new("").expect("no NUL");
        // SAFETY: positioned builder; integer-to-integer cast of the same
        // opcode as `like` (checked to be one of the integer casts).
        let v = unsafe {
            match like.opcode() {
                crate::Opcode::LLVMZExt => c::LLVMBuildZExt(bld, v.raw(), ty.raw(), n.as_ptr()),
                crate::Opcode::LLVMSExt => c::LLVMBuildSExt(bld, v.raw(), ty.raw(), n.as_ptr()),
                crate::Opcode::LLVMTrunc => c::LLVMBuildTrunc(bld, v.raw(), ty.raw(), n.as_ptr()),
                _ => return Err(invalid(format!("cannot copy the cast {}", like.as_value()))),
            }
        };
        Value::from_raw(v).ok_or_else(|| invalid("LLVM built no cast"))
    }
}

/// Whether `indices` (after the first, which steps over `src`) name a path
/// through `src`: constant in-range indices into structures, any integer
/// into arrays and vectors.
fn gep_path_ok(src: Type<'_>, indices: &[Value<'_>]) -> bool {
    let mut t = src;
    for i in indices.iter().skip(1) {
        match t.kind() {
            TypeKind::LLVMStructTypeKind => {
                let fields = t.struct_fields();
                let Some(k) = i.const_uint_value() else { return false };
                let Some(f) = fields.get(k as usize) else { return false };
                t = *f;
            }
            TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => match t.element_type() {
                Some(e) => t = e,
                None => return false,
            },
            _ => return false,
        }
    }
    true
}

impl<'c> Module<'c> {
    /// An integer constant of integer type `ty` holding `v` (truncated).
    pub fn const_int_of(&self, ty: Type<'_>, v: i64) -> Result<Value<'_>, EditError> {
        if !self.owns_type(ty) || ty.int_width().is_none() {
            return Err(invalid(format!("integer constant of type {ty}")));
        }
        // SAFETY: checked integer type of this context.
        Value::from_raw(unsafe { c::LLVMConstInt(ty.raw(), v as u64, 1) }).ok_or_else(|| invalid("no constant"))
    }

    /// A floating-point constant of type `ty` (`float` or `double`).
    pub fn const_real(&self, ty: Type<'_>, v: f64) -> Result<Value<'_>, EditError> {
        if !self.owns_type(ty) || !matches!(ty.kind(), TypeKind::LLVMFloatTypeKind | TypeKind::LLVMDoubleTypeKind) {
            return Err(invalid(format!("floating-point constant of type {ty}")));
        }
        // SAFETY: checked float or double type of this context.
        Value::from_raw(unsafe { c::LLVMConstReal(ty.raw(), v) }).ok_or_else(|| invalid("no constant"))
    }

    /// `undef` of a type of this context.
    pub fn const_undef(&self, ty: Type<'_>) -> Value<'_> {
        assert!(self.owns_type(ty), "type from another LLVM context");
        // SAFETY: live type of this context.
        Value::from_raw(unsafe { c::LLVMGetUndef(ty.raw()) }).expect("LLVMGetUndef returns a value")
    }

    /// `poison` of a type of this context.
    pub fn const_poison(&self, ty: Type<'_>) -> Value<'_> {
        assert!(self.owns_type(ty), "type from another LLVM context");
        // SAFETY: live type of this context.
        Value::from_raw(unsafe { c::LLVMGetPoison(ty.raw()) }).expect("LLVMGetPoison returns a value")
    }

    /// The constant of the named (or literal) structure `ty` with fields
    /// `elems`, each a constant of the field's type.
    pub fn const_struct(&self, ty: Type<'_>, elems: &[Value<'_>]) -> Result<Value<'_>, EditError> {
        if !self.owns_type(ty) || !ty.is_struct() || ty.is_opaque_struct() {
            return Err(invalid(format!("structure constant of type {ty}")));
        }
        let fields = ty.struct_fields();
        let ok = fields.len() == elems.len()
            && fields.iter().zip(elems).all(|(f, e)| e.is_constant() && e.ty().raw() == f.raw());
        if !ok {
            return Err(invalid(format!("structure constant of type {ty}: fields do not match")));
        }
        let mut raw: Vec<LLVMValueRef> = elems.iter().map(|e| e.raw()).collect();
        // SAFETY: checked structure type with `len` fields whose types match
        // the `len` constants.
        let v = unsafe {
            if ty.is_literal_struct() {
                c::LLVMConstStructInContext(
                    self.ctx_raw(),
                    raw.as_mut_ptr(),
                    raw.len() as u32,
                    i32::from(ty.is_packed_struct()),
                )
            } else {
                c::LLVMConstNamedStruct(ty.raw(), raw.as_mut_ptr(), raw.len() as u32)
            }
        };
        Value::from_raw(v).ok_or_else(|| invalid("LLVM built no structure constant"))
    }

    /// The constant `[N x elem]` with elements `elems` (each of type `elem`).
    pub fn const_array(&self, elem: Type<'_>, elems: &[Value<'_>]) -> Result<Value<'_>, EditError> {
        if !self.owns_type(elem) || !elem.is_sized() || !elems.iter().all(|e| e.is_constant() && e.ty() == elem) {
            return Err(invalid(format!("array constant of {elem}")));
        }
        let mut raw: Vec<LLVMValueRef> = elems.iter().map(|e| e.raw()).collect();
        // SAFETY: checked sized element type and `len` constants of it.
        Value::from_raw(unsafe { c::LLVMConstArray2(elem.raw(), raw.as_mut_ptr(), raw.len() as u64) })
            .ok_or_else(|| invalid("LLVM built no array constant"))
    }

    /// The constant `getelementptr [inbounds] (i8, base, i64 offset)`
    /// (`base` itself for offset 0).
    pub fn const_byte_offset<'a>(
        &'a self,
        base: Value<'a>,
        offset: i64,
        inbounds: bool,
    ) -> Result<Value<'a>, EditError> {
        if !base.is_constant() || !base.ty().is_pointer() || !self.owns_type(base.ty()) {
            return Err(invalid(format!("constant byte offset from {}", base.ty())));
        }
        if offset == 0 {
            return Ok(base);
        }
        // SAFETY: constant pointer of this context, an i8 source type and
        // one i64 index.
        let v = unsafe {
            let i8t = c::LLVMInt8TypeInContext(self.ctx_raw());
            let mut idx = [c::LLVMConstInt(c::LLVMInt64TypeInContext(self.ctx_raw()), offset as u64, 1)];
            if inbounds {
                c::LLVMConstInBoundsGEP2(i8t, base.raw(), idx.as_mut_ptr(), 1)
            } else {
                c::LLVMConstGEP2(i8t, base.raw(), idx.as_mut_ptr(), 1)
            }
        };
        Value::from_raw(v).ok_or_else(|| invalid("LLVM built no constant"))
    }

    /// A new global variable like `old` (linkage, constness, attributes,
    /// alignment, section, metadata attachments) of type `ty` with
    /// initializer `init`, named `name` (LLVM renames it if taken). Nothing
    /// uses it yet: [`Module::swap_globals`] moves `old`'s uses to it.
    pub fn add_global_like<'a>(
        &'a self,
        old: Value<'a>,
        ty: Type<'a>,
        init: Option<Value<'a>>,
        name: &str,
    ) -> Result<Value<'a>, EditError> {
        let ok_init = init.is_none_or(|i| i.is_constant() && i.ty() == ty);
        if old.kind() != ValueKind::GlobalVariable || !self.owns_type(ty) || !ty.is_sized() || !ok_init {
            return Err(invalid(format!("cannot make a global of type {ty} like @{}", old.name())));
        }
        let n = std::ffi::CString::new(name.replace('\0', "")).expect("NULs removed");
        // SAFETY: checked global variable, sized type of this context and an
        // initializer of that type (or none).
        let v = unsafe {
            ffi::dtrans_add_global_like(old.raw(), ty.raw(), init.map_or(std::ptr::null_mut(), |i| i.raw()), n.as_ptr())
        };
        Value::from_raw(v).ok_or_else(|| invalid("LLVM added no global"))
    }

    /// Moves every use of each global named `old` to the global named `new`,
    /// which takes the old name, and erases the old globals. All or nothing.
    pub fn swap_globals(&mut self, pairs: &[(String, String)]) -> Result<(), EditError> {
        let mut old = Vec::new();
        let mut new = Vec::new();
        for (o, n) in pairs {
            let find = |name: &str| {
                self.globals().find(|g| g.name() == name && g.kind() == ValueKind::GlobalVariable).map(|g| g.raw())
            };
            match (find(o), find(n)) {
                (Some(a), Some(b)) => {
                    old.push(a);
                    new.push(b);
                }
                _ => return Err(invalid(format!("no global pair @{o}, @{n}"))),
            }
        }
        // SAFETY: `&mut self`: no handle into the module is alive, so the
        // constant expressions destroyed by the replacement and the erased
        // globals cannot be observed; the arrays hold `len` live globals.
        let status = unsafe { ffi::dtrans_swap_globals(old.as_mut_ptr(), new.as_mut_ptr(), old.len()) };
        if status == 0 {
            Ok(())
        } else {
            Err(invalid("not a pair of global variables"))
        }
    }

    /// A new internal global variable `name` (LLVM renames it if taken) of
    /// sized type `ty`, initialized to `init` (a constant of `ty`).
    pub fn add_internal_global<'a>(
        &'a self,
        name: &str,
        ty: Type<'a>,
        init: Value<'a>,
    ) -> Result<Value<'a>, EditError> {
        if !self.owns_type(ty) || !ty.is_sized() || !init.is_constant() || init.ty() != ty {
            return Err(invalid(format!("a global of type {ty} initialized with {}", init.ty())));
        }
        let n = std::ffi::CString::new(name.replace('\0', "")).expect("NULs removed");
        // SAFETY: valid module; checked sized type of this context and an
        // initializer of that type.
        unsafe {
            let g = c::LLVMAddGlobal(self.raw(), ty.raw(), n.as_ptr());
            c::LLVMSetInitializer(g, init.raw());
            c::LLVMSetLinkage(g, llvm_sys::LLVMLinkage::LLVMInternalLinkage);
            Value::from_raw(g).ok_or_else(|| invalid("LLVM added no global"))
        }
    }

    /// [`Module::add_internal_global`], marked constant: nothing stores
    /// into it, so loads of it fold to `init`.
    pub fn add_internal_constant<'a>(
        &'a self,
        name: &str,
        ty: Type<'a>,
        init: Value<'a>,
    ) -> Result<Value<'a>, EditError> {
        let g = self.add_internal_global(name, ty, init)?;
        // SAFETY: `g` is the global variable just added.
        unsafe { c::LLVMSetGlobalConstant(g.raw(), 1) };
        Ok(g)
    }

    /// Removes `dereferenceable(N)` and `dereferenceable_or_null(N)` from
    /// every function and call site: after a structure shrinks, a byte
    /// count stated for the old layout would promise memory that is not
    /// there. Returns how many attributes went.
    pub fn drop_dereferenceable(&self) -> usize {
        // SAFETY: valid module; the shim only removes attributes.
        unsafe { ffi::dtrans_drop_dereferenceable(self.raw()) }
    }

    /// Rewrites the distinct `DICompositeType` `composite` for a new layout:
    /// its size becomes `size_bits` and its members are `members`, each
    /// (index of an old member, new offset in bits), in the new order;
    /// old members not listed are dropped. Returns false (changing nothing)
    /// if `composite` is not a distinct composite type or an index is out
    /// of range.
    pub fn relayout_di_composite(&self, composite: Metadata<'_>, size_bits: u64, members: &[(u32, u64)]) -> bool {
        let idx: Vec<u32> = members.iter().map(|m| m.0).collect();
        let offs: Vec<u64> = members.iter().map(|m| m.1).collect();
        // SAFETY: live metadata; the shim checks the node's class and every
        // index; the arrays hold `len` entries each.
        unsafe { ffi::dtrans_di_relayout(composite.raw(), size_bits, idx.as_ptr(), offs.as_ptr(), members.len()) != 0 }
    }

    /// Every structure, class and union type in the debug information.
    pub fn debug_composites(&self) -> Vec<Metadata<'_>> {
        let mut n = 0usize;
        // SAFETY: valid module; the shim returns a malloc'd array of `n`
        // live metadata handles, freed here after copying.
        unsafe {
            let p = ffi::dtrans_debug_composites(self.raw(), &mut n);
            let v = std::slice::from_raw_parts(p, n).iter().filter_map(|m| Metadata::from_raw(*m)).collect();
            ffi::dtrans_free(p.cast());
            v
        }
    }

    /// Erases the debug records (`#dbg_value`, `#dbg_declare`) whose
    /// expression is a fragment of a variable whose type (through typedefs,
    /// qualifiers and arrays) is one of `composites`: the fragments name
    /// bit ranges of the old layout. Returns how many went.
    pub fn drop_fragment_records(&self, composites: &[Metadata<'_>]) -> usize {
        let raw: Vec<LLVMMetadataRef> = composites.iter().map(|m| m.raw()).collect();
        // SAFETY: valid module; `raw` holds `len` live metadata handles; the
        // shim erases debug records only (never values or instructions
        // that handles could name).
        unsafe { ffi::dtrans_drop_fragment_records(self.raw(), raw.as_ptr(), raw.len()) }
    }
}

impl<'m> Value<'m> {
    /// Sets the initializer of a global variable to a constant of its value
    /// type.
    pub fn set_initializer(self, init: Value<'m>) -> Result<(), EditError> {
        if self.kind() != ValueKind::GlobalVariable
            || !init.is_constant()
            || Some(init.ty()) != self.global_value_type()
        {
            return Err(invalid(format!("initializer of type {} for @{}", init.ty(), self.name())));
        }
        // SAFETY: checked global variable and a constant of its value type.
        unsafe { c::LLVMSetInitializer(self.raw(), init.raw()) };
        Ok(())
    }

    /// Whether a GEP (instruction or constant expression) is `inbounds`.
    pub fn gep_is_inbounds(self) -> bool {
        if self.gep_indices().is_none() {
            return false;
        }
        // SAFETY: checked GEP instruction or expression (a GEPOperator).
        unsafe { c::LLVMIsInBounds(self.raw()) != 0 }
    }

    /// The struct, array and vector steps of a GEP's indices (instruction
    /// or constant expression): `None` for other values.
    pub fn gep_indices(self) -> Option<Vec<Value<'m>>> {
        let is_gep = match self.as_instruction() {
            Some(i) => i.opcode() == crate::Opcode::LLVMGetElementPtr,
            None => self.const_opcode() == Some(crate::Opcode::LLVMGetElementPtr),
        };
        is_gep.then(|| self.operands().into_iter().skip(1).collect())
    }
}

impl<'m> Instruction<'m> {
    /// The `align` attribute on argument `i` of a call site.
    pub fn call_param_align(self, i: u32) -> Option<u64> {
        if i >= self.call_arg_count()? {
            return None;
        }
        let kind = attr_kind("align")?;
        // SAFETY: checked call-like instruction and argument index.
        unsafe {
            let a = c::LLVMGetCallSiteEnumAttribute(self.as_value().raw(), crate::AttrIndex::Param(i).raw(), kind);
            (!a.is_null()).then(|| c::LLVMGetEnumAttributeValue(a))
        }
    }

    /// Sets the `align` attribute on argument `i` of a call site (a power
    /// of two); false if there is no such argument.
    pub fn set_call_param_align(self, i: u32, bytes: u64) -> bool {
        let Some(n) = self.call_arg_count() else { return false };
        if i >= n || !bytes.is_power_of_two() {
            return false;
        }
        let Some(kind) = attr_kind("align") else { return false };
        let idx = crate::AttrIndex::Param(i).raw();
        // SAFETY: checked call-like instruction and argument index; the
        // attribute is created in the instruction's context.
        unsafe {
            let raw = self.as_value().raw();
            let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(raw));
            c::LLVMRemoveCallSiteEnumAttribute(raw, idx, kind);
            c::LLVMAddCallSiteAttribute(raw, idx, c::LLVMCreateEnumAttribute(ctx, kind, bytes));
        }
        true
    }
}

impl<'m> Function<'m> {
    /// The intrinsic or library function `name` of type `fn_ty` in `m`,
    /// declared if missing. `None` if a function of that name exists with
    /// another type.
    pub fn get_or_declare<'c>(m: &'m Module<'c>, name: &str, fn_ty: Type<'m>) -> Option<Function<'m>> {
        match m.function(name) {
            Some(f) => (f.function_type() == fn_ty).then_some(f),
            None => m.add_function(name, fn_ty).ok(),
        }
    }
}

fn attr_kind(name: &str) -> Option<u32> {
    // SAFETY: pointer and length describe `name`.
    let k = unsafe { c::LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len()) };
    (k != 0).then_some(k)
}
