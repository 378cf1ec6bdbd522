//! Values: constants and constant expressions, globals, functions and their
//! arguments, basic blocks, instructions, operands, attributes and metadata
//! attachments.
use std::collections::HashMap;
use std::fmt;

use llvm_sys::core as c;
use llvm_sys::prelude::*;
use llvm_sys::LLVMValueKind as VK;

use crate::ffi;
use crate::metadata::Metadata;
use crate::module::Borrow;
use crate::types::Type;
use crate::Opcode;

/// Any LLVM value. Equality is identity.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value<'m> {
    raw: LLVMValueRef,
    _m: Borrow<'m>,
}

/// The broad classes of values dtrans distinguishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    Argument,
    BasicBlock,
    Function,
    GlobalVariable,
    GlobalAlias,
    GlobalIFunc,
    ConstantExpr,
    ConstantInt,
    ConstantFP,
    ConstantNull,
    ConstantAggregate,
    Undef,
    Poison,
    OtherConstant,
    Instruction,
    InlineAsm,
    Metadata,
}

impl<'m> Value<'m> {
    pub(crate) fn from_raw(raw: LLVMValueRef) -> Option<Self> {
        (!raw.is_null()).then_some(Value { raw, _m: Default::default() })
    }

    pub(crate) fn raw(self) -> LLVMValueRef {
        self.raw
    }

    pub fn kind(self) -> ValueKind {
        // SAFETY: live value (crate invariant).
        match unsafe { c::LLVMGetValueKind(self.raw) } {
            VK::LLVMArgumentValueKind => ValueKind::Argument,
            VK::LLVMBasicBlockValueKind => ValueKind::BasicBlock,
            VK::LLVMFunctionValueKind => ValueKind::Function,
            VK::LLVMGlobalVariableValueKind => ValueKind::GlobalVariable,
            VK::LLVMGlobalAliasValueKind => ValueKind::GlobalAlias,
            VK::LLVMGlobalIFuncValueKind => ValueKind::GlobalIFunc,
            VK::LLVMConstantExprValueKind => ValueKind::ConstantExpr,
            VK::LLVMConstantIntValueKind => ValueKind::ConstantInt,
            VK::LLVMConstantFPValueKind => ValueKind::ConstantFP,
            VK::LLVMConstantPointerNullValueKind | VK::LLVMConstantAggregateZeroValueKind => ValueKind::ConstantNull,
            VK::LLVMConstantArrayValueKind
            | VK::LLVMConstantStructValueKind
            | VK::LLVMConstantVectorValueKind
            | VK::LLVMConstantDataArrayValueKind
            | VK::LLVMConstantDataVectorValueKind => ValueKind::ConstantAggregate,
            VK::LLVMUndefValueValueKind => ValueKind::Undef,
            VK::LLVMPoisonValueKind => ValueKind::Poison,
            VK::LLVMInstructionValueKind => ValueKind::Instruction,
            VK::LLVMInlineAsmValueKind => ValueKind::InlineAsm,
            VK::LLVMMetadataAsValueValueKind => ValueKind::Metadata,
            _ => ValueKind::OtherConstant,
        }
    }

    pub fn ty(self) -> Type<'m> {
        // SAFETY: live value; every value has a type.
        Type::from_raw(unsafe { c::LLVMTypeOf(self.raw) }).expect("every value has a type")
    }

    /// The value's name without sigil (`""` if unnamed).
    pub fn name(self) -> String {
        let mut len = 0;
        // SAFETY: live value; LLVM returns `len` bytes it owns (or an empty string).
        unsafe { ffi::lossy(c::LLVMGetValueName2(self.raw, &mut len).cast(), len) }
    }

    /// The template of an inline assembly value (`cpuid`), `None` for any
    /// other value.
    pub fn inline_asm_string(self) -> Option<String> {
        if self.kind() != ValueKind::InlineAsm {
            return None;
        }
        let mut len = 0;
        // SAFETY: checked inline assembly value; LLVM returns `len` bytes it owns.
        Some(unsafe { ffi::lossy(c::LLVMGetInlineAsmAsmString(self.raw, &mut len).cast(), len) })
    }

    pub fn is_constant(self) -> bool {
        // SAFETY: live value.
        unsafe { !c::LLVMIsAConstant(self.raw).is_null() }
    }

    pub fn is_global_value(self) -> bool {
        // SAFETY: live value.
        unsafe { !c::LLVMIsAGlobalValue(self.raw).is_null() }
    }

    pub fn as_function(self) -> Option<Function<'m>> {
        (self.kind() == ValueKind::Function).then_some(Function(self))
    }

    pub fn as_instruction(self) -> Option<Instruction<'m>> {
        (self.kind() == ValueKind::Instruction).then_some(Instruction(self))
    }

    /// The value of an integer constant that fits in 64 bits, sign-extended.
    pub fn const_int_value(self) -> Option<i64> {
        if self.kind() != ValueKind::ConstantInt {
            return None;
        }
        let bits = self.ty().int_width()?;
        // SAFETY: checked ConstantInt of at most 64 bits.
        (bits <= 64).then(|| unsafe { c::LLVMConstIntGetSExtValue(self.raw) })
    }

    /// The opcode of a constant expression.
    pub fn const_opcode(self) -> Option<Opcode> {
        // SAFETY: checked ConstantExpr.
        (self.kind() == ValueKind::ConstantExpr).then(|| unsafe { c::LLVMGetConstOpcode(self.raw) })
    }

    /// The source element type of a `getelementptr` constant expression.
    pub fn const_gep_source_type(self) -> Option<Type<'m>> {
        if self.const_opcode() != Some(Opcode::LLVMGetElementPtr) {
            return None;
        }
        // SAFETY: checked GEP constant expression, which is a GEPOperator.
        Type::from_raw(unsafe { c::LLVMGetGEPSourceElementType(self.raw) })
    }

    /// Operands of a user (instruction or constant expression); empty
    /// otherwise. `zeroinitializer` has no operands: use [`Value::aggregate_element`].
    pub fn operands(self) -> Vec<Value<'m>> {
        // SAFETY: live value; LLVMIsAUser guards LLVMGetNumOperands/LLVMGetOperand.
        unsafe {
            if c::LLVMIsAUser(self.raw).is_null() {
                return Vec::new();
            }
            let n = c::LLVMGetNumOperands(self.raw);
            (0..n as u32).filter_map(|i| Value::from_raw(c::LLVMGetOperand(self.raw, i))).collect()
        }
    }

    /// The bytes of a constant byte array such as a string literal's
    /// initializer (`c"%d\0A\00"`), terminating NUL included.
    pub fn const_bytes(self) -> Option<Vec<u8>> {
        // SAFETY: live value; LLVMIsAConstantDataSequential only tests the class.
        let is_cds = unsafe { !c::LLVMIsAConstantDataSequential(self.raw).is_null() };
        // SAFETY: checked ConstantDataSequential (LLVMIsConstantString casts to it).
        if !is_cds || unsafe { c::LLVMIsConstantString(self.raw) } == 0 {
            return None;
        }
        let mut len = 0usize;
        // SAFETY: checked ConstantDataSequential of i8 elements; LLVM returns
        // `len` bytes owned by the constant.
        let p = unsafe { c::LLVMGetAsString(self.raw, &mut len) };
        // SAFETY: as above.
        (!p.is_null()).then(|| unsafe { std::slice::from_raw_parts(p.cast::<u8>(), len) }.to_vec())
    }

    /// Element `i` of an aggregate constant (works on `zeroinitializer` too).
    pub fn aggregate_element(self, i: u32) -> Option<Value<'m>> {
        if !self.is_constant() {
            return None;
        }
        // SAFETY: checked constant; LLVM returns null for out-of-range or non-aggregates.
        Value::from_raw(unsafe { c::LLVMGetAggregateElement(self.raw, i) })
    }

    /// The initializer of a global variable definition.
    pub fn initializer(self) -> Option<Value<'m>> {
        // SAFETY: checked global variable.
        (self.kind() == ValueKind::GlobalVariable)
            .then(|| Value::from_raw(unsafe { c::LLVMGetInitializer(self.raw) }))?
    }

    /// The type of the object a global defines (`@g = global T`).
    pub fn global_value_type(self) -> Option<Type<'m>> {
        // SAFETY: checked global value.
        self.is_global_value().then(|| Type::from_raw(unsafe { c::LLVMGlobalGetValueType(self.raw) }))?
    }

    /// The value of a floating-point constant, as a double.
    pub fn const_fp_value(self) -> Option<f64> {
        if self.kind() != ValueKind::ConstantFP {
            return None;
        }
        let mut lost = 0;
        // SAFETY: checked ConstantFP; `lost` is a valid out-parameter.
        Some(unsafe { c::LLVMConstRealGetDouble(self.raw, &mut lost) })
    }

    /// Internal or private linkage: no code outside the module names it.
    pub fn has_local_linkage(self) -> bool {
        use llvm_sys::LLVMLinkage as L;
        // SAFETY: checked global value.
        self.is_global_value()
            && matches!(unsafe { c::LLVMGetLinkage(self.raw) }, L::LLVMInternalLinkage | L::LLVMPrivateLinkage)
    }

    pub fn is_dso_local(self) -> bool {
        // SAFETY: checked global value.
        self.is_global_value() && unsafe { ffi::dtrans_global_is_dso_local(self.raw) != 0 }
    }

    /// Metadata attached to a global object (global variable or function) or
    /// to an instruction (other than `!dbg`), as (kind id, node) pairs.
    pub fn metadata_attachments(self) -> Vec<(u32, Metadata<'m>)> {
        let is_global_object =
            self.is_global_value() && matches!(self.kind(), ValueKind::Function | ValueKind::GlobalVariable);
        let is_inst = self.kind() == ValueKind::Instruction;
        if !is_global_object && !is_inst {
            return Vec::new();
        }
        let mut n = 0usize;
        // SAFETY: checked global object or instruction; the entries array has
        // `n` elements and is disposed after reading.
        unsafe {
            let entries = if is_inst {
                c::LLVMInstructionGetAllMetadataOtherThanDebugLoc(self.raw, &mut n)
            } else {
                c::LLVMGlobalCopyAllMetadata(self.raw, &mut n)
            };
            let v = (0..n as u32)
                .filter_map(|i| {
                    let kind = c::LLVMValueMetadataEntriesGetKind(entries, i);
                    Metadata::from_raw(c::LLVMValueMetadataEntriesGetMetadata(entries, i)).map(|m| (kind, m))
                })
                .collect();
            if !entries.is_null() {
                c::LLVMDisposeValueMetadataEntries(entries);
            }
            v
        }
    }

    /// The attachment of kind `kind`, if any.
    pub fn metadata(self, kind: u32) -> Option<Metadata<'m>> {
        self.metadata_attachments().into_iter().find(|(k, _)| *k == kind).map(|(_, m)| m)
    }

    /// Attaches (or with `None`, removes) metadata of kind `kind` on a
    /// global object or instruction. Returns false (and changes nothing)
    /// for other values, for metadata that is not a node, and for `!dbg`
    /// (kind 0), which LLVM reads as debug information without checking.
    pub fn set_metadata(self, kind: u32, md: Option<Metadata<'_>>) -> bool {
        if kind == 0 || md.is_some_and(|m| !m.is_node()) {
            return false;
        }
        // SAFETY: live metadata; the shim only reads its context.
        if md.is_some_and(|m| unsafe { crate::ffi::dtrans_md_context(m.raw()) } != self.ty().context_raw()) {
            return false;
        }
        let is_global_object = matches!(self.kind(), ValueKind::Function | ValueKind::GlobalVariable);
        // SAFETY: checked instruction / global object; `md` is live metadata.
        unsafe {
            match (self.kind() == ValueKind::Instruction, is_global_object, md) {
                (true, _, Some(m)) => c::LLVMSetMetadata(
                    self.raw,
                    kind,
                    c::LLVMMetadataAsValue(c::LLVMGetTypeContext(c::LLVMTypeOf(self.raw)), m.raw()),
                ),
                (true, _, None) => c::LLVMSetMetadata(self.raw, kind, std::ptr::null_mut()),
                (false, true, Some(m)) => c::LLVMGlobalSetMetadata(self.raw, kind, m.raw()),
                (false, true, None) => c::LLVMGlobalEraseMetadata(self.raw, kind),
                _ => return false,
            }
        }
        true
    }
}

impl fmt::Display for Value<'_> {
    /// LLVM's printing of the value (a whole instruction for instructions).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: live value; LLVM returns a malloc'd string that we dispose.
        let s = unsafe {
            let p = c::LLVMPrintValueToString(self.raw);
            let s = std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned();
            c::LLVMDisposeMessage(p);
            s
        };
        f.write_str(s.trim())
    }
}

impl fmt::Debug for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Value({self})")
    }
}

/// Where an attribute sits: on the return value, a parameter (0-based) or
/// the function itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrIndex {
    Return,
    Param(u32),
    Function,
}

impl AttrIndex {
    pub(crate) fn raw(self) -> u32 {
        match self {
            AttrIndex::Return => llvm_sys::LLVMAttributeReturnIndex,
            AttrIndex::Param(i) => i.saturating_add(1),
            AttrIndex::Function => llvm_sys::LLVMAttributeFunctionIndex,
        }
    }
}

/// An attribute of a function, its return value or a parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attribute<'m> {
    /// `noundef`, `align 8`, ... (`value` is 0 when the attribute has none).
    Enum { name: String, value: u64 },
    /// `"key"="value"`
    String { key: String, value: String },
    /// `sret(%struct.S)`, `byval(...)`, `elementtype(...)`.
    Type { name: String, ty: Type<'m> },
}

/// A function (defined or declared).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Function<'m>(Value<'m>);

impl<'m> Function<'m> {
    pub(crate) fn from_value_unchecked(v: Value<'m>) -> Self {
        Function(v)
    }

    pub fn as_value(self) -> Value<'m> {
        self.0
    }

    pub fn name(self) -> String {
        self.0.name()
    }

    pub fn is_declaration(self) -> bool {
        // SAFETY: live global value.
        unsafe { c::LLVMIsDeclaration(self.0.raw) != 0 }
    }

    /// Whether `other` has a body identical to this one's, operation by
    /// operation (LLVM's `FunctionComparator`, as `mergefunc` decides):
    /// calling either computes the same. False for declarations.
    pub fn identical_to(self, other: Function<'m>) -> bool {
        // SAFETY: live functions; the shim checks both are functions with
        // bodies and only reads them.
        unsafe { crate::ffi::dtrans_functions_identical(self.0.raw, other.0.raw) == 1 }
    }

    /// The function's type (`i32 (ptr, i64)`).
    pub fn function_type(self) -> Type<'m> {
        self.0.global_value_type().expect("a function has a value type")
    }

    pub fn params(self) -> Vec<Value<'m>> {
        // SAFETY: live function; the buffer has room for every parameter.
        unsafe {
            let n = c::LLVMCountParams(self.0.raw) as usize;
            let mut v: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n];
            c::LLVMGetParams(self.0.raw, v.as_mut_ptr());
            v.into_iter().filter_map(Value::from_raw).collect()
        }
    }

    pub fn basic_blocks(self) -> impl Iterator<Item = BasicBlock<'m>> {
        // SAFETY: live function.
        let first = unsafe { c::LLVMGetFirstBasicBlock(self.0.raw) };
        std::iter::successors(BasicBlock::from_raw(first), |b| {
            // SAFETY: `b` is a block of this function.
            BasicBlock::from_raw(unsafe { c::LLVMGetNextBasicBlock(b.raw) })
        })
    }

    pub fn instructions(self) -> impl Iterator<Item = Instruction<'m>> {
        self.basic_blocks().flat_map(|b| b.instructions())
    }

    /// All attributes at `index`.
    pub fn attributes(self, index: AttrIndex) -> Vec<Attribute<'m>> {
        // SAFETY: live function; the buffer has room for every attribute.
        let raw = unsafe {
            let n = c::LLVMGetAttributeCountAtIndex(self.0.raw, index.raw()) as usize;
            let mut v: Vec<LLVMAttributeRef> = vec![std::ptr::null_mut(); n];
            if n > 0 {
                c::LLVMGetAttributesAtIndex(self.0.raw, index.raw(), v.as_mut_ptr());
            }
            v
        };
        raw.into_iter().filter(|a| !a.is_null()).map(decode_attribute).collect()
    }

    /// The value of string attribute `key` at `index`.
    pub fn string_attribute(self, index: AttrIndex, key: &str) -> Option<String> {
        // SAFETY: live function; key pointer/length describe `key`; the value
        // is `len` bytes owned by the attribute.
        unsafe {
            let a = c::LLVMGetStringAttributeAtIndex(self.0.raw, index.raw(), key.as_ptr().cast(), key.len() as u32);
            if a.is_null() {
                return None;
            }
            let mut len = 0;
            let p = c::LLVMGetStringAttributeValue(a, &mut len);
            Some(ffi::lossy(p.cast(), len as usize))
        }
    }

    /// Adds (or replaces) string attribute `key`=`value` at `index`.
    pub fn set_string_attribute(self, index: AttrIndex, key: &str, value: &str) {
        // SAFETY: live function; pointers/lengths describe `key` and `value`.
        unsafe {
            let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(self.0.raw));
            let a = c::LLVMCreateStringAttribute(
                ctx,
                key.as_ptr().cast(),
                key.len() as u32,
                value.as_ptr().cast(),
                value.len() as u32,
            );
            c::LLVMAddAttributeAtIndex(self.0.raw, index.raw(), a);
        }
    }

    pub fn remove_string_attribute(self, index: AttrIndex, key: &str) {
        // SAFETY: live function; pointer/length describe `key`.
        unsafe { c::LLVMRemoveStringAttributeAtIndex(self.0.raw, index.raw(), key.as_ptr().cast(), key.len() as u32) }
    }

    /// Names for every local value as the IR printer shows them: `%name`
    /// for named values and `%N` slot numbers for unnamed arguments, blocks
    /// and non-void instructions, numbered as LLVM numbers them.
    pub fn local_names(self) -> HashMap<Value<'m>, String> {
        let mut names = HashMap::new();
        let mut next = 0u32;
        let mut add = |v: Value<'m>, names: &mut HashMap<Value<'m>, String>| {
            let n = v.name();
            if n.is_empty() {
                names.insert(v, format!("%{next}"));
                next += 1;
            } else {
                names.insert(v, format!("%{}", quote_ident(&n)));
            }
        };
        for p in self.params() {
            add(p, &mut names);
        }
        for b in self.basic_blocks() {
            add(b.as_value(), &mut names);
            for i in b.instructions() {
                if !i.as_value().ty().is_void() {
                    add(i.as_value(), &mut names);
                }
            }
        }
        names
    }
}

impl fmt::Debug for Function<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Function(@{})", self.name())
    }
}

fn decode_attribute<'m>(a: LLVMAttributeRef) -> Attribute<'m> {
    // SAFETY: `a` is a live attribute handed out by LLVM; each accessor is
    // called only for its attribute class.
    unsafe {
        if c::LLVMIsStringAttribute(a) != 0 {
            let (mut kl, mut vl) = (0u32, 0u32);
            let k = c::LLVMGetStringAttributeKind(a, &mut kl);
            let v = c::LLVMGetStringAttributeValue(a, &mut vl);
            return Attribute::String {
                key: ffi::lossy(k.cast(), kl as usize),
                value: ffi::lossy(v.cast(), vl as usize),
            };
        }
        let kind = c::LLVMGetEnumAttributeKind(a);
        let mut len = 0;
        let name = ffi::lossy(ffi::dtrans_attr_kind_name(kind, &mut len), len);
        if c::LLVMIsTypeAttribute(a) != 0 {
            if let Some(ty) = Type::from_raw(c::LLVMGetTypeAttributeValue(a)) {
                return Attribute::Type { name, ty };
            }
        }
        // Only enum and int attributes carry a plain integer; `range` and
        // `initializes` hold constant ranges, which this API does not read.
        let value = if c::LLVMIsEnumAttribute(a) != 0 { c::LLVMGetEnumAttributeValue(a) } else { 0 };
        Attribute::Enum { name, value }
    }
}

/// Quotes an LLVM identifier if the printer would (`"class.std::vector"`).
pub fn quote_ident(name: &str) -> String {
    let plain = !name.is_empty()
        && !name.as_bytes()[0].is_ascii_digit()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"-$._".contains(&b));
    if plain {
        name.to_string()
    } else {
        format!("\"{}\"", name.replace('\\', "\\5C").replace('"', "\\22"))
    }
}

/// A basic block.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BasicBlock<'m> {
    raw: LLVMBasicBlockRef,
    _m: Borrow<'m>,
}

impl<'m> BasicBlock<'m> {
    fn from_raw(raw: LLVMBasicBlockRef) -> Option<Self> {
        (!raw.is_null()).then_some(BasicBlock { raw, _m: Default::default() })
    }

    /// For `edit.rs`: a handle from a raw block (`None` for null).
    pub(crate) fn wrap(raw: LLVMBasicBlockRef) -> Option<Self> {
        Self::from_raw(raw)
    }

    /// For `edit.rs`: the raw block.
    pub(crate) fn raw_block(self) -> LLVMBasicBlockRef {
        self.raw
    }

    pub fn as_value(self) -> Value<'m> {
        // SAFETY: live block.
        Value::from_raw(unsafe { c::LLVMBasicBlockAsValue(self.raw) }).expect("a block is a value")
    }

    pub fn instructions(self) -> impl Iterator<Item = Instruction<'m>> {
        // SAFETY: live block.
        let first = unsafe { c::LLVMGetFirstInstruction(self.raw) };
        std::iter::successors(Value::from_raw(first), |i| {
            // SAFETY: `i` is an instruction of this block.
            Value::from_raw(unsafe { c::LLVMGetNextInstruction(i.raw) })
        })
        .map(Instruction)
    }
}

/// An instruction.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Instruction<'m>(Value<'m>);

impl<'m> Instruction<'m> {
    pub fn as_value(self) -> Value<'m> {
        self.0
    }

    pub fn opcode(self) -> Opcode {
        // SAFETY: live instruction.
        unsafe { c::LLVMGetInstructionOpcode(self.0.raw) }
    }

    pub fn operands(self) -> Vec<Value<'m>> {
        self.0.operands()
    }

    /// The number of operands, null ones included (unlike `operands().len()`).
    pub fn num_operands(self) -> u32 {
        // SAFETY: live instruction (every instruction is a User).
        let n = unsafe { c::LLVMGetNumOperands(self.0.raw) };
        n.max(0) as u32
    }

    pub fn operand(self, i: u32) -> Option<Value<'m>> {
        // SAFETY: live instruction; index checked against the operand count.
        unsafe {
            (i < c::LLVMGetNumOperands(self.0.raw) as u32).then(|| Value::from_raw(c::LLVMGetOperand(self.0.raw, i)))?
        }
    }

    pub fn parent_block(self) -> Option<BasicBlock<'m>> {
        // SAFETY: live instruction.
        BasicBlock::from_raw(unsafe { c::LLVMGetInstructionParent(self.0.raw) })
    }

    pub fn parent_function(self) -> Option<Function<'m>> {
        // SAFETY: live instruction; the block (if any) has a parent function.
        unsafe {
            let b = c::LLVMGetInstructionParent(self.0.raw);
            if b.is_null() {
                return None;
            }
            Value::from_raw(c::LLVMGetBasicBlockParent(b)).map(Function)
        }
    }

    /// The type an `alloca` allocates.
    pub fn allocated_type(self) -> Option<Type<'m>> {
        // SAFETY: checked alloca.
        (self.opcode() == Opcode::LLVMAlloca).then(|| Type::from_raw(unsafe { c::LLVMGetAllocatedType(self.0.raw) }))?
    }

    pub fn is_call(self) -> bool {
        matches!(self.opcode(), Opcode::LLVMCall | Opcode::LLVMInvoke | Opcode::LLVMCallBr)
    }

    /// The called operand of a call, invoke or callbr.
    pub fn called_value(self) -> Option<Value<'m>> {
        // SAFETY: checked call-like instruction.
        self.is_call().then(|| Value::from_raw(unsafe { c::LLVMGetCalledValue(self.0.raw) }))?
    }

    /// The function type a call uses.
    pub fn called_function_type(self) -> Option<Type<'m>> {
        // SAFETY: checked call-like instruction.
        self.is_call().then(|| Type::from_raw(unsafe { c::LLVMGetCalledFunctionType(self.0.raw) }))?
    }

    /// A call through a pointer rather than to a function (or alias) directly.
    pub fn is_indirect_call(self) -> bool {
        self.called_value()
            .is_some_and(|v| !matches!(v.kind(), ValueKind::Function | ValueKind::GlobalAlias | ValueKind::InlineAsm))
    }

    /// The source element type of a `getelementptr`.
    pub fn gep_source_type(self) -> Option<Type<'m>> {
        // SAFETY: checked GEP.
        (self.opcode() == Opcode::LLVMGetElementPtr)
            .then(|| Type::from_raw(unsafe { c::LLVMGetGEPSourceElementType(self.0.raw) }))?
    }

    /// Whether a load, store, atomic or memory intrinsic is volatile.
    pub fn is_volatile(self) -> bool {
        // SAFETY: LLVMGetVolatile accepts exactly these opcodes.
        matches!(
            self.opcode(),
            Opcode::LLVMLoad | Opcode::LLVMStore | Opcode::LLVMAtomicRMW | Opcode::LLVMAtomicCmpXchg
        ) && unsafe { c::LLVMGetVolatile(self.0.raw) != 0 }
    }

    pub fn int_predicate(self) -> Option<crate::IntPredicate> {
        // SAFETY: checked icmp.
        (self.opcode() == Opcode::LLVMICmp).then(|| unsafe { c::LLVMGetICmpPredicate(self.0.raw) })
    }

    /// The number of call arguments of a call, invoke or callbr (operands
    /// `0..n` are the arguments; bundle operands and the callee follow).
    pub fn call_arg_count(self) -> Option<u32> {
        // SAFETY: checked call-like instruction (LLVMGetNumArgOperands needs a CallBase).
        self.is_call().then(|| unsafe { c::LLVMGetNumArgOperands(self.0.raw) })
    }

    /// The `nsw` flag of an `add`, `sub`, `mul` or `shl` (false for any
    /// other instruction).
    pub fn has_no_signed_wrap(self) -> bool {
        // SAFETY: LLVMGetNSW needs an instruction that can carry the flag; checked opcode.
        matches!(self.opcode(), Opcode::LLVMAdd | Opcode::LLVMSub | Opcode::LLVMMul | Opcode::LLVMShl)
            && unsafe { c::LLVMGetNSW(self.0.raw) != 0 }
    }

    /// The `nuw` flag of an `add`, `sub`, `mul` or `shl` (false for any
    /// other instruction).
    pub fn has_no_unsigned_wrap(self) -> bool {
        // SAFETY: as for `has_no_signed_wrap`.
        matches!(self.opcode(), Opcode::LLVMAdd | Opcode::LLVMSub | Opcode::LLVMMul | Opcode::LLVMShl)
            && unsafe { c::LLVMGetNUW(self.0.raw) != 0 }
    }

    /// The `nneg` flag of a `zext` or `uitofp` (false for any other
    /// instruction): the optimizer knew the operand is not negative.
    pub fn has_non_negative(self) -> bool {
        // SAFETY: LLVMGetNNeg needs a zext or uitofp; checked opcode.
        matches!(self.opcode(), Opcode::LLVMZExt | Opcode::LLVMUIToFP) && unsafe { c::LLVMGetNNeg(self.0.raw) != 0 }
    }

    /// Whether the instruction produces a value (its type is not `void`).
    pub fn has_result(self) -> bool {
        !self.0.ty().is_void()
    }
}

impl fmt::Debug for Instruction<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Instruction({})", self.0)
    }
}
