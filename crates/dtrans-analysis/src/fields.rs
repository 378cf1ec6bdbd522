//! Field information (document 001, "Field Access Tracking", "Field Single
//! Value Analysis", "Single Alloc Function Analysis"): per field of each
//! structure, whether it is read, written, used in a way that is not a
//! plain load or store (ComplexUse), how often (a static estimate), what
//! values it may hold and which function allocates what it points to.
//!
//! Frequency: with profile metadata (`-fprofile-instr-use`: a function
//! entry count and branch weights, which are edge counts), each access
//! counts its block's execution count; otherwise the static estimate
//! `loop_weight^d` for the loop depth d of its block (natural loops from
//! the dominator tree, [`crate::regions::loops`]), capped at a depth
//! (`FrequencyEstimate`, whose values the cost model holds: 32 and 6).
//! The same walk collects the access regions of [`crate::regions`].
use dtrans_ir::{BasicBlock, Function, Instruction, Module, Opcode, Value, ValueKind};
use dtrans_types::{DType, TypeId};
use rustc_hash::FxHashMap as HashMap;

use crate::alloc::MemFn;
use crate::layout::{struct_fields, zero_chain, Element, Layout};
use crate::ptr_types::{is_simple_slot, PtrTypes};
use crate::regions::{self, FnFrequencies, FrequencyEstimate, Loops, Region, RegionBuilder};

/// Field Single Value lattice: top (no value stored), one constant,
/// bottom (several values, or some the analysis cannot see).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SingleValue {
    NoValue,
    /// The constant as the IR prints it (`0`, `null`, `1.5e+00`, `@f`).
    Single(String),
    Multiple,
}

/// The values an integer field may hold, as signed integers of its width
/// (what `compress-fields` needs): none stored yet, all within `[lo, hi]`,
/// or unknown. Joins upward, to the hull. Zero initialization (globals,
/// `calloc`, zeroing `memset`) counts as the value 0; a copy of the field
/// into itself (a load of the field stored back, or a copy of the same
/// fields from another object of the structure) adds nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueRange {
    NoValue,
    Within(i128, i128),
    Any,
}

impl ValueRange {
    pub const ZERO: ValueRange = ValueRange::Within(0, 0);

    pub fn join(self, o: ValueRange) -> ValueRange {
        match (self, o) {
            (ValueRange::Any, _) | (_, ValueRange::Any) => ValueRange::Any,
            (ValueRange::NoValue, x) | (x, ValueRange::NoValue) => x,
            (ValueRange::Within(a, b), ValueRange::Within(c, d)) => ValueRange::Within(a.min(c), b.max(d)),
        }
    }

    /// `[lo, hi]` when it fits a signed integer of `bits` bits, else `Any`.
    fn fit(lo: i128, hi: i128, bits: u32) -> ValueRange {
        let (min, max) = signed_bounds(bits);
        if lo >= min && hi <= max && lo <= hi {
            ValueRange::Within(lo, hi)
        } else {
            ValueRange::Any
        }
    }
}

/// The smallest and largest signed integer of `bits` bits (1..=64).
fn signed_bounds(bits: u32) -> (i128, i128) {
    let b = bits.clamp(1, 64);
    (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1)
}

/// Single Alloc Function lattice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SingleAlloc {
    Top,
    /// Only null and results of this allocating function are stored.
    Single(String),
    Bottom,
}

#[derive(Clone, Debug)]
pub struct FieldInfo {
    pub read: bool,
    pub written: bool,
    pub complex_use: bool,
    /// Weighted access count (static estimate).
    pub frequency: u64,
    pub single_value: SingleValue,
    pub single_alloc: SingleAlloc,
    /// The values stored (integer fields; `Any` for the others).
    pub range: ValueRange,
    /// The values put in the field other than by stores of its own type
    /// whose value is unknown: what remains to prove when each such store
    /// is checked when the program runs (compress-fields `--compress-checked`).
    pub range_unchecked: ValueRange,
}

impl Default for FieldInfo {
    fn default() -> Self {
        FieldInfo {
            read: false,
            written: false,
            complex_use: false,
            frequency: 0,
            single_value: SingleValue::NoValue,
            single_alloc: SingleAlloc::Top,
            range: ValueRange::NoValue,
            range_unchecked: ValueRange::NoValue,
        }
    }
}

impl FieldInfo {
    fn value(&mut self, v: SingleValue) {
        self.single_value = match (&self.single_value, v) {
            (SingleValue::Multiple, _) | (_, SingleValue::Multiple) => SingleValue::Multiple,
            (SingleValue::NoValue, v) => v,
            (s, SingleValue::NoValue) => s.clone(),
            (SingleValue::Single(a), SingleValue::Single(b)) if *a == b => SingleValue::Single(b),
            _ => SingleValue::Multiple,
        };
    }

    fn range(&mut self, r: ValueRange) {
        self.range = self.range.join(r);
        self.range_unchecked = self.range_unchecked.join(r);
    }

    /// A store of the field's own type of a value in `r`: a store a check
    /// when the program runs can guard.
    fn stored(&mut self, r: ValueRange) {
        self.range = self.range.join(r);
        if r != ValueRange::Any {
            self.range_unchecked = self.range_unchecked.join(r);
        }
    }

    fn alloc(&mut self, a: SingleAlloc) {
        self.single_alloc = match (&self.single_alloc, a) {
            (SingleAlloc::Bottom, _) | (_, SingleAlloc::Bottom) => SingleAlloc::Bottom,
            (SingleAlloc::Top, a) => a,
            (s, SingleAlloc::Top) => s.clone(),
            (SingleAlloc::Single(x), SingleAlloc::Single(y)) if *x == y => SingleAlloc::Single(y),
            _ => SingleAlloc::Bottom,
        };
    }
}

/// Field information of every structure, indexed like its fields, and
/// the access regions of each structure ([`crate::regions`]). `est`: the
/// static frequency estimate, for functions without profile counts.
pub fn analyze_fields<'m>(
    m: &'m Module<'_>,
    pt: &PtrTypes<'m>,
    est: FrequencyEstimate,
) -> (HashMap<TypeId, Vec<FieldInfo>>, HashMap<TypeId, Vec<Region>>) {
    let allocated = pt.allocations.iter().filter_map(|a| Some((a.call, a.allocated?))).collect();
    let mut w = FieldWalk {
        pt,
        layout: Layout::new(m),
        fields: HashMap::default(),
        prof: m.md_kind_id("prof"),
        allocated,
        est,
        regions: RegionBuilder::default(),
        fx: None,
        places: HashMap::default(),
    };
    for s in pt.tm().structs() {
        if let Some(f) = struct_fields(pt.tm(), *s) {
            w.fields.insert(*s, vec![FieldInfo::default(); f.len()]);
        }
    }
    w.globals(m);
    let mut loops: HashMap<Function<'m>, Loops<'m>> =
        m.functions().filter(|f| !f.is_declaration()).map(|f| (f, regions::loops(f))).collect();
    let calls = regions::call_weights(m, &loops, est);
    let defined: Vec<Function<'m>> = m.functions().filter(|f| !f.is_declaration()).collect();
    for f in defined {
        let l = loops.remove(&f).expect("loops of every defined function");
        w.function(f, l, calls.get(&f).copied().unwrap_or(1.0));
    }
    (w.fields, w.regions.finish())
}

struct FieldWalk<'a, 'm, 'c> {
    pt: &'a PtrTypes<'m>,
    layout: Layout<'m, 'c>,
    fields: HashMap<TypeId, Vec<FieldInfo>>,
    /// The `!prof` metadata kind.
    prof: u32,
    /// What each allocation call allocates.
    allocated: HashMap<Instruction<'m>, TypeId>,
    est: FrequencyEstimate,
    regions: RegionBuilder<'m>,
    /// The frequencies of the function being walked.
    fx: Option<FnFrequencies<'m>>,
    /// Where pointers point ([`FieldWalk::place`]), memoized.
    places: HashMap<Value<'m>, Option<(TypeId, i64)>>,
}

impl<'a, 'm, 'c> FieldWalk<'a, 'm, 'c> {
    fn field(&mut self, e: Element) -> Option<&mut FieldInfo> {
        self.fields.get_mut(&e.aggregate)?.get_mut(e.field as usize)
    }

    /// Initializers of global instances: each field's constant.
    fn globals(&mut self, m: &'m Module<'_>) {
        for g in m.globals() {
            let Some(init) = g.initializer() else { continue };
            let Some(d) = self.pt.info(g).and_then(|i| i.dominant) else { continue };
            let Some(obj) = self.pt.tm().pointee(d) else { continue };
            self.init_typed(obj, init, 0);
        }
    }

    /// The initializer `c` of objects of type `t`: `c` is one of them, or
    /// (a global array the recovery sees through, as C arrays decay) an
    /// array of them. Any other shape says nothing per field: every field
    /// reachable from `t` may hold anything.
    fn init_typed(&mut self, t: TypeId, c: Value<'m>, depth: u32) {
        let ir = self.layout.ir_type(self.pt.tm(), t);
        if ir == Some(c.ty()) {
            self.init_value(t, Some(c));
        } else if c.ty().is_array() && depth < 8 {
            let n = c.ty().len().unwrap_or(0);
            if c.is_null_or_undef() {
                if let Some(e) = c.aggregate_element(0) {
                    self.init_typed(t, e, depth + 1);
                }
                return;
            }
            // (Past a bound the elements are not read one by one: their
            // values are unknown.)
            if n > 4096 {
                return self.init_unknown(t, 0);
            }
            for k in 0..n {
                match c.aggregate_element(k as u32) {
                    Some(e) => self.init_typed(t, e, depth + 1),
                    None => return self.init_unknown(t, 0),
                }
            }
        } else {
            self.init_unknown(t, 0);
        }
    }

    /// Every field of `t` (and of the structures in it) may hold anything.
    fn init_unknown(&mut self, t: TypeId, depth: u32) {
        let tm = self.pt.tm();
        if depth > 16 {
            return;
        }
        match tm.get(t) {
            DType::Struct(_) => {
                let Some(fields) = struct_fields(tm, t).map(|f| f.to_vec()) else { return };
                for (k, ft) in fields.iter().enumerate() {
                    if let Some(fi) = self.field(Element { aggregate: t, field: k as u32 }) {
                        fi.value(SingleValue::Multiple);
                        fi.alloc(SingleAlloc::Bottom);
                        fi.range(ValueRange::Any);
                    }
                    self.init_unknown(*ft, depth + 1);
                }
            }
            DType::Array { elem, .. } => {
                let e = *elem;
                self.init_unknown(e, depth + 1)
            }
            _ => {}
        }
    }

    /// Records the constant `c` (`None`: zero) as the value of every field
    /// of an object of type `t`.
    fn init_value(&mut self, t: TypeId, c: Option<Value<'m>>) {
        let tm = self.pt.tm();
        match tm.get(t) {
            DType::Struct(_) => {
                let Some(fields) = struct_fields(tm, t).map(|f| f.to_vec()) else { return };
                // A literal-typed initializer (bit-fields) is not laid out
                // field by field: its values are not known per field.
                let literal = c.is_some_and(|c| c.ty().struct_name().is_none() && c.ty().is_struct());
                for (k, ft) in fields.iter().enumerate() {
                    let part = match c {
                        Some(c) if c.is_null_or_undef() => None,
                        Some(c) => c.aggregate_element(k as u32),
                        None => None,
                    };
                    if literal {
                        if let Some(fi) = self.field(Element { aggregate: t, field: k as u32 }) {
                            fi.value(SingleValue::Multiple);
                            fi.range(ValueRange::Any);
                        }
                        continue;
                    }
                    if struct_fields(tm, *ft).is_some() || matches!(tm.get(*ft), DType::Array { .. }) {
                        self.init_value(*ft, part);
                    } else if let Some(fi) = self.field(Element { aggregate: t, field: k as u32 }) {
                        fi.value(match part {
                            Some(p) if !p.is_null_or_undef() => constant_value(Some(p)),
                            _ => zero_of(tm, *ft),
                        });
                        fi.range(match part {
                            Some(p) if !p.is_null_or_undef() => constant_range(p),
                            _ => ValueRange::ZERO,
                        });
                        // A null pointer does not decide the allocator; a
                        // constant address is no allocation.
                        if matches!(tm.get(*ft), DType::Pointer(_)) && part.is_some_and(|p| !p.is_null_or_undef()) {
                            fi.alloc(SingleAlloc::Bottom);
                        }
                    }
                }
            }
            DType::Array { elem, len } => {
                let (elem, len) = (*elem, *len);
                if len > 4096 && c.is_some_and(|c| !c.is_null_or_undef()) {
                    return self.init_unknown(elem, 0);
                }
                for k in 0..len.min(4096) {
                    let part = match c {
                        Some(c) if c.is_null_or_undef() => None,
                        Some(c) => c.aggregate_element(k as u32),
                        None => None,
                    };
                    self.init_value(elem, part);
                    if c.is_none_or(|c| c.is_null_or_undef()) {
                        break; // all elements alike
                    }
                }
            }
            _ => {}
        }
    }

    fn function(&mut self, f: Function<'m>, loops: Loops<'m>, calls: f64) {
        let counts = profile_counts(f, self.prof);
        let mut fx = FnFrequencies { function: f, loops, counts, calls, est: self.est };
        for b in f.basic_blocks() {
            let weight = match &fx.counts {
                Some(c) => c.get(&b).copied().unwrap_or(0),
                None => self.est.weight(fx.loops.depth.get(&b).copied().unwrap_or(0)),
            };
            self.fx = Some(fx);
            for i in b.instructions() {
                self.instruction(i, weight);
            }
            fx = self.fx.take().expect("set above");
        }
    }

    /// Records the access of `elements` through `addr` by `i` in its region.
    fn region_access(&mut self, i: Instruction<'m>, addr: Value<'m>, elements: &[Element]) {
        let (Some(fx), Some(b)) = (&self.fx, i.parent_block()) else { return };
        self.regions.access(self.pt, fx, b, addr, elements);
    }

    fn instruction(&mut self, i: Instruction<'m>, weight: u64) {
        match i.opcode() {
            Opcode::LLVMLoad => {
                let Some(addr) = i.operand(0) else { return };
                let own = self.accessed(addr, i.as_value().ty());
                let outer = self.outer(addr, &own);
                let all: Vec<Element> = own.into_iter().chain(outer).collect();
                self.region_access(i, addr, &all);
                for e in all {
                    if let Some(fi) = self.field(e) {
                        fi.read = true;
                        fi.frequency = fi.frequency.saturating_add(weight);
                    }
                }
                self.loaded_pointer_uses(i);
            }
            Opcode::LLVMStore => {
                let (Some(val), Some(addr)) = (i.operand(0), i.operand(1)) else { return };
                let elements = self.accessed(addr, val.ty());
                let outer = self.outer(addr, &elements);
                let all: Vec<Element> = elements.iter().chain(&outer).copied().collect();
                self.region_access(i, addr, &all);
                let several = elements.len() > 1;
                let value = if several { SingleValue::Multiple } else { constant_value(Some(val)) };
                let alloc = self.alloc_of(val);
                for e in elements {
                    // Only a store of the field's own integer type writes
                    // the value it stores.
                    let own = !several && self.layout.ir_type(self.pt.tm(), field_type(self.pt, e)) == Some(val.ty());
                    let mut budget = RANGE_BUDGET;
                    let range = if own { Some(self.stored_range(val, e, true, &mut budget)) } else { None };
                    if let Some(fi) = self.field(e) {
                        fi.written = true;
                        fi.frequency = fi.frequency.saturating_add(weight);
                        fi.value(value.clone());
                        match range {
                            Some(r) => fi.stored(r),
                            None => fi.range(ValueRange::Any),
                        }
                        if val.ty().is_pointer() {
                            fi.alloc(alloc.clone());
                        }
                    }
                }
                // A part of an aggregate field written: the field is.
                self.part_written(&outer, weight);
            }
            Opcode::LLVMCall | Opcode::LLVMInvoke => self.call(i, weight),
            _ => {}
        }
        self.complex_uses(i);
    }

    /// The fields an access of IR type `ty` through `addr` touches: the
    /// address's fields, or field 0 (at any depth) of the structure it
    /// points to; all fields for a whole-structure access.
    fn accessed(&mut self, addr: Value<'m>, ty: dtrans_ir::Type<'m>) -> Vec<Element> {
        let Some(info) = self.pt.info(addr) else { return Vec::new() };
        if !info.elements.is_empty() {
            let mut out = info.elements.clone();
            // A field that is itself a structure, accessed at its start.
            let tm = self.pt.tm();
            for e in info.elements.clone() {
                let ft = struct_fields(tm, e.aggregate).and_then(|f| f.get(e.field as usize).copied());
                if let Some(ft) = ft {
                    self.first_fields(ft, &mut out);
                }
            }
            return out;
        }
        let Some(d) = info.dominant else { return Vec::new() };
        let Some(s) = self.pt.tm().pointee(d) else { return Vec::new() };
        if struct_fields(self.pt.tm(), s).is_none() {
            return Vec::new();
        }
        let whole = ty.struct_name().is_some()
            || (ty.int_width().is_some() && self.layout.size(self.pt.tm(), s) == ir_size(&self.layout, ty));
        if whole {
            let n = struct_fields(self.pt.tm(), s).map_or(0, |f| f.len());
            return (0..n as u32).map(|k| Element { aggregate: s, field: k }).collect();
        }
        let mut out = Vec::new();
        self.first_fields(s, &mut out);
        out
    }

    /// The fields (at any depth) that hold the place `addr` points to,
    /// other than `own`: an access inside an aggregate field (a part of a
    /// nested structure, an element of an array, the imaginary part of a
    /// complex number) is an access of that field and of every field
    /// around it, however the address was reached (typed steps, byte
    /// offsets into the field's middle).
    fn outer(&mut self, addr: Value<'m>, own: &[Element]) -> Vec<Element> {
        let Some((t, off)) = self.place(addr, 0) else { return Vec::new() };
        let tm = self.pt.tm();
        let Some(size) = self.layout.size(tm, t).filter(|s| *s > 0) else { return Vec::new() };
        let off = off.rem_euclid(size as i64) as u64;
        let Some((at, mut path)) = self.layout.resolve_path(tm, t, off) else { return Vec::new() };
        // (At the start of a field that is an aggregate, the path stops
        // before it: that field, and the first fields inside it, too.)
        self.first_fields(at, &mut path);
        path.into_iter().filter(|e| !own.contains(e)).collect()
    }

    /// Where `v` points: (the type of the object a chain of GEPs starts
    /// from, the byte offset from its start), variable indices taken as
    /// whole objects or array elements (the same field). A chain starts
    /// at a pointer to a structure (or an array) that is not known as a
    /// field's address. `None` when there is no such start.
    fn place(&mut self, v: Value<'m>, depth: u32) -> Option<(TypeId, i64)> {
        if let Some(p) = self.places.get(&v) {
            return *p;
        }
        if depth > 16 {
            return None;
        }
        let r = self.find_place(v, depth);
        self.places.insert(v, r);
        r
    }

    fn find_place(&mut self, v: Value<'m>, depth: u32) -> Option<(TypeId, i64)> {
        if let Some(idx) = v.gep_indices() {
            let src = match v.as_instruction() {
                Some(i) => i.gep_source_type(),
                None => v.const_gep_source_type(),
            };
            if let (Some(base), Some(src)) = (v.operand(0), src) {
                if let Some((t, off)) = self.place(base, depth + 1) {
                    let rel = self.layout.gep_place(src, &idx)?;
                    return Some((t, off.checked_add(rel)?));
                }
            }
        }
        let info = self.pt.info(v)?;
        if !info.elements.is_empty() {
            return None;
        }
        let tm = self.pt.tm();
        let obj = tm.pointee(info.dominant?)?;
        (struct_fields(tm, obj).is_some() || matches!(tm.get(obj), DType::Array { .. })).then_some((obj, 0))
    }

    /// The range of `v`, stored into field `e` (of `v`'s own integer type).
    /// `top`: `v` is what is stored, or reaches it only through selects
    /// and phis; there a load of the same field adds nothing (the value
    /// was in the field already). Constants, extensions from narrower
    /// types, masks, remainders, shifts, divisions by constants, and
    /// arithmetic on bounded values whose exact result fits; anything
    /// else is `Any`. `budget` bounds the values visited.
    fn stored_range(&mut self, v: Value<'m>, e: Element, top: bool, budget: &mut u32) -> ValueRange {
        use ValueRange::{Any, NoValue, Within};
        let Some(bits) = v.ty().int_width().filter(|b| (1..=64).contains(b)) else { return Any };
        if *budget == 0 {
            return Any;
        }
        *budget -= 1;
        match v.kind() {
            ValueKind::ConstantInt => return constant_range(v),
            ValueKind::Undef | ValueKind::Poison => return NoValue,
            _ => {}
        }
        let Some(i) = v.as_instruction() else { return Any };
        let op = |k: u32| i.operand(k);
        let konst = |k: u32| i.operand(k).and_then(|x| x.const_int_value()).map(i128::from);
        let width = |k: u32| i.operand(k).and_then(|x| x.ty().int_width()).unwrap_or(64).clamp(1, 64);
        let mut sub = |w: &mut Self, k: u32, top: bool| match op(k) {
            Some(x) => w.stored_range(x, e, top, budget),
            None => Any,
        };
        let nonneg = |r: ValueRange| match r {
            Within(lo, hi) if lo >= 0 => Some((lo, hi)),
            _ => None,
        };
        match i.opcode() {
            Opcode::LLVMLoad if top => {
                let same = i.operand(0).is_some_and(|a| self.accessed(a, v.ty()) == [e]);
                if same {
                    NoValue
                } else {
                    Any
                }
            }
            Opcode::LLVMSelect => {
                let a = sub(self, 1, top);
                a.join(sub(self, 2, top))
            }
            Opcode::LLVMPHI => {
                let mut r = NoValue;
                for k in 0..i.num_operands() {
                    r = r.join(sub(self, k, top));
                    if r == Any {
                        break;
                    }
                }
                r
            }
            Opcode::LLVMZExt => {
                let w = width(0);
                match sub(self, 0, false) {
                    Within(lo, hi) if lo >= 0 => Within(lo, hi),
                    _ => Within(0, (1i128 << w) - 1),
                }
            }
            Opcode::LLVMSExt => match sub(self, 0, false) {
                Within(lo, hi) => Within(lo, hi),
                _ => {
                    let (lo, hi) = signed_bounds(width(0));
                    Within(lo, hi)
                }
            },
            Opcode::LLVMTrunc => match sub(self, 0, false) {
                Within(lo, hi) => ValueRange::fit(lo, hi, bits),
                _ => Any,
            },
            Opcode::LLVMAnd => {
                let mask = [konst(1), konst(0)].into_iter().flatten().find(|c| *c >= 0);
                if let Some(c) = mask {
                    return Within(0, c);
                }
                let a = nonneg(sub(self, 0, false));
                let b = nonneg(sub(self, 1, false));
                match (a, b) {
                    (Some((_, x)), Some((_, y))) => Within(0, x.min(y)),
                    (Some((_, x)), None) | (None, Some((_, x))) => Within(0, x),
                    _ => Any,
                }
            }
            Opcode::LLVMOr | Opcode::LLVMXor => {
                let a = nonneg(sub(self, 0, false));
                let b = nonneg(sub(self, 1, false));
                match (a, b) {
                    // Below the next power of two of the larger.
                    (Some((_, x)), Some((_, y))) => {
                        let m = x.max(y);
                        let top_bit = 128 - m.leading_zeros();
                        ValueRange::fit(0, (1i128 << top_bit) - 1, bits)
                    }
                    _ => Any,
                }
            }
            Opcode::LLVMURem => match konst(1) {
                Some(c) if c > 0 => Within(0, c - 1),
                _ => match nonneg(sub(self, 0, false)) {
                    Some((_, hi)) => Within(0, hi),
                    None => Any,
                },
            },
            Opcode::LLVMSRem => match konst(1) {
                Some(c) if c != 0 && c != i128::from(i64::MIN) => Within(-(c.abs() - 1), c.abs() - 1),
                _ => Any,
            },
            Opcode::LLVMLShr => match konst(1) {
                Some(k) if (1..i128::from(bits)).contains(&k) => match nonneg(sub(self, 0, false)) {
                    Some((lo, hi)) => Within(lo >> k, hi >> k),
                    None => Within(0, (1i128 << (i128::from(bits) - k)) - 1),
                },
                _ => Any,
            },
            Opcode::LLVMAShr => match konst(1) {
                Some(k) if (1..i128::from(bits)).contains(&k) => match sub(self, 0, false) {
                    Within(lo, hi) => Within(lo >> k, hi >> k),
                    _ => {
                        let (lo, hi) = signed_bounds(bits);
                        Within(lo >> k, hi >> k)
                    }
                },
                _ => Any,
            },
            Opcode::LLVMUDiv => match konst(1) {
                Some(c) if c > 1 => match nonneg(sub(self, 0, false)) {
                    Some((lo, hi)) => Within(lo / c, hi / c),
                    None => ValueRange::fit(0, ((1i128 << bits) - 1) / c, bits),
                },
                _ => Any,
            },
            Opcode::LLVMSDiv => match (konst(1), sub(self, 0, false)) {
                (Some(c), Within(lo, hi)) if c > 0 => Within(lo / c, hi / c),
                _ => Any,
            },
            Opcode::LLVMAdd | Opcode::LLVMSub | Opcode::LLVMMul => {
                let (Within(a, b), Within(c, d)) = (sub(self, 0, false), sub(self, 1, false)) else { return Any };
                let (lo, hi) = match i.opcode() {
                    Opcode::LLVMAdd => (a + c, b + d),
                    Opcode::LLVMSub => (a - d, b - c),
                    _ => {
                        let p = [a * c, a * d, b * c, b * d];
                        (*p.iter().min().expect("four"), *p.iter().max().expect("four"))
                    }
                };
                ValueRange::fit(lo, hi, bits)
            }
            Opcode::LLVMICmp | Opcode::LLVMFCmp => {
                // An i1: 0 or -1 as a signed 1-bit integer.
                Within(-1, 0)
            }
            _ => Any,
        }
    }

    /// Fields holding a part that was written (by a store or a memory
    /// intrinsic): written, with no single value.
    fn part_written(&mut self, outer: &[Element], weight: u64) {
        for e in outer {
            let pointer = matches!(self.pt.tm().get(field_type(self.pt, *e)), DType::Pointer(_));
            if let Some(fi) = self.field(*e) {
                fi.written = true;
                fi.frequency = fi.frequency.saturating_add(weight);
                fi.value(SingleValue::Multiple);
                fi.range(ValueRange::Any);
                if pointer {
                    fi.alloc(SingleAlloc::Bottom);
                }
            }
        }
    }

    /// Field 0 of `t`, of what is at its start, and so on.
    fn first_fields(&self, t: TypeId, out: &mut Vec<Element>) {
        let tm = self.pt.tm();
        for z in zero_chain(tm, t) {
            if matches!(tm.get(z), DType::Struct(_)) && struct_fields(tm, z).is_some_and(|f| !f.is_empty()) {
                let e = Element { aggregate: z, field: 0 };
                if !out.contains(&e) {
                    out.push(e);
                }
            }
        }
    }

    /// What a stored pointer's allocator is: null (no decision), the result
    /// of an allocating call (that function), anything else (bottom).
    fn alloc_of(&self, v: Value<'m>) -> SingleAlloc {
        if v.is_null_or_undef() {
            return SingleAlloc::Top;
        }
        let Some(i) = v.as_instruction() else { return SingleAlloc::Bottom };
        if !i.is_call() {
            return SingleAlloc::Bottom;
        }
        match i.called_function() {
            Some(f) if matches!(self.pt.mem_fns.kind(f), Some(MemFn::Alloc(_))) => {
                SingleAlloc::Single(format!("@{}", f.name()))
            }
            _ => SingleAlloc::Bottom,
        }
    }

    /// The escape check of the Single Alloc Function analysis: a pointer
    /// loaded from a field and then stored elsewhere, or passed to a
    /// function that is not a free, may be changed behind the field's back.
    fn loaded_pointer_uses(&mut self, i: Instruction<'m>) {
        let v = i.as_value();
        if !v.ty().is_pointer() {
            return;
        }
        let Some(addr) = i.operand(0) else { return };
        let Some(info) = self.pt.info(addr) else { return };
        if info.elements.is_empty() {
            return;
        }
        let escapes = v.users().iter().any(|u| {
            let Some(ui) = u.as_instruction() else { return true };
            match ui.opcode() {
                Opcode::LLVMStore => ui.operand(0) == Some(v),
                Opcode::LLVMCall | Opcode::LLVMInvoke => {
                    // Freed (as the freed argument only: a free wrapper's
                    // other parameters are the program's).
                    let freed = match ui.called_function().and_then(|f| self.pt.mem_fns.kind(f)) {
                        Some(MemFn::Free(k)) => (0..ui.call_arg_count().unwrap_or(0))
                            .all(|a| (ui.call_arg(a) == Some(v)) == (a == k.freed_arg())),
                        _ => false,
                    };
                    !freed && !ui.called_function().is_some_and(|f| f.name().starts_with("llvm."))
                }
                Opcode::LLVMRet => true,
                _ => false,
            }
        });
        if escapes {
            for e in info.elements.clone() {
                if let Some(fi) = self.field(e) {
                    fi.alloc(SingleAlloc::Bottom);
                }
            }
        }
    }

    /// ComplexUse: a field address used other than as the address of a
    /// load or store (or to reach a nested field).
    fn complex_uses(&mut self, i: Instruction<'m>) {
        let v = i.as_value();
        let Some(info) = self.pt.info(v) else { return };
        if info.elements.is_empty() || !v.ty().is_pointer() {
            return;
        }
        let complex = v.users().iter().any(|u| {
            let Some(ui) = u.as_instruction() else { return true };
            match ui.opcode() {
                Opcode::LLVMLoad => false,
                Opcode::LLVMStore => {
                    ui.operand(0) == Some(v)
                        && !ui.operand(1).is_some_and(|a| {
                            a.as_instruction().is_some_and(|a| a.opcode() == Opcode::LLVMAlloca) && is_simple_slot(a)
                        })
                }
                Opcode::LLVMGetElementPtr => false,
                _ => true,
            }
        });
        if complex {
            for e in info.elements.clone() {
                if let Some(fi) = self.field(e) {
                    fi.complex_use = true;
                }
            }
        }
    }

    /// Every field of an object of type `t` (and of structures nested in
    /// it) gets its zero (`calloc`).
    fn zero_all(&mut self, t: TypeId) {
        self.fill_all(t, true);
    }

    /// Every scalar field of `t` (and of what it holds) written: with its
    /// zero, or with an unknown value.
    fn fill_all(&mut self, t: TypeId, zero: bool) {
        let tm = self.pt.tm();
        let mut base = t;
        while let DType::Array { elem, .. } = tm.get(base) {
            base = *elem;
        }
        let Some(fields) = struct_fields(tm, base).map(|f| f.to_vec()) else { return };
        for (k, ft) in fields.iter().enumerate() {
            if struct_fields(tm, *ft).is_some() || matches!(tm.get(*ft), DType::Array { .. }) {
                self.fill_all(*ft, zero);
            } else if let Some(fi) = self.field(Element { aggregate: base, field: k as u32 }) {
                fi.value(if zero { zero_of(tm, *ft) } else { SingleValue::Multiple });
                fi.range(if zero { ValueRange::ZERO } else { ValueRange::Any });
            }
        }
    }

    /// Memory intrinsics and allocations write fields; `calloc` zeroes them.
    /// The address of a field given to any other function as a constant
    /// (`&g.b` of a global, which no instruction computes) is a complex use
    /// whose writes the analysis does not see (`sscanf(s, "%ld", &g.b)`).
    fn call(&mut self, i: Instruction<'m>, weight: u64) {
        let callee = i.called_function().map(|f| f.name()).unwrap_or_default();
        let own = ["llvm.memset", "llvm.memcpy", "llvm.memmove", "llvm.dbg", "llvm.lifetime"];
        if !own.iter().any(|p| callee.starts_with(p)) {
            for k in 0..i.call_arg_count().unwrap_or(0) {
                let Some(a) = i.call_arg(k).filter(|a| a.kind() == ValueKind::ConstantExpr && a.ty().is_pointer())
                else {
                    continue;
                };
                let elements = self.pt.info(a).map(|x| x.elements.clone()).unwrap_or_default();
                for e in elements {
                    if let Some(fi) = self.field(e) {
                        fi.complex_use = true;
                        fi.value(SingleValue::Multiple);
                        fi.range(ValueRange::Any);
                    }
                }
            }
        }
        if let Some(MemFn::Alloc(k)) = self.pt.mem_fns.of_call(i) {
            use crate::alloc::AllocKind as A;
            if matches!(k, A::Calloc | A::UserCalloc | A::UserRealloc) {
                // (A realloc wrapper may call calloc inside.)
                if let Some(t) = self.allocated.get(&i).copied() {
                    self.zero_all(t);
                }
            }
            // A wrapper that clears its block (`zalloc`) wrote every field.
            if let (Some(fill), Some(t)) = (self.pt.mem_fns.fill_of_call(i), self.allocated.get(&i).copied()) {
                self.fill_all(t, fill == crate::alloc::Fill::Zero);
            }
        }
        let Some(f) = i.called_function() else { return };
        let name = f.name();
        let is = |p: &str| name.starts_with(p);
        if is("llvm.memset") || is("llvm.memcpy") || is("llvm.memmove") {
            let zero = is("llvm.memset") && i.call_arg(1).and_then(|v| v.const_int_value()) == Some(0);
            let written = self.covered(i.call_arg(0), i.call_arg(2));
            // A copy of the same fields from another object of the same
            // structure: the values were in those fields already.
            let same_fields =
                !is("llvm.memset") && !written.is_empty() && self.covered(i.call_arg(1), i.call_arg(2)) == written;
            if let Some(d) = i.call_arg(0) {
                let outer = self.outer(d, &written);
                self.part_written(&outer, weight);
            }
            for e in written {
                let pt = self.pt;
                let value = if zero { zero_of(pt.tm(), field_type(pt, e)) } else { SingleValue::Multiple };
                let range = match (zero, same_fields) {
                    (true, _) => ValueRange::ZERO,
                    (false, true) => ValueRange::NoValue,
                    (false, false) => ValueRange::Any,
                };
                if let Some(fi) = self.field(e) {
                    fi.written = true;
                    fi.frequency = fi.frequency.saturating_add(weight);
                    fi.value(value);
                    fi.range(range);
                    if !zero {
                        fi.alloc(SingleAlloc::Bottom);
                    }
                }
            }
            if !is("llvm.memset") {
                let read = self.covered(i.call_arg(1), i.call_arg(2));
                let outer = match i.call_arg(1) {
                    Some(p) => self.outer(p, &read),
                    None => Vec::new(),
                };
                for e in read.into_iter().chain(outer) {
                    if let Some(fi) = self.field(e) {
                        fi.read = true;
                        fi.frequency = fi.frequency.saturating_add(weight);
                    }
                }
            }
        }
    }

    /// The fields `len` bytes from `p` cover (all fields of the structures
    /// for a length that is not a constant).
    fn covered(&mut self, p: Option<Value<'m>>, len: Option<Value<'m>>) -> Vec<Element> {
        let Some(info) = p.and_then(|p| self.pt.info(p)) else { return Vec::new() };
        let tm = self.pt.tm();
        let (agg, start) = match info.elements.as_slice() {
            [e] => match self.layout.field_offset(tm, e.aggregate, e.field) {
                Some(o) => (e.aggregate, o),
                None => return Vec::new(),
            },
            // (An array of structures, at any depth, is its elements:
            // `struct s a[2][1250] = {0}` is one `memset` of the array.)
            [] => match info.dominant.and_then(|d| tm.pointee(d)).map(|p| innermost_element(tm, p)) {
                Some(s) if struct_fields(tm, s).is_some() => (s, 0),
                _ => return Vec::new(),
            },
            _ => return info.elements.clone(),
        };
        let size = self.layout.size(tm, agg).unwrap_or(0);
        let end = match len.and_then(|l| l.const_uint_value()) {
            Some(l) if l < size => start + l,
            _ => u64::MAX,
        };
        let mut out = Vec::new();
        self.cover(agg, start, end, &mut out, 0);
        out
    }

    /// The fields of `agg` (and, inside them, of the structures they hold)
    /// with bytes in `[lo, hi)`, offsets relative to `agg`.
    fn cover(&mut self, agg: TypeId, lo: u64, hi: u64, out: &mut Vec<Element>, depth: u32) {
        let tm = self.pt.tm();
        let Some(fields) = struct_fields(tm, agg).map(|f| f.to_vec()) else { return };
        if depth > 16 {
            return;
        }
        for (k, ft) in fields.iter().enumerate() {
            let Some(off) = self.layout.field_offset(tm, agg, k as u32) else { continue };
            let size = self.layout.size(tm, *ft).unwrap_or(1).max(1);
            if off >= hi || off + size <= lo {
                continue;
            }
            out.push(Element { aggregate: agg, field: k as u32 });
            let (l, h) = (lo.saturating_sub(off), hi.saturating_sub(off).min(size));
            let mut inner = *ft;
            let mut stride = 0;
            let mut count = 1;
            while let DType::Array { elem, len } = tm.get(inner) {
                stride = self.layout.size(tm, *elem).unwrap_or(0);
                count *= len;
                inner = *elem;
            }
            if struct_fields(tm, inner).is_none() {
                continue;
            }
            if stride == 0 {
                self.cover(inner, l, h, out, depth + 1);
            } else {
                // An array of structures: the elements the range touches
                // (the first and last may be partial).
                let first = l / stride;
                let last = ((h - 1) / stride).min(count.saturating_sub(1));
                for e in first..=last.min(first + 1) {
                    self.cover(
                        inner,
                        l.saturating_sub(e * stride),
                        h.saturating_sub(e * stride).min(stride),
                        out,
                        depth + 1,
                    );
                }
                if last > first + 1 {
                    self.cover(inner, 0, stride, out, depth + 1);
                }
            }
        }
    }
}

/// The element of an array of arrays (`S` for `[2 x [1250 x S]]`), or `t`.
fn innermost_element(tm: &dtrans_types::TypeManager, mut t: TypeId) -> TypeId {
    while let DType::Array { elem, .. } = tm.get(t) {
        t = *elem;
    }
    t
}

/// The type of field `e` (i8 when unknown: only used for its zero).
fn field_type(pt: &PtrTypes<'_>, e: Element) -> TypeId {
    struct_fields(pt.tm(), e.aggregate).and_then(|f| f.get(e.field as usize).copied()).unwrap_or(e.aggregate)
}

fn ir_size(layout: &Layout<'_, '_>, ty: dtrans_ir::Type<'_>) -> Option<u64> {
    layout.ir_size(ty)
}

/// How many values [`FieldWalk::stored_range`] looks at for one store.
const RANGE_BUDGET: u32 = 64;

/// The range of an integer constant (`Any` for other constants).
fn constant_range(v: Value<'_>) -> ValueRange {
    match v.const_int_value() {
        Some(c) => ValueRange::Within(i128::from(c), i128::from(c)),
        None => ValueRange::Any,
    }
}

/// The Single Value lattice element of a stored or initial value.
fn constant_value(v: Option<Value<'_>>) -> SingleValue {
    let Some(v) = v else { return SingleValue::Single("0".into()) };
    match v.kind() {
        ValueKind::ConstantInt => match v.const_int_value() {
            Some(c) => SingleValue::Single(c.to_string()),
            None => SingleValue::Multiple,
        },
        ValueKind::ConstantNull if v.ty().is_pointer() => SingleValue::Single("null".into()),
        ValueKind::ConstantNull => match v.ty().int_width() {
            Some(_) => SingleValue::Single("0".into()),
            None => SingleValue::Single("0.0".into()),
        },
        // (Printing a value through LLVM numbers the whole module each
        // time: names and numbers are read directly instead.)
        ValueKind::ConstantFP => match v.const_fp_value() {
            Some(x) => SingleValue::Single(format!("{x:?}")),
            None => SingleValue::Multiple,
        },
        ValueKind::Function | ValueKind::GlobalVariable => SingleValue::Single(format!("@{}", v.name())),
        _ => SingleValue::Multiple,
    }
}

/// Execution counts of the blocks of `f` from its profile metadata: the
/// entry count, and each edge's count from its terminator's branch weights
/// (a terminator without weights passes its block's count to its one
/// successor). `None` without a function entry count.
fn profile_counts<'m>(f: Function<'m>, prof: u32) -> Option<HashMap<BasicBlock<'m>, u64>> {
    let md = f.as_value().metadata(prof)?;
    let ops = md.operands();
    let tag = ops.first().copied().flatten().and_then(|o| o.as_string())?;
    if tag != "function_entry_count" && tag != "synthetic_function_entry_count" {
        return None;
    }
    let entry = ops.get(1).copied().flatten().and_then(|o| o.as_constant()).and_then(|c| c.const_uint_value())?;
    let blocks: Vec<BasicBlock<'m>> = f.basic_blocks().collect();
    let index: HashMap<BasicBlock<'m>, usize> = blocks.iter().enumerate().map(|(k, b)| (*b, k)).collect();
    // Outgoing edges with their weights (None: the block's whole count).
    let mut edges: Vec<Vec<(usize, Option<u64>)>> = Vec::with_capacity(blocks.len());
    for b in &blocks {
        let Some(t) = b.terminator() else {
            edges.push(Vec::new());
            continue;
        };
        let succs: Vec<usize> = t.successors().iter().filter_map(|s| index.get(s).copied()).collect();
        let weights: Option<Vec<u64>> = t.metadata_of_kind(prof).and_then(|w| {
            let ops = w.operands();
            (ops.first().copied().flatten()?.as_string()? == "branch_weights").then(|| {
                ops.iter()
                    .skip(1)
                    .filter_map(|o| o.and_then(|o| o.as_constant()).and_then(|c| c.const_uint_value()))
                    .collect()
            })
        });
        edges.push(match weights {
            Some(ws) if ws.len() == succs.len() => succs.into_iter().zip(ws).map(|(s, w)| (s, Some(w))).collect(),
            _ if succs.len() == 1 => vec![(succs[0], None)],
            // Several successors and no weights: counts unknown past here.
            _ => succs.into_iter().map(|s| (s, Some(0))).collect(),
        });
    }
    // count(b) = entry + sum of incoming edges, to a fixed point (cycles of
    // unweighted edges are broken by the bound on passes).
    let mut count = vec![0u64; blocks.len()];
    for _ in 0..blocks.len() + 2 {
        let mut next = vec![0u64; blocks.len()];
        if !next.is_empty() {
            next[0] = entry;
        }
        for (b, out) in edges.iter().enumerate() {
            for (s, w) in out {
                next[*s] = next[*s].saturating_add(w.unwrap_or(count[b]));
            }
        }
        if next == count {
            break;
        }
        count = next;
    }
    Some(blocks.into_iter().zip(count).collect())
}

/// The zero of a field's type as the lattice writes it (`null`, `0.0`, `0`),
/// the value `calloc`, a zero initializer or a zeroing memset gives it.
fn zero_of(tm: &dtrans_types::TypeManager, t: TypeId) -> SingleValue {
    SingleValue::Single(
        match tm.get(t) {
            DType::Pointer(_) => "null",
            DType::Atomic(_) => "0.0",
            _ => "0",
        }
        .into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn single(s: &str) -> SingleValue {
        SingleValue::Single(s.into())
    }

    #[test]
    fn single_value_lattice_joins_downward() {
        let mut f = FieldInfo::default();
        assert_eq!(f.single_value, SingleValue::NoValue);
        f.value(SingleValue::NoValue);
        assert_eq!(f.single_value, SingleValue::NoValue, "no value joined with no value");
        f.value(single("7"));
        assert_eq!(f.single_value, single("7"), "top joined with a constant");
        f.value(single("7"));
        assert_eq!(f.single_value, single("7"), "the same constant again");
        f.value(SingleValue::NoValue);
        assert_eq!(f.single_value, single("7"), "no value changes nothing");
        f.value(single("8"));
        assert_eq!(f.single_value, SingleValue::Multiple, "two constants");
        f.value(single("7"));
        assert_eq!(f.single_value, SingleValue::Multiple, "bottom stays bottom");
    }

    #[test]
    fn value_range_joins_to_the_hull() {
        use ValueRange::{Any, NoValue, Within};
        let rows = [
            (NoValue, NoValue, NoValue),
            (NoValue, Within(3, 4), Within(3, 4)),
            (Within(3, 4), NoValue, Within(3, 4)),
            (Within(3, 4), Within(-1, 0), Within(-1, 4)),
            (Within(0, 10), Within(2, 5), Within(0, 10)),
            (Within(0, 10), Any, Any),
            (Any, NoValue, Any),
        ];
        for (a, b, want) in rows {
            assert_eq!(a.join(b), want, "{a:?} joined with {b:?}");
        }
        let mut f = FieldInfo::default();
        f.stored(Within(0, 7));
        f.stored(Any);
        assert_eq!((f.range, f.range_unchecked), (Any, Within(0, 7)), "an unknown store is checkable");
        f.range(Any);
        assert_eq!(f.range_unchecked, Any, "an unknown value from elsewhere is not");
    }

    #[test]
    fn ranges_fit_signed_widths() {
        assert_eq!(ValueRange::fit(-128, 127, 8), ValueRange::Within(-128, 127));
        assert_eq!(ValueRange::fit(0, 128, 8), ValueRange::Any);
        assert_eq!(ValueRange::fit(i128::from(i64::MIN), 0, 64), ValueRange::Within(i128::from(i64::MIN), 0));
        assert_eq!(ValueRange::fit(0, i128::from(i64::MAX) + 1, 64), ValueRange::Any);
        assert_eq!(ValueRange::fit(5, 4, 32), ValueRange::Any, "an empty range");
    }

    #[test]
    fn single_alloc_lattice_joins_downward() {
        let mut f = FieldInfo::default();
        assert_eq!(f.single_alloc, SingleAlloc::Top);
        f.alloc(SingleAlloc::Top);
        assert_eq!(f.single_alloc, SingleAlloc::Top, "null stores decide nothing");
        f.alloc(SingleAlloc::Single("@malloc".into()));
        f.alloc(SingleAlloc::Single("@malloc".into()));
        assert_eq!(f.single_alloc, SingleAlloc::Single("@malloc".into()));
        f.alloc(SingleAlloc::Single("@xmalloc".into()));
        assert_eq!(f.single_alloc, SingleAlloc::Bottom, "two allocators");
        f.alloc(SingleAlloc::Top);
        assert_eq!(f.single_alloc, SingleAlloc::Bottom, "bottom stays bottom");
        let mut g = FieldInfo::default();
        g.alloc(SingleAlloc::Bottom);
        g.alloc(SingleAlloc::Single("@malloc".into()));
        assert_eq!(g.single_alloc, SingleAlloc::Bottom);
    }
}
