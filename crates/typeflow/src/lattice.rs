//! The scalar types of document 004 and their order.
//!
//! ```text
//!                 Generic
//!                /       \
//!            Float     PointerOrNumber
//!                      /            \
//!                  Number          Pointer (void *)
//!                  /    \           /     |      \
//!              Signed  Unsigned  int8_t *  ...   T *   (T * above T' * when T above T')
//! ```
//!
//! Every type has a size in bits and two types of different sizes are never
//! comparable. A pointer has the module's pointer size. Pointers carry a
//! pointer count, as the document's TODO suggests: `int32_t **` is
//! `Signed`, 32 bits, 2 pointers. `Pointer` itself is a pointer whose pointee
//! is unknown, printed `void *`.
//!
//! The order is a tree (each type has at most one parent), so two types have
//! a common refinement exactly when one refines the other.
use std::fmt;

/// Pointer levels beyond this are not represented: a cycle of loads through
/// the same address would otherwise describe ever deeper pointers.
pub const MAX_POINTERS: u8 = 6;

/// The kind of a scalar type (for a pointer, of its innermost pointee).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PrimitiveKind {
    Generic,
    PointerOrNumber,
    Float,
    Number,
    /// A pointer to something unknown.
    Pointer,
    Signed,
    Unsigned,
}

/// A scalar type: `kind` and `bits` describe the innermost pointee when
/// `pointers > 0`, the value itself otherwise. For `Pointer`, `bits` is the
/// pointer size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ScalarType {
    pub kind: PrimitiveKind,
    pub bits: u32,
    pub pointers: u8,
}

impl ScalarType {
    pub const fn new(kind: PrimitiveKind, bits: u32) -> Self {
        ScalarType { kind, bits, pointers: 0 }
    }

    /// Whether this is a pointer (to something known or not).
    pub fn is_pointer(self) -> bool {
        self.pointers > 0 || self.kind == PrimitiveKind::Pointer
    }

    /// `T *` for this `T`; `None` beyond [`MAX_POINTERS`].
    pub fn pointer_to(self) -> Option<Self> {
        (self.pointers < MAX_POINTERS).then(|| ScalarType { pointers: self.pointers + 1, ..self })
    }

    /// `T` for this `T *`; `None` when the pointee is unknown or this is not
    /// a pointer.
    pub fn pointee(self) -> Option<Self> {
        (self.pointers > 0).then(|| ScalarType { pointers: self.pointers - 1, ..self })
    }

    /// This type `levels` pointers up (positive) or down (negative).
    pub fn shift(self, levels: i32) -> Option<Self> {
        let p = i32::from(self.pointers) + levels;
        (0..=i32::from(MAX_POINTERS)).contains(&p).then_some(ScalarType { pointers: p as u8, ..self })
    }

    /// The C spelling: `generic32_t`, `pointer_or_number64_t`,
    /// `number32_t`, `int32_t`, `uint32_t`, `float`, `double`, `T *`,
    /// `void *` for a pointer to something unknown.
    pub fn c_name(self) -> String {
        let (base, stars) = if self.kind == PrimitiveKind::Pointer {
            ("void".to_string(), usize::from(self.pointers) + 1)
        } else {
            (base_name(self.kind, self.bits), usize::from(self.pointers))
        };
        if stars == 0 {
            base
        } else {
            format!("{base} {}", "*".repeat(stars))
        }
    }
}

impl fmt::Display for ScalarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.c_name())
    }
}

fn base_name(kind: PrimitiveKind, bits: u32) -> String {
    match kind {
        PrimitiveKind::Generic => format!("generic{bits}_t"),
        PrimitiveKind::PointerOrNumber => format!("pointer_or_number{bits}_t"),
        PrimitiveKind::Number => format!("number{bits}_t"),
        PrimitiveKind::Signed => format!("int{bits}_t"),
        PrimitiveKind::Unsigned => format!("uint{bits}_t"),
        PrimitiveKind::Float => match bits {
            16 => "_Float16".into(),
            32 => "float".into(),
            64 => "double".into(),
            80 => "long double".into(),
            128 => "__float128".into(),
            _ => format!("float{bits}_t"),
        },
        PrimitiveKind::Pointer => "void *".into(),
    }
}

/// What a node `k` pointer levels away from a reference node says about the
/// reference node's type (see [`Lattice::constraint_at`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// Nothing.
    Any,
    /// The reference type must refine this one.
    Below(ScalarType),
    /// No type fits.
    Impossible,
}

/// The order on [`ScalarType`]s of one module (it needs the pointer size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lattice {
    pub ptr_bits: u32,
}

impl Lattice {
    pub fn new(ptr_bits: u32) -> Self {
        Lattice { ptr_bits }
    }

    /// `void *` of this module.
    pub fn pointer(self) -> ScalarType {
        ScalarType::new(PrimitiveKind::Pointer, self.ptr_bits)
    }

    /// Size of a value of type `t` in bits.
    pub fn size(self, t: ScalarType) -> u32 {
        if t.pointers > 0 {
            self.ptr_bits
        } else {
            t.bits
        }
    }

    /// Whether `a` refines `b` (or equals it).
    pub fn le(self, a: ScalarType, b: ScalarType) -> bool {
        use PrimitiveKind as K;
        if a == b {
            return true;
        }
        if b.pointers > 0 {
            return match (a.pointee(), b.pointee()) {
                (Some(pa), Some(pb)) => self.le(pa, pb),
                _ => false,
            };
        }
        if self.size(a) != b.bits {
            return false;
        }
        let numeric = a.pointers == 0 && matches!(a.kind, K::Number | K::Signed | K::Unsigned);
        match b.kind {
            K::Generic => true,
            K::PointerOrNumber => numeric || a.is_pointer(),
            K::Number => numeric,
            K::Pointer => a.is_pointer(),
            K::Signed | K::Unsigned | K::Float => false,
        }
    }

    /// `a` strictly refines `b`.
    pub fn lt(self, a: ScalarType, b: ScalarType) -> bool {
        a != b && self.le(a, b)
    }

    /// The greatest common refinement, if any (in a tree: the lower of two
    /// comparable types).
    pub fn meet(self, a: ScalarType, b: ScalarType) -> Option<ScalarType> {
        if self.le(a, b) {
            Some(a)
        } else if self.le(b, a) {
            Some(b)
        } else {
            None
        }
    }

    pub fn comparable(self, a: ScalarType, b: ScalarType) -> bool {
        self.le(a, b) || self.le(b, a)
    }

    /// The parent of `t` in the tree; `None` for `Generic`.
    pub fn parent(self, t: ScalarType) -> Option<ScalarType> {
        use PrimitiveKind as K;
        if t.pointers > 0 {
            let base = ScalarType::new(t.kind, t.bits);
            return match self.parent(base) {
                // `generic32_t *`: the parent is `void *` one level up.
                None => Some(ScalarType { kind: K::Pointer, bits: self.ptr_bits, pointers: t.pointers - 1 }),
                // Covariant: `int32_t *` under `number32_t *`, `void **` under `pointer_or_number64_t *`.
                Some(p) => Some(ScalarType { pointers: t.pointers, ..p }),
            };
        }
        match t.kind {
            K::Generic => None,
            K::Float | K::PointerOrNumber => Some(ScalarType::new(K::Generic, t.bits)),
            K::Number | K::Pointer => Some(ScalarType::new(K::PointerOrNumber, t.bits)),
            K::Signed | K::Unsigned => Some(ScalarType::new(K::Number, t.bits)),
        }
    }

    /// Distance from the top (`Generic`): larger is more specific.
    pub fn depth(self, t: ScalarType) -> u32 {
        use PrimitiveKind as K;
        let base = match t.kind {
            K::Generic => 0,
            K::Float | K::PointerOrNumber => 1,
            K::Number | K::Pointer => 2,
            K::Signed | K::Unsigned => 3,
        };
        // `T *` sits one below `void *` (depth 2) and then follows `T`.
        3 * u32::from(t.pointers) + base
    }

    /// A type with nothing below it: a strict type.
    pub fn is_leaf(self, t: ScalarType) -> bool {
        matches!(t.kind, PrimitiveKind::Signed | PrimitiveKind::Unsigned | PrimitiveKind::Float)
    }

    /// What a node whose type is bounded by `bound` and which sits `k`
    /// pointer levels above a reference node (`node = reference` with `k`
    /// more `*`; `k` may be negative) says about the reference node's type.
    pub fn constraint_at(self, bound: ScalarType, k: i32) -> Constraint {
        use PrimitiveKind as K;
        if k <= 0 {
            // reference = node with -k more pointers: it must refine `bound` with them.
            return match bound.shift(-k) {
                Some(b) => Constraint::Below(b),
                None => Constraint::Impossible,
            };
        }
        let j = k.min(i32::from(bound.pointers));
        let inner = bound.shift(-j).expect("j <= pointers");
        if j == k {
            return Constraint::Below(inner);
        }
        // The node must be a pointer at a level where `bound` has none left.
        let admits_pointer = inner.kind == K::Pointer
            || (matches!(inner.kind, K::Generic | K::PointerOrNumber) && inner.bits == self.ptr_bits);
        if admits_pointer {
            Constraint::Any
        } else {
            Constraint::Impossible
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PrimitiveKind as K;

    const L: Lattice = Lattice { ptr_bits: 64 };

    fn t(kind: K, bits: u32) -> ScalarType {
        ScalarType::new(kind, bits)
    }

    fn p(kind: K, bits: u32, pointers: u8) -> ScalarType {
        ScalarType { kind, bits, pointers }
    }

    fn all_types() -> Vec<ScalarType> {
        let mut v = Vec::new();
        for bits in [8, 32, 64] {
            for kind in [K::Generic, K::PointerOrNumber, K::Float, K::Number, K::Signed, K::Unsigned] {
                for pointers in 0..3 {
                    v.push(p(kind, bits, pointers));
                }
            }
        }
        for pointers in 0..3 {
            v.push(p(K::Pointer, 64, pointers));
        }
        v
    }

    #[test]
    fn c_names() {
        assert_eq!(t(K::Generic, 32).c_name(), "generic32_t");
        assert_eq!(t(K::PointerOrNumber, 64).c_name(), "pointer_or_number64_t");
        assert_eq!(t(K::Number, 32).c_name(), "number32_t");
        assert_eq!(t(K::Signed, 32).c_name(), "int32_t");
        assert_eq!(t(K::Unsigned, 32).c_name(), "uint32_t");
        assert_eq!(t(K::Float, 32).c_name(), "float");
        assert_eq!(t(K::Float, 64).c_name(), "double");
        assert_eq!(p(K::Signed, 32, 1).c_name(), "int32_t *");
        assert_eq!(p(K::Unsigned, 8, 2).c_name(), "uint8_t **");
        assert_eq!(L.pointer().c_name(), "void *");
        assert_eq!(p(K::Pointer, 64, 1).c_name(), "void **");
    }

    #[test]
    fn order_of_the_document() {
        let g = t(K::Generic, 32);
        let pon = t(K::PointerOrNumber, 32);
        let num = t(K::Number, 32);
        let s = t(K::Signed, 32);
        let u = t(K::Unsigned, 32);
        let f = t(K::Float, 32);
        for x in [pon, num, s, u, f] {
            assert!(L.lt(x, g), "{x} below generic");
        }
        assert!(L.lt(num, pon) && L.lt(s, num) && L.lt(u, num));
        assert!(!L.comparable(s, u));
        assert!(!L.comparable(f, num));
        assert!(!L.comparable(f, pon));
        // Sizes never mix.
        assert!(!L.comparable(t(K::Signed, 32), t(K::Generic, 64)));
        // Pointers sit below pointer_or_number of the pointer size only.
        let vp = L.pointer();
        assert!(L.lt(vp, t(K::PointerOrNumber, 64)) && L.lt(vp, t(K::Generic, 64)));
        assert!(!L.comparable(vp, t(K::Number, 64)));
        assert!(!L.comparable(vp, t(K::Generic, 32)));
        let ip = p(K::Signed, 32, 1);
        let gp = p(K::Generic, 32, 1);
        assert!(L.lt(ip, gp) && L.lt(gp, vp) && L.lt(ip, vp) && L.lt(ip, t(K::Generic, 64)));
        assert!(!L.comparable(ip, p(K::Unsigned, 32, 1)));
        assert!(!L.comparable(ip, p(K::Signed, 64, 1)));
        assert!(L.lt(p(K::Signed, 32, 2), p(K::Pointer, 64, 1)));
        assert!(!L.comparable(p(K::Signed, 32, 2), ip));
    }

    #[test]
    fn order_is_a_tree_consistent_with_parent() {
        let all = all_types();
        for &a in &all {
            // le is reflexive and agrees with the transitive closure of parent.
            assert!(L.le(a, a));
            let mut ancestors = vec![a];
            let mut cur = a;
            while let Some(par) = L.parent(cur) {
                assert!(L.lt(cur, par), "{cur} < parent {par}");
                assert!(L.depth(par) < L.depth(cur), "depth decreases from {cur} to {par}");
                ancestors.push(par);
                cur = par;
            }
            for &b in &all {
                assert_eq!(L.le(a, b), ancestors.contains(&b), "le({a}, {b})");
            }
        }
    }

    #[test]
    fn meet_is_the_lower_of_comparable_types() {
        let all = all_types();
        for &a in &all {
            for &b in &all {
                match L.meet(a, b) {
                    Some(m) => {
                        assert!(L.le(m, a) && L.le(m, b));
                        assert!(m == a || m == b);
                    }
                    None => assert!(!L.comparable(a, b)),
                }
                assert_eq!(L.meet(a, b), L.meet(b, a));
            }
        }
    }

    #[test]
    fn leaves_are_strict() {
        assert!(L.is_leaf(t(K::Signed, 32)));
        assert!(L.is_leaf(p(K::Unsigned, 8, 1)));
        assert!(L.is_leaf(t(K::Float, 64)));
        assert!(!L.is_leaf(t(K::Number, 32)));
        assert!(!L.is_leaf(L.pointer()));
        assert!(!L.is_leaf(p(K::Generic, 32, 1)));
    }

    #[test]
    fn shifting_pointer_levels() {
        let i = t(K::Signed, 32);
        assert_eq!(i.shift(2), Some(p(K::Signed, 32, 2)));
        assert_eq!(p(K::Signed, 32, 2).shift(-2), Some(i));
        assert_eq!(i.shift(-1), None);
        assert_eq!(L.pointer().pointee(), None);
        assert_eq!(p(K::Signed, 32, MAX_POINTERS).pointer_to(), None);
    }

    #[test]
    fn constraints_through_pointer_levels() {
        let i = t(K::Signed, 32);
        // A node one level below the reference: reference = node *.
        assert_eq!(L.constraint_at(i, -1), Constraint::Below(p(K::Signed, 32, 1)));
        // A node one level above: node = reference *.
        assert_eq!(L.constraint_at(p(K::Signed, 32, 1), 1), Constraint::Below(i));
        assert_eq!(L.constraint_at(L.pointer(), 1), Constraint::Any);
        assert_eq!(L.constraint_at(t(K::Generic, 64), 1), Constraint::Any);
        assert_eq!(L.constraint_at(t(K::Generic, 32), 1), Constraint::Impossible);
        assert_eq!(L.constraint_at(i, 1), Constraint::Impossible);
        assert_eq!(L.constraint_at(p(K::Pointer, 64, 1), 2), Constraint::Any);
        assert_eq!(L.constraint_at(i, 0), Constraint::Below(i));
    }
}
