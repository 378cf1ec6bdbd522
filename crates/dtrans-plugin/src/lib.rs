//! `libdtrans_plugin.so`: the dtrans passes as an LLVM 19 pass plugin.
//!
//! ```sh
//! opt-19 -load-pass-plugin=target/release/libdtrans_plugin.so -passes=dtrans in.ll -S -o out.ll
//! opt-19 -load-pass-plugin=target/release/libdtrans_plugin.so -passes=delete-field in.ll -S -o out.ll
//! clang-19 -O2 -flto -fuse-ld=lld a.o b.o -Wl,--load-pass-plugin=target/release/libdtrans_plugin.so -o prog
//! ```
//!
//! Registered passes: `dtrans` (the pipeline `dtrans cc` runs: the default
//! passes, or `DTRANS_PASSES`), and each pass of
//! `dtrans_transforms::pipeline::PASSES` by its `dtrans opt` name (exactly
//! that pass). At the full-LTO early extension point (lld's LTO, or
//! `opt-19 -passes='lto<O2>'`) the plugin runs GlobalDCE, the `dtrans`
//! pipeline as `dtrans cc` runs it at its link step (no pass when native
//! code may reach a program structure), strips the debug information the
//! analysis needed unless an object asked for `-g`, and, when the module
//! holds `dtrans cc -c` objects (compiled before LLVM's passes), runs
//! LLVM's per-module pre-link pipeline at the link's level, which those
//! objects skipped; LTO's own pipeline follows. ThinLTO (`-flto=thin`)
//! does not reach that extension point: the plugin does nothing there.
//!
//! Options, from the environment (read at each run):
//! - `DTRANS_PASSES=LIST`: the passes `dtrans` runs (comma-separated names;
//!   `none`: none); an unknown name is an error.
//! - `DTRANS_REPORT=FILE`: write the JSON report of `dtrans opt --report`
//!   there (the last run's); without it, one line per changed structure on
//!   stderr, as `dtrans cc` prints them.
//! - `DTRANS_INDEX_WIDTH=auto|32|64`: as `dtrans opt --index-width`.
//! - `DTRANS_COST=KEY=VALUE,...`: as `dtrans opt --cost`.
//! - `DTRANS_PLUGIN_TEST_PANIC` (set: for the tests only): the run
//!   panics, to show that the panic stops at the boundary.
//!
//! Errors: an error that leaves the module valid (a bad option, a report
//! that cannot be written, before any change) is an LLVM error of the host
//! (`opt-19` stops, `ld.lld-19` fails the link), with the message; an error
//! or panic after the passes began stops the host with LLVM's fatal error,
//! since the module may be half transformed. A panic never unwinds into
//! LLVM: `dtrans_plugin_run` catches it.
//!
//! The FFI of this crate is its entry points, in this file: the
//! `extern "C"` functions LLVM and `stub/stub.cpp` call (one of them,
//! `dtrans_plugin_run`, an `unsafe fn`: it takes the module pointer), and
//! one `unsafe` call (`dtrans_ir::with_foreign_module`) that turns the
//! pass manager's module into a `dtrans_ir::Module`. Everything else (`run.rs`) is safe
//! Rust over `dtrans-ir`. The library links the shared libLLVM-19 (through
//! llvm-sys's `force-dynamic` in `dtrans-ir`), the one `opt-19` and
//! `ld.lld-19` load: a second, static LLVM would have its own pass
//! registries and types.
mod run;

use std::ffi::{c_char, c_int, c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, OnceLock};

/// `LLVM_PLUGIN_API_VERSION` of LLVM 19 (`stub.cpp` checks it against the
/// headers when it is compiled).
const PLUGIN_API_VERSION: u32 = 1;

/// `llvm::PassPluginLibraryInfo` (`llvm/Passes/PassPlugin.h`), field for
/// field.
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    /// `void (*)(llvm::PassBuilder &)`: never called from Rust.
    register_callbacks: unsafe extern "C" fn(*mut c_void),
}

extern "C" {
    /// `stub.cpp`: registers the passes with a `llvm::PassBuilder &`.
    fn dtrans_plugin_register(pass_builder: *mut c_void);
}

/// What LLVM's plugin loader looks up in the library.
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> PassPluginLibraryInfo {
    PassPluginLibraryInfo {
        api_version: PLUGIN_API_VERSION,
        plugin_name: c"dtrans".as_ptr(),
        plugin_version: concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast(),
        register_callbacks: dtrans_plugin_register,
    }
}

/// For `stub.cpp`: the pass names, comma-separated, in
/// `pipeline::PASSES` order (a pass's index in it is its number in
/// [`dtrans_plugin_run`]). The string lives as long as the library.
#[no_mangle]
pub extern "C" fn dtrans_plugin_pass_names() -> *const c_char {
    static NAMES: OnceLock<CString> = OnceLock::new();
    NAMES
        .get_or_init(|| CString::new(dtrans_transforms::pipeline::PASSES.join(",")).expect("names have no NUL"))
        .as_ptr()
}

static LAST_ERROR: Mutex<Option<CString>> = Mutex::new(None);

/// For `stub.cpp`: the message of the last error [`dtrans_plugin_run`]
/// returned; valid until the next run.
#[no_mangle]
pub extern "C" fn dtrans_plugin_last_error() -> *const c_char {
    let guard = LAST_ERROR.lock().unwrap_or_else(|e| e.into_inner());
    // The string stays in the static after the guard is gone.
    guard.as_ref().map_or(c"dtrans: unknown error".as_ptr(), |m| m.as_ptr())
}

fn set_last_error(message: &str) {
    let text = CString::new(message.replace('\0', " ")).expect("NULs replaced");
    *LAST_ERROR.lock().unwrap_or_else(|e| e.into_inner()) = Some(text);
}

/// For `stub.cpp`'s module pass: runs pass `pass` (-1: the `dtrans`
/// pipeline; N: the N-th name of [`dtrans_plugin_pass_names`]) over
/// `module`, an `llvm::Module *` as `LLVMModuleRef`, as a named pass
/// (`at` = 0) or at the full-LTO early extension point (`at` = 1).
/// Returns bits (1: the module changed, 2: run the pre-link
/// simplification) or an error: -1 (the module is valid; message in
/// [`dtrans_plugin_last_error`]), -2 (it may be half transformed).
///
/// # Safety
/// `module` is a live `llvm::Module` of the libLLVM-19 this library
/// links, alive for the call and used by nothing else meanwhile (what a
/// pass manager guarantees a module pass).
#[no_mangle]
pub unsafe extern "C" fn dtrans_plugin_run(module: *mut c_void, pass: c_int, at: c_int) -> c_int {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let job = run::Job::from_env(pass, at).map_err(run::Failure::valid)?;
        // SAFETY: `module` is the `llvm::Module &` that the pass manager
        // handed `DtransPass::run` (stub.cpp), alive for this call; the pass
        // manager runs nothing else on it until the call returns, and it
        // belongs to the libLLVM-19 this library links (see the crate doc).
        unsafe { dtrans_ir::with_foreign_module(module, |m| run::run(m, &job)) }
    }));
    match outcome {
        Ok(Ok(done)) => done.bits(),
        Ok(Err(f)) => {
            // stub.cpp has LLVM print it (as the host's error).
            set_last_error(&f.message);
            if f.module_valid {
                -1
            } else {
                -2
            }
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            let message = format!("dtrans: internal error ({what}); the module may be half transformed");
            set_last_error(&message);
            -2
        }
    }
}
