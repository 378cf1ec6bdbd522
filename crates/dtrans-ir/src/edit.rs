//! Changing a module: an instruction [`Builder`], replacing uses and
//! operands, new functions and function types, moving a body to a function
//! of another type, and erasing what was marked for deletion.
//!
//! # Deletion and the handle invariant
//!
//! Handles stay valid because nothing reachable through `&Module` deletes IR
//! objects. Instructions and functions that a transformation replaces are
//! therefore only *marked* (metadata of a kind the caller chooses, set with
//! [`Value::set_metadata`]) and erased later by [`Module::erase_marked`],
//! which takes `&mut Module`: while it runs, no handle into the module can
//! be alive.
//!
//! Every builder method checks the types LLVM's constructors assume
//! (otherwise `IRBuilder` would build malformed instructions) and returns
//! [`EditError`] instead.
use std::ffi::CString;

use llvm_sys::core as c;
use llvm_sys::prelude::*;

use crate::ffi;
use crate::module::{Borrow, Module};
use crate::types::Type;
use crate::values::{BasicBlock, Function, Instruction, Value, ValueKind};
use crate::{IntPredicate, Opcode, TypeKind};

/// A refused edit. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("{0}")]
    Type(String),
    #[error("the builder has no insertion point")]
    NotPositioned,
    #[error("{0}")]
    Invalid(String),
}

fn type_error(what: &str, detail: impl std::fmt::Display) -> EditError {
    EditError::Type(format!("{what}: {detail}"))
}

/// A C string for an IR name (NULs dropped).
fn c_name(name: &str) -> CString {
    CString::new(name.replace('\0', "")).expect("NULs removed")
}

/// Whether `t` may be the type of an instruction operand or result.
fn first_class(t: Type<'_>) -> bool {
    !matches!(
        t.kind(),
        TypeKind::LLVMVoidTypeKind
            | TypeKind::LLVMFunctionTypeKind
            | TypeKind::LLVMLabelTypeKind
            | TypeKind::LLVMMetadataTypeKind
            | TypeKind::LLVMTokenTypeKind
    )
}

/// An instruction builder (`IRBuilder`) for one module. New instructions
/// take the debug location set with [`set_debug_location_from`](Self::set_debug_location_from).
pub struct Builder<'m> {
    raw: LLVMBuilderRef,
    _m: Borrow<'m>,
}

impl Drop for Builder<'_> {
    fn drop(&mut self) {
        // SAFETY: the builder was created by `Module::builder` and is disposed once.
        unsafe { c::LLVMDisposeBuilder(self.raw) }
    }
}

impl<'m> Builder<'m> {
    /// Inserts before `inst`, after the debug records attached to it.
    pub fn position_before(&self, inst: Instruction<'m>) {
        // SAFETY: live builder and instruction.
        unsafe { c::LLVMPositionBuilderBefore(self.raw, inst.as_value().raw()) }
    }

    /// Inserts before `inst` and before the debug records attached to it
    /// (right after the instruction that precedes it).
    pub fn position_before_with_records(&self, inst: Instruction<'m>) {
        // SAFETY: live builder and instruction.
        unsafe { c::LLVMPositionBuilderBeforeInstrAndDbgRecords(self.raw, inst.as_value().raw()) }
    }

    pub fn position_at_end(&self, block: BasicBlock<'m>) {
        // SAFETY: live builder and block.
        unsafe { c::LLVMPositionBuilderAtEnd(self.raw, block.raw_block()) }
    }

    /// New instructions get `inst`'s `!dbg` location (none if it has none).
    pub fn set_debug_location_from(&self, inst: Instruction<'m>) {
        // SAFETY: live builder and instruction; a null location clears it.
        unsafe {
            let loc = llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(inst.as_value().raw());
            c::LLVMSetCurrentDebugLocation2(self.raw, loc);
        }
    }

    /// New instructions get no `!dbg` location.
    pub fn clear_debug_location(&self) {
        // SAFETY: live builder; a null location clears it.
        unsafe { c::LLVMSetCurrentDebugLocation2(self.raw, std::ptr::null_mut()) }
    }

    /// The raw builder, once it is positioned (for `relayout.rs`).
    pub(crate) fn raw_builder(&self) -> Result<LLVMBuilderRef, EditError> {
        self.check_positioned()?;
        Ok(self.raw)
    }

    fn check_positioned(&self) -> Result<(), EditError> {
        // SAFETY: live builder.
        if unsafe { c::LLVMGetInsertBlock(self.raw) }.is_null() {
            Err(EditError::NotPositioned)
        } else {
            Ok(())
        }
    }

    fn value(raw: LLVMValueRef) -> Result<Value<'m>, EditError> {
        Value::from_raw(raw).ok_or_else(|| EditError::Invalid("LLVM built no value".into()))
    }

    fn instruction(raw: LLVMValueRef) -> Result<Instruction<'m>, EditError> {
        Self::value(raw)?.as_instruction().ok_or_else(|| EditError::Invalid("LLVM built no instruction".into()))
    }

    /// `inttoptr`: `v` an integer (or vector of integers), `ty` a pointer type
    /// (or vector of them with as many lanes).
    pub fn int_to_ptr(&self, v: Value<'m>, ty: Type<'m>, name: &str) -> Result<Value<'m>, EditError> {
        self.check_positioned()?;
        if v.ty().int_width().is_none() || !ty.is_pointer() {
            return Err(type_error("inttoptr", format!("{} to {ty}", v.ty())));
        }
        let n = c_name(name);
        // SAFETY: positioned builder; integer operand and pointer type checked.
        Self::value(unsafe { c::LLVMBuildIntToPtr(self.raw, v.raw(), ty.raw(), n.as_ptr()) })
    }

    /// `ptrtoint`: `v` a pointer, `ty` an integer type.
    pub fn ptr_to_int(&self, v: Value<'m>, ty: Type<'m>, name: &str) -> Result<Value<'m>, EditError> {
        self.check_positioned()?;
        if !v.ty().is_pointer() || ty.int_width().is_none() {
            return Err(type_error("ptrtoint", format!("{} to {ty}", v.ty())));
        }
        let n = c_name(name);
        // SAFETY: positioned builder; pointer operand and integer type checked.
        Self::value(unsafe { c::LLVMBuildPtrToInt(self.raw, v.raw(), ty.raw(), n.as_ptr()) })
    }

    /// `sext`/`trunc` (or nothing) from one integer type to another.
    pub fn int_cast(&self, v: Value<'m>, ty: Type<'m>, signed: bool, name: &str) -> Result<Value<'m>, EditError> {
        self.check_positioned()?;
        if v.ty().int_width().is_none() || ty.int_width().is_none() {
            return Err(type_error("integer cast", format!("{} to {ty}", v.ty())));
        }
        let n = c_name(name);
        // SAFETY: positioned builder; integer operand and type checked.
        Self::value(unsafe { c::LLVMBuildIntCast2(self.raw, v.raw(), ty.raw(), i32::from(signed), n.as_ptr()) })
    }

    fn same_int(what: &str, a: Value<'m>, b: Value<'m>) -> Result<(), EditError> {
        if a.ty().int_width().is_none() || a.ty() != b.ty() {
            return Err(type_error(what, format!("{} and {}", a.ty(), b.ty())));
        }
        Ok(())
    }

    /// `add` of two integers of the same type.
    pub fn add(&self, a: Value<'m>, b: Value<'m>, name: &str) -> Result<Value<'m>, EditError> {
        self.check_positioned()?;
        Self::same_int("add", a, b)?;
        let n = c_name(name);
        // SAFETY: positioned builder; operands of one integer type.
        Self::value(unsafe { c::LLVMBuildAdd(self.raw, a.raw(), b.raw(), n.as_ptr()) })
    }

    /// `mul` of two integers of the same type.
    pub fn mul(&self, a: Value<'m>, b: Value<'m>, name: &str) -> Result<Value<'m>, EditError> {
        self.check_positioned()?;
        Self::same_int("mul", a, b)?;
        let n = c_name(name);
        // SAFETY: positioned builder; operands of one integer type.
        Self::value(unsafe { c::LLVMBuildMul(self.raw, a.raw(), b.raw(), n.as_ptr()) })
    }

    /// `and` of two integers of the same type.
    pub fn and(&self, a: Value<'m>, b: Value<'m>, name: &str) -> Result<Value<'m>, EditError> {
        self.check_positioned()?;
        Self::same_int("and", a, b)?;
        let n = c_name(name);
        // SAFETY: positioned builder; operands of one integer type.
        Self::value(unsafe { c::LLVMBuildAnd(self.raw, a.raw(), b.raw(), n.as_ptr()) })
    }

    /// `ashr` (arithmetic shift right) of two integers of the same type.
    pub fn ashr(&self, a: Value<'m>, b: Value<'m>, name: &str) -> Result<Value<'m>, EditError> {
        self.check_positioned()?;
        Self::same_int("ashr", a, b)?;
        let n = c_name(name);
        // SAFETY: positioned builder; operands of one integer type.
        Self::value(unsafe { c::LLVMBuildAShr(self.raw, a.raw(), b.raw(), n.as_ptr()) })
    }

    /// `icmp pred a, b` on integers or pointers of the same type.
    pub fn icmp(&self, pred: IntPredicate, a: Value<'m>, b: Value<'m>, name: &str) -> Result<Value<'m>, EditError> {
        self.check_positioned()?;
        let ok = (a.ty().int_width().is_some() || a.ty().is_pointer()) && a.ty() == b.ty();
        if !ok {
            return Err(type_error("icmp", format!("{} and {}", a.ty(), b.ty())));
        }
        let n = c_name(name);
        // SAFETY: positioned builder; operands of one integer or pointer type.
        Self::value(unsafe { c::LLVMBuildICmp(self.raw, pred, a.raw(), b.raw(), n.as_ptr()) })
    }

    /// `load ty, ptr`: `ty` sized and first-class, `ptr` a pointer.
    pub fn load(&self, ty: Type<'m>, ptr: Value<'m>, name: &str) -> Result<Instruction<'m>, EditError> {
        self.check_positioned()?;
        if !ptr.ty().is_pointer() || !first_class(ty) || !ty.is_sized() {
            return Err(type_error("load", format!("{ty} from {}", ptr.ty())));
        }
        let n = c_name(name);
        // SAFETY: positioned builder; pointer operand and sized first-class type checked.
        Self::instruction(unsafe { c::LLVMBuildLoad2(self.raw, ty.raw(), ptr.raw(), n.as_ptr()) })
    }

    /// `alloca ty, align align`: one object of sized type `ty` on the
    /// stack (at the builder's position; an entry block's allocas are
    /// static).
    pub fn alloca(&self, ty: Type<'m>, align: u32, name: &str) -> Result<Instruction<'m>, EditError> {
        self.check_positioned()?;
        if !ty.is_sized() || !align.is_power_of_two() {
            return Err(type_error("alloca", format!("{ty} aligned {align}")));
        }
        let n = c_name(name);
        // SAFETY: positioned builder; sized type checked.
        let i = Self::instruction(unsafe { c::LLVMBuildAlloca(self.raw, ty.raw(), n.as_ptr()) })?;
        i.set_alignment(align);
        Ok(i)
    }

    /// `store v, ptr`: `v` sized and first-class, `ptr` a pointer.
    pub fn store(&self, v: Value<'m>, ptr: Value<'m>) -> Result<Instruction<'m>, EditError> {
        self.check_positioned()?;
        if !ptr.ty().is_pointer() || !first_class(v.ty()) || !v.ty().is_sized() {
            return Err(type_error("store", format!("{} to {}", v.ty(), ptr.ty())));
        }
        // SAFETY: positioned builder; operands checked as above.
        Self::instruction(unsafe { c::LLVMBuildStore(self.raw, v.raw(), ptr.raw()) })
    }

    /// `atomicrmw xchg ptr %ptr, v acquire`: the old value, `v` stored in
    /// one step (a spin lock's acquire).
    pub fn atomic_xchg_acquire(&self, ptr: Value<'m>, v: Value<'m>) -> Result<Instruction<'m>, EditError> {
        self.check_positioned()?;
        if !ptr.ty().is_pointer() || v.ty().int_width().is_none() {
            return Err(type_error("atomicrmw xchg", format!("{} to {}", v.ty(), ptr.ty())));
        }
        // SAFETY: positioned builder; a pointer and an integer, checked.
        Self::instruction(unsafe {
            c::LLVMBuildAtomicRMW(
                self.raw,
                llvm_sys::LLVMAtomicRMWBinOp::LLVMAtomicRMWBinOpXchg,
                ptr.raw(),
                v.raw(),
                llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingAcquire,
                0,
            )
        })
    }

    /// An empty `phi` of type `ty` (add incoming values with
    /// [`Instruction::add_incoming`]). Position it among the block's phis.
    pub fn phi(&self, ty: Type<'m>, name: &str) -> Result<Instruction<'m>, EditError> {
        self.check_positioned()?;
        if !first_class(ty) || !ty.is_sized() {
            return Err(type_error("phi", ty));
        }
        let n = c_name(name);
        // SAFETY: positioned builder; first-class type checked.
        Self::instruction(unsafe { c::LLVMBuildPhi(self.raw, ty.raw(), n.as_ptr()) })
    }

    /// `select cond, a, b`: `cond` an `i1`, `a` and `b` of one type.
    pub fn select(&self, cond: Value<'m>, a: Value<'m>, b: Value<'m>, name: &str) -> Result<Value<'m>, EditError> {
        self.check_positioned()?;
        if cond.ty().int_width() != Some(1) || a.ty() != b.ty() || !first_class(a.ty()) {
            return Err(type_error("select", format!("{} ? {} : {}", cond.ty(), a.ty(), b.ty())));
        }
        let n = c_name(name);
        // SAFETY: positioned builder; operand types checked.
        Self::value(unsafe { c::LLVMBuildSelect(self.raw, cond.raw(), a.raw(), b.raw(), n.as_ptr()) })
    }

    /// A call of `callee` (a pointer) with function type `fn_ty`; the
    /// arguments must match the fixed parameters (and may add more when
    /// the type is variadic). `name` must be empty for a `void` result.
    pub fn call(
        &self,
        fn_ty: Type<'m>,
        callee: Value<'m>,
        args: &[Value<'m>],
        name: &str,
    ) -> Result<Instruction<'m>, EditError> {
        self.check_positioned()?;
        if fn_ty.kind() != TypeKind::LLVMFunctionTypeKind || !callee.ty().is_pointer() {
            return Err(type_error("call", format!("{} through {}", fn_ty, callee.ty())));
        }
        let params = fn_ty.param_types();
        let count_ok = if fn_ty.is_var_arg() { args.len() >= params.len() } else { args.len() == params.len() };
        let types_ok = params.iter().zip(args).all(|(p, a)| *p == a.ty()) && args.iter().all(|a| first_class(a.ty()));
        if !count_ok || !types_ok {
            let got: Vec<String> = args.iter().map(|a| a.ty().to_string()).collect();
            return Err(type_error("call", format!("{fn_ty} with ({})", got.join(", "))));
        }
        let void = fn_ty.return_type().is_some_and(|t| t.is_void());
        let n = c_name(if void { "" } else { name });
        let mut raw: Vec<LLVMValueRef> = args.iter().map(|a| a.raw()).collect();
        // SAFETY: positioned builder; function type, callee and argument
        // types checked; `raw` holds `len` live values.
        Self::instruction(unsafe {
            c::LLVMBuildCall2(self.raw, fn_ty.raw(), callee.raw(), raw.as_mut_ptr(), raw.len() as u32, n.as_ptr())
        })
    }

    /// `br label %dest`.
    pub fn br(&self, dest: BasicBlock<'m>) -> Result<Instruction<'m>, EditError> {
        self.check_positioned()?;
        // SAFETY: positioned builder; live block.
        Self::instruction(unsafe { c::LLVMBuildBr(self.raw, dest.raw_block()) })
    }

    /// `br i1 %cond, label %then, label %else`.
    pub fn cond_br(
        &self,
        cond: Value<'m>,
        then: BasicBlock<'m>,
        other: BasicBlock<'m>,
    ) -> Result<Instruction<'m>, EditError> {
        self.check_positioned()?;
        if cond.ty().int_width() != Some(1) {
            return Err(type_error("br", cond.ty()));
        }
        // SAFETY: positioned builder; an i1 condition (checked); live blocks.
        Self::instruction(unsafe { c::LLVMBuildCondBr(self.raw, cond.raw(), then.raw_block(), other.raw_block()) })
    }

    /// `unreachable`.
    pub fn unreachable(&self) -> Result<Instruction<'m>, EditError> {
        self.check_positioned()?;
        // SAFETY: positioned builder.
        Self::instruction(unsafe { c::LLVMBuildUnreachable(self.raw) })
    }

    /// `ret v` (`ret void` for `None`).
    pub fn ret(&self, v: Option<Value<'m>>) -> Result<Instruction<'m>, EditError> {
        self.check_positioned()?;
        // SAFETY: positioned builder; `v` is a live value.
        Self::instruction(unsafe {
            match v {
                Some(v) => c::LLVMBuildRet(self.raw, v.raw()),
                None => c::LLVMBuildRetVoid(self.raw),
            }
        })
    }
}

impl<'c> Module<'c> {
    /// A builder for this module (not positioned).
    pub fn builder(&self) -> Builder<'_> {
        // SAFETY: valid context; the builder is disposed by `Drop`.
        let raw = unsafe { c::LLVMCreateBuilderInContext(self.ctx_raw()) };
        Builder { raw, _m: Default::default() }
    }

    /// The function type `ret (params...)`, variadic if `var_arg`.
    pub fn function_type(&self, ret: Type<'_>, params: &[Type<'_>], var_arg: bool) -> Result<Type<'_>, EditError> {
        if !self.owns_type(ret) || !params.iter().all(|p| self.owns_type(*p)) {
            return Err(EditError::Invalid("a type from another context".into()));
        }
        let ret_ok = ret.is_void() || first_class(ret);
        if !ret_ok || !params.iter().all(|p| first_class(*p)) {
            return Err(type_error("function type", format!("{ret} with {} parameter(s)", params.len())));
        }
        let mut raw: Vec<LLVMTypeRef> = params.iter().map(|p| p.raw()).collect();
        // SAFETY: valid types of this context (checked valid return and
        // parameter types); `raw` holds `len` live types.
        Type::from_raw(unsafe {
            c::LLVMFunctionType(ret.raw(), raw.as_mut_ptr(), raw.len() as u32, i32::from(var_arg))
        })
        .ok_or_else(|| EditError::Invalid("LLVM built no function type".into()))
    }

    /// The integer type of `bits` bits.
    pub fn int_type(&self, bits: u32) -> Type<'_> {
        // SAFETY: valid context; LLVM creates the type if needed.
        Type::from_raw(unsafe { c::LLVMIntTypeInContext(self.ctx_raw(), bits) }).expect("LLVM returns a type")
    }

    /// `void`.
    pub fn void_type(&self) -> Type<'_> {
        // SAFETY: valid context; LLVM returns the uniqued void type.
        Type::from_raw(unsafe { c::LLVMVoidTypeInContext(self.ctx_raw()) }).expect("LLVM returns a type")
    }

    /// `ptr` (address space 0).
    pub fn pointer_type(&self) -> Type<'_> {
        // SAFETY: valid context; LLVM returns the uniqued pointer type.
        Type::from_raw(unsafe { c::LLVMPointerTypeInContext(self.ctx_raw(), 0) }).expect("LLVM returns a type")
    }

    /// `[n x elem]`; `elem` must be a valid element type of this context
    /// (`ArrayType::isValidElementType`). It may be an opaque structure not
    /// given its body yet, as a dependent type's fields are built.
    pub fn array_type(&self, elem: Type<'_>, n: u64) -> Result<Type<'_>, EditError> {
        if !self.owns_type(elem) {
            return Err(EditError::Invalid("a type from another context".into()));
        }
        if !first_class(elem)
            || matches!(elem.kind(), TypeKind::LLVMScalableVectorTypeKind | TypeKind::LLVMX86_AMXTypeKind)
        {
            return Err(type_error("array element", elem));
        }
        // SAFETY: a valid element type of this context.
        Type::from_raw(unsafe { c::LLVMArrayType2(elem.raw(), n) })
            .ok_or_else(|| EditError::Invalid("LLVM built no array type".into()))
    }

    /// `<n x elem>`; `elem` must be an integer, floating-point or pointer
    /// type of this context and `n` at least 1.
    pub fn vector_type(&self, elem: Type<'_>, n: u32) -> Result<Type<'_>, EditError> {
        if !self.owns_type(elem) {
            return Err(EditError::Invalid("a type from another context".into()));
        }
        let scalar = matches!(
            elem.kind(),
            TypeKind::LLVMIntegerTypeKind
                | TypeKind::LLVMHalfTypeKind
                | TypeKind::LLVMBFloatTypeKind
                | TypeKind::LLVMFloatTypeKind
                | TypeKind::LLVMDoubleTypeKind
                | TypeKind::LLVMX86_FP80TypeKind
                | TypeKind::LLVMFP128TypeKind
                | TypeKind::LLVMPointerTypeKind
        );
        if !scalar || n == 0 {
            return Err(type_error("vector", format!("<{n} x {elem}>")));
        }
        // SAFETY: a valid vector element type of this context, n > 0.
        Type::from_raw(unsafe { c::LLVMVectorType(elem.raw(), n) })
            .ok_or_else(|| EditError::Invalid("LLVM built no vector type".into()))
    }

    /// The literal structure `{ fields... }` (`<{ ... }>` if `packed`); every
    /// field must be a valid element type of this context.
    pub fn literal_struct_type(&self, fields: &[Type<'_>], packed: bool) -> Result<Type<'_>, EditError> {
        let mut raw = self.struct_fields_raw(fields)?;
        // SAFETY: valid context; `raw` holds `len` valid element types of it.
        Type::from_raw(unsafe {
            c::LLVMStructTypeInContext(self.ctx_raw(), raw.as_mut_ptr(), raw.len() as u32, i32::from(packed))
        })
        .ok_or_else(|| EditError::Invalid("LLVM built no structure type".into()))
    }

    /// Gives the named structure `ty`, which must be opaque, the body
    /// `fields` (every field a sized type of this context). A body is set
    /// once: changing an existing one would change every value of the type.
    pub fn set_struct_body(&self, ty: Type<'_>, fields: &[Type<'_>], packed: bool) -> Result<(), EditError> {
        if !self.owns_type(ty) {
            return Err(EditError::Invalid("a type from another context".into()));
        }
        if !ty.is_struct() || ty.is_literal_struct() || !ty.is_opaque_struct() {
            return Err(type_error("structure body (needs an opaque named structure)", ty));
        }
        // An opaque `ty` is unsized, so a field that contains it is refused
        // here: no structure can contain itself.
        if let Some(bad) = fields.iter().find(|f| !f.is_sized()) {
            return Err(type_error("structure field (needs a sized type)", bad));
        }
        let mut raw = self.struct_fields_raw(fields)?;
        // SAFETY: checked opaque named struct of this context; `raw` holds
        // `len` sized element types of the same context.
        unsafe { c::LLVMStructSetBody(ty.raw(), raw.as_mut_ptr(), raw.len() as u32, i32::from(packed)) };
        Ok(())
    }

    fn struct_fields_raw(&self, fields: &[Type<'_>]) -> Result<Vec<LLVMTypeRef>, EditError> {
        if !fields.iter().all(|f| self.owns_type(*f)) {
            return Err(EditError::Invalid("a type from another context".into()));
        }
        // (An opaque structure is a valid field: it may get its body later.)
        if let Some(bad) = fields.iter().find(|f| !first_class(**f)) {
            return Err(type_error("structure field", bad));
        }
        Ok(fields.iter().map(|f| f.raw()).collect())
    }

    /// Declares a new function `name` of type `fn_ty` (LLVM renames it if
    /// the name is taken).
    pub fn add_function(&self, name: &str, fn_ty: Type<'_>) -> Result<Function<'_>, EditError> {
        if fn_ty.kind() != TypeKind::LLVMFunctionTypeKind {
            return Err(type_error("function", fn_ty));
        }
        let n = c_name(name);
        // SAFETY: valid module; checked function type; NUL-terminated name.
        let v = Value::from_raw(unsafe { c::LLVMAddFunction(self.raw(), n.as_ptr(), fn_ty.raw()) })
            .ok_or_else(|| EditError::Invalid("LLVM added no function".into()))?;
        Ok(Function::from_value_unchecked(v))
    }

    /// A new private constant global holding `text` and a terminating NUL
    /// (`@name = private unnamed_addr constant [N x i8] c"...\00"`; LLVM
    /// renames it if the name is taken).
    pub fn add_global_string(&self, name: &str, text: &str) -> Result<Value<'_>, EditError> {
        if text.as_bytes().contains(&0) {
            return Err(EditError::Invalid("a NUL inside a global string".into()));
        }
        let n = c_name(name);
        // SAFETY: valid module and its context; pointer and length describe
        // `text`, which LLVM copies (adding the NUL); the global is created
        // with the type of its initializer, so setting it is well-typed.
        unsafe {
            let init = c::LLVMConstStringInContext2(self.ctx_raw(), text.as_ptr().cast(), text.len(), 0);
            let g = c::LLVMAddGlobal(self.raw(), c::LLVMTypeOf(init), n.as_ptr());
            c::LLVMSetInitializer(g, init);
            c::LLVMSetGlobalConstant(g, 1);
            c::LLVMSetLinkage(g, llvm_sys::LLVMLinkage::LLVMPrivateLinkage);
            c::LLVMSetUnnamedAddress(g, llvm_sys::LLVMUnnamedAddr::LLVMGlobalUnnamedAddr);
            Value::from_raw(g).ok_or_else(|| EditError::Invalid("LLVM added no global".into()))
        }
    }

    /// The constant `ptrtoint (ptr c to ty)` (folded when LLVM can: `null`
    /// is `0`).
    pub fn const_ptr_to_int(&self, c: Value<'_>, ty: Type<'_>) -> Result<Value<'_>, EditError> {
        if !self.owns_type(c.ty()) || !self.owns_type(ty) {
            return Err(EditError::Invalid("a value or type from another context".into()));
        }
        if !c.is_constant() || !c.ty().is_pointer() || ty.int_width().is_none() {
            return Err(type_error("ptrtoint constant", format!("{} to {ty}", c.ty())));
        }
        // SAFETY: checked pointer constant and integer type.
        Value::from_raw(unsafe { c::LLVMConstPtrToInt(c.raw(), ty.raw()) })
            .ok_or_else(|| EditError::Invalid("LLVM built no constant".into()))
    }

    /// Erases every instruction and function that carries metadata of kind
    /// `kind`, provided nothing unmarked uses them (debug records pointing
    /// at an erased value lose their location). All or nothing. Returns the
    /// numbers of instructions and functions erased.
    pub fn erase_marked(&mut self, kind: u32) -> Result<(usize, usize), EditError> {
        let (mut insts, mut fns) = (0usize, 0usize);
        // SAFETY: `&mut self`: no handle into the module is alive, so
        // nothing can observe the deleted objects; the shim checks that no
        // unmarked user remains before deleting anything.
        let status = unsafe { ffi::dtrans_erase_marked(self.raw(), kind, &mut insts, &mut fns) };
        match status {
            0 => Ok((insts, fns)),
            1 => Err(EditError::Invalid("a marked instruction is still used by an unmarked one".into())),
            2 => Err(EditError::Invalid("a marked function is still used".into())),
            _ => Err(EditError::Invalid("an argument of a marked function is still used outside it".into())),
        }
    }
}

impl<'m> Value<'m> {
    /// Refuses `other` if it lives in another context than this value.
    fn check_context(self, other: Value<'_>) -> Result<(), EditError> {
        if self.ty().context_raw() == other.ty().context_raw() {
            Ok(())
        } else {
            Err(EditError::Invalid("a value from another context".into()))
        }
    }

    /// Raises a global variable's alignment to at least `bytes` (a power
    /// of two); false (nothing changed) for anything else.
    pub fn raise_global_alignment(self, bytes: u32) -> bool {
        if self.kind() != ValueKind::GlobalVariable || !bytes.is_power_of_two() {
            return false;
        }
        // SAFETY: a live global variable: LLVMGetAlignment and
        // LLVMSetAlignment accept global values.
        unsafe {
            if c::LLVMGetAlignment(self.raw()) < bytes {
                c::LLVMSetAlignment(self.raw(), bytes);
            }
        }
        true
    }

    pub fn set_name(self, name: &str) {
        // SAFETY: live value; pointer and length describe `name`.
        unsafe { c::LLVMSetValueName2(self.raw(), name.as_ptr().cast(), name.len()) }
    }

    /// The users of this value (instructions, constants), each once, in
    /// use-list order.
    pub fn users(self) -> Vec<Value<'m>> {
        let mut out: Vec<Value<'m>> = Vec::new();
        // A value with thousands of uses (a global table, `memcpy`) would
        // make a linear duplicate check quadratic: past a few users, a set.
        let mut seen: std::collections::HashSet<Value<'m>> = std::collections::HashSet::new();
        // SAFETY: live value; each use handle comes from this value's use list.
        unsafe {
            let mut u = c::LLVMGetFirstUse(self.raw());
            while !u.is_null() {
                if let Some(v) = Value::from_raw(c::LLVMGetUser(u)) {
                    let new = if out.len() < 16 {
                        !out.contains(&v)
                    } else {
                        if seen.is_empty() {
                            seen.extend(out.iter().copied());
                        }
                        seen.insert(v)
                    };
                    if new {
                        out.push(v);
                    }
                }
                u = c::LLVMGetNextUse(u);
            }
        }
        out
    }

    /// Replaces every use of this value by `new`, which must have the same
    /// type and be another value.
    pub fn replace_all_uses_with(self, new: Value<'m>) -> Result<(), EditError> {
        if self.ty() != new.ty() {
            return Err(type_error("replace uses", format!("{} by {}", self.ty(), new.ty())));
        }
        if self == new {
            return Err(EditError::Invalid("a value cannot replace itself".into()));
        }
        if self.kind() == ValueKind::BasicBlock || self.kind() == ValueKind::Metadata {
            return Err(EditError::Invalid("only values of first-class types are replaced".into()));
        }
        // LLVM rebuilds constant users around the new value, assuming it is
        // a constant.
        if !new.is_constant() && self.users().iter().any(|u| u.is_constant()) {
            return Err(EditError::Invalid("a value used by constants can only be replaced by a constant".into()));
        }
        self.check_context(new)?;
        // SAFETY: live values of the same type, distinct.
        unsafe { c::LLVMReplaceAllUsesWith(self.raw(), new.raw()) };
        Ok(())
    }

    /// Points every `#dbg_value` of this value at `new` instead; the types
    /// may differ (a pointer described by its integer twin). Returns how
    /// many records changed.
    pub fn replace_debug_value_uses_with(self, new: Value<'m>) -> u32 {
        // SAFETY: live values; the shim only rewrites debug records.
        unsafe { ffi::dtrans_replace_dbg_value_uses(self.raw(), new.raw()) }
    }
}

impl<'m> Function<'m> {
    /// Makes this declaration the definition `old` was: `old`'s attributes
    /// (less those this function's return and parameter types cannot
    /// carry), linkage, basic blocks and `DISubprogram` move here. The moved
    /// instructions still use `old`'s arguments: replace them (for example
    /// with [`Value::replace_all_uses_with`]) before anything else.
    pub fn take_body_from(self, old: Function<'m>) -> Result<(), EditError> {
        // SAFETY: both are live functions; the shim checks they differ and
        // that this one has no body.
        match unsafe { ffi::dtrans_function_take_body(self.as_value().raw(), old.as_value().raw()) } {
            0 => Ok(()),
            1 => Err(EditError::Invalid(format!("@{} already has a body", self.name()))),
            _ => Err(EditError::Invalid("a function cannot take its own body".into())),
        }
    }

    /// Appends a new, empty basic block (a declaration becomes a definition
    /// once the block has a terminator).
    pub fn append_block(self, name: &str) -> BasicBlock<'m> {
        let n = c_name(name);
        // SAFETY: live function and its context; NUL-terminated name.
        let raw = unsafe {
            let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(self.as_value().raw()));
            c::LLVMAppendBasicBlockInContext(ctx, self.as_value().raw(), n.as_ptr())
        };
        BasicBlock::wrap(raw).expect("LLVM appended a block")
    }

    /// Gives the function internal linkage (seen only in its module).
    pub fn set_internal(self) {
        // SAFETY: live function.
        unsafe { c::LLVMSetLinkage(self.as_value().raw(), llvm_sys::LLVMLinkage::LLVMInternalLinkage) }
    }

    /// Removes the enum and integer attributes of the function, its return
    /// value and its parameters (`noundef`, `signext`, `nonnull`, `range`,
    /// `memory(...)`, `nounwind`, ...); type and string attributes stay.
    /// How many were removed.
    pub fn drop_attribute_facts(self) -> usize {
        // SAFETY: live function.
        unsafe { ffi::dtrans_drop_attribute_facts(self.as_value().raw()) as usize }
    }

    /// The entry block of a definition.
    pub fn entry_block(self) -> Option<BasicBlock<'m>> {
        self.basic_blocks().next()
    }
}

impl<'m> Instruction<'m> {
    /// Clears the flags that state facts about the operands or result:
    /// `nuw`, `nsw`, `exact`, `disjoint`, `nneg`, a GEP's `inbounds` (and
    /// other no-wrap flags), and every fast-math flag. Whether any was set.
    pub fn drop_value_flags(self) -> bool {
        // SAFETY: live instruction; the shim checks what it may clear.
        unsafe { ffi::dtrans_drop_value_flags(self.as_value().raw()) != 0 }
    }

    /// Removes the enum and integer attributes of a call site (`noundef`,
    /// `signext`, `nonnull`, `align 8`, `nounwind`, ...) at every position;
    /// type attributes (`byval(T)`, `sret(T)`, `elementtype(T)`) and string
    /// attributes stay. How many were removed (0 for other instructions).
    pub fn drop_call_site_attribute_facts(self) -> usize {
        if !self.is_call() {
            return 0;
        }
        // SAFETY: checked call-like instruction.
        unsafe { ffi::dtrans_drop_attribute_facts(self.as_value().raw()) as usize }
    }

    /// Guarded promotion of a call through a pointer (LLVM's
    /// `promoteCallWithIfThenElse`): the block is split, the callee compared
    /// with `f`, and `f` called directly when equal; the indirect call
    /// stays on the other path, so the program means what it meant
    /// whatever the pointer holds. Returns the direct call, or `None` when
    /// nothing changed (not an indirect call, a `musttail` call, or `f`
    /// cannot take the call's arguments: LLVM's `isLegalToPromote`).
    /// The function's blocks change: collect the calls before promoting.
    pub fn promote_call_guarded(self, f: Function<'m>) -> Result<Option<Instruction<'m>>, EditError> {
        self.as_value().check_context(f.as_value())?;
        // SAFETY: live instruction and function of one context; the shim
        // checks the instruction is a call-like one and promotes only what
        // LLVM says is legal.
        let raw = unsafe { ffi::dtrans_promote_call_guarded(self.as_value().raw(), f.as_value().raw()) };
        Ok(Value::from_raw(raw).and_then(|v| v.as_instruction()))
    }

    /// Inlines this direct call of a function with a body (LLVM's
    /// `InlineFunction`); false when LLVM refuses. The call is gone when it
    /// returns true: `self` must not be used again.
    pub fn inline_call(self) -> bool {
        // SAFETY: live instruction; the shim checks it is a direct call of
        // a defined function and lets LLVM decide whether it can inline.
        unsafe { ffi::dtrans_inline_call(self.as_value().raw()) == 1 }
    }

    /// Sets operand `i` to `v`, which must have the type of the operand it
    /// replaces.
    pub fn set_operand(self, i: u32, v: Value<'m>) -> Result<(), EditError> {
        let Some(old) = self.operand(i) else {
            return Err(EditError::Invalid(format!("no operand {i} to replace")));
        };
        if old.ty() != v.ty() {
            return Err(type_error("set operand", format!("{} by {}", old.ty(), v.ty())));
        }
        // Switch cases, struct GEP indices and the like must stay constants
        // (an address may become computed: a GEP's base, say).
        if old.is_constant() && !v.is_constant() && !old.ty().is_pointer() {
            return Err(EditError::Invalid(format!(
                "operand {i} of `{}` is a constant and must stay one",
                self.as_value()
            )));
        }
        self.as_value().check_context(v)?;
        // SAFETY: live instruction; index below the operand count (the
        // operand exists); same type as before.
        unsafe { c::LLVMSetOperand(self.as_value().raw(), i, v.raw()) };
        Ok(())
    }

    /// Sets argument `k` of a call of a function that is not an intrinsic
    /// (whose arguments may be `immarg` constants) to `v`, of the
    /// argument's type: a constant argument may become any value.
    pub fn set_call_arg(self, k: u32, v: Value<'m>) -> Result<(), EditError> {
        if !self.is_call() || self.called_function().is_some_and(|f| f.name().starts_with("llvm.")) {
            return Err(EditError::Invalid(format!("{} is not a call of a plain function", self.as_value())));
        }
        let Some(old) = self.call_arg(k) else {
            return Err(EditError::Invalid(format!("no argument {k} to replace")));
        };
        if old.ty() != v.ty() {
            return Err(type_error("set argument", format!("{} by {}", old.ty(), v.ty())));
        }
        self.as_value().check_context(v)?;
        // SAFETY: live call instruction; argument `k` exists (operand `k`
        // of a call is its argument `k`); same type as before; no immarg
        // outside intrinsics.
        unsafe { c::LLVMSetOperand(self.as_value().raw(), k, v.raw()) };
        Ok(())
    }

    /// The successors of a terminator (empty for other instructions).
    pub fn successors(self) -> Vec<BasicBlock<'m>> {
        // SAFETY: live instruction; the successor calls are made only on a
        // checked terminator, with indices below its successor count.
        unsafe {
            let raw = self.as_value().raw();
            if c::LLVMIsATerminatorInst(raw).is_null() {
                return Vec::new();
            }
            let n = c::LLVMGetNumSuccessors(raw);
            (0..n).filter_map(|i| BasicBlock::wrap(c::LLVMGetSuccessor(raw, i))).collect()
        }
    }

    /// Makes successor `i` of a terminator `dest` (false when this is no
    /// terminator or has no successor `i`). The caller keeps the phis of
    /// both blocks right.
    pub fn set_successor(self, i: u32, dest: BasicBlock<'m>) -> bool {
        // SAFETY: live instruction; checked terminator and index.
        unsafe {
            let raw = self.as_value().raw();
            if c::LLVMIsATerminatorInst(raw).is_null() || i >= c::LLVMGetNumSuccessors(raw) {
                return false;
            }
            c::LLVMSetSuccessor(raw, i, dest.raw_block());
        }
        true
    }

    /// The (value, block) pairs of a `phi`, in operand order.
    pub fn incoming(self) -> Vec<(Value<'m>, BasicBlock<'m>)> {
        if self.opcode() != Opcode::LLVMPHI {
            return Vec::new();
        }
        // SAFETY: checked phi; indices below its incoming count.
        unsafe {
            let raw = self.as_value().raw();
            let n = c::LLVMCountIncoming(raw);
            (0..n)
                .filter_map(|i| {
                    let v = Value::from_raw(c::LLVMGetIncomingValue(raw, i))?;
                    let b = BasicBlock::wrap(c::LLVMGetIncomingBlock(raw, i))?;
                    Some((v, b))
                })
                .collect()
        }
    }

    /// Adds an incoming value to a `phi`; `v` must have the phi's type.
    pub fn add_incoming(self, v: Value<'m>, block: BasicBlock<'m>) -> Result<(), EditError> {
        if self.opcode() != Opcode::LLVMPHI || v.ty() != self.as_value().ty() {
            return Err(type_error("phi incoming", format!("{} into {}", v.ty(), self.as_value().ty())));
        }
        let mut vals = [v.raw()];
        let mut blocks = [block.raw_block()];
        // SAFETY: checked phi and type; one value and one block.
        unsafe { c::LLVMAddIncoming(self.as_value().raw(), vals.as_mut_ptr(), blocks.as_mut_ptr(), 1) };
        Ok(())
    }

    /// The alignment of a load, store or alloca in bytes.
    pub fn alignment(self) -> Option<u32> {
        // SAFETY: LLVMGetAlignment accepts these opcodes.
        matches!(self.opcode(), Opcode::LLVMLoad | Opcode::LLVMStore | Opcode::LLVMAlloca)
            .then(|| unsafe { c::LLVMGetAlignment(self.as_value().raw()) })
    }

    /// Sets the alignment of a load, store or alloca; false for other
    /// instructions or a zero or non-power-of-two alignment.
    pub fn set_alignment(self, bytes: u32) -> bool {
        let ok = matches!(self.opcode(), Opcode::LLVMLoad | Opcode::LLVMStore | Opcode::LLVMAlloca)
            && bytes.is_power_of_two();
        if ok {
            // SAFETY: LLVMSetAlignment accepts these opcodes.
            unsafe { c::LLVMSetAlignment(self.as_value().raw(), bytes) };
        }
        ok
    }

    /// Makes a store atomic with release ordering (a spin lock's release);
    /// false for other instructions and for stores of other than an
    /// integer at its natural alignment.
    pub fn set_release(self) -> bool {
        let Some(v) = (self.opcode() == Opcode::LLVMStore).then(|| self.operand(0)).flatten() else { return false };
        let bytes = v.ty().int_width().map(|w| w.div_ceil(8));
        let ok = bytes.is_some_and(|b| b.is_power_of_two() && self.alignment() == Some(b));
        if ok {
            // SAFETY: a store, checked above.
            unsafe {
                c::LLVMSetOrdering(self.as_value().raw(), llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingRelease)
            };
        }
        ok
    }

    /// Marks a load or store volatile (or not); false for other instructions.
    pub fn set_volatile(self, volatile: bool) -> bool {
        let ok = matches!(self.opcode(), Opcode::LLVMLoad | Opcode::LLVMStore);
        if ok {
            // SAFETY: LLVMSetVolatile accepts loads and stores.
            unsafe { c::LLVMSetVolatile(self.as_value().raw(), i32::from(volatile)) };
        }
        ok
    }

    /// Whether a load or store is atomic.
    pub fn is_atomic(self) -> bool {
        // SAFETY: LLVMGetOrdering accepts loads and stores.
        matches!(self.opcode(), Opcode::LLVMLoad | Opcode::LLVMStore)
            && unsafe { c::LLVMGetOrdering(self.as_value().raw()) }
                != llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
    }

    /// The calling convention of a call, invoke or callbr.
    pub fn call_conv(self) -> Option<u32> {
        // SAFETY: checked call-like instruction.
        self.is_call().then(|| unsafe { c::LLVMGetInstructionCallConv(self.as_value().raw()) })
    }

    /// Sets the calling convention of a call-like instruction; false otherwise.
    pub fn set_call_conv(self, cc: u32) -> bool {
        if self.is_call() {
            // SAFETY: checked call-like instruction.
            unsafe { c::LLVMSetInstructionCallConv(self.as_value().raw(), cc) };
        }
        self.is_call()
    }

    /// The next instruction in the block.
    pub fn next(self) -> Option<Instruction<'m>> {
        // SAFETY: live instruction.
        Value::from_raw(unsafe { c::LLVMGetNextInstruction(self.as_value().raw()) }).and_then(|v| v.as_instruction())
    }

    /// The previous instruction in the block.
    pub fn prev(self) -> Option<Instruction<'m>> {
        // SAFETY: live instruction.
        Value::from_raw(unsafe { c::LLVMGetPreviousInstruction(self.as_value().raw()) })
            .and_then(|v| v.as_instruction())
    }
}

impl<'m> BasicBlock<'m> {
    /// The block's terminator, if its last instruction is one.
    pub fn terminator(self) -> Option<Instruction<'m>> {
        // SAFETY: live block.
        Value::from_raw(unsafe { c::LLVMGetBasicBlockTerminator(self.raw_block()) }).and_then(|v| v.as_instruction())
    }

    /// The first instruction that is not a `phi`.
    pub fn first_non_phi(self) -> Option<Instruction<'m>> {
        self.instructions().find(|i| i.opcode() != Opcode::LLVMPHI)
    }
}
