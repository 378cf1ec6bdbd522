//! Debug information: what `clang -g` says about types, functions, globals
//! and local variables. The builder of DTrans metadata from debug info and
//! the type flow evaluation read the source-level types from here.
use crate::ffi;
use crate::metadata::Metadata;
use crate::values::{Function, Instruction, Value, ValueKind};

/// DWARF tags and encodings dtrans looks at.
pub mod dwarf {
    pub const TAG_ARRAY_TYPE: u32 = 0x01;
    pub const TAG_CLASS_TYPE: u32 = 0x02;
    pub const TAG_ENUMERATION_TYPE: u32 = 0x04;
    pub const TAG_MEMBER: u32 = 0x0d;
    pub const TAG_POINTER_TYPE: u32 = 0x0f;
    pub const TAG_REFERENCE_TYPE: u32 = 0x10;
    pub const TAG_STRUCTURE_TYPE: u32 = 0x13;
    pub const TAG_SUBROUTINE_TYPE: u32 = 0x15;
    pub const TAG_TYPEDEF: u32 = 0x16;
    pub const TAG_UNION_TYPE: u32 = 0x17;
    pub const TAG_INHERITANCE: u32 = 0x1c;
    pub const TAG_PTR_TO_MEMBER_TYPE: u32 = 0x1f;
    pub const TAG_BASE_TYPE: u32 = 0x24;
    pub const TAG_CONST_TYPE: u32 = 0x26;
    pub const TAG_VOLATILE_TYPE: u32 = 0x35;
    pub const TAG_RESTRICT_TYPE: u32 = 0x37;
    pub const TAG_RVALUE_REFERENCE_TYPE: u32 = 0x42;
    pub const TAG_ATOMIC_TYPE: u32 = 0x47;

    pub const ATE_ADDRESS: u32 = 0x01;
    pub const ATE_BOOLEAN: u32 = 0x02;
    pub const ATE_FLOAT: u32 = 0x04;
    pub const ATE_SIGNED: u32 = 0x05;
    pub const ATE_SIGNED_CHAR: u32 = 0x06;
    pub const ATE_UNSIGNED: u32 = 0x07;
    pub const ATE_UNSIGNED_CHAR: u32 = 0x08;
    pub const ATE_UTF: u32 = 0x10;

    /// `DIFlagBitField`: a member that is a bit-field.
    pub const FLAG_BIT_FIELD: u32 = 1 << 19;
}

/// A debug-info type node, flattened.
#[derive(Clone, Debug)]
pub enum DiType<'m> {
    /// `DIBasicType`: `int`, `unsigned char`, `double`, ...
    Basic { name: String, size_bits: u64, encoding: u32 },
    /// `DIDerivedType`: pointer, typedef, const, volatile, member, ...;
    /// `base` is `None` for `void` (as in `void *`).
    Derived { tag: u32, name: String, base: Option<Metadata<'m>>, size_bits: u64, offset_bits: u64, flags: u32 },
    /// `DICompositeType`: structure, union, class, array, enumeration.
    /// `base` is an array's element type or an enumeration's underlying type.
    Composite {
        tag: u32,
        name: String,
        identifier: String,
        size_bits: u64,
        flags: u32,
        base: Option<Metadata<'m>>,
        elements: Vec<Option<Metadata<'m>>>,
    },
    /// `DISubroutineType`: `types[0]` is the return type (`None` for void).
    Subroutine { types: Vec<Option<Metadata<'m>>> },
    /// `DISubrange` of an array: the element count if constant.
    Subrange { count: Option<i64> },
}

impl<'m> Metadata<'m> {
    /// Strips typedefs and qualifiers (`const`, `volatile`, `restrict`,
    /// `_Atomic`) from a debug type. `None` means `void` (a qualifier of
    /// nothing, as in `const void`), or a chain of more than 64, which only
    /// a cycle in hostile metadata makes.
    pub fn strip_di_qualifiers(self) -> Option<Metadata<'m>> {
        let mut md = self;
        for _ in 0..64 {
            match md.di_type() {
                Some(DiType::Derived {
                    tag:
                        dwarf::TAG_TYPEDEF
                        | dwarf::TAG_CONST_TYPE
                        | dwarf::TAG_VOLATILE_TYPE
                        | dwarf::TAG_RESTRICT_TYPE
                        | dwarf::TAG_ATOMIC_TYPE,
                    base,
                    ..
                }) => {
                    md = base?;
                }
                _ => return Some(md),
            }
        }
        None
    }

    /// The C++-qualified name of a composite type (`ns1::Node`), as clang
    /// names LLVM structures; empty for other nodes.
    pub fn di_qualified_name(self) -> String {
        // SAFETY: live metadata; the shim returns a malloc'd C string that we free.
        unsafe {
            let p = ffi::dtrans_di_qualified_name(self.raw());
            let s = std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned();
            ffi::dtrans_free(p.cast());
            s
        }
    }

    /// Where a debug-info type (a structure, a member) is declared: its
    /// file (joined to the compilation directory when relative) and line.
    /// `None` for other nodes and types without a place.
    pub fn di_source(self) -> Option<(String, u32)> {
        // Only composites and derived types (members, typedefs) are
        // DIScopes with a line: the C API casts without checking.
        if !matches!(self.di_type()?, DiType::Composite { .. } | DiType::Derived { .. }) {
            return None;
        }
        use llvm_sys::debuginfo::{
            LLVMDIFileGetDirectory, LLVMDIFileGetFilename, LLVMDIScopeGetFile, LLVMDITypeGetLine,
        };
        // SAFETY: `self` is a live DIType (checked above), so a DIScope;
        // the file node, when not null, is a live DIFile whose strings
        // LLVM owns for `len` bytes.
        unsafe {
            let line = LLVMDITypeGetLine(self.raw());
            let file = LLVMDIScopeGetFile(self.raw());
            if file.is_null() || line == 0 {
                return None;
            }
            let mut len = 0u32;
            let name = ffi::lossy(LLVMDIFileGetFilename(file, &mut len).cast(), len as usize);
            let mut dlen = 0u32;
            let dir = ffi::lossy(LLVMDIFileGetDirectory(file, &mut dlen).cast(), dlen as usize);
            let path = if name.starts_with('/') || dir.is_empty() { name } else { format!("{dir}/{name}") };
            Some((path, line))
        }
    }

    /// This node as a debug-info type, if it is one.
    pub fn di_type(self) -> Option<DiType<'m>> {
        let mut info = std::mem::MaybeUninit::<ffi::DiInfo>::zeroed();
        // SAFETY: live metadata; the shim fills `info` completely (it
        // zeroes it first) and only reads `self` through `dyn_cast`s.
        let info = unsafe {
            ffi::dtrans_di_info(self.raw(), info.as_mut_ptr());
            info.assume_init()
        };
        // SAFETY: the name and identifier point into MDStrings owned by the
        // context, with the lengths the shim gave.
        let (name, identifier) =
            unsafe { (ffi::lossy(info.name, info.name_len), ffi::lossy(info.identifier, info.identifier_len)) };
        let elements = |n: u32| -> Vec<Option<Metadata<'m>>> {
            // SAFETY: composite or subroutine node; `i` is below its element count.
            (0..n).map(|i| Metadata::from_raw(unsafe { ffi::dtrans_di_element(self.raw(), i) })).collect()
        };
        let base = Metadata::from_raw(info.base);
        Some(match info.kind {
            1 => DiType::Basic { name, size_bits: info.size_bits, encoding: info.encoding },
            2 => DiType::Derived {
                tag: info.tag,
                name,
                base,
                size_bits: info.size_bits,
                offset_bits: info.offset_bits,
                flags: info.flags,
            },
            3 => DiType::Composite {
                tag: info.tag,
                name,
                identifier,
                size_bits: info.size_bits,
                flags: info.flags,
                base,
                elements: elements(info.num_elements),
            },
            4 => DiType::Subroutine { types: elements(info.num_elements) },
            5 => DiType::Subrange { count: (info.has_count != 0).then_some(info.count) },
            _ => return None,
        })
    }
}

/// A source variable's location as recorded by `#dbg_declare` or
/// `#dbg_value` (or the older intrinsic calls).
#[derive(Clone, Debug)]
pub struct DebugVariable<'m> {
    /// `#dbg_declare`: `location` is the variable's address (an alloca).
    /// `#dbg_value`: `location` is the variable's value.
    pub is_declare: bool,
    /// `None` when the location is not a single value (an argument list).
    pub location: Option<Value<'m>>,
    pub name: String,
    /// The variable's debug type (`None` if the node has none).
    pub ty: Option<Metadata<'m>>,
    /// The instruction the record is attached to.
    pub at: Option<Instruction<'m>>,
    /// For a parameter, its 1-based number in the source (`this` is 1);
    /// 0 for other variables.
    pub arg: u32,
    /// The location is the whole variable: the record's expression is
    /// empty (no fragment, no dereference, no arithmetic).
    pub whole_value: bool,
    /// The record's expression, when it is one of the shapes clang and
    /// LLVM's optimizers use for parameters.
    pub expr: DbgExpr,
}

/// The shape of a variable location's `DIExpression`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbgExpr {
    /// Empty: the location is the variable (its value, or for a declare
    /// its address).
    Empty,
    /// Exactly `DW_OP_deref`: the location holds the variable's address
    /// (an aggregate passed indirectly).
    Deref,
    /// Exactly `DW_OP_LLVM_fragment, offset, size` (bits): the location is
    /// that piece of the variable.
    Fragment { offset_bits: u64, size_bits: u64 },
    /// Anything else (arithmetic, conversions, several operations).
    Other,
}

impl<'m> Function<'m> {
    /// The `DISubroutineType` of the function's `DISubprogram`, if any.
    pub fn debug_type(self) -> Option<Metadata<'m>> {
        // SAFETY: live function; the shim returns null without a subprogram.
        let sp = Metadata::from_raw(unsafe { ffi::dtrans_function_subprogram(self.as_value().raw()) })?;
        // SAFETY: `sp` is a DISubprogram (what getSubprogram returns).
        Metadata::from_raw(unsafe { ffi::dtrans_subprogram_type(sp.raw()) })
    }

    /// Every variable location in the function, in program order.
    pub fn debug_variables(self) -> Vec<DebugVariable<'m>> {
        let mut n = 0usize;
        // SAFETY: live function; the shim returns a malloc'd array of `n`
        // records whose handles belong to this module.
        unsafe {
            let p = ffi::dtrans_function_dbg_vars(self.as_value().raw(), &mut n);
            let out = std::slice::from_raw_parts(p, n)
                .iter()
                .map(|r| {
                    let var = Metadata::from_raw(r.variable);
                    let mut len = 0usize;
                    let name =
                        var.map_or(String::new(), |v| ffi::lossy(ffi::dtrans_di_variable_name(v.raw(), &mut len), len));
                    DebugVariable {
                        is_declare: r.is_declare != 0,
                        location: Value::from_raw(r.location),
                        name,
                        ty: var.and_then(|v| Metadata::from_raw(ffi::dtrans_di_variable_type(v.raw()))),
                        at: Value::from_raw(r.at).and_then(|v| v.as_instruction()),
                        arg: r.arg,
                        whole_value: r.whole_value != 0,
                        expr: match r.expr_shape {
                            0 => DbgExpr::Empty,
                            1 => DbgExpr::Deref,
                            2 => DbgExpr::Fragment { offset_bits: r.frag_offset, size_bits: r.frag_size },
                            _ => DbgExpr::Other,
                        },
                    }
                })
                .collect();
            ffi::dtrans_free(p.cast());
            out
        }
    }
}

impl<'m> Function<'m> {
    /// For each record of [`debug_variables`](Self::debug_variables), in the
    /// same order, the number of elements of its `DIExpression`: 0 when the
    /// location is the variable itself, more when it is a piece of it
    /// (`DW_OP_LLVM_fragment`), behind it (`DW_OP_deref`) or computed from
    /// it (`DW_OP_plus_uconst`, `DW_OP_LLVM_convert`, ...).
    pub fn debug_variable_expression_sizes(self) -> Vec<u32> {
        let mut n = 0usize;
        // SAFETY: live function; the shim returns a malloc'd array of `n`
        // counts, which is copied and freed here.
        unsafe {
            let p = ffi::dtrans_function_dbg_expr_sizes(self.as_value().raw(), &mut n);
            let out = std::slice::from_raw_parts(p, n).to_vec();
            ffi::dtrans_free(p.cast());
            out
        }
    }
}

impl<'m> Value<'m> {
    /// The debug types of the `DIGlobalVariable`s that describe a global
    /// variable (usually one), with their names.
    pub fn global_debug_types(self) -> Vec<(String, Option<Metadata<'m>>)> {
        if self.kind() != ValueKind::GlobalVariable {
            return Vec::new();
        }
        let mut n = 0usize;
        // SAFETY: checked global variable; the shim returns a malloc'd array
        // of `n` DIGlobalVariables.
        unsafe {
            let p = ffi::dtrans_global_di_vars(self.raw(), &mut n);
            let out = std::slice::from_raw_parts(p, n)
                .iter()
                .map(|&v| {
                    let mut len = 0usize;
                    let name = ffi::lossy(ffi::dtrans_di_variable_name(v, &mut len), len);
                    (name, Metadata::from_raw(ffi::dtrans_di_variable_type(v)))
                })
                .collect();
            ffi::dtrans_free(p.cast());
            out
        }
    }
}
