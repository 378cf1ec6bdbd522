//! Type remapping through LLVM's own ValueMapper (document 003's
//! DTransTypeRemapper is an `llvm::ValueMapTypeRemapper`): a function body
//! or a constant is remapped by LLVM, which asks Rust for the replacement
//! of each type it meets.
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use llvm_sys::prelude::*;

use crate::ffi;
use crate::types::Type;
use crate::values::{Function, Value};

/// The Rust closure behind the callback's `void *`. Its lifetime is erased
/// to `'static` across the FFI boundary: the types it receives come from
/// LLVM during the call made by [`with_callback`], and a `Type` is a
/// pointer whose lifetime only ties it to the module borrow.
type Callback = dyn FnMut(Type<'static>) -> Type<'static>;

extern "C" fn trampoline(data: *mut c_void, t: LLVMTypeRef) -> LLVMTypeRef {
    // SAFETY: `data` is the `*mut &mut Callback` that `with_callback`
    // passed for the duration of the LLVM call that makes this callback;
    // nothing else uses it meanwhile.
    let cb = unsafe { &mut *(data as *mut &mut Callback) };
    let Some(ty) = Type::from_raw(t) else { return t };
    // A panic must not unwind into C++: the type stays as it was.
    catch_unwind(AssertUnwindSafe(|| cb(ty))).map(|r| r.raw()).unwrap_or(t)
}

fn with_callback<'m, R>(
    map: &mut dyn FnMut(Type<'m>) -> Type<'m>,
    values: &[(Value<'m>, Value<'m>)],
    call: impl FnOnce(*mut c_void, *mut LLVMValueRef, *mut LLVMValueRef, usize) -> R,
) -> R {
    let mut old: Vec<LLVMValueRef> = values.iter().map(|(o, _)| o.raw()).collect();
    let mut new: Vec<LLVMValueRef> = values.iter().map(|(_, n)| n.raw()).collect();
    // SAFETY: only the lifetime parameter of `Type` changes (see
    // `Callback`); the reference lives on this stack frame until `call`
    // returns, and LLVM calls back only during `call`.
    let mut erased: &mut Callback = unsafe { std::mem::transmute(map) };
    let data = &mut erased as *mut &mut Callback as *mut c_void;
    call(data, old.as_mut_ptr(), new.as_mut_ptr(), old.len())
}

impl<'m> Function<'m> {
    /// Remaps this function's body in place: every type LLVM meets in it
    /// (instruction result types, GEP source types, allocated types, call
    /// function types and type attributes, constants and constant
    /// expressions) through `map`, and every use of each `values[i].0` to
    /// `values[i].1` (globals replaced by new ones of the new types).
    /// Metadata is not touched. `map` must return a type of the same
    /// context, and for a type it does not replace, the type itself.
    pub fn remap_types(self, map: &mut dyn FnMut(Type<'m>) -> Type<'m>, values: &[(Value<'m>, Value<'m>)]) {
        // SAFETY: a live function (LLVM skips declarations); the callback
        // data outlives the call; the value arrays hold `n` live values
        // each, read only during the call.
        with_callback(map, values, |data, old, new, n| unsafe {
            ffi::dtrans_remap_function(self.as_value().raw(), trampoline, data, old, new, n)
        })
    }
}

impl<'m> Value<'m> {
    /// This constant mapped like [`Function::remap_types`] maps a body (for
    /// the initializer of a global replaced by one of a new type). `None`
    /// for a value that is not a constant.
    pub fn map_constant(
        self,
        map: &mut dyn FnMut(Type<'m>) -> Type<'m>,
        values: &[(Value<'m>, Value<'m>)],
    ) -> Option<Value<'m>> {
        if !self.is_constant() {
            return None;
        }
        // SAFETY: as in `remap_types`; a checked constant.
        let raw = with_callback(map, values, |data, old, new, n| unsafe {
            ffi::dtrans_map_constant(self.raw(), trampoline, data, old, new, n)
        });
        Value::from_raw(raw)
    }
}

impl<'c> crate::Module<'c> {
    /// Replaces globals by new ones of other value types: `plan` names, for
    /// each global to replace, its new value type and initializer (all
    /// from this module). Each new global takes the old one's name,
    /// linkage, attributes and metadata; every use moves to it (constant
    /// expressions are rebuilt by LLVM); the old one is deleted, which is
    /// why this takes `&mut self`: no handle into the module outlives
    /// `plan`.
    pub fn replace_globals<'a>(
        &'a mut self,
        plan: impl for<'m> FnOnce(&'m crate::Module<'c>) -> Vec<(Value<'m>, Type<'m>, Option<Value<'m>>)>,
    ) -> Result<usize, crate::EditError> {
        let items = plan(&*self);
        let mut old = Vec::new();
        let mut types = Vec::new();
        let mut inits = Vec::new();
        for (g, t, init) in &items {
            let ok_init = init.is_none_or(|i| i.is_constant() && i.ty() == *t);
            if g.kind() != crate::ValueKind::GlobalVariable || !t.is_sized() || !ok_init {
                return Err(crate::EditError::Invalid(format!("cannot replace @{} by a global of type {t}", g.name())));
            }
            old.push(g.raw());
            types.push(t.raw());
            inits.push(init.map_or(std::ptr::null_mut(), |i| i.raw()));
        }
        let n = old.len();
        // SAFETY: `&mut self`: the handles made by `plan` are gone (their
        // borrow ended), so deleting the old globals cannot leave a handle
        // dangling; the arrays hold `n` live globals, sized types and
        // constants (or null) of those types, checked above.
        unsafe { ffi::dtrans_replace_globals(old.as_mut_ptr(), types.as_mut_ptr(), inits.as_mut_ptr(), n) };
        Ok(n)
    }
}
