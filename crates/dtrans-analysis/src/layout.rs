//! Sizes and field offsets of DTrans types, from the module's DataLayout.
//!
//! DTrans types say what pointers point to; the IR types say where bytes
//! are. Named structures are the same in both (same name, same fields), so
//! offsets are asked of LLVM through the IR type of the same name and the
//! answers are read back in DTrans terms: "the field at byte 16 of
//! `%struct.S` is field 2, an `%struct.T*`".
use dtrans_ir::{DataLayout, Module, Type};
use dtrans_types::{AtomicKind, DType, TypeId, TypeManager};
use rustc_hash::FxHashMap as HashMap;

/// A structure field one pointer may point to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Element {
    /// The structure (named or literal) that holds the field.
    pub aggregate: TypeId,
    pub field: u32,
}

pub struct Layout<'m, 'c> {
    m: &'m Module<'c>,
    dl: DataLayout<'m>,
    /// DTrans type -> IR type (`None`: no sized IR equivalent).
    ir: HashMap<TypeId, Option<Type<'m>>>,
}

impl<'m, 'c> Layout<'m, 'c> {
    pub fn new(m: &'m Module<'c>) -> Self {
        Layout { m, dl: m.data_layout(), ir: HashMap::default() }
    }

    /// The allocation size of an IR type.
    pub fn ir_size(&self, ty: Type<'m>) -> Option<u64> {
        self.dl.alloc_size(ty)
    }

    /// The byte offset of a GEP's indices over IR type `src`, with every
    /// variable index taken as 0: the place it reaches up to whole objects
    /// (the first index) and up to elements of arrays inside (the others),
    /// which is the same field at any depth. `None` for a vector step or
    /// an index the type does not have.
    pub fn gep_place(&self, src: Type<'m>, idx: &[dtrans_ir::Value<'m>]) -> Option<i64> {
        let size = |t: Type<'m>| self.dl.alloc_size(t).map(|s| s as i64);
        let mut off = idx.first()?.const_int_value().unwrap_or(0).checked_mul(size(src)?)?;
        let mut t = src;
        for i in idx.iter().skip(1) {
            if t.is_struct() {
                let k = u32::try_from(i.const_uint_value()?).ok()?;
                off = off.checked_add(self.dl.field_offset(t, k)? as i64)?;
                t = *t.struct_fields().get(k as usize)?;
            } else if t.is_array() {
                let e = t.element_type()?;
                off = off.checked_add(i.const_int_value().unwrap_or(0).checked_mul(size(e)?)?)?;
                t = e;
            } else {
                return None;
            }
        }
        Some(off)
    }

    pub fn pointer_size(&self) -> u64 {
        u64::from(self.dl.pointer_size())
    }

    /// The sized IR type equal to `t` in layout, if there is one.
    pub fn ir_type(&mut self, tm: &TypeManager, t: TypeId) -> Option<Type<'m>> {
        if let Some(r) = self.ir.get(&t) {
            return *r;
        }
        // Insert first: a recursive structure reaches itself only through
        // pointers, which do not recurse here, so this is only a guard.
        self.ir.insert(t, None);
        let m = self.m;
        let r = match tm.get(t) {
            DType::Int(bits) => Some(m.int_type(*bits)),
            DType::Pointer(_) => Some(m.pointer_type()),
            DType::Atomic(k) => k.ir_kind().and_then(|kind| m.scalar_type(kind, 0)),
            DType::Struct(name) => {
                let ty = m.struct_type(name).filter(|s| s.is_sized());
                // The DTrans body must match the IR body field for field.
                let n = tm.struct_body(t).and_then(|b| b.fields.as_ref()).map(|f| f.len());
                ty.filter(|s| Some(s.struct_fields().len()) == n)
            }
            DType::Array { len, elem } => {
                let (len, elem) = (*len, *elem);
                self.ir_type(tm, elem).and_then(|e| m.array_type(e, len).ok())
            }
            DType::Literal { fields, packed } => {
                let (fields, packed) = (fields.clone(), *packed);
                let irs: Option<Vec<_>> = fields.iter().map(|f| self.ir_type(tm, *f)).collect();
                irs.and_then(|v| m.literal_struct_type(&v, packed).ok())
            }
            _ => None,
        };
        self.ir.insert(t, r);
        r
    }

    /// Allocation size of `t` in bytes (array stride).
    pub fn size(&mut self, tm: &TypeManager, t: TypeId) -> Option<u64> {
        let ir = self.ir_type(tm, t)?;
        self.dl.alloc_size(ir)
    }

    /// Byte offset of field `i` of the structure `t`.
    pub fn field_offset(&mut self, tm: &TypeManager, t: TypeId, i: u32) -> Option<u64> {
        let ir = self.ir_type(tm, t)?;
        self.dl.field_offset(ir, i)
    }

    /// What lies at byte `offset` of an object of type `t`: the outermost
    /// type that starts exactly there, and the innermost structure field
    /// passed on the way (`None` at offset 0 of `t` itself, or in an array
    /// that is not a field). Descends through nested structures and arrays
    /// at any depth. `None` when the offset falls into padding, inside a
    /// scalar, or outside `t`.
    pub fn resolve(&mut self, tm: &TypeManager, t: TypeId, offset: u64) -> Option<(TypeId, Option<Element>)> {
        self.resolve_visiting(tm, t, offset, |_, _| {})
    }

    /// [`Layout::resolve`], calling `visit(aggregate, offset in it)` for `t`
    /// and each aggregate the walk enters on the way (outermost first).
    pub fn resolve_visiting(
        &mut self,
        tm: &TypeManager,
        t: TypeId,
        offset: u64,
        visit: impl FnMut(TypeId, u64),
    ) -> Option<(TypeId, Option<Element>)> {
        let mut element = None;
        let at = self.walk_visiting(tm, t, offset, |e| element = Some(e), |_| {}, visit)?;
        Some((at, element))
    }

    /// The element size of the innermost array holding byte `offset` of an
    /// object of type `t` (an array starting there counts): a step of a
    /// multiple of it from `offset` reaches the same place in another
    /// element of that array. `None` when no array holds it.
    pub fn array_step_at(&mut self, tm: &TypeManager, t: TypeId, offset: u64) -> Option<u64> {
        let mut step = None;
        let at = self.walk(tm, t, offset, |_| {}, |s| step = Some(s))?;
        if let DType::Array { elem, .. } = tm.get(at) {
            let elem = *elem;
            step = self.size(tm, elem).filter(|s| *s > 0).or(step);
        }
        step
    }

    /// A structure ending in a flexible array member (`T x[]`, or GNU
    /// `T x[0]`: a zero-length array as its last field): the field, its
    /// byte offset and `T`. C allows no array of such structures, so bytes
    /// past the field's start are the flexible array's, never a next
    /// structure's.
    pub fn flexible_tail(&mut self, tm: &TypeManager, t: TypeId) -> Option<(u32, u64, TypeId)> {
        let fields = struct_fields(tm, t)?;
        let last = fields.len().checked_sub(1)?;
        let DType::Array { len: 0, elem } = tm.get(fields[last]) else { return None };
        let elem = *elem;
        let start = self.field_offset(tm, t, last as u32)?;
        Some((last as u32, start, elem))
    }

    /// Like [`Layout::resolve`], with every field passed through on the way
    /// (outermost first): `A + 8` in `A = { i64, I }` is `A@1`.
    pub fn resolve_path(&mut self, tm: &TypeManager, t: TypeId, offset: u64) -> Option<(TypeId, Vec<Element>)> {
        let mut path = Vec::new();
        let at = self.walk(tm, t, offset, |e| path.push(e), |_| {})?;
        Some((at, path))
    }

    fn walk(
        &mut self,
        tm: &TypeManager,
        t: TypeId,
        offset: u64,
        on_field: impl FnMut(Element),
        on_array: impl FnMut(u64),
    ) -> Option<TypeId> {
        self.walk_visiting(tm, t, offset, on_field, on_array, |_, _| {})
    }

    fn walk_visiting(
        &mut self,
        tm: &TypeManager,
        mut t: TypeId,
        mut offset: u64,
        mut on_field: impl FnMut(Element),
        mut on_array: impl FnMut(u64),
        mut visit: impl FnMut(TypeId, u64),
    ) -> Option<TypeId> {
        loop {
            if offset == 0 {
                return Some(t);
            }
            visit(t, offset);
            match tm.get(t) {
                DType::Struct(_) | DType::Literal { .. } => {
                    let ir = self.ir_type(tm, t)?;
                    let i = self.dl.field_at_offset(ir, offset)?;
                    let start = self.dl.field_offset(ir, i)?;
                    let ft = struct_fields(tm, t)?.get(i as usize).copied()?;
                    let rest = offset - start;
                    if rest >= self.size(tm, ft)? {
                        return None; // padding after the field
                    }
                    on_field(Element { aggregate: t, field: i });
                    t = ft;
                    offset = rest;
                }
                DType::Array { len, elem } => {
                    let (len, elem) = (*len, *elem);
                    let stride = self.size(tm, elem).filter(|s| *s > 0)?;
                    if offset / stride >= len {
                        return None;
                    }
                    on_array(stride);
                    offset %= stride;
                    t = elem;
                }
                _ => return None,
            }
        }
    }
}

/// The fields of a named or literal structure.
pub fn struct_fields(tm: &TypeManager, t: TypeId) -> Option<&[TypeId]> {
    match tm.get(t) {
        DType::Struct(_) => tm.struct_body(t)?.fields.as_deref(),
        DType::Literal { fields, .. } => Some(fields),
        _ => None,
    }
}

/// What a pointer to `t` also points to without moving: `t`, its first
/// field, that field's first field, ... (arrays: their first element).
pub fn zero_chain(tm: &TypeManager, t: TypeId) -> impl Iterator<Item = TypeId> + '_ {
    let mut next = Some(t);
    let mut steps = 0;
    std::iter::from_fn(move || {
        let cur = next?;
        steps += 1;
        next = if steps > 64 {
            None // deeper than any real nesting: stop rather than loop
        } else {
            match tm.get(cur) {
                DType::Array { elem, len } if *len > 0 => Some(*elem),
                _ => struct_fields(tm, cur).and_then(|f| f.first().copied()),
            }
        };
        Some(cur)
    })
}

/// Whether the IR type `ty` is the atomic kind `k`.
pub fn atomic_matches(k: AtomicKind, ty: Type<'_>) -> bool {
    k.ir_kind() == Some(ty.kind())
}
