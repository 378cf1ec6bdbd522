//! New layouts of the structures a relayout changes, and where each byte
//! of an old object is in the new one.
//!
//! Every changed type is described in terms of the old IR types: a named
//! structure with a plan (its fields in the new order, deleted ones left
//! out), or a type holding such a structure by value (arrays, literal
//! structures, the dependent named structures, whose field order stays).
//! New offsets are computed the way LLVM lays out a structure (each field
//! at the next multiple of its ABI alignment, the size rounded up to the
//! largest alignment), from the new sizes and alignments of the fields;
//! the pass checks them against the DataLayout once the new types exist.
use std::cell::RefCell;

use dtrans_ir::{DataLayout, Type, TypeKind};
use rustc_hash::FxHashMap as HashMap;

/// One structure's new layout.
#[derive(Clone, Debug)]
pub struct StructPlan {
    /// Old field indices, in the new order (deleted fields left out).
    pub order: Vec<u32>,
    pub old_off: Vec<u64>,
    /// Per old field: its new offset (`None`: deleted).
    pub new_off: Vec<Option<u64>>,
    pub old_size: u64,
    pub new_size: u64,
    pub new_align: u64,
    /// Per old field: the constant every read of a deleted field gives
    /// (its single value, as the analysis prints it).
    pub constants: Vec<Option<String>>,
    /// Per old field moved out of the structure into a side array (peel,
    /// aos-to-soa): its group and its offset in the group's record.
    pub side: Vec<Option<(u32, u64)>>,
    /// The side groups' records.
    pub groups: Vec<GroupPlan>,
}

/// The record of one side group: old fields in order, their offsets.
#[derive(Clone, Debug)]
pub struct GroupPlan {
    pub fields: Vec<u32>,
    pub size: u64,
    pub align: u64,
}

impl StructPlan {
    /// The new index of old field `f`.
    pub fn new_index(&self, f: u32) -> Option<u32> {
        self.order.iter().position(|x| *x == f).map(|p| p as u32)
    }

    /// Whether the new layout is the old one.
    pub fn is_identity(&self) -> bool {
        self.old_size == self.new_size
            && self.order.len() == self.old_off.len()
            && self.order.iter().enumerate().all(|(i, f)| *f as usize == i)
    }
}

/// Where an old byte offset is in the new layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pos<'m> {
    At(i64),
    /// Inside deleted field `field` of `owner`.
    Deleted {
        owner: Type<'m>,
        field: u32,
    },
    /// At `off` bytes into field `field` of `owner`, which moved to a side
    /// array; `elements` whole objects from the pointer's own.
    Side {
        owner: Type<'m>,
        field: u32,
        off: u64,
        elements: i64,
    },
    /// Padding, or not inside the object: nothing the program may name.
    Invalid,
}

impl<'m> Pos<'m> {
    fn shift(self, by: i64) -> Pos<'m> {
        match self {
            Pos::At(x) => Pos::At(x + by),
            p => p,
        }
    }
}

/// An integer field stored in fewer bits (compress-fields): loads extend
/// (sign or zero) back to the old type, stores truncate; the analysis
/// proved every value stored fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Narrow {
    /// The old field index.
    pub field: u32,
    /// The new width: 8, 16 or 32 (of the host word, for a packed field).
    pub bits: u32,
    /// Whether loads sign-extend (some value is negative).
    pub signed: bool,
    /// Whether stores are checked when the program runs (a value the
    /// analysis cannot bound: `--compress-checked`).
    pub checked: bool,
    /// Bits of a host word shared with other fields (bit-level packing),
    /// when the field has no bytes of its own.
    pub packed: Option<Packed>,
}

impl Narrow {
    /// The bits that hold the field's values: its own width when packed,
    /// else the whole of its (byte-sized) slot.
    pub fn value_bits(&self) -> u32 {
        self.packed.map_or(self.bits, |p| p.width)
    }

    /// Whether constant `v` is a value the field holds exactly.
    pub fn holds(&self, v: i128) -> bool {
        let b = self.value_bits();
        if self.signed {
            v >= -(1i128 << (b - 1)) && v < (1i128 << (b - 1))
        } else {
            v >= 0 && v < (1i128 << b)
        }
    }
}

/// Where a bit-packed field lives: `width` bits from bit `shift` (0: the
/// least significant) of the host word, an integer of `Narrow::bits` bits
/// in the slot of old field `host` (the lowest-numbered field of the
/// pack, which alone keeps a place in the new field order; the others are
/// at its offset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packed {
    pub host: u32,
    pub shift: u32,
    pub width: u32,
}

impl Packed {
    /// The field's bits in the host word, in place (`width` ones from
    /// `shift`), as an unsigned number of `host_bits` bits.
    pub fn mask(&self) -> u64 {
        low_ones(self.width) << self.shift
    }

    /// `value` (a value of the field) placed in its bits of the host word.
    pub fn place(&self, value: i128) -> u64 {
        ((value as u64) & low_ones(self.width)) << self.shift
    }

    /// The field's value read back from `host` (a host word's bits):
    /// zero-extended, or sign-extended from its top bit when `signed`.
    pub fn extract(&self, host: u64, signed: bool) -> i128 {
        let raw = (host >> self.shift) & low_ones(self.width);
        if signed && self.width > 0 && raw >> (self.width - 1) & 1 == 1 {
            raw as i128 - (1i128 << self.width)
        } else {
            raw as i128
        }
    }
}

/// `n` low bits set (n <= 64).
pub fn low_ones(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// A piece of a byte range: `len` bytes at old offset `old` are at `new`
/// (`None`: in a deleted field, dropped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub old: u64,
    pub len: u64,
    pub new: Option<u64>,
    /// The ABI alignment of the field the piece belongs to.
    pub align: u64,
}

pub struct Layouts<'m> {
    pub dl: DataLayout<'m>,
    /// Named structures with a new layout (the pass's and the dependents).
    pub plans: HashMap<Type<'m>, StructPlan>,
    /// Literal structures holding a changed type (field order kept).
    literals: RefCell<HashMap<Type<'m>, Option<StructPlan>>>,
    /// Per structure: the fields that hold a 32-bit index into a split
    /// structure's array instead of a pointer to it (old field, the split
    /// structure). Set before the plans are computed.
    pub index_fields: HashMap<Type<'m>, Vec<(u32, Type<'m>)>>,
    /// The split structures whose pointers are stored as indices; `true`
    /// when the element count is checked when the program runs (not
    /// proven to fit in 32 bits).
    pub index_targets: HashMap<Type<'m>, bool>,
    /// Fields that would hold an index but whose address has other uses
    /// than loads and stores (they stay pointers): (structure, field).
    pub index_refused: Vec<(Type<'m>, u32)>,
    /// Per structure: its integer fields stored narrower (compress-fields).
    /// Set before the plans are computed.
    pub narrow: HashMap<Type<'m>, Vec<Narrow>>,
    /// Split structures whose array is resized by realloc (the side
    /// arrays are resized with it).
    pub resized: rustc_hash::FxHashSet<Type<'m>>,
    /// Split structures kept in a global array.
    pub global_arrays: rustc_hash::FxHashSet<Type<'m>>,
    /// Per split structure kept in a global array: the global array of
    /// each side group (made after planning), where constant addresses of
    /// moved fields go.
    pub side_storage: HashMap<Type<'m>, Vec<dtrans_ir::Value<'m>>>,
    /// Structures laid out in blocks (the `blocks` pass): where each
    /// group's records are inside a block.
    pub blocks: HashMap<Type<'m>, BlockGeom>,
}

/// The geometry of a structure laid out in blocks: every array is a run
/// of blocks of `bytes` bytes, the array's start aligned to `align` (a
/// power of two), each block holding `per` elements: group `g` (0: the
/// record pointers point to, then the side groups in order) keeps its
/// `per` records contiguously from byte `offsets[g]` of the block,
/// `sizes[g]` bytes each. An element's pointer is its record in group 0,
/// whose records span at most `align` bytes from their block's start,
/// which is a multiple of `align`: the block is the pointer with its low
/// bits cleared, the slot its distance from the block over `sizes[0]`.
///
/// Two forms ([`BlockGeom::new`]): when group 0's record is a power of
/// two, `per` is one too and `align` is group 0's span (`per *
/// sizes[0]`), so blocks follow each other at any multiple of it (a
/// 24-byte element whose pointer record is 8 bytes: 128 per 3072-byte
/// block, aligned to 1024) and every slot computation is a shift and a
/// mask; otherwise a block is `align` = `bytes` (a power of two) and holds
/// as many as fit, and slots divide by a constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockGeom {
    pub bytes: u64,
    pub align: u64,
    pub per: u64,
    pub offsets: Vec<u64>,
    pub sizes: Vec<u64>,
}

impl BlockGeom {
    /// The geometry of records `sizes` (aligned `aligns`) in blocks of at
    /// most `max` bytes (a power of two); `None` when fewer than `min`
    /// fit. The power-of-two form when its blocks waste at most 1/8 of
    /// their bytes on padding (the end of a block, which nothing touches;
    /// the other form divides at every step over elements and was slower
    /// on every program measured: `blocks::power_of_two_first`).
    pub fn new(max: u64, sizes: &[u64], aligns: &[u64], min: u64) -> Option<BlockGeom> {
        let total: u64 = sizes.iter().sum();
        if total == 0 || !max.is_power_of_two() || sizes.is_empty() {
            return None;
        }
        // The power-of-two form is aligned to its group-0 records, which
        // may span pages: a long run of them streams like a plain array
        // (a hardware prefetcher stops at each page's end). A realloc that
        // puts the array at another distance from a boundary moves its
        // bytes (`BlockFns::moved`); glibc's `mremap` keeps the distance
        // only modulo a page. The other form stays within a page.
        const PAGE: u64 = 4096;
        let place = |per: u64| -> (Vec<u64>, u64) {
            let mut offsets = Vec::with_capacity(sizes.len());
            let mut at = 0u64;
            for (s, a) in sizes.iter().zip(aligns) {
                at = round_up(at, *a);
                offsets.push(at);
                at += per * s;
            }
            (offsets, at)
        };
        if sizes[0].is_power_of_two() {
            let mut per = (max / total).max(1);
            per = 1 << (63 - per.leading_zeros());
            if per >= min.max(1) {
                let (offsets, used) = place(per);
                let align = per * sizes[0];
                let bytes = round_up(used, align);
                // (Every group's records aligned: the block's start is.)
                // (At least 8: the block's address is kept before the array.)
                let aligned = align >= 8 && aligns.iter().all(|a| *a <= align);
                if aligned && bytes <= max && (bytes - per * total) * 8 <= bytes {
                    return Some(BlockGeom { bytes, align, per, offsets, sizes: sizes.to_vec() });
                }
            }
        }
        let max = max.min(PAGE);
        let mut per = max / total;
        while per >= min.max(1) {
            let (offsets, used) = place(per);
            if used <= max {
                return Some(BlockGeom { bytes: max, align: max, per, offsets, sizes: sizes.to_vec() });
            }
            per -= 1;
        }
        None
    }

    /// Whether a place inside group `group`'s records finds its block by
    /// clearing low bits: group 0 always; the others when the block is
    /// its own alignment.
    pub fn masks(&self, group: usize) -> bool {
        group == 0 || self.align == self.bytes
    }
}

/// The size and alignment of a field that holds an index.
pub const INDEX_BYTES: u64 = 4;

fn round_up(x: u64, a: u64) -> u64 {
    if a <= 1 {
        x
    } else {
        x.div_ceil(a) * a
    }
}

impl<'m> Layouts<'m> {
    pub fn new(dl: DataLayout<'m>) -> Self {
        Layouts {
            dl,
            plans: HashMap::default(),
            literals: RefCell::new(HashMap::default()),
            index_fields: HashMap::default(),
            index_targets: HashMap::default(),
            index_refused: Vec::new(),
            narrow: HashMap::default(),
            resized: Default::default(),
            global_arrays: Default::default(),
            side_storage: HashMap::default(),
            blocks: HashMap::default(),
        }
    }

    /// The split structure whose index field `f` of `t` holds, if it does.
    pub fn index_target(&self, t: Type<'m>, f: u32) -> Option<Type<'m>> {
        self.index_fields.get(&t)?.iter().find(|(k, _)| *k == f).map(|(_, s)| *s)
    }

    /// How field `f` of `t` is narrowed, if it is.
    pub fn narrowed(&self, t: Type<'m>, f: u32) -> Option<Narrow> {
        self.narrow.get(&t)?.iter().find(|n| n.field == f).copied()
    }

    /// The fields packed into the host word in old field `host`'s slot
    /// (the host itself first), when it is one.
    pub fn pack_members(&self, t: Type<'m>, host: u32) -> Vec<Narrow> {
        let Some(list) = self.narrow.get(&t) else { return Vec::new() };
        let mut v: Vec<Narrow> = list.iter().filter(|n| n.packed.is_some_and(|p| p.host == host)).copied().collect();
        v.sort_by_key(|n| (n.field != host, n.field));
        v
    }

    /// Whether field `f` of `t` is bit-packed with others into a host
    /// word.
    pub fn packed(&self, t: Type<'m>, f: u32) -> bool {
        self.narrowed(t, f).is_some_and(|n| n.packed.is_some())
    }

    /// Whether field `f` of `t` holds something else than its old bytes
    /// (an index instead of a pointer, a narrower integer): its bytes do
    /// not keep their meaning one by one.
    pub fn recoded(&self, t: Type<'m>, f: u32) -> bool {
        self.index_target(t, f).is_some() || self.narrowed(t, f).is_some()
    }

    /// Size and alignment of field `f` (of type `ft`) of `t` in the new layout.
    fn field_size_align(&self, t: Type<'m>, f: u32, ft: Type<'m>) -> (u64, u64) {
        if self.index_target(t, f).is_some() {
            (INDEX_BYTES, INDEX_BYTES)
        } else if let Some(n) = self.narrowed(t, f) {
            (u64::from(n.bits / 8), u64::from(n.bits / 8))
        } else {
            (self.new_size(ft), self.new_align(ft))
        }
    }

    /// The split structure whose index a load or store through a pointer
    /// to the start of a `t` reaches, if its first field (at any depth) is
    /// an index field.
    pub fn leaf_index(&self, t: Type<'m>) -> Option<Type<'m>> {
        self.leaf_find(t, |s, f| self.index_target(s, f))
    }

    /// `found` of the first field (at any depth) at the start of a `t`
    /// that gives something, walking into nested structures and arrays.
    fn leaf_find<T>(&self, t: Type<'m>, found: impl Fn(Type<'m>, u32) -> Option<T>) -> Option<T> {
        let mut t = t;
        for _ in 0..32 {
            match t.kind() {
                TypeKind::LLVMArrayTypeKind => t = t.element_type()?,
                TypeKind::LLVMStructTypeKind => {
                    let p = self.plan(t)?;
                    let (f, ft) = self.field_at(t, &p, 0)?;
                    if let Some(x) = found(t, f) {
                        return Some(x);
                    }
                    t = ft;
                }
                _ => return None,
            }
        }
        None
    }

    /// The narrowed field a load or store through a pointer to the start
    /// of a `t` reaches (its first field at any depth), with its owner.
    pub fn leaf_narrow(&self, t: Type<'m>) -> Option<(Type<'m>, Narrow)> {
        self.leaf_find(t, |s, f| self.narrowed(s, f).map(|n| (s, n)))
    }

    /// Whether bytes `[lo, hi)` of an object of type `t` overlap a field
    /// whose bytes do not keep their meaning one by one (an index, a
    /// narrowed integer: [`Layouts::recoded`]).
    pub fn covers_recoded(&self, t: Type<'m>, lo: u64, hi: u64) -> bool {
        if !self.changed(t) || lo >= hi {
            return false;
        }
        match t.kind() {
            TypeKind::LLVMArrayTypeKind => {
                let Some(e) = t.element_type() else { return false };
                let os = self.old_size(e);
                if os == 0 {
                    return false;
                }
                let (first, last) = (lo / os, (hi - 1) / os);
                if last > first + 1 {
                    return self.covers_recoded(e, 0, os); // a whole element
                }
                (first..=last).any(|k| {
                    let b = k * os;
                    self.covers_recoded(e, lo.max(b) - b, hi.min(b + os) - b)
                })
            }
            TypeKind::LLVMStructTypeKind => {
                let Some(p) = self.plan(t) else { return false };
                t.struct_fields().into_iter().enumerate().any(|(i, ft)| {
                    let (s, e) = (p.old_off[i], p.old_off[i] + self.old_size(ft));
                    if e <= lo || hi <= s {
                        return false;
                    }
                    self.recoded(t, i as u32) || self.covers_recoded(ft, lo.saturating_sub(s), hi.min(e) - s)
                })
            }
            _ => false,
        }
    }

    pub fn old_size(&self, t: Type<'m>) -> u64 {
        self.dl.alloc_size(t).unwrap_or(0)
    }

    /// Whether `t` is or holds (by value) a structure with a new layout.
    pub fn changed(&self, t: Type<'m>) -> bool {
        match t.kind() {
            TypeKind::LLVMStructTypeKind if t.is_literal_struct() => {
                t.struct_fields().into_iter().any(|f| self.changed(f))
            }
            TypeKind::LLVMStructTypeKind => self.plans.contains_key(&t),
            TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => {
                t.element_type().is_some_and(|e| self.changed(e))
            }
            _ => false,
        }
    }

    /// The plan of a changed structure (named, or literal with identity order).
    pub fn plan(&self, t: Type<'m>) -> Option<StructPlan> {
        if let Some(p) = self.plans.get(&t) {
            return Some(p.clone());
        }
        if !t.is_literal_struct() || !self.changed(t) {
            return None;
        }
        if let Some(p) = self.literals.borrow().get(&t) {
            return p.clone();
        }
        let order: Vec<u32> = (0..t.struct_fields().len() as u32).collect();
        let p = self.compute(t, &order);
        self.literals.borrow_mut().insert(t, p.clone());
        p
    }

    pub fn new_size(&self, t: Type<'m>) -> u64 {
        match t.kind() {
            TypeKind::LLVMStructTypeKind => self.plan(t).map_or_else(|| self.old_size(t), |p| p.new_size),
            TypeKind::LLVMArrayTypeKind if self.changed(t) => {
                t.len().unwrap_or(0) * t.element_type().map_or(0, |e| self.new_size(e))
            }
            _ => self.old_size(t),
        }
    }

    pub fn new_align(&self, t: Type<'m>) -> u64 {
        match t.kind() {
            TypeKind::LLVMStructTypeKind => {
                self.plan(t).map_or_else(|| u64::from(self.dl.abi_align(t).unwrap_or(1)), |p| p.new_align)
            }
            TypeKind::LLVMArrayTypeKind if self.changed(t) => t.element_type().map_or(1, |e| self.new_align(e)),
            _ => u64::from(self.dl.abi_align(t).unwrap_or(1)),
        }
    }

    /// The plan of structure `t` with its fields in `order` (old indices).
    /// `None` if the DataLayout cannot say the old offsets.
    pub fn compute(&self, t: Type<'m>, order: &[u32]) -> Option<StructPlan> {
        let fields = t.struct_fields();
        let old_off: Vec<u64> =
            (0..fields.len() as u32).map(|i| self.dl.field_offset(t, i)).collect::<Option<Vec<u64>>>()?;
        let packed = t.is_packed_struct();
        let mut new_off = vec![None; fields.len()];
        let (mut at, mut max_align) = (0u64, 1u64);
        for &f in order {
            let ft = *fields.get(f as usize)?;
            let (size, align) = self.field_size_align(t, f, ft);
            let a = if packed { 1 } else { align };
            at = round_up(at, a);
            new_off[f as usize] = Some(at);
            at += size;
            max_align = max_align.max(a);
        }
        // Fields packed into another's host word share its bytes.
        for n in self.narrow.get(&t).map(|v| v.as_slice()).unwrap_or(&[]) {
            if let Some(p) = n.packed.filter(|p| p.host != n.field) {
                let host = *new_off.get(p.host as usize)?;
                *new_off.get_mut(n.field as usize)? = Some(host?);
            }
        }
        Some(StructPlan {
            order: order.to_vec(),
            old_off,
            new_off,
            old_size: self.old_size(t),
            new_size: round_up(at, max_align),
            new_align: max_align,
            constants: vec![None; fields.len()],
            side: vec![None; fields.len()],
            groups: Vec::new(),
        })
    }

    /// [`Layouts::compute`] with `groups` of old fields moved to side
    /// records (each laid out in the given order).
    pub fn compute_split(&self, t: Type<'m>, order: &[u32], groups: &[Vec<u32>]) -> Option<StructPlan> {
        let mut p = self.compute(t, order)?;
        let fields = t.struct_fields();
        for (g, members) in groups.iter().enumerate() {
            let (mut at, mut max_align) = (0u64, 1u64);
            for &f in members {
                let ft = *fields.get(f as usize)?;
                if self.changed(ft) {
                    return None; // a changed type in a side record: not supported
                }
                let (size, a) = self.field_size_align(t, f, ft);
                at = round_up(at, a);
                p.side[f as usize] = Some((g as u32, at));
                at += size;
                max_align = max_align.max(a);
            }
            p.groups.push(GroupPlan { fields: members.clone(), size: round_up(at, max_align), align: max_align });
        }
        Some(p)
    }

    /// A global array (of arrays, at any depth) of a structure laid out
    /// in blocks: the structure and its element count. Such an array is
    /// one blocked array of that many elements, element 0 at its start.
    pub fn blocked_array(&self, t: Type<'m>) -> Option<(Type<'m>, u64)> {
        if !t.is_array() {
            return None;
        }
        let mut e = t;
        let mut n = 1u64;
        while e.is_array() {
            n = n.checked_mul(e.len()?)?;
            e = e.element_type()?;
        }
        self.blocks.contains_key(&e).then_some((e, n))
    }

    /// The new byte offset, from element 0 of an array of `owner` laid out
    /// in blocks, of the old byte offset `off`: a position a pointer may
    /// hold (`pointer`: an element's start is its group-0 record), or the
    /// field a load or store there reaches. `None` for a place no field
    /// holds, before the array or between groups.
    pub fn blocked_offset(&self, owner: Type<'m>, off: i64, pointer: bool) -> Option<i64> {
        let g = self.blocks.get(&owner)?;
        let os = self.old_size(owner) as i64;
        if os == 0 || off < 0 {
            return None;
        }
        let (e, r) = (off / os, (off % os) as u64);
        let (group, within) = match self.translate(owner, r, pointer) {
            Pos::At(x) if (0..g.sizes[0] as i64).contains(&x) => (0, x as u64),
            Pos::Side { owner: o, field, off, elements: 0 } if o == owner => {
                let (k, at) = self.plan(owner)?.side[field as usize]?;
                (k as usize + 1, at + off)
            }
            _ => return None,
        };
        let (block, slot) = (e as u64 / g.per, e as u64 % g.per);
        let x = block * g.bytes + g.offsets[group] + slot * g.sizes[group] + within;
        i64::try_from(x).ok()
    }

    /// The old field of structure `t` that holds byte `off`, with its start.
    pub fn field_at(&self, t: Type<'m>, p: &StructPlan, off: u64) -> Option<(u32, Type<'m>)> {
        let fields = t.struct_fields();
        (0..fields.len()).rev().find_map(|i| {
            let size = self.old_size(fields[i]);
            (p.old_off[i] <= off && off < p.old_off[i] + size).then_some((i as u32, fields[i]))
        })
    }

    /// Where byte `off` (0 <= off < old size) of an object of type `t` is
    /// in the new layout. Offset 0 is the object's own start, which stays.
    pub fn translate_in(&self, t: Type<'m>, off: u64) -> Pos<'m> {
        self.translate(t, off, true)
    }

    /// Where the field holding byte `off` of an object of type `t` has that
    /// byte now (at offset 0 too: the first field may have moved). For
    /// positions of accesses, such as TBAA tags.
    pub fn translate_field(&self, t: Type<'m>, off: u64) -> Pos<'m> {
        self.translate(t, off, false)
    }

    /// `pointer`: a position a pointer may hold, where the start of an
    /// object (at any depth) is that object's start, not its first field's.
    fn translate(&self, t: Type<'m>, off: u64, pointer: bool) -> Pos<'m> {
        if off == 0 && pointer {
            return Pos::At(0);
        }
        if !self.changed(t) {
            return Pos::At(off as i64);
        }
        match t.kind() {
            TypeKind::LLVMArrayTypeKind => {
                let Some(e) = t.element_type() else { return Pos::Invalid };
                let (os, ns) = (self.old_size(e), self.new_size(e));
                if os == 0 {
                    return Pos::Invalid;
                }
                match self.translate(e, off % os, pointer) {
                    // (An element of a global array of a split structure:
                    // elements counted in owners.)
                    Pos::Side { owner, field, off: o, elements } => {
                        let per = os / self.old_size(owner).max(1);
                        Pos::Side { owner, field, off: o, elements: elements + ((off / os) * per) as i64 }
                    }
                    p => p.shift(((off / os) * ns) as i64),
                }
            }
            TypeKind::LLVMStructTypeKind => {
                let Some(p) = self.plan(t) else { return Pos::Invalid };
                let Some((f, ft)) = self.field_at(t, &p, off) else { return Pos::Invalid };
                match (p.new_off[f as usize], p.side[f as usize]) {
                    (None, Some(_)) => Pos::Side { owner: t, field: f, off: off - p.old_off[f as usize], elements: 0 },
                    (None, None) => Pos::Deleted { owner: t, field: f },
                    // Only the start of a narrowed field is still a place.
                    (Some(_), _) if off != p.old_off[f as usize] && self.narrowed(t, f).is_some() => Pos::Invalid,
                    (Some(n), _) => self.translate(ft, off - p.old_off[f as usize], pointer).shift(n as i64),
                }
            }
            _ => Pos::Invalid,
        }
    }

    /// Whether byte `off` of an object of type `t` (inside one object) is
    /// both the start of a field and one past the end of an array field
    /// before it, at some depth: a pointer there may be either (`&s->d` or
    /// `s->arr + 3`), and they go to different places when fields move.
    pub fn ambiguous_end(&self, t: Type<'m>, off: u64) -> bool {
        if off == 0 || !self.changed(t) {
            return false;
        }
        match t.kind() {
            TypeKind::LLVMArrayTypeKind => t.element_type().is_some_and(|e| {
                let os = self.old_size(e);
                os > 0 && self.ambiguous_end(e, off % os)
            }),
            TypeKind::LLVMStructTypeKind => {
                let Some(p) = self.plan(t) else { return false };
                let fields = t.struct_fields();
                let array_ends_here =
                    fields.iter().enumerate().any(|(i, f)| f.is_array() && p.old_off[i] + self.old_size(*f) == off);
                if array_ends_here {
                    return true;
                }
                match self.field_at(t, &p, off) {
                    Some((f, ft)) => self.ambiguous_end(ft, off - p.old_off[f as usize]),
                    None => false,
                }
            }
            _ => false,
        }
    }

    /// Where a pointer `off` bytes from the start of an object of type `t`
    /// goes: whole objects stepped over (either way) are new-size steps.
    pub fn translate_ptr(&self, t: Type<'m>, off: i64) -> Pos<'m> {
        let (os, ns) = (self.old_size(t) as i64, self.new_size(t) as i64);
        if os == 0 {
            return Pos::Invalid;
        }
        let k = off.div_euclid(os);
        let r = off.rem_euclid(os);
        match self.translate_in(t, r as u64) {
            // Whole objects of `t` (the owner, or an array of it) stepped
            // over, counted in owners, plus those inside the array.
            Pos::Side { owner, field, off, elements } => {
                let per = os / (self.old_size(owner) as i64).max(1);
                Pos::Side { owner, field, off, elements: elements + k * per }
            }
            p => p.shift(k * ns),
        }
    }

    /// Where the first field reached from the start of an object of type
    /// `t` (through nested structures and arrays) is, and its old type:
    /// what a load or store through a pointer to `t` accesses.
    pub fn translate_leaf(&self, t: Type<'m>) -> (Pos<'m>, Type<'m>) {
        if !self.changed(t) {
            return (Pos::At(0), t);
        }
        match t.kind() {
            TypeKind::LLVMArrayTypeKind => match t.element_type() {
                Some(e) => self.translate_leaf(e),
                None => (Pos::Invalid, t),
            },
            TypeKind::LLVMStructTypeKind => {
                let Some(p) = self.plan(t) else { return (Pos::Invalid, t) };
                let Some((f, ft)) = self.field_at(t, &p, 0) else { return (Pos::Invalid, t) };
                match p.new_off[f as usize] {
                    None if p.side[f as usize].is_some() => (Pos::Side { owner: t, field: f, off: 0, elements: 0 }, ft),
                    None => (Pos::Deleted { owner: t, field: f }, ft),
                    Some(n) => {
                        let (inner, leaf) = self.translate_leaf(ft);
                        (inner.shift(n as i64), leaf)
                    }
                }
            }
            _ => (Pos::Invalid, t),
        }
    }

    /// The bytes `[lo, lo + len)` of an object of type `t`, cut where the
    /// new layout separates them: one piece per unchanged field (or part of
    /// one) the range covers, padding left out. `None` when the range
    /// leaves the object.
    pub fn pieces(&self, t: Type<'m>, lo: u64, len: u64) -> Option<Vec<Piece>> {
        let mut out = Vec::new();
        if lo.checked_add(len)? > self.old_size(t) {
            return None;
        }
        self.collect_pieces(t, 0, Some(0), lo, lo + len, &mut out);
        Some(out)
    }

    fn collect_pieces(
        &self,
        t: Type<'m>,
        base_old: u64,
        base_new: Option<u64>,
        lo: u64,
        hi: u64,
        out: &mut Vec<Piece>,
    ) {
        let size = self.old_size(t);
        let (s, e) = (lo.max(base_old), hi.min(base_old + size));
        if s >= e {
            return;
        }
        if !self.changed(t) {
            let align = u64::from(self.dl.abi_align(t).unwrap_or(1));
            out.push(Piece { old: s, len: e - s, new: base_new.map(|b| b + (s - base_old)), align });
            return;
        }
        match t.kind() {
            TypeKind::LLVMArrayTypeKind => {
                let Some(el) = t.element_type() else { return };
                let (os, ns) = (self.old_size(el), self.new_size(el));
                for k in 0..t.len().unwrap_or(0) {
                    self.collect_pieces(el, base_old + k * os, base_new.map(|b| b + k * ns), lo, hi, out);
                }
            }
            TypeKind::LLVMStructTypeKind => {
                let Some(p) = self.plan(t) else { return };
                for (i, ft) in t.struct_fields().into_iter().enumerate() {
                    let nb = match (base_new, p.new_off[i]) {
                        (Some(b), Some(o)) => Some(b + o),
                        _ => None,
                    };
                    self.collect_pieces(ft, base_old + p.old_off[i], nb, lo, hi, out);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_up_works() {
        assert_eq!(round_up(5, 4), 8);
        assert_eq!(round_up(8, 4), 8);
        assert_eq!(round_up(3, 1), 3);
    }

    #[test]
    fn positions_shift() {
        assert_eq!(Pos::At(4).shift(8), Pos::At(12));
        assert_eq!(Pos::Invalid.shift(8), Pos::Invalid);
    }
}

#[cfg(test)]
mod block_tests {
    use super::BlockGeom;

    #[test]
    fn block_forms() {
        // A 24-byte element, an 8-byte pointer record: 128 per 3072 bytes
        // in blocks of at most 4096, 512 per 12288 (group 0 a page) in
        // blocks of at most 16384, 2048 (group 0 four pages) in 65536,
        // 4096 (eight pages, the block aligned to them) in 131072.
        let g = BlockGeom::new(4096, &[8, 16], &[8, 8], 16).unwrap();
        assert_eq!((g.bytes, g.align, g.per, g.offsets.clone()), (3072, 1024, 128, vec![0, 1024]));
        let g = BlockGeom::new(16384, &[8, 16], &[8, 8], 16).unwrap();
        assert_eq!((g.bytes, g.align, g.per, g.offsets.clone()), (12288, 4096, 512, vec![0, 4096]));
        let g = BlockGeom::new(65536, &[8, 16], &[8, 8], 16).unwrap();
        assert_eq!((g.bytes, g.align, g.per), (49152, 16384, 2048));
        let g = BlockGeom::new(131072, &[8, 16], &[8, 8], 16).unwrap();
        assert_eq!((g.bytes, g.align, g.per, g.offsets.clone()), (98304, 32768, 4096, vec![0, 32768]));
        assert!(g.masks(0) && !g.masks(1));
        // A 12-byte pointer record: a page of as many as fit.
        let g = BlockGeom::new(16384, &[12, 4], &[4, 4], 16).unwrap();
        assert_eq!((g.bytes, g.align, g.per, g.offsets.clone()), (4096, 4096, 256, vec![0, 3072]));
        // An 8-byte record and a 40-byte one: 64 per 3072 (no padding).
        let g = BlockGeom::new(4096, &[8, 40], &[8, 8], 16).unwrap();
        assert_eq!((g.bytes, g.align, g.per), (3072, 512, 64));
        // 8 and 56: 64 elements need 4096 bytes.
        let g = BlockGeom::new(4096, &[8, 56], &[8, 8], 16).unwrap();
        assert_eq!((g.bytes, g.align, g.per), (4096, 512, 64));
        // 8 and 64: 32 per 2304 bytes, no padding.
        let g = BlockGeom::new(4096, &[8, 64], &[8, 8], 16).unwrap();
        assert_eq!((g.bytes, g.align, g.per), (2304, 256, 32));
        // Every group in the block, aligned, in order.
        for g in [BlockGeom::new(4096, &[4, 2, 8], &[4, 2, 8], 16).unwrap()] {
            let end = g.offsets[2] + g.per * 8;
            assert!(end <= g.bytes && g.offsets[1] >= g.per * 4 && g.offsets[2] % 8 == 0);
        }
        // A 16-byte pointer record and a 56-byte one: 4096 per block,
        // padded by a tenth to a multiple of the 65536 bytes of records;
        // with an 8-byte second record a quarter, over an eighth: pages.
        let g = BlockGeom::new(524288, &[16, 56], &[8, 8], 16).unwrap();
        assert_eq!((g.bytes, g.align, g.per), (327680, 65536, 4096));
        let g = BlockGeom::new(524288, &[16, 8], &[8, 8], 16).unwrap();
        assert_eq!((g.bytes, g.align, g.per), (4096, 4096, 170));
        // Too few per block.
        assert!(BlockGeom::new(4096, &[256, 256], &[8, 8], 16).is_none());
    }
}
