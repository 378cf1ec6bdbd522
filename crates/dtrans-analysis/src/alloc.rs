//! Allocation analysis (document 001, "Call"): which calls allocate or free
//! memory, what type they allocate, and whether the size is a whole number
//! of objects of that type.
//!
//! Library functions are recognised by name *and* prototype (a user
//! function named `malloc` with another signature is not one). User
//! wrappers are recognised from their bodies, never by name:
//! - `AK_UserMalloc0`: every return is null or the result of a library
//!   allocation whose size is the function's parameter 0 (possibly through
//!   the `-O0` store/load of that parameter's stack slot); the allocated
//!   pointer is only returned, compared, cast, or passed to `llvm.memset`;
//!   the size reaches nothing else (the layout passes change it: a
//!   wrapper that counts or checks it would see that).
//! - `AK_UserMalloc`: the same with exactly one parameter.
//! - a calloc wrapper: the same with `calloc(p0, p1)`.
//! - a realloc wrapper: parameters (pointer, size, ...); every return is
//!   null or `realloc(p0, p1)`, `malloc(p1)` or `calloc(1, p1)`.
//! - user free: a function whose pointer parameter 0 reaches a library free
//!   call on every path that returns while it is not null.
//! - the same wrappers of malloc and free with the size or the freed
//!   pointer at another parameter, when exactly one parameter fits
//!   (`BrotliAllocate(m, n)`, `BrotliFree(m, p)`): `UserMallocArg`,
//!   `UserFreeArg`; a malloc wrapper may allocate through one of those,
//!   its size passed there and in no other argument.
use dtrans_ir::{Function, Instruction, Module, Opcode, Value, ValueKind};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AllocKind {
    Malloc,
    Calloc,
    Realloc,
    ReallocArray,
    AlignedAlloc,
    PosixMemalign,
    Strdup,
    New,
    NewArray,
    UserMalloc,
    UserMalloc0,
    /// A wrapper of `calloc(p0, p1)` (document 001 leaves room for
    /// wrappers of calloc; same rules as AK_UserMalloc0).
    UserCalloc,
    /// A wrapper of `realloc(p0, p1)` (document 001: "extended to handle
    /// ... those that call calloc and realloc"): every return is null or
    /// `realloc(p0, p1)`, `malloc(p1)` or `calloc` of `p1` bytes, the
    /// result only returned, compared or cleared.
    UserRealloc,
    /// A malloc wrapper whose size is parameter `k` (k >= 1), the others
    /// the program's own (`BrotliAllocate(m, n)`, with the memory
    /// manager's hook made direct): the rules of `UserMalloc0`.
    UserMallocArg(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FreeKind {
    Free,
    Delete,
    DeleteArray,
    UserFree,
    /// A free wrapper whose freed pointer is parameter `k` (k >= 1):
    /// `BrotliFree(m, p)`.
    UserFreeArg(u32),
}

impl FreeKind {
    /// The argument that is freed.
    pub fn freed_arg(self) -> u32 {
        match self {
            FreeKind::UserFreeArg(k) => k,
            _ => 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum MemFn {
    Alloc(AllocKind),
    Free(FreeKind),
}

impl AllocKind {
    /// Argument positions whose product is the allocated size (one or two),
    /// `None` when the size is not an argument (`strdup`).
    pub fn size_args(self) -> Option<(u32, Option<u32>)> {
        Some(match self {
            AllocKind::Malloc | AllocKind::New | AllocKind::NewArray => (0, None),
            AllocKind::UserMalloc | AllocKind::UserMalloc0 => (0, None),
            AllocKind::UserMallocArg(k) => (k, None),
            AllocKind::Calloc | AllocKind::UserCalloc => (0, Some(1)),
            AllocKind::Realloc | AllocKind::AlignedAlloc | AllocKind::UserRealloc => (1, None),
            AllocKind::ReallocArray => (1, Some(2)),
            AllocKind::PosixMemalign => (2, None),
            AllocKind::Strdup => return None,
        })
    }
}

/// What one signature must look like: `p` a pointer, `i` a 64-bit integer
/// (`size_t`), `w` an `i32`, `v` void.
fn library_kind(name: &str) -> Option<(MemFn, &'static str)> {
    use AllocKind as A;
    use FreeKind as F;
    Some(match name {
        "malloc" => (MemFn::Alloc(A::Malloc), "p:i"),
        "calloc" => (MemFn::Alloc(A::Calloc), "p:ii"),
        "realloc" => (MemFn::Alloc(A::Realloc), "p:pi"),
        "reallocarray" => (MemFn::Alloc(A::ReallocArray), "p:pii"),
        "aligned_alloc" => (MemFn::Alloc(A::AlignedAlloc), "p:ii"),
        "posix_memalign" => (MemFn::Alloc(A::PosixMemalign), "w:pii"),
        "strdup" => (MemFn::Alloc(A::Strdup), "p:p"),
        // operator new (size), (size, nothrow_t&), (size, align_val_t)
        "_Znwm" => (MemFn::Alloc(A::New), "p:i"),
        "_ZnwmRKSt9nothrow_t" => (MemFn::Alloc(A::New), "p:ip"),
        "_ZnwmSt11align_val_t" => (MemFn::Alloc(A::New), "p:ii"),
        "_Znam" => (MemFn::Alloc(A::NewArray), "p:i"),
        "_ZnamRKSt9nothrow_t" => (MemFn::Alloc(A::NewArray), "p:ip"),
        "_ZnamSt11align_val_t" => (MemFn::Alloc(A::NewArray), "p:ii"),
        "free" => (MemFn::Free(F::Free), "v:p"),
        "_ZdlPv" => (MemFn::Free(F::Delete), "v:p"),
        "_ZdlPvm" => (MemFn::Free(F::Delete), "v:pi"),
        "_ZdlPvSt11align_val_t" => (MemFn::Free(F::Delete), "v:pi"),
        "_ZdaPv" => (MemFn::Free(F::DeleteArray), "v:p"),
        "_ZdaPvm" => (MemFn::Free(F::DeleteArray), "v:pi"),
        "_ZdaPvSt11align_val_t" => (MemFn::Free(F::DeleteArray), "v:pi"),
        _ => return None,
    })
}

fn signature_matches(f: Function<'_>, sig: &str) -> bool {
    let fty = f.function_type();
    let (ret, params) = sig.split_once(':').expect("signature has a colon");
    let code = |t: dtrans_ir::Type<'_>| -> char {
        if t.is_pointer() {
            'p'
        } else if t.is_void() {
            'v'
        } else {
            match t.int_width() {
                Some(64) => 'i',
                Some(32) => 'w',
                _ => '?',
            }
        }
    };
    let Some(rt) = fty.return_type() else { return false };
    let ps = fty.param_types();
    !fty.is_var_arg()
        && ret.starts_with(code(rt))
        && ps.len() == params.len()
        && ps.iter().zip(params.chars()).all(|(t, c)| code(*t) == c)
}

/// The library allocation or free function `f` is, by name and prototype.
/// Only declarations count: a defined `malloc` is the program's own.
pub fn classify_library(f: Function<'_>) -> Option<MemFn> {
    if !f.is_declaration() {
        return None;
    }
    let (kind, sig) = library_kind(&f.name())?;
    signature_matches(f, sig).then_some(kind)
}

/// Every function of the module that allocates or frees, library and user
/// wrappers.
pub struct MemFns<'m> {
    kinds: HashMap<Function<'m>, MemFn>,
    /// Allocation wrappers that write their block before returning it
    /// (`p = malloc(n); memset(p, 0, n); return p;`).
    fills: HashMap<Function<'m>, Fill>,
}

/// What an allocation wrapper writes into its block: zeros, or something
/// else (another `memset` byte). A wrapper only ever memsets its whole
/// block (`uses_stay_local`); any other memset in its body counts too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Fill {
    Zero,
    Other,
}

impl<'m> MemFns<'m> {
    pub fn find(m: &'m Module<'_>) -> Self {
        let mut kinds = HashMap::default();
        for f in m.functions() {
            if let Some(k) = classify_library(f) {
                kinds.insert(f, k);
            }
        }
        // Wrappers of wrappers are found by going again until nothing new.
        loop {
            let mut added = false;
            for f in m.functions() {
                if f.is_declaration() || kinds.contains_key(&f) {
                    continue;
                }
                if let Some(k) = user_wrapper(f, &kinds) {
                    kinds.insert(f, k);
                    added = true;
                }
            }
            if !added {
                break;
            }
        }
        let fills = wrapper_fills(&kinds);
        MemFns { kinds, fills }
    }

    /// What the allocation wrapper a call calls writes into its block.
    pub fn fill_of_call(&self, call: Instruction<'m>) -> Option<Fill> {
        self.fills.get(&call.called_function()?).copied()
    }

    pub fn kind(&self, f: Function<'m>) -> Option<MemFn> {
        self.kinds.get(&f).copied()
    }

    /// The kind of memory function a call calls directly.
    pub fn of_call(&self, call: Instruction<'m>) -> Option<MemFn> {
        self.kind(call.called_function()?)
    }
}

/// The fill of every allocation wrapper: a `memset` in its body (the only
/// write `uses_stay_local` lets a wrapper make), or a call of a wrapper that
/// fills, until nothing changes.
fn wrapper_fills<'m>(kinds: &HashMap<Function<'m>, MemFn>) -> HashMap<Function<'m>, Fill> {
    let mut fills: HashMap<Function<'m>, Fill> = HashMap::default();
    loop {
        let mut changed = false;
        for (f, k) in kinds {
            if !matches!(k, MemFn::Alloc(_)) || f.is_declaration() {
                continue;
            }
            let mut fill = fills.get(f).copied();
            for i in f.instructions().filter(|i| i.is_call()) {
                let Some(c) = i.called_function() else { continue };
                let this = if c.name().starts_with("llvm.memset.") {
                    let zero = i.call_arg(1).and_then(|v| v.const_int_value()) == Some(0);
                    Some(if zero { Fill::Zero } else { Fill::Other })
                } else {
                    fills.get(&c).copied()
                };
                fill = match (fill, this) {
                    (a, None) => a,
                    (None, b) => b,
                    (Some(Fill::Zero), Some(Fill::Zero)) => Some(Fill::Zero),
                    _ => Some(Fill::Other),
                };
            }
            if let Some(x) = fill {
                if fills.insert(*f, x) != Some(x) {
                    changed = true;
                }
            }
        }
        if !changed {
            return fills;
        }
    }
}

/// Looks through casts and the `-O0` stack slot of a local: a load from an
/// alloca that is stored exactly once, with `v`'s source.
pub fn trace_source(mut v: Value<'_>) -> Value<'_> {
    for _ in 0..16 {
        let Some(i) = v.as_instruction() else { return v };
        match i.opcode() {
            Opcode::LLVMBitCast
            | Opcode::LLVMZExt
            | Opcode::LLVMSExt
            | Opcode::LLVMTrunc
            | Opcode::LLVMAddrSpaceCast
            | Opcode::LLVMFreeze => match i.operand(0) {
                Some(o) => v = o,
                None => return v,
            },
            Opcode::LLVMLoad => match i.operand(0).and_then(single_store_to_alloca) {
                Some(s) => v = s,
                None => return v,
            },
            _ => return v,
        }
    }
    v
}

/// The value stored into `slot` if `slot` is an alloca whose users are
/// loads and exactly one store into it.
fn single_store_to_alloca(slot: Value<'_>) -> Option<Value<'_>> {
    let a = slot.as_instruction().filter(|i| i.opcode() == Opcode::LLVMAlloca)?;
    let mut stored = None;
    for u in a.as_value().users() {
        let ui = u.as_instruction()?;
        match ui.opcode() {
            Opcode::LLVMLoad => {}
            Opcode::LLVMStore if ui.operand(1) == Some(slot) && ui.operand(0) != Some(slot) => {
                if stored.is_some() {
                    return None;
                }
                stored = ui.operand(0);
            }
            // Lifetime markers (-O2 before LLVM passes) say nothing of the
            // value; debug intrinsics are records in LLVM 19; anything else
            // is a use we do not follow.
            Opcode::LLVMCall if is_lifetime_marker(ui) => {}
            _ => return None,
        }
    }
    stored
}

/// `llvm.lifetime.start`/`end`: markers on a stack slot, no use of what it
/// holds.
pub(crate) fn is_lifetime_marker(i: Instruction<'_>) -> bool {
    i.called_function().is_some_and(|f| f.name().starts_with("llvm.lifetime."))
}

/// Whether `f` is an allocation or free wrapper (see the module comment).
fn user_wrapper<'m>(f: Function<'m>, known: &HashMap<Function<'m>, MemFn>) -> Option<MemFn> {
    let fty = f.function_type();
    let params = f.params();
    let first = *params.first()?;
    let ret_ptr = fty.return_type().is_some_and(|t| t.is_pointer());
    if ret_ptr && first.ty().int_width().is_some() {
        let second = params.get(1).copied();
        if let Some(calloc) = malloc_wrapper(f, first, second, known) {
            return Some(MemFn::Alloc(if calloc {
                AllocKind::UserCalloc
            } else if params.len() == 1 {
                AllocKind::UserMalloc
            } else {
                AllocKind::UserMalloc0
            }));
        }
    }
    let second = params.get(1).copied();
    if ret_ptr && first.ty().is_pointer() && second.is_some_and(|s| s.ty().int_width().is_some()) {
        if realloc_wrapper(f, first, second?, known) {
            return Some(MemFn::Alloc(AllocKind::UserRealloc));
        }
    }
    // The size or the freed pointer at another position: exactly one
    // parameter that fits (the others are the program's: a memory manager
    // whose hook the wrapper called before specialize-calls made it
    // direct).
    let unique = |fits: &dyn Fn(Value<'m>) -> bool| {
        let mut at = (1..params.len()).filter(|&k| fits(params[k]));
        match (at.next(), at.next()) {
            (Some(k), None) => u32::try_from(k).ok(),
            _ => None,
        }
    };
    if ret_ptr {
        let k = unique(&|p| p.ty().int_width().is_some() && malloc_wrapper(f, p, None, known) == Some(false));
        return k.map(|k| MemFn::Alloc(AllocKind::UserMallocArg(k)));
    }
    if fty.return_type().is_some_and(|t| t.is_void()) {
        if first.ty().is_pointer() && free_wrapper(f, first, known) {
            return Some(MemFn::Free(FreeKind::UserFree));
        }
        let k = unique(&|p| p.ty().is_pointer() && free_wrapper(f, p, known));
        return k.map(|k| MemFn::Free(FreeKind::UserFreeArg(k)));
    }
    None
}

/// `Some(false)` for a malloc wrapper, `Some(true)` for a calloc wrapper.
fn malloc_wrapper<'m>(
    f: Function<'m>,
    size: Value<'m>,
    second: Option<Value<'m>>,
    known: &HashMap<Function<'m>, MemFn>,
) -> Option<bool> {
    let mut allocs = Vec::new();
    let mut callocs = 0;
    let mut rets = 0;
    for i in f.instructions() {
        if i.opcode() != Opcode::LLVMRet {
            continue;
        }
        rets += 1;
        let mut leaves = Vec::new();
        collect_leaves(i.operand(0)?, &mut leaves, &mut HashSet::default());
        for leaf in leaves {
            if leaf.kind() == ValueKind::ConstantNull {
                continue;
            }
            let call = leaf.as_instruction().filter(|c| c.is_call())?;
            let kind = call.called_function().and_then(|c| known.get(&c).copied())?;
            match kind {
                MemFn::Alloc(AllocKind::Malloc | AllocKind::New | AllocKind::NewArray | AllocKind::UserMalloc) => {
                    if trace_source(call.call_arg(0)?) != size {
                        return None;
                    }
                }
                // A wrapper of a wrapper that takes the program's state
                // beside the size (`amp_alloc(n)` calling
                // `pool_alloc(&pool, n)`): the size there and nowhere else.
                MemFn::Alloc(AllocKind::UserMallocArg(k)) => {
                    let at = |a: u32| call.call_arg(a).map(trace_source);
                    if at(k)? != size || (0..call.call_arg_count()?).any(|a| a != k && at(a) == Some(size)) {
                        return None;
                    }
                }
                MemFn::Alloc(AllocKind::Calloc | AllocKind::UserCalloc) => {
                    if trace_source(call.call_arg(0)?) != size || Some(trace_source(call.call_arg(1)?)) != second {
                        return None;
                    }
                    callocs += 1;
                }
                _ => return None,
            }
            allocs.push(call);
        }
    }
    // All calloc or none: a mix has no one size rule.
    if rets == 0 || allocs.is_empty() || (callocs != 0 && callocs != allocs.len()) {
        return None;
    }
    // A calloc wrapper's block is cleared already: no memset of it is
    // accepted (its length would be a product the passes do not rewrite).
    let whole = if callocs != 0 { None } else { Some(size) };
    let sized = std::iter::once(size).chain(second.filter(|_| callocs != 0)).all(|v| only_allocates(v, &allocs));
    (sized && allocs.iter().all(|a| uses_stay_local(a.as_value(), whole, 0))).then_some(callocs != 0)
}

/// Whether a wrapper's size parameter `size` (through casts and its `-O0`
/// stack slot) reaches nothing but the allocation calls `allocs` and the
/// length of a memset: the layout passes change the sizes a program
/// allocates, so a wrapper that also counts, compares or prints the size
/// would behave differently (`used += n` printed at exit).
fn only_allocates<'m>(size: Value<'m>, allocs: &[Instruction<'m>]) -> bool {
    let mut work = vec![size];
    let mut seen: HashSet<Value<'m>> = HashSet::default();
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        if seen.len() > 64 {
            return false;
        }
        for u in v.users() {
            let Some(i) = u.as_instruction() else { return false };
            match i.opcode() {
                Opcode::LLVMBitCast | Opcode::LLVMZExt | Opcode::LLVMSExt | Opcode::LLVMTrunc | Opcode::LLVMFreeze => {
                    work.push(i.as_value())
                }
                // Into its stack slot (stored once): the loads of it.
                Opcode::LLVMStore if i.operand(0) == Some(v) => {
                    let Some(slot) = i.operand(1) else { return false };
                    if single_store_to_alloca(slot) != Some(v) {
                        return false;
                    }
                    work.extend(
                        slot.users()
                            .into_iter()
                            .filter_map(|l| l.as_instruction())
                            .filter(|l| l.opcode() == Opcode::LLVMLoad)
                            .map(|l| l.as_value()),
                    );
                }
                Opcode::LLVMCall if allocs.contains(&i) => {}
                Opcode::LLVMCall => {
                    let name = i.called_function().map(|f| f.name()).unwrap_or_default();
                    let length = name.starts_with("llvm.memset") && i.call_arg(2) == Some(v);
                    if !length && !name.starts_with("llvm.dbg") {
                        return false;
                    }
                }
                _ => return false,
            }
        }
    }
    true
}

/// Whether every return of `f` is null or a fresh block of `size` bytes,
/// `realloc(old, size)` among them possibly.
fn realloc_wrapper<'m>(f: Function<'m>, old: Value<'m>, size: Value<'m>, known: &HashMap<Function<'m>, MemFn>) -> bool {
    let mut allocs = Vec::new();
    for i in f.instructions() {
        if i.opcode() != Opcode::LLVMRet {
            continue;
        }
        let Some(r) = i.operand(0) else { return false };
        let mut leaves = Vec::new();
        collect_leaves(r, &mut leaves, &mut HashSet::default());
        for leaf in leaves {
            // `p = realloc(p, n); return p;` at -O0: the slot of `p` also
            // holds the old pointer (a realloc may return it anyway).
            if leaf.kind() == ValueKind::ConstantNull || leaf == old {
                continue;
            }
            let Some(call) = leaf.as_instruction().filter(|c| c.is_call()) else { return false };
            let Some(kind) = call.called_function().and_then(|c| known.get(&c).copied()) else { return false };
            let arg = |k: u32| call.call_arg(k).map(trace_source);
            let one = |k: u32| arg(k).and_then(|v| v.const_uint_value()) == Some(1);
            // The old pointer, possibly through its reassigned slot.
            let is_old = |v: Option<Value<'m>>| {
                v.is_some_and(|v| {
                    let mut l = Vec::new();
                    collect_leaves(v, &mut l, &mut HashSet::default());
                    l.contains(&old)
                        && l.iter().all(|x| {
                            *x == old
                                || x.as_instruction().is_some_and(|c| c.is_call() && c.parent_function() == Some(f))
                        })
                })
            };
            let ok = match kind {
                MemFn::Alloc(AllocKind::Realloc | AllocKind::UserRealloc) => {
                    is_old(call.call_arg(0)) && arg(1) == Some(size)
                }
                MemFn::Alloc(AllocKind::Malloc | AllocKind::UserMalloc) => arg(0) == Some(size),
                MemFn::Alloc(AllocKind::Calloc | AllocKind::UserCalloc) => {
                    (arg(0) == Some(size) && one(1)) || (one(0) && arg(1) == Some(size))
                }
                _ => false,
            };
            if !ok {
                return false;
            }
            allocs.push(call);
        }
    }
    // A wrapper that never reallocates `old` is no realloc wrapper (its
    // first parameter is something else: `BrotliAllocate(m, n)`).
    let reallocates = allocs.iter().any(|a| {
        a.called_function()
            .and_then(|c| known.get(&c))
            .is_some_and(|k| matches!(k, MemFn::Alloc(AllocKind::Realloc | AllocKind::UserRealloc)))
    });
    reallocates && only_allocates(size, &allocs) && allocs.iter().all(|a| uses_stay_local(a.as_value(), Some(size), 0))
}

/// Returned values through phi/select/casts and `-O0` stack slots.
fn collect_leaves<'m>(v: Value<'m>, out: &mut Vec<Value<'m>>, seen: &mut HashSet<Value<'m>>) {
    let v = trace_source(v);
    if !seen.insert(v) {
        return;
    }
    if let Some(i) = v.as_instruction() {
        if matches!(i.opcode(), Opcode::LLVMPHI | Opcode::LLVMSelect) {
            let start = u32::from(i.opcode() == Opcode::LLVMSelect);
            for k in start..i.num_operands() {
                if let Some(o) = i.operand(k) {
                    collect_leaves(o, out, seen);
                }
            }
            return;
        }
        if i.opcode() == Opcode::LLVMLoad {
            // A slot stored more than once (`p = malloc(n); if (!p) p = 0;`).
            if let Some(slot) = i.operand(0).and_then(|s| s.as_instruction()) {
                if slot.opcode() == Opcode::LLVMAlloca {
                    for u in slot.as_value().users() {
                        let Some(s) = u.as_instruction() else { continue };
                        if s.opcode() == Opcode::LLVMCall && is_lifetime_marker(s) {
                            continue;
                        }
                        if s.opcode() == Opcode::LLVMStore && s.operand(1) == Some(slot.as_value()) {
                            if let Some(o) = s.operand(0) {
                                collect_leaves(o, out, seen);
                            }
                        } else if s.opcode() != Opcode::LLVMLoad {
                            out.push(v); // an unknown use of the slot: not a leaf we accept
                        }
                    }
                    return;
                }
            }
        }
    }
    out.push(v);
}

/// The allocated pointer is only returned, compared, cast, merged, stored
/// into a local stack slot (whose loads are followed), or given to
/// `llvm.memset` of the whole block (`size` bytes, the wrapper's size
/// parameter: a constant length would depend on the layout and no pass
/// rewrites it inside a wrapper): nothing else sees it before the caller
/// does.
fn uses_stay_local<'m>(v: Value<'m>, size: Option<Value<'m>>, depth: u32) -> bool {
    if depth > 8 {
        return false;
    }
    v.users().into_iter().all(|u| {
        let Some(i) = u.as_instruction() else { return false };
        match i.opcode() {
            Opcode::LLVMRet | Opcode::LLVMICmp => true,
            Opcode::LLVMBitCast | Opcode::LLVMPHI | Opcode::LLVMSelect => uses_stay_local(u, size, depth + 1),
            Opcode::LLVMStore => {
                i.operand(0) == Some(v)
                    && i.operand(1).and_then(|s| s.as_instruction()).is_some_and(|s| {
                        s.opcode() == Opcode::LLVMAlloca
                            && s.as_value().users().into_iter().all(|su| {
                                su.as_instruction().is_some_and(|l| match l.opcode() {
                                    Opcode::LLVMStore => l.operand(1) == Some(s.as_value()),
                                    Opcode::LLVMLoad => uses_stay_local(su, size, depth + 1),
                                    Opcode::LLVMCall => is_lifetime_marker(l),
                                    _ => false,
                                })
                            })
                    })
            }
            // Cleared, or handed back to the library (a realloc or free of
            // the block owns it again).
            Opcode::LLVMCall => i.called_function().is_some_and(|c| {
                i.call_arg(0) == Some(v)
                    && ((c.name().starts_with("llvm.memset.")
                        && size.is_some()
                        && i.call_arg(2).map(trace_source) == size)
                        || matches!(
                            classify_library(c),
                            Some(MemFn::Alloc(AllocKind::Realloc) | MemFn::Free(FreeKind::Free))
                        ))
            }),
            _ => false,
        }
    })
}

/// A free wrapper frees its parameter on every path that returns, unless
/// the parameter is null there (`if (p) free(p);`): a wrapper that may keep
/// the block (`if (!debug) free(p);`) is an ordinary function, whose inner
/// free is seen where it happens.
fn free_wrapper<'m>(f: Function<'m>, p: Value<'m>, known: &HashMap<Function<'m>, MemFn>) -> bool {
    let frees: HashSet<dtrans_ir::BasicBlock<'m>> = f
        .instructions()
        .filter(|i| {
            i.is_call()
                && i.called_function().and_then(|c| known.get(&c)).is_some_and(|k| matches!(k, MemFn::Free(_)))
                && i.call_arg(0).map(trace_source) == Some(p)
        })
        .filter_map(|i| i.parent_block())
        .collect();
    if frees.is_empty() {
        return false;
    }
    // Search for a return reached without a free, on paths where `p` may
    // be non-null.
    let Some(entry) = f.entry_block() else { return false };
    let mut seen: HashSet<dtrans_ir::BasicBlock<'m>> = HashSet::default();
    let mut work = vec![entry];
    while let Some(b) = work.pop() {
        if !seen.insert(b) || frees.contains(&b) {
            continue;
        }
        let Some(t) = b.terminator() else { return false };
        let succ = t.successors();
        if succ.is_empty() {
            if t.opcode() == Opcode::LLVMUnreachable {
                continue;
            }
            return false; // a return (or resume) without the free
        }
        match null_test(t, p) {
            // Only the edge where `p` is not null (successor 0 is taken
            // when the condition holds).
            Some(nonnull_when_true) => work.push(succ[usize::from(!nonnull_when_true)]),
            None => work.extend(succ),
        }
    }
    true
}

/// For a conditional branch on `p == null` or `p != null`: whether `p` is
/// non-null when the condition holds.
fn null_test<'m>(br: Instruction<'m>, p: Value<'m>) -> Option<bool> {
    if br.opcode() != Opcode::LLVMBr || br.num_operands() != 3 {
        return None;
    }
    let cmp = br.operand(0)?.as_instruction()?;
    let pred = cmp.int_predicate()?;
    let (a, b) = (cmp.operand(0)?, cmp.operand(1)?);
    let tested = (trace_source(a) == p && b.kind() == ValueKind::ConstantNull)
        || (trace_source(b) == p && a.kind() == ValueKind::ConstantNull);
    if !tested {
        return None;
    }
    match pred {
        dtrans_ir::IntPredicate::LLVMIntNE => Some(true),
        dtrans_ir::IntPredicate::LLVMIntEQ => Some(false),
        _ => None,
    }
}

/// Whether an allocation size is a whole number of objects of `size` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SizeVerdict {
    /// Provably `k * size` (a constant multiple, `n * size`, `size * n`,
    /// `n << k` with `2^k` a multiple, or `calloc(n, size)`).
    Multiple,
    /// A constant that is not a multiple.
    NotMultiple,
    /// Not understood.
    Unknown,
}

/// Checks the size of an allocation call against an object size.
pub fn check_size(call: Instruction<'_>, kind: AllocKind, object: u64) -> SizeVerdict {
    if object == 0 {
        return SizeVerdict::Unknown;
    }
    let Some((a, b)) = kind.size_args() else { return SizeVerdict::Unknown };
    let Some(x) = call.call_arg(a) else { return SizeVerdict::Unknown };
    match b.and_then(|b| call.call_arg(b)) {
        // calloc(n, size): either factor being a multiple makes the product one.
        Some(y) => {
            let (vx, vy) = (size_is_multiple(x, object), size_is_multiple(y, object));
            if vx == SizeVerdict::Multiple || vy == SizeVerdict::Multiple {
                SizeVerdict::Multiple
            } else if let (Some(cx), Some(cy)) = (const_of(x), const_of(y)) {
                if cx.wrapping_mul(cy) % object == 0 {
                    SizeVerdict::Multiple
                } else {
                    SizeVerdict::NotMultiple
                }
            } else {
                SizeVerdict::Unknown
            }
        }
        None => size_is_multiple(x, object),
    }
}

fn const_of(v: Value<'_>) -> Option<u64> {
    trace_source(v).const_uint_value()
}

pub(crate) fn size_is_multiple(v: Value<'_>, object: u64) -> SizeVerdict {
    let v = trace_source(v);
    if let Some(c) = v.const_uint_value() {
        return if c % object == 0 { SizeVerdict::Multiple } else { SizeVerdict::NotMultiple };
    }
    let Some(i) = v.as_instruction() else { return SizeVerdict::Unknown };
    let (Some(l), Some(r)) = (i.operand(0), i.operand(1)) else { return SizeVerdict::Unknown };
    match i.opcode() {
        Opcode::LLVMMul => {
            let is = |x: Value<'_>| size_is_multiple(x, object) == SizeVerdict::Multiple;
            if is(l) || is(r) {
                SizeVerdict::Multiple
            } else {
                SizeVerdict::Unknown
            }
        }
        Opcode::LLVMShl => match const_of(r) {
            Some(k) if k < 64 && (1u64 << k) % object == 0 => SizeVerdict::Multiple,
            _ if size_is_multiple(l, object) == SizeVerdict::Multiple => SizeVerdict::Multiple,
            _ => SizeVerdict::Unknown,
        },
        _ => SizeVerdict::Unknown,
    }
}
