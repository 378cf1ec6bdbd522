//! Modules that dtrans does not own: the plugin (`crates/dtrans-plugin`)
//! runs inside `opt-19` or `ld.lld-19`, whose pass manager hands it an
//! `LLVMModuleRef`. The module and its context belong to that program, so
//! the wrappers made here never dispose them, never read bitcode in a
//! forked child (the host may have threads), and install no fatal-error
//! handler (the host has its own).
use std::path::PathBuf;

use llvm_sys::core as c;
use llvm_sys::debuginfo::LLVMStripModuleDebugInfo;
use llvm_sys::prelude::*;

use crate::module::{Context, Module};

/// Runs `f` on the module `raw` (an `LLVMModuleRef` as an untyped
/// pointer) that the calling program owns; `f` may change it as through
/// any `&mut Module`. The wrapper and its context live only for the call
/// and leave the module and context alive. Messages name the module by
/// its identifier (`ld-temp.o` in lld's LTO, the input file in opt).
///
/// # Safety
/// `raw` is a live `llvm::Module` of the LLVM this process loaded (the
/// shared libLLVM-19), it stays alive for the call, and nothing else reads
/// or changes it (or its context) during the call: the pass manager that
/// handed it over waits for the pass to return.
pub unsafe fn with_foreign_module<R>(raw: *mut std::ffi::c_void, f: impl FnOnce(&mut Module<'_>) -> R) -> R {
    assert!(!raw.is_null(), "with_foreign_module: null module");
    let raw: LLVMModuleRef = raw.cast();
    // SAFETY: `raw` is a live module (the caller's promise); the
    // identifier is copied before anything changes the module.
    let (ctx_raw, name) = unsafe {
        let mut len = 0usize;
        let p = c::LLVMGetModuleIdentifier(raw, &mut len);
        let name = if p.is_null() { String::new() } else { crate::ffi::lossy(p.cast(), len) };
        (c::LLVMGetModuleContext(raw), name)
    };
    // SAFETY: the context of a live module is live as long as the module.
    let ctx = unsafe { Context::borrow_raw(ctx_raw) };
    let path = PathBuf::from(if name.is_empty() { "<module>".to_string() } else { name });
    // SAFETY: `raw` belongs to `ctx`'s context, outlives `m` (dropped at
    // the end of this function) and nobody else uses it meanwhile (the
    // caller's promise).
    let mut m = unsafe { Module::borrow_raw(&ctx, raw, &path) };
    f(&mut m)
}

impl Module<'_> {
    /// Removes all debug information (LLVM's `StripDebugInfo`, as `opt
    /// -strip-debug`); true if there was any. `&mut self`: it deletes
    /// debug records and metadata, so no handle may be alive.
    pub fn strip_debug_info(&mut self) -> bool {
        // SAFETY: a live module; `&mut self` means no handle into it is
        // alive while LLVM deletes debug records and intrinsics.
        unsafe { LLVMStripModuleDebugInfo(self.raw()) != 0 }
    }
}
