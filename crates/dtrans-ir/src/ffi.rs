//! Declarations of the C++ shim (`shim/shim.cpp`). Private to this crate.
use llvm_sys::prelude::*;

extern "C" {
    pub fn dtrans_free(p: *mut std::ffi::c_void);
    pub fn dtrans_inline_call(call: LLVMValueRef) -> i32;
    pub fn dtrans_functions_identical(a: LLVMValueRef, b: LLVMValueRef) -> i32;
    pub fn dtrans_parse_ir(
        ctx: LLVMContextRef,
        data: *const u8,
        len: usize,
        name: *const std::ffi::c_char,
        out: *mut LLVMModuleRef,
        msg: *mut *mut std::ffi::c_char,
        line: *mut u32,
        col: *mut u32,
        warning: *mut *mut std::ffi::c_char,
    ) -> i32;
    pub fn dtrans_install_fatal_error_handler();
    pub fn dtrans_probe_bitcode(data: *const u8, len: usize) -> i32;
    pub fn dtrans_module_struct_types(m: LLVMModuleRef, n: *mut usize) -> *mut LLVMTypeRef;
    pub fn dtrans_module_md_slots(
        m: LLVMModuleRef,
        nodes: *mut *mut LLVMMetadataRef,
        slots: *mut *mut u32,
        n: *mut usize,
    );
    pub fn dtrans_md_kind(md: LLVMMetadataRef) -> i32;
    pub fn dtrans_md_num_operands(md: LLVMMetadataRef) -> u32;
    pub fn dtrans_md_operand(md: LLVMMetadataRef, i: u32) -> LLVMMetadataRef;
    pub fn dtrans_md_is_distinct(md: LLVMMetadataRef) -> i32;
    pub fn dtrans_md_string(md: LLVMMetadataRef, len: *mut usize) -> *const u8;
    pub fn dtrans_md_value(md: LLVMMetadataRef) -> LLVMValueRef;
    pub fn dtrans_md_dwarf_tag(md: LLVMMetadataRef) -> u32;
    pub fn dtrans_md_distinct_tuple(ctx: LLVMContextRef, ops: *mut LLVMMetadataRef, n: usize) -> LLVMMetadataRef;
    pub fn dtrans_md_loop_id(ctx: LLVMContextRef, ops: *mut LLVMMetadataRef, n: usize) -> LLVMMetadataRef;
    pub fn dtrans_named_md_num_operands(nmd: LLVMNamedMDNodeRef) -> u32;
    pub fn dtrans_named_md_operand(nmd: LLVMNamedMDNodeRef, i: u32) -> LLVMMetadataRef;
    pub fn dtrans_named_md_add_operand(nmd: LLVMNamedMDNodeRef, md: LLVMMetadataRef);
    pub fn dtrans_named_md_clear(nmd: LLVMNamedMDNodeRef);
    pub fn dtrans_md_context(md: LLVMMetadataRef) -> LLVMContextRef;
    pub fn dtrans_erase_named_md(m: LLVMModuleRef, name: *const u8, len: usize) -> i32;
    pub fn dtrans_md_kind_name(ctx: LLVMContextRef, kind: u32, len: *mut usize) -> *const u8;
    pub fn dtrans_attr_kind_name(kind: u32, len: *mut usize) -> *const u8;
    pub fn dtrans_drop_value_flags(inst: LLVMValueRef) -> i32;
    pub fn dtrans_drop_attribute_facts(v: LLVMValueRef) -> u32;
    pub fn dtrans_global_is_dso_local(gv: LLVMValueRef) -> i32;
    pub fn dtrans_print_type_brief(t: LLVMTypeRef) -> *mut std::ffi::c_char;
    pub fn dtrans_di_info(md: LLVMMetadataRef, out: *mut DiInfo);
    pub fn dtrans_di_element(md: LLVMMetadataRef, i: u32) -> LLVMMetadataRef;
    pub fn dtrans_di_qualified_name(md: LLVMMetadataRef) -> *mut std::ffi::c_char;
    pub fn dtrans_function_subprogram(f: LLVMValueRef) -> LLVMMetadataRef;
    pub fn dtrans_subprogram_type(sp: LLVMMetadataRef) -> LLVMMetadataRef;
    pub fn dtrans_global_di_vars(gv: LLVMValueRef, n: *mut usize) -> *mut LLVMMetadataRef;
    pub fn dtrans_di_variable_type(var: LLVMMetadataRef) -> LLVMMetadataRef;
    pub fn dtrans_di_variable_name(var: LLVMMetadataRef, len: *mut usize) -> *const u8;
    pub fn dtrans_function_dbg_vars(f: LLVMValueRef, n: *mut usize) -> *mut DbgVar;
    pub fn dtrans_function_dbg_expr_sizes(f: LLVMValueRef, n: *mut usize) -> *mut u32;
    pub fn dtrans_function_take_body(new: LLVMValueRef, old: LLVMValueRef) -> i32;
    pub fn dtrans_promote_call_guarded(call: LLVMValueRef, f: LLVMValueRef) -> LLVMValueRef;
    pub fn dtrans_replace_dbg_value_uses(from: LLVMValueRef, to: LLVMValueRef) -> u32;
    pub fn dtrans_remap_function(
        f: LLVMValueRef,
        cb: extern "C" fn(*mut std::ffi::c_void, LLVMTypeRef) -> LLVMTypeRef,
        data: *mut std::ffi::c_void,
        old: *mut LLVMValueRef,
        new: *mut LLVMValueRef,
        n: usize,
    );
    pub fn dtrans_map_constant(
        c: LLVMValueRef,
        cb: extern "C" fn(*mut std::ffi::c_void, LLVMTypeRef) -> LLVMTypeRef,
        data: *mut std::ffi::c_void,
        old: *mut LLVMValueRef,
        new: *mut LLVMValueRef,
        n: usize,
    ) -> LLVMValueRef;
    pub fn dtrans_replace_globals(old: *mut LLVMValueRef, types: *mut LLVMTypeRef, inits: *mut LLVMValueRef, n: usize);
    pub fn dtrans_clone_binop(b: LLVMBuilderRef, like: LLVMValueRef, a: LLVMValueRef, x: LLVMValueRef) -> LLVMValueRef;
    pub fn dtrans_drop_dereferenceable(m: LLVMModuleRef) -> usize;
    pub fn dtrans_di_relayout(md: LLVMMetadataRef, size_bits: u64, idx: *const u32, offs: *const u64, n: usize) -> i32;
    pub fn dtrans_drop_fragment_records(m: LLVMModuleRef, types: *const LLVMMetadataRef, n: usize) -> usize;
    pub fn dtrans_add_global_like(
        old: LLVMValueRef,
        ty: LLVMTypeRef,
        init: LLVMValueRef,
        name: *const std::ffi::c_char,
    ) -> LLVMValueRef;
    pub fn dtrans_swap_globals(old: *mut LLVMValueRef, new: *mut LLVMValueRef, n: usize) -> i32;
    pub fn dtrans_debug_composites(m: LLVMModuleRef, n: *mut usize) -> *mut LLVMMetadataRef;
    pub fn dtrans_retype_gep(gep: LLVMValueRef, t: LLVMTypeRef) -> i32;
    pub fn dtrans_retype_alloca(alloca: LLVMValueRef, t: LLVMTypeRef) -> i32;
    pub fn dtrans_whole_program_cleanup(
        m: LLVMModuleRef,
        keep: *const *const std::ffi::c_char,
        keep_len: *const usize,
        n: usize,
        counts: *mut usize,
    );
    pub fn dtrans_erase_marked(m: LLVMModuleRef, kind: u32, insts: *mut usize, fns: *mut usize) -> i32;
}

/// Mirrors `DtransDiInfo` in the shim.
#[repr(C)]
pub struct DiInfo {
    pub kind: u32,
    pub tag: u32,
    pub name: *const u8,
    pub name_len: usize,
    pub identifier: *const u8,
    pub identifier_len: usize,
    pub size_bits: u64,
    pub offset_bits: u64,
    pub encoding: u32,
    pub flags: u32,
    pub base: LLVMMetadataRef,
    pub num_elements: u32,
    pub count: i64,
    pub has_count: i32,
}

/// Mirrors `DtransDbgVar` in the shim.
#[repr(C)]
pub struct DbgVar {
    pub is_declare: i32,
    pub location: LLVMValueRef,
    pub variable: LLVMMetadataRef,
    pub at: LLVMValueRef,
    pub arg: u32,
    pub whole_value: i32,
    pub expr_shape: i32,
    pub frag_offset: u64,
    pub frag_size: u64,
}

/// Copies a (pointer, length) string owned by LLVM into a Rust string.
///
/// # Safety
/// `p` must be null or point to `len` readable bytes.
pub unsafe fn lossy(p: *const u8, len: usize) -> String {
    if p.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p, len)).into_owned()
}
