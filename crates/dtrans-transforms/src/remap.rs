//! The TypeRemapper of document 003 (DTransTypeRemapper): given mappings
//! from old types to new ones, the replacement of every type that contains
//! an old one, for LLVM types and for DTrans types together.
//!
//! LLVM types: arrays, vectors, literal structures and function types are
//! rebuilt around the replaced parts (`[4 x [5 x %struct.A]]` becomes
//! `[4 x [5 x %__DDT_struct.A]]`). Pointers are opaque, so a pointer never
//! changes. A *named* structure that contains an old type by value is not
//! rebuilt here: it needs a new named type of its own (a dependent type,
//! document 003), which the caller creates and registers with
//! [`TypeRemapper::add_llvm`]; [`TypeRemapper::llvm_dependents`] finds them.
//!
//! DTrans types keep pointee types, so pointers to an old type change too,
//! and named structures that refer to an old type through pointers are
//! dependents as well ([`TypeRemapper::dtrans_dependents`]).
use dtrans_ir::{Module, Type, TypeKind};
use dtrans_types::{DType, TypeId, TypeManager};
use rustc_hash::FxHashMap as HashMap;

#[derive(Debug, thiserror::Error)]
pub enum RemapError {
    #[error("cannot build the replacement of {0}: {1}")]
    Build(String, String),
}

/// Old-to-new type mappings and the replacements computed from them.
#[derive(Default)]
pub struct TypeRemapper<'m> {
    /// Given mappings and computed replacements (a type that needs none
    /// maps to itself). A new given mapping forgets the computed ones: they
    /// may have been computed without it (`[4 x %struct.In]` asked for
    /// before `%struct.In` had its replacement).
    llvm: HashMap<Type<'m>, Type<'m>>,
    llvm_memo: HashMap<Type<'m>, Type<'m>>,
    dtrans: HashMap<TypeId, TypeId>,
    dtrans_memo: HashMap<TypeId, TypeId>,
}

impl<'m> TypeRemapper<'m> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Replace LLVM type `old` by `new` (usually named structures).
    pub fn add_llvm(&mut self, old: Type<'m>, new: Type<'m>) {
        self.llvm.insert(old, new);
        self.llvm_memo.clear();
    }

    /// Replace DTrans type `old` by `new`.
    pub fn add_dtrans(&mut self, old: TypeId, new: TypeId) {
        self.dtrans.insert(old, new);
        self.dtrans_memo.clear();
    }

    /// The replacement of LLVM type `t` (`t` itself when nothing in it is
    /// replaced). Named structures are replaced only by a given mapping.
    pub fn remap_llvm(&mut self, m: &'m Module<'_>, t: Type<'m>) -> Result<Type<'m>, RemapError> {
        if let Some(r) = self.llvm.get(&t).or_else(|| self.llvm_memo.get(&t)) {
            return Ok(*r);
        }
        let fail = |e: dtrans_ir::EditError| RemapError::Build(t.to_string(), e.to_string());
        let r = match t.kind() {
            TypeKind::LLVMArrayTypeKind => {
                let (elem, n) = (t.element_type().expect("array element"), t.len().unwrap_or(0));
                let e = self.remap_llvm(m, elem)?;
                if e == elem {
                    t
                } else {
                    m.array_type(e, n).map_err(fail)?
                }
            }
            TypeKind::LLVMVectorTypeKind => {
                let (elem, n) = (t.element_type().expect("vector element"), t.len().unwrap_or(0));
                let e = self.remap_llvm(m, elem)?;
                if e == elem {
                    t
                } else {
                    m.vector_type(e, n as u32).map_err(fail)?
                }
            }
            TypeKind::LLVMStructTypeKind if t.is_literal_struct() => {
                let fields = t.struct_fields();
                let new = fields.iter().map(|f| self.remap_llvm(m, *f)).collect::<Result<Vec<_>, _>>()?;
                if new == fields {
                    t
                } else {
                    m.literal_struct_type(&new, t.is_packed_struct()).map_err(fail)?
                }
            }
            TypeKind::LLVMFunctionTypeKind => {
                let ret = t.return_type().expect("function return type");
                let params = t.param_types();
                let nr = self.remap_llvm(m, ret)?;
                let np = params.iter().map(|p| self.remap_llvm(m, *p)).collect::<Result<Vec<_>, _>>()?;
                if nr == ret && np == params {
                    t
                } else {
                    m.function_type(nr, &np, t.is_var_arg()).map_err(fail)?
                }
            }
            // Named structures (unless mapped), pointers, scalars.
            _ => t,
        };
        self.llvm_memo.insert(t, r);
        Ok(r)
    }

    /// Whether LLVM type `t` has a replacement other than itself.
    pub fn changes_llvm(&mut self, m: &'m Module<'_>, t: Type<'m>) -> Result<bool, RemapError> {
        Ok(self.remap_llvm(m, t)? != t)
    }

    /// The named structures of `structs` that hold a replaced type by value
    /// (directly or through arrays, vectors and literal structures) and
    /// have no mapping yet, to a fixed point: a structure holding such a
    /// dependent is one too. In the order found.
    pub fn llvm_dependents(&mut self, m: &'m Module<'_>, structs: &[Type<'m>]) -> Result<Vec<Type<'m>>, RemapError> {
        let mut out: Vec<Type<'m>> = Vec::new();
        loop {
            let mut added = false;
            for s in structs {
                if self.llvm.get(s).is_some_and(|r| r != s) || out.contains(s) || s.is_opaque_struct() {
                    continue;
                }
                let holds = s.struct_fields().into_iter().any(|f| {
                    // A dependent found in this pass counts as replaced.
                    self.contains_any(f, &out) || self.remap_llvm(m, f).map(|r| r != f).unwrap_or(true)
                });
                if holds {
                    out.push(*s);
                    added = true;
                }
            }
            if !added {
                return Ok(out);
            }
        }
    }

    fn contains_any(&self, t: Type<'m>, set: &[Type<'m>]) -> bool {
        if set.contains(&t) {
            return true;
        }
        match t.kind() {
            TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => {
                t.element_type().is_some_and(|e| self.contains_any(e, set))
            }
            TypeKind::LLVMStructTypeKind if t.is_literal_struct() => {
                t.struct_fields().into_iter().any(|f| self.contains_any(f, set))
            }
            _ => false,
        }
    }

    /// The replacement of DTrans type `t`: pointers, arrays, vectors,
    /// literal structures and function types rebuilt around replaced parts.
    /// Named structures are replaced only by a given mapping.
    pub fn remap_dtrans(&mut self, tm: &mut TypeManager, t: TypeId) -> TypeId {
        if let Some(r) = self.dtrans.get(&t).or_else(|| self.dtrans_memo.get(&t)) {
            return *r;
        }
        let r = match tm.get(t).clone() {
            DType::Pointer(p) => {
                let np = self.remap_dtrans(tm, p);
                if np == p {
                    t
                } else {
                    tm.pointer_to(np)
                }
            }
            DType::Array { len, elem } => {
                let e = self.remap_dtrans(tm, elem);
                if e == elem {
                    t
                } else {
                    tm.array(len, e)
                }
            }
            DType::Vector { len, elem, scalable } => {
                let e = self.remap_dtrans(tm, elem);
                if e == elem {
                    t
                } else if scalable {
                    tm.intern(DType::Vector { len, elem: e, scalable })
                } else {
                    tm.vector(len, e)
                }
            }
            DType::Literal { fields, packed } => {
                let nf: Vec<TypeId> = fields.iter().map(|f| self.remap_dtrans(tm, *f)).collect();
                if nf == fields {
                    t
                } else {
                    tm.literal_struct(nf, packed)
                }
            }
            DType::Function { ret, params, var_arg } => {
                let nr = self.remap_dtrans(tm, ret);
                let np: Vec<TypeId> = params.iter().map(|p| self.remap_dtrans(tm, *p)).collect();
                if nr == ret && np == params {
                    t
                } else {
                    tm.function(nr, np, var_arg)
                }
            }
            _ => t,
        };
        self.dtrans_memo.insert(t, r);
        r
    }

    /// The named DTrans structures that refer to a replaced type anywhere
    /// in their fields (by value or through pointers) and have no mapping
    /// yet, to a fixed point. A structure that refers to itself does not
    /// make itself a dependent.
    pub fn dtrans_dependents(&mut self, tm: &mut TypeManager) -> Vec<TypeId> {
        let structs: Vec<TypeId> = tm.structs().to_vec();
        let mut out: Vec<TypeId> = Vec::new();
        loop {
            let mut added = false;
            for s in &structs {
                if self.dtrans.get(s).is_some_and(|r| r != s) || out.contains(s) {
                    continue;
                }
                let Some(fields) = tm.struct_body(*s).and_then(|b| b.fields.clone()) else { continue };
                let refers = fields.iter().any(|f| {
                    let (base, _) = strip(tm, *f);
                    out.contains(&base) || self.remap_dtrans(tm, *f) != *f
                });
                if refers {
                    out.push(*s);
                    added = true;
                }
            }
            if !added {
                return out;
            }
        }
    }
}

/// `t` without its pointers and arrays.
fn strip(tm: &TypeManager, t: TypeId) -> (TypeId, u32) {
    let mut cur = t;
    let mut depth = 0;
    loop {
        match tm.get(cur) {
            DType::Pointer(p) => cur = *p,
            DType::Array { elem, .. } | DType::Vector { elem, .. } => cur = *elem,
            _ => return (cur, depth),
        }
        depth += 1;
    }
}
