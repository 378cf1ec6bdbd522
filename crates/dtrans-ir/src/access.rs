//! Read accessors for analyses that visit every instruction of a module:
//! operands by index (no allocation per operand), GEP flags, call
//! arguments and direct callees, intrinsic ids, type attributes at call
//! sites, single metadata attachments, `extractvalue` indices, debug
//! locations, and constructors of the literal types a layout computation
//! needs. Everything here is O(1) or O(size of one instruction).
use llvm_sys::core as c;

use crate::metadata::Metadata;
use crate::types::Type;
use crate::values::{AttrIndex, Function, Instruction, Value, ValueKind};
use crate::Opcode;

impl<'m> Value<'m> {
    /// Whether the value is a User (an instruction or a constant with
    /// operands), whose operands [`Value::operand`] reads.
    fn is_user(self) -> bool {
        // SAFETY: live value; LLVMIsAUser only tests the class.
        unsafe { !c::LLVMIsAUser(self.raw()).is_null() }
    }

    /// The number of operands of a user (instruction or constant
    /// expression); 0 for other values.
    pub fn num_operands(self) -> u32 {
        if !self.is_user() {
            return 0;
        }
        // SAFETY: checked User.
        unsafe { c::LLVMGetNumOperands(self.raw()).max(0) as u32 }
    }

    /// Operand `i` of a user, without building the operand list.
    pub fn operand(self, i: u32) -> Option<Value<'m>> {
        if i >= self.num_operands() {
            return None;
        }
        // SAFETY: checked User and index below its operand count.
        Value::from_raw(unsafe { c::LLVMGetOperand(self.raw(), i) })
    }

    /// The value of an integer constant of at most 64 bits, zero-extended.
    pub fn const_uint_value(self) -> Option<u64> {
        if self.kind() != ValueKind::ConstantInt || self.ty().int_width()? > 64 {
            return None;
        }
        // SAFETY: checked ConstantInt of at most 64 bits.
        Some(unsafe { c::LLVMConstIntGetZExtValue(self.raw()) })
    }

    /// `null`, `zeroinitializer`, `undef` or `poison`: a constant that
    /// carries no address.
    pub fn is_null_or_undef(self) -> bool {
        matches!(self.kind(), ValueKind::ConstantNull | ValueKind::Undef | ValueKind::Poison)
    }

    /// A function or global variable seen through global aliases (at most
    /// a few levels; alias cycles are rejected by the verifier).
    pub fn strip_aliases(self) -> Value<'m> {
        let mut v = self;
        for _ in 0..8 {
            if v.kind() != ValueKind::GlobalAlias {
                break;
            }
            // SAFETY: checked global alias.
            match Value::from_raw(unsafe { c::LLVMAliasGetAliasee(v.raw()) }) {
                Some(a) => v = a,
                None => break,
            }
        }
        v
    }
}

impl<'m> Instruction<'m> {
    /// Whether a `getelementptr` is `inbounds`.
    pub fn gep_is_inbounds(self) -> bool {
        // SAFETY: checked GEP.
        self.opcode() == Opcode::LLVMGetElementPtr && unsafe { c::LLVMIsInBounds(self.as_value().raw()) != 0 }
    }

    /// Argument `i` of a call, invoke or callbr.
    pub fn call_arg(self, i: u32) -> Option<Value<'m>> {
        (i < self.call_arg_count()?).then(|| self.operand(i))?
    }

    /// The function a call calls directly (through aliases); `None` for
    /// indirect calls, inline assembly and non-calls.
    pub fn called_function(self) -> Option<Function<'m>> {
        self.called_value()?.strip_aliases().as_function()
    }

    /// The attachment of metadata kind `kind` (`!tbaa`, `!dtrans-type`,
    /// ...), looked up directly. Kind 0 (`!dbg`) is not an attachment here.
    pub fn metadata_of_kind(self, kind: u32) -> Option<Metadata<'m>> {
        if kind == 0 {
            return None;
        }
        // SAFETY: live instruction; LLVMGetMetadata returns null or a
        // MetadataAsValue, whose metadata LLVMValueAsMetadata unwraps.
        unsafe {
            let v = c::LLVMGetMetadata(self.as_value().raw(), kind);
            if v.is_null() {
                return None;
            }
            Metadata::from_raw(c::LLVMValueAsMetadata(v))
        }
    }

    /// The source file and line of the instruction's debug location.
    pub fn debug_location(self) -> Option<(String, u32)> {
        let raw = self.as_value().raw();
        let mut len = 0u32;
        // SAFETY: live instruction; LLVM returns null or `len` bytes it owns.
        let file = unsafe { crate::ffi::lossy(c::LLVMGetDebugLocFilename(raw, &mut len).cast(), len as usize) };
        // SAFETY: live instruction.
        let line = unsafe { c::LLVMGetDebugLocLine(raw) };
        (line != 0).then_some((file, line))
    }

    /// The source column of the instruction's debug location (0 when
    /// there is none or it gives no column).
    pub fn debug_column(self) -> u32 {
        // SAFETY: live instruction.
        unsafe { c::LLVMGetDebugLocColumn(self.as_value().raw()) }
    }

    /// The type of the type attribute `name` (`byval`, `sret`,
    /// `elementtype`, ...) on argument `i` of a call site.
    pub fn call_param_type_attribute(self, i: u32, name: &str) -> Option<Type<'m>> {
        if i >= self.call_arg_count()? {
            return None;
        }
        let kind = enum_attribute_kind(name)?;
        // SAFETY: checked call-like instruction and argument index; the
        // attribute, if any, is checked to be a type attribute.
        unsafe {
            let a = c::LLVMGetCallSiteEnumAttribute(self.as_value().raw(), AttrIndex::Param(i).raw(), kind);
            if a.is_null() || c::LLVMIsTypeAttribute(a) == 0 {
                return None;
            }
            Type::from_raw(c::LLVMGetTypeAttributeValue(a))
        }
    }

    /// The constant indices of an `extractvalue` or `insertvalue`.
    pub fn aggregate_indices(self) -> Vec<u32> {
        if !matches!(self.opcode(), Opcode::LLVMExtractValue | Opcode::LLVMInsertValue) {
            return Vec::new();
        }
        // SAFETY: checked extractvalue/insertvalue; LLVM returns `n` indices it owns.
        unsafe {
            let raw = self.as_value().raw();
            let n = c::LLVMGetNumIndices(raw) as usize;
            let p = c::LLVMGetIndices(raw);
            if p.is_null() {
                return Vec::new();
            }
            std::slice::from_raw_parts(p, n).to_vec()
        }
    }

    /// The block incoming value `i` of a `phi` comes from.
    pub fn incoming_block(self, i: u32) -> Option<crate::BasicBlock<'m>> {
        if self.opcode() != Opcode::LLVMPHI {
            return None;
        }
        // SAFETY: checked phi; index checked against its incoming count.
        unsafe {
            let raw = self.as_value().raw();
            (i < c::LLVMCountIncoming(raw)).then(|| crate::BasicBlock::wrap(c::LLVMGetIncomingBlock(raw, i)))?
        }
    }
}

impl<'m> Function<'m> {
    /// Whether the module takes this function's address: any use but as
    /// the callee of a call (an argument, a store, a constant).
    pub fn address_taken(self) -> bool {
        let v = self.as_value();
        !v.users().into_iter().all(|u| {
            u.as_instruction().is_some_and(|i| {
                i.is_call()
                    && i.called_value() == Some(v)
                    && (0..i.call_arg_count().unwrap_or(0)).all(|k| i.call_arg(k) != Some(v))
            })
        })
    }

    /// LLVM's intrinsic id (0 for functions that are not intrinsics).
    pub fn intrinsic_id(self) -> u32 {
        // SAFETY: live function.
        unsafe { c::LLVMGetIntrinsicID(self.as_value().raw()) }
    }

    pub fn num_params(self) -> u32 {
        // SAFETY: live function.
        unsafe { c::LLVMCountParams(self.as_value().raw()) }
    }

    /// Parameter `i` without building the parameter list.
    pub fn param(self, i: u32) -> Option<Value<'m>> {
        // SAFETY: live function; index checked against the parameter count.
        (i < self.num_params()).then(|| Value::from_raw(unsafe { c::LLVMGetParam(self.as_value().raw(), i) }))?
    }

    /// The type of the type attribute `name` (`byval`, `sret`, ...) at `index`.
    pub fn type_attribute(self, index: AttrIndex, name: &str) -> Option<Type<'m>> {
        let kind = enum_attribute_kind(name)?;
        // SAFETY: live function; the attribute, if any, is checked to be a
        // type attribute before its type is read.
        unsafe {
            let a = c::LLVMGetEnumAttributeAtIndex(self.as_value().raw(), index.raw(), kind);
            if a.is_null() || c::LLVMIsTypeAttribute(a) == 0 {
                return None;
            }
            Type::from_raw(c::LLVMGetTypeAttributeValue(a))
        }
    }

    /// Adds enum attribute `name` (`noinline`, `nounwind`, ...; one
    /// without a value) at `index`; false when LLVM knows no such
    /// attribute.
    pub fn add_enum_attribute(self, index: AttrIndex, name: &str) -> bool {
        let Some(kind) = enum_attribute_kind(name) else { return false };
        // SAFETY: live function; a known attribute kind, value 0.
        unsafe {
            let ctx = c::LLVMGetTypeContext(c::LLVMTypeOf(self.as_value().raw()));
            let a = c::LLVMCreateEnumAttribute(ctx, kind, 0);
            c::LLVMAddAttributeAtIndex(self.as_value().raw(), index.raw(), a);
        }
        true
    }

    /// Whether enum attribute `name` (`noalias`, `nonnull`, ...) is at `index`.
    pub fn has_enum_attribute(self, index: AttrIndex, name: &str) -> bool {
        let Some(kind) = enum_attribute_kind(name) else { return false };
        // SAFETY: live function.
        unsafe { !c::LLVMGetEnumAttributeAtIndex(self.as_value().raw(), index.raw(), kind).is_null() }
    }
}

/// LLVM's kind number of the enum or type attribute `name` (`None` if
/// LLVM knows no such attribute).
fn enum_attribute_kind(name: &str) -> Option<u32> {
    // SAFETY: pointer and length describe `name`.
    let k = unsafe { c::LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len()) };
    (k != 0).then_some(k)
}
