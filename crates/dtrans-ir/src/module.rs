//! Context and module: load (`.ll` or `.bc`, chosen by content), verify,
//! write atomically, enumerate the module's contents, build constants and
//! metadata.
use std::ffi::CString;
use std::io::Write;
use std::marker::PhantomData;
use std::mem::ManuallyDrop;
use std::path::{Path, PathBuf};

use llvm_sys::core as c;
use llvm_sys::prelude::*;

use crate::ffi;
use crate::metadata::{Metadata, MetadataSlots, NamedMetadata};
use crate::types::Type;
use crate::values::{Function, Value};
use crate::{DataLayout, IrError};

/// An LLVM context: owns types and uniqued constants and metadata.
///
/// Either owned (created by [`Context::new`], disposed when dropped) or
/// borrowed from the program that loaded dtrans as a plugin (see
/// [`crate::with_foreign_module`]: never disposed here).
pub struct Context {
    inner: ManuallyDrop<inkwell::context::Context>,
    owned: bool,
}

impl Drop for Context {
    fn drop(&mut self) {
        if self.owned {
            // SAFETY: dropped once, here; an owned context was created by
            // `Context::new` and nothing else disposes it.
            unsafe { ManuallyDrop::drop(&mut self.inner) }
        }
    }
}

/// Makes LLVM's fatal errors (which abort the process by default) print
/// `dtrans: LLVM fatal error: ...` and exit with status 1. Call once at the
/// start of a program.
pub fn install_fatal_error_handler() {
    // SAFETY: installs a handler that never returns into LLVM; safe to call
    // before any other LLVM use.
    unsafe { ffi::dtrans_install_fatal_error_handler() }
}

/// Makes writing into a closed pipe end the process quietly, as C tools do
/// (`dtrans analyze m.bc | head`): Rust ignores SIGPIPE, so a report
/// printed into a closed pipe panicked. For the commands whose only output
/// is a report on standard output (no files half-written).
pub fn exit_quietly_on_closed_pipe() {
    // SAFETY: restores SIGPIPE's default disposition; no handler of ours runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    pub fn new() -> Self {
        Context { inner: ManuallyDrop::new(inkwell::context::Context::create()), owned: true }
    }

    /// The context `raw` of a module someone else owns; dropping the result
    /// leaves it alone.
    ///
    /// # Safety
    /// `raw` is a live LLVM context that outlives the result.
    pub(crate) unsafe fn borrow_raw(raw: LLVMContextRef) -> Self {
        // SAFETY: `raw` is live (the caller's promise); `owned: false`, so
        // the inkwell wrapper is never dropped and never disposes it.
        Context { inner: ManuallyDrop::new(unsafe { inkwell::context::Context::new(raw) }), owned: false }
    }

    pub(crate) fn raw(&self) -> LLVMContextRef {
        self.inner.raw()
    }
}

/// Output encoding of a module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IrFormat {
    Text,
    Bitcode,
}

impl IrFormat {
    /// `.bc` means bitcode; anything else (`.ll`, `-`) means text.
    pub fn from_path(path: &Path) -> Self {
        if path.extension().is_some_and(|e| e == "bc") {
            IrFormat::Bitcode
        } else {
            IrFormat::Text
        }
    }
}

/// A module: owned by Rust (read by [`Module::parse_file`] or
/// [`Module::parse_bytes`]; dropping it frees the LLVM module), or
/// borrowed from the program that loaded dtrans as a plugin
/// ([`crate::with_foreign_module`]; dropping it leaves the module alone).
pub struct Module<'c> {
    inner: ManuallyDrop<inkwell::module::Module<'c>>,
    /// Whether dropping this disposes the LLVM module.
    owned: bool,
    ctx: &'c Context,
    path: PathBuf,
    /// What reading the module warned about (invalid debug info stripped).
    warnings: Vec<String>,
}

impl<'c> Module<'c> {
    /// Parses a file of textual IR or bitcode; the format is chosen by
    /// content, not by the file name.
    pub fn parse_file(ctx: &'c Context, path: &Path) -> Result<Self, IrError> {
        let data = std::fs::read(path).map_err(|source| IrError::Io { path: path.into(), cause: source })?;
        Self::parse_bytes(ctx, &data, path)
    }

    /// Parses IR held in memory; `path` names it in messages. Bitcode is
    /// first read in a child process (see `probe.rs`): a file that would
    /// crash LLVM's reader is an error, not a crash.
    pub fn parse_bytes(ctx: &'c Context, data: &[u8], path: &Path) -> Result<Self, IrError> {
        if crate::probe::is_bitcode(data) {
            crate::probe::check_bitcode_in_child(data, path)?;
        }
        let name = CString::new(path.to_string_lossy().replace('\0', "")).expect("NULs removed");
        let mut raw: LLVMModuleRef = std::ptr::null_mut();
        let mut msg: *mut std::ffi::c_char = std::ptr::null_mut();
        let (mut line, mut col) = (0u32, 0u32);
        let mut warning: *mut std::ffi::c_char = std::ptr::null_mut();
        // SAFETY: `data` is `len` readable bytes for the call (the shim copies
        // them); all out-pointers are valid.
        let failed = unsafe {
            ffi::dtrans_parse_ir(
                ctx.raw(),
                data.as_ptr(),
                data.len(),
                name.as_ptr(),
                &mut raw,
                &mut msg,
                &mut line,
                &mut col,
                &mut warning,
            )
        };
        let mut warnings = Vec::new();
        if !warning.is_null() {
            // SAFETY: the shim sets `warning` to a malloc'd C string or null.
            unsafe {
                warnings.push(std::ffi::CStr::from_ptr(warning).to_string_lossy().trim_end().to_string());
                ffi::dtrans_free(warning.cast());
            }
        }
        if failed != 0 {
            // SAFETY: on failure the shim sets `msg` to a malloc'd C string (or null).
            let message = unsafe {
                let m = if msg.is_null() {
                    "unknown parse error".to_string()
                } else {
                    std::ffi::CStr::from_ptr(msg).to_string_lossy().into_owned()
                };
                ffi::dtrans_free(msg.cast());
                m
            };
            return Err(IrError::Parse { path: path.into(), line, col, message });
        }
        // SAFETY: `raw` is a fresh module created in `ctx`, owned by nobody else.
        let inner = ManuallyDrop::new(unsafe { inkwell::module::Module::new(raw) });
        Ok(Module { inner, owned: true, ctx, path: path.into(), warnings })
    }

    /// Wraps module `raw` of context `ctx`, which someone else owns:
    /// dropping the result leaves it alone.
    ///
    /// # Safety
    /// `raw` is a live module of `ctx`'s context that outlives the result,
    /// and nothing else reads or changes it while the result lives.
    pub(crate) unsafe fn borrow_raw(ctx: &'c Context, raw: LLVMModuleRef, path: &Path) -> Self {
        // SAFETY: `raw` is live and not null (the caller's promise);
        // `owned: false`, so the wrapper never disposes it.
        let inner = ManuallyDrop::new(unsafe { inkwell::module::Module::new(raw) });
        Module { inner, owned: false, ctx, path: path.into(), warnings: Vec::new() }
    }

    /// Whether dropping this module frees it (false for a module borrowed
    /// from the program that loaded the plugin).
    pub fn is_owned(&self) -> bool {
        self.owned
    }

    /// Warnings from reading the module (e.g. invalid debug info that was
    /// stripped, as LLVM itself does).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The file the module was read from (used in messages).
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub(crate) fn raw(&self) -> LLVMModuleRef {
        self.inner.as_mut_ptr()
    }

    pub(crate) fn ctx_raw(&self) -> LLVMContextRef {
        self.ctx.raw()
    }

    /// Runs LLVM's verifier.
    pub fn verify(&self) -> Result<(), IrError> {
        self.inner.verify().map_err(|m| IrError::Verify { path: self.path.clone(), message: m.to_string() })
    }

    /// The module as textual IR.
    pub fn to_ir_string(&self) -> String {
        self.inner.print_to_string().to_string()
    }

    /// The module as bitcode.
    pub fn to_bitcode(&self) -> Vec<u8> {
        self.inner.write_bitcode_to_memory().as_slice().to_vec()
    }

    /// Writes the module to `path` (`-` is standard output). The file appears
    /// whole or not at all: the bytes go to a temporary file in the same
    /// directory that is then renamed over `path`.
    pub fn write(&self, path: &Path, format: IrFormat) -> Result<(), IrError> {
        let bytes = match format {
            IrFormat::Text => self.to_ir_string().into_bytes(),
            IrFormat::Bitcode => self.to_bitcode(),
        };
        let io_err = |source| IrError::Io { path: path.into(), cause: source };
        if path.as_os_str() == "-" {
            let mut out = std::io::stdout().lock();
            return out.write_all(&bytes).and_then(|_| out.flush()).map_err(io_err);
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let file_name = path
            .file_name()
            .ok_or_else(|| IrError::Write { path: path.into(), message: "output path names no file".into() })?;
        let tmp = dir.join(format!(".{}.tmp{}", file_name.to_string_lossy(), std::process::id()));
        let result = std::fs::write(&tmp, &bytes).and_then(|_| std::fs::rename(&tmp, path));
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result.map_err(io_err)
    }

    pub fn functions(&self) -> impl Iterator<Item = Function<'_>> + '_ {
        // SAFETY: the module is alive for the borrow; see the crate invariant.
        let first = unsafe { c::LLVMGetFirstFunction(self.raw()) };
        std::iter::successors(Value::from_raw(first), |f| {
            // SAFETY: `f` is a function of this module.
            Value::from_raw(unsafe { c::LLVMGetNextFunction(f.raw()) })
        })
        .map(Function::from_value_unchecked)
    }

    pub fn function(&self, name: &str) -> Option<Function<'_>> {
        let name = CString::new(name).ok()?;
        // SAFETY: valid module and NUL-terminated name.
        Value::from_raw(unsafe { c::LLVMGetNamedFunction(self.raw(), name.as_ptr()) })
            .map(Function::from_value_unchecked)
    }

    /// The global variables (not functions or aliases), in module order.
    pub fn globals(&self) -> impl Iterator<Item = Value<'_>> + '_ {
        // SAFETY: the module is alive for the borrow.
        let first = unsafe { c::LLVMGetFirstGlobal(self.raw()) };
        std::iter::successors(Value::from_raw(first), |g| {
            // SAFETY: `g` is a global variable of this module.
            Value::from_raw(unsafe { c::LLVMGetNextGlobal(g.raw()) })
        })
    }

    /// A new named struct type without a body (`%name = type opaque`). LLVM
    /// renames it (`name.N`) if the name is taken; the type's own name says
    /// what it got.
    pub fn create_opaque_struct(&self, name: &str) -> Type<'_> {
        let name = CString::new(name.replace('\0', "")).expect("NULs removed");
        // SAFETY: valid context and NUL-terminated name.
        Type::from_raw(unsafe { c::LLVMStructCreateNamed(self.ctx_raw(), name.as_ptr()) })
            .expect("LLVM returns a struct type")
    }

    /// How the IR printer names each global variable, alias, ifunc and
    /// function: `@name` (quoted if needed), or `@N` for unnamed ones,
    /// numbered in the printer's order.
    pub fn global_labels(&self) -> std::collections::HashMap<Value<'_>, String> {
        let mut labels = std::collections::HashMap::new();
        let mut next = 0u32;
        // SAFETY (all three walks): the module is alive for the borrow and
        // each `next` call gets a value of the same list.
        let aliases = std::iter::successors(Value::from_raw(unsafe { c::LLVMGetFirstGlobalAlias(self.raw()) }), |v| {
            Value::from_raw(unsafe { c::LLVMGetNextGlobalAlias(v.raw()) })
        });
        let ifuncs = std::iter::successors(Value::from_raw(unsafe { c::LLVMGetFirstGlobalIFunc(self.raw()) }), |v| {
            Value::from_raw(unsafe { c::LLVMGetNextGlobalIFunc(v.raw()) })
        });
        let all = self.globals().chain(aliases).chain(ifuncs).chain(self.functions().map(|f| f.as_value()));
        for v in all {
            let name = v.name();
            let label = if name.is_empty() {
                next += 1;
                format!("@{}", next - 1)
            } else {
                format!("@{}", crate::values::quote_ident(&name))
            };
            labels.insert(v, label);
        }
        labels
    }

    /// The identified struct types the module uses, in LLVM's order.
    pub fn struct_types(&self) -> Vec<Type<'_>> {
        let mut n = 0usize;
        // SAFETY: the shim returns a malloc'd array of `n` type handles.
        unsafe {
            let p = ffi::dtrans_module_struct_types(self.raw(), &mut n);
            let v = std::slice::from_raw_parts(p, n).iter().filter_map(|&t| Type::from_raw(t)).collect();
            ffi::dtrans_free(p.cast());
            v
        }
    }

    /// Every identified struct type with the name the IR printer gives it:
    /// its own name, or for an unnamed one its number (`0` for `%0`),
    /// counted in the printer's order.
    pub fn struct_types_named(&self) -> Vec<(Type<'_>, String)> {
        let mut next = 0u32;
        self.struct_types()
            .into_iter()
            .map(|t| match t.struct_name().filter(|n| !n.is_empty()) {
                Some(n) => (t, n),
                None => {
                    next += 1;
                    (t, (next - 1).to_string())
                }
            })
            .collect()
    }

    /// The identified struct type called `name` (without the leading `%`);
    /// a name of digits only means the unnamed struct of that number.
    pub fn struct_type(&self, name: &str) -> Option<Type<'_>> {
        if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
            return self.struct_types_named().into_iter().find(|(_, n)| n == name).map(|(t, _)| t);
        }
        let name = CString::new(name).ok()?;
        // SAFETY: valid context and NUL-terminated name.
        Type::from_raw(unsafe { c::LLVMGetTypeByName2(self.ctx_raw(), name.as_ptr()) })
    }

    pub fn named_metadata(&self, name: &str) -> Option<NamedMetadata<'_>> {
        // SAFETY: valid module; name pointer and length describe `name`.
        let raw = unsafe { c::LLVMGetNamedMetadata(self.raw(), name.as_ptr().cast(), name.len()) };
        NamedMetadata::from_raw(raw)
    }

    /// Removes the module flag `key` (`!llvm.module.flags`); true if it
    /// was there. (LLVM's passes that add a flag, such as the call-graph
    /// profile, add it again when the module is optimized twice, which the
    /// verifier refuses.)
    pub fn remove_module_flag(&self, key: &str) -> bool {
        let Some(flags) = self.named_metadata("llvm.module.flags") else { return false };
        let all = flags.operands();
        let named = |md: &Metadata<'_>| md.operands().get(1).copied().flatten().and_then(|k| k.as_string());
        if !all.iter().any(|md| named(md).as_deref() == Some(key)) {
            return false;
        }
        flags.clear_operands();
        for md in all.into_iter().filter(|md| named(md).as_deref() != Some(key)) {
            flags.add_operand(md);
        }
        true
    }

    /// The named metadata `name`, created empty if absent.
    pub fn get_or_insert_named_metadata(&self, name: &str) -> NamedMetadata<'_> {
        // SAFETY: valid module; name pointer and length describe `name`.
        let raw = unsafe { c::LLVMGetOrInsertNamedMetadata(self.raw(), name.as_ptr().cast(), name.len()) };
        NamedMetadata::from_raw(raw).expect("LLVM returns a named metadata node")
    }

    /// Whether `ty` belongs to this module's context. Handles carry no
    /// context in their type, so builders check it at run time: mixing
    /// contexts would be undefined behaviour in LLVM.
    pub(crate) fn owns_type(&self, ty: Type<'_>) -> bool {
        ty.context_raw() == self.ctx_raw()
    }

    fn assert_owns_metadata(&self, md: Metadata<'_>) {
        // SAFETY: live metadata; the shim only reads its context.
        let ctx = unsafe { ffi::dtrans_md_context(md.raw()) };
        assert!(ctx.is_null() || ctx == self.ctx_raw(), "metadata from another LLVM context");
    }

    /// Removes the named metadata `name`; true if it existed. Takes `&mut`:
    /// the node is deleted, so no handle to it may be alive.
    pub fn erase_named_metadata(&mut self, name: &str) -> bool {
        // SAFETY: valid module; name pointer and length describe `name`.
        unsafe { ffi::dtrans_erase_named_md(self.raw(), name.as_ptr(), name.len()) != 0 }
    }

    /// The printer's slot numbers (`!N`) of every metadata node.
    pub fn metadata_slots(&self) -> MetadataSlots<'_> {
        MetadataSlots::compute(self)
    }

    pub fn data_layout(&self) -> DataLayout<'_> {
        DataLayout::of(self)
    }

    /// The id of metadata kind `name` (`dbg`, `intel_dtrans_type`, ...),
    /// registered in the context if new.
    pub fn md_kind_id(&self, name: &str) -> u32 {
        // SAFETY: valid context; pointer and length describe `name`.
        unsafe { c::LLVMGetMDKindIDInContext(self.ctx_raw(), name.as_ptr().cast(), name.len() as u32) }
    }

    /// The name of metadata kind `id`.
    pub fn md_kind_name(&self, id: u32) -> Option<String> {
        let mut len = 0;
        // SAFETY: valid context; the shim returns null or `len` bytes owned by the context.
        let p = unsafe { ffi::dtrans_md_kind_name(self.ctx_raw(), id, &mut len) };
        // SAFETY: as above.
        (!p.is_null()).then(|| unsafe { ffi::lossy(p, len) })
    }

    // ---- building constants and metadata ----

    /// `zeroinitializer` (or `null`, `0`) of type `ty`.
    pub fn const_null(&self, ty: Type<'_>) -> Value<'_> {
        assert!(self.owns_type(ty), "type from another LLVM context");
        // SAFETY: `ty` is a live type of this context.
        Value::from_raw(unsafe { c::LLVMConstNull(ty.raw()) }).expect("LLVMConstNull returns a value")
    }

    /// An integer constant of `bits` width holding `v` (truncated).
    pub fn const_int(&self, bits: u32, v: i64) -> Value<'_> {
        // SAFETY: valid context; LLVM creates the integer type if needed.
        unsafe {
            let ty = c::LLVMIntTypeInContext(self.ctx_raw(), bits);
            Value::from_raw(c::LLVMConstInt(ty, v as u64, 1)).expect("LLVMConstInt returns a value")
        }
    }

    /// The first-class type of `kind` (`bits` is used for integers only);
    /// `None` for kinds that are not first-class scalars.
    pub fn scalar_type(&self, kind: crate::TypeKind, bits: u32) -> Option<Type<'_>> {
        use crate::TypeKind as K;
        let ctx = self.ctx_raw();
        // SAFETY: valid context; each constructor returns a uniqued type.
        let raw = unsafe {
            match kind {
                K::LLVMIntegerTypeKind => c::LLVMIntTypeInContext(ctx, bits),
                K::LLVMVoidTypeKind => c::LLVMVoidTypeInContext(ctx),
                K::LLVMHalfTypeKind => c::LLVMHalfTypeInContext(ctx),
                K::LLVMBFloatTypeKind => c::LLVMBFloatTypeInContext(ctx),
                K::LLVMFloatTypeKind => c::LLVMFloatTypeInContext(ctx),
                K::LLVMDoubleTypeKind => c::LLVMDoubleTypeInContext(ctx),
                K::LLVMX86_FP80TypeKind => c::LLVMX86FP80TypeInContext(ctx),
                K::LLVMFP128TypeKind => c::LLVMFP128TypeInContext(ctx),
                K::LLVMPPC_FP128TypeKind => c::LLVMPPCFP128TypeInContext(ctx),
                _ => return None,
            }
        };
        Type::from_raw(raw)
    }

    pub fn md_string(&self, s: &str) -> Metadata<'_> {
        // SAFETY: valid context; pointer and length describe `s`.
        Metadata::from_raw(unsafe { c::LLVMMDStringInContext2(self.ctx_raw(), s.as_ptr().cast(), s.len()) })
            .expect("LLVM returns an MDString")
    }

    /// Wraps a constant as metadata (`i32 0`, `%struct.S zeroinitializer`).
    pub fn md_value(&self, v: Value<'_>) -> Metadata<'_> {
        assert!(self.owns_type(v.ty()), "value from another LLVM context");
        // SAFETY: `v` is a live value of this context.
        Metadata::from_raw(unsafe { c::LLVMValueAsMetadata(v.raw()) }).expect("LLVM returns metadata")
    }

    /// A uniqued tuple `!{...}`; `None` operands are `null`.
    pub fn md_tuple(&self, ops: &[Option<Metadata<'_>>]) -> Metadata<'_> {
        ops.iter().flatten().for_each(|m| self.assert_owns_metadata(*m));
        let mut raw: Vec<LLVMMetadataRef> = ops.iter().map(|o| o.map_or(std::ptr::null_mut(), |m| m.raw())).collect();
        // SAFETY: valid context; `raw` holds `len` live metadata handles or nulls.
        Metadata::from_raw(unsafe { c::LLVMMDNodeInContext2(self.ctx_raw(), raw.as_mut_ptr(), raw.len()) })
            .expect("LLVM returns a node")
    }

    /// A distinct tuple `distinct !{...}`.
    pub fn md_distinct_tuple(&self, ops: &[Option<Metadata<'_>>]) -> Metadata<'_> {
        ops.iter().flatten().for_each(|m| self.assert_owns_metadata(*m));
        let mut raw: Vec<LLVMMetadataRef> = ops.iter().map(|o| o.map_or(std::ptr::null_mut(), |m| m.raw())).collect();
        // SAFETY: valid context; `raw` holds `len` live metadata handles or nulls.
        Metadata::from_raw(unsafe { ffi::dtrans_md_distinct_tuple(self.ctx_raw(), raw.as_mut_ptr(), raw.len()) })
            .expect("LLVM returns a node")
    }

    /// A loop ID for `!llvm.loop`: `distinct !{self, props...}`.
    pub fn md_loop_id(&self, props: &[Metadata<'_>]) -> Metadata<'_> {
        props.iter().for_each(|m| self.assert_owns_metadata(*m));
        let mut raw: Vec<LLVMMetadataRef> = props.iter().map(|m| m.raw()).collect();
        // SAFETY: valid context; `raw` holds `len` live metadata handles.
        Metadata::from_raw(unsafe { ffi::dtrans_md_loop_id(self.ctx_raw(), raw.as_mut_ptr(), raw.len()) })
            .expect("LLVM returns a node")
    }
}

impl Drop for Module<'_> {
    fn drop(&mut self) {
        if self.owned {
            // SAFETY: dropped once, here; an owned module was created by
            // `parse_bytes` and nothing else disposes it.
            unsafe { ManuallyDrop::drop(&mut self.inner) }
        }
    }
}

impl std::fmt::Debug for Module<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Module({})", self.path.display())
    }
}

/// Marker used by handles: a shared borrow of the module for `'m`.
pub(crate) type Borrow<'m> = PhantomData<&'m ()>;
