//! DTransType and the TypeManager that interns it (document 000, "DTrans
//! Type Representation").
//!
//! Types live in one arena and are named by [`TypeId`]. Structurally equal
//! types get the same id; a named structure is unique by its name, and its
//! body is a separate table, so recursive structures need no cycles in the
//! arena.
use std::fmt;

use dtrans_ir::quote_ident;
use rustc_hash::FxHashMap as HashMap;

/// A DTrans type, by index into its [`TypeManager`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(u32);

impl TypeId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Floating-point and other non-integer first-class types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicKind {
    Half,
    BFloat,
    Float,
    Double,
    X86Fp80,
    Fp128,
    PpcFp128,
    X86Amx,
    Token,
    Label,
    Metadata,
}

impl AtomicKind {
    /// The IR type kind of a floating-point kind (`None` for token, label,
    /// metadata and the like, which have no sized IR value).
    pub fn ir_kind(self) -> Option<dtrans_ir::TypeKind> {
        use dtrans_ir::TypeKind as K;
        Some(match self {
            AtomicKind::Half => K::LLVMHalfTypeKind,
            AtomicKind::BFloat => K::LLVMBFloatTypeKind,
            AtomicKind::Float => K::LLVMFloatTypeKind,
            AtomicKind::Double => K::LLVMDoubleTypeKind,
            AtomicKind::X86Fp80 => K::LLVMX86_FP80TypeKind,
            AtomicKind::Fp128 => K::LLVMFP128TypeKind,
            AtomicKind::PpcFp128 => K::LLVMPPC_FP128TypeKind,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            AtomicKind::Half => "half",
            AtomicKind::BFloat => "bfloat",
            AtomicKind::Float => "float",
            AtomicKind::Double => "double",
            AtomicKind::X86Fp80 => "x86_fp80",
            AtomicKind::Fp128 => "fp128",
            AtomicKind::PpcFp128 => "ppc_fp128",
            AtomicKind::X86Amx => "x86_amx",
            AtomicKind::Token => "token",
            AtomicKind::Label => "label",
            AtomicKind::Metadata => "metadata",
        }
    }
}

/// One DTrans type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DType {
    Void,
    Int(u32),
    Atomic(AtomicKind),
    /// A type that could not be recovered (bad or missing metadata). Printed `?`.
    Unknown,
    Pointer(TypeId),
    /// A named (identified) structure; its body is in the manager's struct table.
    Struct(String),
    Literal {
        fields: Vec<TypeId>,
        packed: bool,
    },
    Array {
        len: u64,
        elem: TypeId,
    },
    Vector {
        len: u64,
        elem: TypeId,
        scalable: bool,
    },
    Function {
        ret: TypeId,
        params: Vec<TypeId>,
        var_arg: bool,
    },
}

/// The body of a named structure.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct StructBody {
    /// `None` for an opaque structure.
    pub fields: Option<Vec<TypeId>>,
    pub packed: bool,
}

/// Creates and interns DTrans types.
#[derive(Default, Debug)]
pub struct TypeManager {
    types: Vec<DType>,
    interned: HashMap<DType, TypeId>,
    bodies: HashMap<TypeId, StructBody>,
    /// Named structures in creation order.
    named: Vec<TypeId>,
}

impl TypeManager {
    pub fn new() -> Self {
        Self::default()
    }

    /// Interns `t`: an equal type returns the existing id.
    pub fn intern(&mut self, t: DType) -> TypeId {
        if let Some(&id) = self.interned.get(&t) {
            return id;
        }
        let id = TypeId(u32::try_from(self.types.len()).expect("fewer than 2^32 types"));
        if matches!(t, DType::Struct(_)) {
            self.named.push(id);
            self.bodies.insert(id, StructBody::default());
        }
        self.types.push(t.clone());
        self.interned.insert(t, id);
        id
    }

    pub fn get(&self, id: TypeId) -> &DType {
        &self.types[id.index()]
    }

    pub fn len(&self) -> usize {
        self.types.len()
    }

    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    pub fn void(&mut self) -> TypeId {
        self.intern(DType::Void)
    }

    pub fn int(&mut self, bits: u32) -> TypeId {
        self.intern(DType::Int(bits))
    }

    pub fn atomic(&mut self, k: AtomicKind) -> TypeId {
        self.intern(DType::Atomic(k))
    }

    pub fn unknown(&mut self) -> TypeId {
        self.intern(DType::Unknown)
    }

    pub fn pointer_to(&mut self, pointee: TypeId) -> TypeId {
        self.intern(DType::Pointer(pointee))
    }

    /// `t` behind `level` pointers (`level` 0 is `t` itself).
    pub fn pointer_n(&mut self, mut t: TypeId, level: u32) -> TypeId {
        for _ in 0..level {
            t = self.pointer_to(t);
        }
        t
    }

    pub fn array(&mut self, len: u64, elem: TypeId) -> TypeId {
        self.intern(DType::Array { len, elem })
    }

    pub fn vector(&mut self, len: u64, elem: TypeId) -> TypeId {
        self.intern(DType::Vector { len, elem, scalable: false })
    }

    pub fn literal_struct(&mut self, fields: Vec<TypeId>, packed: bool) -> TypeId {
        self.intern(DType::Literal { fields, packed })
    }

    pub fn function(&mut self, ret: TypeId, params: Vec<TypeId>, var_arg: bool) -> TypeId {
        self.intern(DType::Function { ret, params, var_arg })
    }

    /// The named structure `name` (without `%`), created opaque if new.
    pub fn named_struct(&mut self, name: &str) -> TypeId {
        self.intern(DType::Struct(name.to_string()))
    }

    pub fn lookup_struct(&self, name: &str) -> Option<TypeId> {
        self.interned.get(&DType::Struct(name.to_string())).copied()
    }

    /// Sets the body of a named structure (`fields: None` makes it opaque).
    pub fn set_struct_body(&mut self, id: TypeId, fields: Option<Vec<TypeId>>, packed: bool) {
        assert!(matches!(self.get(id), DType::Struct(_)), "set_struct_body on a non-structure");
        self.bodies.insert(id, StructBody { fields, packed });
    }

    pub fn struct_body(&self, id: TypeId) -> Option<&StructBody> {
        self.bodies.get(&id)
    }

    pub fn struct_name(&self, id: TypeId) -> Option<&str> {
        match self.get(id) {
            DType::Struct(n) => Some(n),
            _ => None,
        }
    }

    /// Every named structure, in creation order.
    pub fn structs(&self) -> &[TypeId] {
        &self.named
    }

    pub fn pointee(&self, id: TypeId) -> Option<TypeId> {
        match self.get(id) {
            DType::Pointer(p) => Some(*p),
            _ => None,
        }
    }

    /// Strips pointers: (innermost non-pointer type, number of pointers).
    pub fn strip_pointers(&self, mut id: TypeId) -> (TypeId, u32) {
        let mut level = 0;
        while let Some(p) = self.pointee(id) {
            id = p;
            level += 1;
        }
        (id, level)
    }

    /// True if the type contains an unknown part (not looking through named
    /// structures, which are checked on their own).
    pub fn has_unknown(&self, id: TypeId) -> bool {
        match self.get(id) {
            DType::Unknown => true,
            DType::Pointer(p) => self.has_unknown(*p),
            DType::Array { elem, .. } | DType::Vector { elem, .. } => self.has_unknown(*elem),
            DType::Literal { fields, .. } => fields.iter().any(|f| self.has_unknown(*f)),
            DType::Function { ret, params, .. } => {
                self.has_unknown(*ret) || params.iter().any(|p| self.has_unknown(*p))
            }
            _ => false,
        }
    }

    /// A printable reference to a type in the specification's notation
    /// (`%struct.foo*`, `[8 x [20 x i64**]]`, `i32 (...)**`).
    pub fn display(&self, id: TypeId) -> TypeDisplay<'_> {
        TypeDisplay { tm: self, id }
    }

    /// The definition line of a named structure:
    /// `%struct.foo = type { i32, %struct.foo* }` or `%struct.foo = type opaque`.
    pub fn struct_definition(&self, id: TypeId) -> String {
        let name = self.display(id).to_string();
        match self.struct_body(id) {
            Some(StructBody { fields: Some(fields), packed }) => {
                format!("{name} = type {}", self.fields_text(fields, *packed))
            }
            _ => format!("{name} = type opaque"),
        }
    }

    fn fields_text(&self, fields: &[TypeId], packed: bool) -> String {
        let inner: Vec<String> = fields.iter().map(|f| self.display(*f).to_string()).collect();
        let body = if inner.is_empty() { "{}".to_string() } else { format!("{{ {} }}", inner.join(", ")) };
        if packed {
            format!("<{body}>")
        } else {
            body
        }
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, id: TypeId) -> fmt::Result {
        match self.get(id) {
            DType::Void => f.write_str("void"),
            DType::Int(b) => write!(f, "i{b}"),
            DType::Atomic(k) => f.write_str(k.name()),
            DType::Unknown => f.write_str("?"),
            DType::Pointer(p) => {
                self.write(f, *p)?;
                f.write_str("*")
            }
            DType::Struct(n) => f.write_str(&struct_ref(n)),
            DType::Literal { fields, packed } => f.write_str(&self.fields_text(fields, *packed)),
            DType::Array { len, elem } => {
                write!(f, "[{len} x ")?;
                self.write(f, *elem)?;
                f.write_str("]")
            }
            DType::Vector { len, elem, scalable } => {
                write!(f, "<{}{len} x ", if *scalable { "vscale x " } else { "" })?;
                self.write(f, *elem)?;
                f.write_str(">")
            }
            DType::Function { ret, params, var_arg } => {
                self.write(f, *ret)?;
                f.write_str(" (")?;
                for (i, p) in params.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    self.write(f, *p)?;
                }
                if *var_arg {
                    f.write_str(if params.is_empty() { "..." } else { ", ..." })?;
                }
                f.write_str(")")
            }
        }
    }
}

/// See [`TypeManager::display`].
pub struct TypeDisplay<'a> {
    tm: &'a TypeManager,
    id: TypeId,
}

impl fmt::Display for TypeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.tm.write(f, self.id)
    }
}

/// How a structure is named in IR text: `%struct.foo`, `%"class.std::vector"`,
/// or `%0` for an unnamed (numbered) structure, whose name here is its number.
pub fn struct_ref(name: &str) -> String {
    if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
        format!("%{name}")
    } else {
        format!("%{}", quote_ident(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_types_share_an_id() {
        let mut tm = TypeManager::new();
        let a = tm.int(64);
        let pa = tm.pointer_n(a, 2);
        let b = tm.int(64);
        let pb = tm.pointer_to(b);
        let pb = tm.pointer_to(pb);
        assert_eq!(pa, pb);
        let arr1 = tm.array(20, pa);
        let arr2 = tm.array(20, pb);
        assert_eq!(arr1, arr2);
        assert_ne!(tm.array(21, pa), arr1);
        assert_eq!(
            {
                let t = tm.array(8, arr1);
                tm.display(t)
            }
            .to_string(),
            "[8 x [20 x i64**]]"
        );
    }

    #[test]
    fn named_structs_are_unique_by_name() {
        let mut tm = TypeManager::new();
        let s1 = tm.named_struct("struct.foo");
        let s2 = tm.named_struct("struct.foo");
        let s3 = tm.named_struct("struct.bar");
        assert_eq!(s1, s2);
        assert_ne!(s1, s3);
        assert_eq!(tm.structs(), &[s1, s3]);
        assert_eq!(tm.struct_definition(s1), "%struct.foo = type opaque");
    }

    #[test]
    fn recursive_structures() {
        // %struct.node = type { i32, %struct.node*, %struct.list* }
        // %struct.list = type { %struct.node*, i64 }
        let mut tm = TypeManager::new();
        let node = tm.named_struct("struct.node");
        let list = tm.named_struct("struct.list");
        let i32t = tm.int(32);
        let i64t = tm.int(64);
        let pnode = tm.pointer_to(node);
        let plist = tm.pointer_to(list);
        tm.set_struct_body(node, Some(vec![i32t, pnode, plist]), false);
        tm.set_struct_body(list, Some(vec![pnode, i64t]), false);
        assert_eq!(tm.struct_definition(node), "%struct.node = type { i32, %struct.node*, %struct.list* }");
        assert_eq!(tm.struct_definition(list), "%struct.list = type { %struct.node*, i64 }");
        // Re-interning after the body is set still finds the same type.
        assert_eq!(tm.named_struct("struct.node"), node);
        let ppnode = tm.pointer_to(pnode);
        assert_eq!(tm.strip_pointers(ppnode), (node, 2));
    }

    #[test]
    fn spec_notation() {
        let mut tm = TypeManager::new();
        let i32t = tm.int(32);
        let vf = tm.function(i32t, vec![], true);
        let vfpp = tm.pointer_n(vf, 2);
        assert_eq!(tm.display(vfpp).to_string(), "i32 (...)**");
        let i8p = {
            let i8t = tm.int(8);
            tm.pointer_to(i8t)
        };
        let f = tm.function(i32t, vec![i8p], true);
        assert_eq!(tm.display(f).to_string(), "i32 (i8*, ...)");
        let fl = tm.atomic(AtomicKind::Float);
        assert_eq!(
            {
                let t = tm.vector(4, fl);
                tm.display(t)
            }
            .to_string(),
            "<4 x float>"
        );
        let i64t = tm.int(64);
        let i64pp = tm.pointer_n(i64t, 2);
        assert_eq!(
            {
                let t = tm.literal_struct(vec![i32t, i64pp], false);
                tm.display(t)
            }
            .to_string(),
            "{ i32, i64** }"
        );
        assert_eq!(
            {
                let t = tm.literal_struct(vec![i32t], true);
                tm.display(t)
            }
            .to_string(),
            "<{ i32 }>"
        );
        let empty = tm.named_struct("struct.empty");
        tm.set_struct_body(empty, Some(vec![]), false);
        assert_eq!(tm.struct_definition(empty), "%struct.empty = type {}");
        let n = tm.named_struct("0");
        assert_eq!(tm.display(n).to_string(), "%0");
        let q = tm.named_struct("class.std::vector");
        assert_eq!(tm.display(q).to_string(), "%\"class.std::vector\"");
        let u = tm.unknown();
        assert_eq!(
            {
                let t = tm.pointer_to(u);
                tm.display(t)
            }
            .to_string(),
            "?*"
        );
        let v = tm.void();
        assert_eq!(
            {
                let t = tm.function(v, vec![i32t], false);
                tm.display(t)
            }
            .to_string(),
            "void (i32)"
        );
    }
}
