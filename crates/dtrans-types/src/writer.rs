//! The metadata writer: encodes DTrans types back into the form of document
//! 000, so that transformations keep the metadata true after they change
//! types. Reading what it writes gives the same types.
use std::collections::HashMap;

use dtrans_ir::{AttrIndex, Function, Metadata, Module, TypeKind, Value, ValueKind};

use crate::manager::{DType, TypeId, TypeManager};
use crate::{FUNC_INDEX_ATTR, FUNC_TYPE_MD, TYPES_MD, UNIONS_MD, VALUE_TYPE_MD};

#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("cannot encode {0}: the type is unknown")]
    Unknown(String),
    #[error("cannot encode {0}: the module has no structure type of that name")]
    MissingStruct(String),
    #[error("cannot encode {0}: metadata has no encoding for it")]
    Unencodable(String),
}

/// Encodes types of one [`TypeManager`] as metadata of one module.
pub struct MetadataWriter<'t, 'm, 'c> {
    m: &'m Module<'c>,
    tm: &'t TypeManager,
    /// Type nodes already built (metadata is uniqued anyway; this saves work).
    cache: HashMap<TypeId, Metadata<'m>>,
}

impl<'t, 'm, 'c> MetadataWriter<'t, 'm, 'c> {
    pub fn new(m: &'m Module<'c>, tm: &'t TypeManager) -> Self {
        MetadataWriter { m, tm, cache: HashMap::new() }
    }

    fn i32(&self, v: i64) -> Metadata<'m> {
        self.m.md_value(self.m.const_int(32, v))
    }

    fn name(&self, t: TypeId) -> String {
        self.tm.display(t).to_string()
    }

    /// The type node for `t`: `!{i32 0, i32 1}`, `!{%struct.S zeroinitializer,
    /// i32 1}`, `!{!"A", i32 20, !N}`, `!{!N, i32 2}`, ...
    pub fn encode(&mut self, t: TypeId) -> Result<Metadata<'m>, WriteError> {
        if let Some(&md) = self.cache.get(&t) {
            return Ok(md);
        }
        let (base, level) = self.tm.strip_pointers(t);
        let level_md = self.i32(i64::from(level));
        let md = match self.tm.get(base) {
            DType::Void => {
                let s = self.m.md_string("void");
                self.m.md_tuple(&[Some(s), Some(level_md)])
            }
            DType::Int(bits) => {
                let ty = self
                    .m
                    .scalar_type(TypeKind::LLVMIntegerTypeKind, *bits)
                    .ok_or_else(|| WriteError::Unencodable(self.name(t)))?;
                self.m.md_tuple(&[Some(self.m.md_value(self.m.const_null(ty))), Some(level_md)])
            }
            DType::Atomic(k) => {
                let Some(kind) = k.ir_kind() else { return Err(WriteError::Unencodable(self.name(t))) };
                let ty = self.m.scalar_type(kind, 0).ok_or_else(|| WriteError::Unencodable(self.name(t)))?;
                self.m.md_tuple(&[Some(self.m.md_value(self.m.const_null(ty))), Some(level_md)])
            }
            DType::Struct(name) => {
                let ty = self.m.struct_type(name).ok_or_else(|| WriteError::MissingStruct(self.name(base)))?;
                self.m.md_tuple(&[Some(self.m.md_value(self.m.const_null(ty))), Some(level_md)])
            }
            DType::Unknown => return Err(WriteError::Unknown(self.name(t))),
            _ => {
                let node = self.encode_complex(base)?;
                if level == 0 {
                    node
                } else {
                    self.m.md_tuple(&[Some(node), Some(level_md)])
                }
            }
        };
        self.cache.insert(t, md);
        Ok(md)
    }

    /// Array, vector, function and literal structure nodes.
    fn encode_complex(&mut self, t: TypeId) -> Result<Metadata<'m>, WriteError> {
        let count = |n: u64, name: &dyn Fn() -> String| {
            i64::try_from(n).ok().filter(|&n| n <= i64::from(i32::MAX)).ok_or_else(|| WriteError::Unencodable(name()))
        };
        let ops: Vec<Metadata<'m>> = match self.tm.get(t).clone() {
            DType::Array { len, elem } | DType::Vector { len, elem, scalable: false } => {
                let tag = if matches!(self.tm.get(t), DType::Array { .. }) { "A" } else { "V" };
                let n = count(len, &|| self.name(t))?;
                vec![self.m.md_string(tag), self.i32(n), self.encode(elem)?]
            }
            DType::Function { ret, params, var_arg } => {
                let mut ops = vec![
                    self.m.md_string("F"),
                    self.m.md_value(self.m.const_int(1, i64::from(var_arg))),
                    self.i32(params.len() as i64),
                    self.encode(ret)?,
                ];
                for p in params {
                    ops.push(self.encode(p)?);
                }
                ops
            }
            DType::Literal { fields, .. } => {
                let mut ops = vec![self.m.md_string("L"), self.i32(fields.len() as i64)];
                for f in fields {
                    ops.push(self.encode(f)?);
                }
                ops
            }
            _ => return Err(WriteError::Unencodable(self.name(t))),
        };
        let ops: Vec<Option<Metadata<'m>>> = ops.into_iter().map(Some).collect();
        Ok(self.m.md_tuple(&ops))
    }

    /// The description `!{!"S", %T zeroinitializer, i32 N, !field...}` of a
    /// named structure (`i32 -1` and no fields when opaque).
    pub fn describe_struct(&mut self, t: TypeId) -> Result<Metadata<'m>, WriteError> {
        let name = self.tm.struct_name(t).ok_or_else(|| WriteError::Unencodable(self.name(t)))?.to_string();
        let ty = self.m.struct_type(&name).ok_or_else(|| WriteError::MissingStruct(self.name(t)))?;
        let mut ops = vec![Some(self.m.md_string("S")), Some(self.m.md_value(self.m.const_null(ty)))];
        match self.tm.struct_body(t).and_then(|b| b.fields.clone()) {
            None => ops.push(Some(self.i32(-1))),
            Some(fields) => {
                ops.push(Some(self.i32(fields.len() as i64)));
                for f in fields {
                    ops.push(Some(self.encode(f)?));
                }
            }
        }
        Ok(self.m.md_tuple(&ops))
    }

    /// Replaces `!intel.dtrans.types` with descriptions of `structs`.
    /// A structure that cannot be described (an unknown field) is left out,
    /// so a reader sees it as undescribed rather than wrong; the errors for
    /// those are returned.
    pub fn write_struct_list(&mut self, structs: &[TypeId]) -> Vec<WriteError> {
        let mut nodes = Vec::with_capacity(structs.len());
        let mut skipped = Vec::new();
        for &s in structs {
            match self.describe_struct(s) {
                Ok(n) => nodes.push(n),
                Err(e) => skipped.push(e),
            }
        }
        let list = self.m.get_or_insert_named_metadata(TYPES_MD);
        list.clear_operands();
        for n in nodes {
            list.add_operand(n);
        }
        skipped
    }

    /// Appends descriptions of `structs` to `!intel.dtrans.types`, keeping
    /// what is there. Returns the errors for structures left out.
    pub fn append_struct_list(&mut self, structs: &[TypeId]) -> Vec<WriteError> {
        let list = self.m.get_or_insert_named_metadata(TYPES_MD);
        let mut skipped = Vec::new();
        for &s in structs {
            match self.describe_struct(s) {
                Ok(n) => list.add_operand(n),
                Err(e) => skipped.push(e),
            }
        }
        skipped
    }

    /// Gives `f` the signature `fty`: an index attribute on every return value
    /// and parameter whose IR type involves a pointer, and a distinct
    /// `!intel.dtrans.func.type` list of their encodings. A slot whose type
    /// cannot be encoded (unknown) gets no attribute, as a front end that
    /// does not know it would do; the errors for those slots are returned.
    /// A signature that does not fit the function is an error and changes
    /// nothing.
    pub fn set_function_signature(&mut self, f: Function<'m>, fty: TypeId) -> Result<Vec<WriteError>, WriteError> {
        let DType::Function { ret, params, .. } = self.tm.get(fty).clone() else {
            return Err(WriteError::Unencodable(self.name(fty)));
        };
        let ir = f.function_type();
        let ir_params = ir.param_types();
        if ir_params.len() != params.len() {
            return Err(WriteError::Unencodable(format!(
                "{} for @{} (parameter count differs)",
                self.name(fty),
                f.name()
            )));
        }
        let mut slots = vec![(AttrIndex::Return, ir.return_type().expect("function has a return type"), ret)];
        slots.extend(
            ir_params.into_iter().zip(params).enumerate().map(|(i, (irt, t))| (AttrIndex::Param(i as u32), irt, t)),
        );
        // Encode first, change the IR after: an error leaves `f` untouched.
        let mut entries = Vec::new();
        let mut assigned = Vec::new();
        let mut skipped = Vec::new();
        for (ix, irt, t) in &slots {
            let encoded = if irt.contains_pointer() { Some(self.encode(*t)) } else { None };
            match encoded {
                Some(Ok(md)) => {
                    entries.push(Some(md));
                    assigned.push((*ix, Some(entries.len())));
                }
                Some(Err(e)) => {
                    skipped.push(e);
                    assigned.push((*ix, None));
                }
                None => assigned.push((*ix, None)),
            }
        }
        for (ix, n) in assigned {
            f.remove_string_attribute(ix, FUNC_INDEX_ATTR);
            if let Some(n) = n {
                f.set_string_attribute(ix, FUNC_INDEX_ATTR, &n.to_string());
            }
        }
        let kind = self.m.md_kind_id(FUNC_TYPE_MD);
        let list = (!entries.is_empty()).then(|| self.m.md_distinct_tuple(&entries));
        f.as_value().set_metadata(kind, list);
        Ok(skipped)
    }

    /// Attaches `!intel_dtrans_type` to a global, alloca or indirect call.
    pub fn set_value_type(&mut self, v: Value<'m>, t: TypeId) -> Result<(), WriteError> {
        let md = self.encode(t)?;
        let kind = self.m.md_kind_id(VALUE_TYPE_MD);
        v.set_metadata(kind, Some(md));
        Ok(())
    }
}

/// Removes every piece of DTrans metadata from `m`.
pub fn strip_dtrans_metadata(m: &mut Module<'_>) {
    m.erase_named_metadata(TYPES_MD);
    m.erase_named_metadata(UNIONS_MD);
    strip_dtrans_attachments(m);
}

/// Removes the DTrans signature attributes and attachments of functions,
/// globals and instructions, leaving `!intel.dtrans.types` (deleting it
/// needs `&mut Module`: see [`strip_dtrans_metadata`]).
pub fn strip_dtrans_attachments(m: &Module<'_>) {
    let func_kind = m.md_kind_id(FUNC_TYPE_MD);
    let value_kind = m.md_kind_id(VALUE_TYPE_MD);
    for g in m.globals() {
        g.set_metadata(value_kind, None);
    }
    for f in m.functions() {
        f.as_value().set_metadata(func_kind, None);
        f.remove_string_attribute(AttrIndex::Return, FUNC_INDEX_ATTR);
        for i in 0..f.params().len() {
            f.remove_string_attribute(AttrIndex::Param(i as u32), FUNC_INDEX_ATTR);
        }
        for inst in f.instructions() {
            if inst.as_value().kind() == ValueKind::Instruction {
                inst.as_value().set_metadata(value_kind, None);
            }
        }
    }
}
