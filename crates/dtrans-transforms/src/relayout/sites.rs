//! Where the one array of a structure split by peel or aos-to-soa comes
//! from: the transformation's own legality (document 001 leaves it to the
//! transformation). The side arrays must follow the array, so every
//! object of the structure must live in one array whose (re)allocations
//! the pass sees. Three forms are accepted:
//!
//! - **Once**: one allocation (malloc, calloc or a wrapper of them) that
//!   runs at most once per run of the program.
//! - **Global**: one global array (of any dimension: its elements are
//!   contiguous), zero at first, and no allocation of the structure.
//! - **Resized**: the library's `realloc` grows the array. Every realloc
//!   of the structure takes the pointer it resizes from one place, the
//!   array's *home* (a global, or a local of a function that runs once);
//!   the home is only loaded and stored, holds null at first, and is given
//!   nothing but the results of these allocations, or null right after
//!   the array is freed; each result is stored there in the block of its
//!   call. Other allocations (malloc or a wrapper of it, or a realloc of
//!   a null constant) run at most once and are kept in the home the same
//!   way. So at most one array is live
//!   at a time: a realloc of null makes a new array only while none
//!   exists. The rewritten program still checks this when it runs
//!   (`__dtrans_resize.<struct>`, in `apply.rs`) for the one path the
//!   rules let through: a realloc that failed, whose null the program
//!   keeps (leaking the array) before it allocates again. There the
//!   rewritten program stops with a message where the original went on.
//!
//! User realloc wrappers are not accepted: one may return a fresh block
//! (`malloc`) while the old one stays live, or null without freeing.
use dtrans_analysis::alloc::{AllocKind as K, MemFn};
use dtrans_analysis::ptr_types::AllocSite;
use dtrans_ir::{BasicBlock, Instruction, Opcode, Value, ValueKind};
use dtrans_types::TypeId;
use rustc_hash::FxHashSet as HashSet;

use crate::optbase::OptContext;

/// An array of a constant count: (bytes, count, where it is made).
pub type Least = (u64, u64, String);

/// How the one array of a split structure is allocated.
#[derive(Clone)]
pub enum ArraySource<'m> {
    /// One allocation, run at most once.
    Once(Instruction<'m>),
    /// Allocated and resized by `realloc`, the current array kept in one
    /// home (checked by `resized`; the rewrite needs only the calls).
    Resized,
    /// A global array (maybe of arrays) of `count` instances, zero at
    /// first (the analysis leaves those with an initializer out:
    /// HasInitializerList), and no allocation.
    Global { array: Value<'m>, count: u64 },
    /// Any number of arrays, each allocated by the library in blocks
    /// (`blocks_allowed`: the `blocks` pass); `least` is the array of a
    /// constant count with blocks of its own (a global, a local, or made
    /// by a wrapper) asking for the fewest bytes (bytes, count, where it
    /// is made), which must fill half a block once the block is known;
    /// `least_library` the same among the library's allocations, which
    /// share blocks when they are small (slabs: `blocked::build_slab`).
    Blocks { least: Option<Least>, least_library: Option<Least> },
}

/// Whether every instance of structure `s` lives in one array the pass
/// can follow, and how that array is allocated; else why not.
pub fn split_allowed<'m>(cx: &OptContext<'m, '_>, s: TypeId) -> Result<ArraySource<'m>, String> {
    let sites: Vec<&AllocSite<'m>> = cx.info.ptr.allocations.iter().filter(|a| a.allocated == Some(s)).collect();
    let name = cx.info.ptr.tm().struct_name(s).unwrap_or_default().to_string();
    let ty = cx.m.struct_type(&name).ok_or_else(|| format!("no LLVM type %{name}"))?;
    let arrays: Vec<Value<'m>> =
        cx.m.globals().filter(|g| g.global_value_type().is_some_and(|t| holds(t, ty))).collect();
    match (arrays.as_slice(), sites.len()) {
        ([], _) => {}
        ([array], 0) => {
            let t = array.global_value_type().expect("a global");
            if !array.initializer().is_some_and(|v| v.kind() == ValueKind::ConstantNull) {
                return Err(format!("@{} is not zero at first", array.name()));
            }
            return Ok(ArraySource::Global { array: *array, count: elements(t) });
        }
        ([_], n) => return Err(format!("in a global array and allocated at {n} sites (one array is needed)")),
        (more, _) => return Err(format!("in {} global arrays (one array is needed)", more.len())),
    }
    if sites.iter().any(|a| a.kind == K::Realloc) {
        return resized(cx, &sites).map(|_| ArraySource::Resized);
    }
    let [site] = sites.as_slice() else {
        return Err(format!("allocated at {} sites (one array is needed)", sites.len()));
    };
    if !matches!(site.kind, K::Malloc | K::Calloc | K::UserMalloc | K::UserCalloc) {
        return Err(format!("allocated by {:?}", site.kind));
    }
    if !executes_once(site.call, 0) {
        return Err("its allocation may run more than once (one array is needed)".into());
    }
    Ok(ArraySource::Once(site.call))
}

/// Whether every instance of structure `s` (of `size` bytes) is in an
/// array the `blocks` pass can lay out in blocks, else why not (see
/// `crate::blocks`): every allocation is the library's `malloc`, `calloc`
/// or `realloc` or a wrapper of malloc or calloc (not of realloc), no
/// malloc or calloc of a variable count in a loop; a global holding it
/// is a zeroed array (of arrays), which becomes blocks of its own; a
/// local holding it is an array of a constant count, at most
/// `LOCAL_ARRAY_BYTES`, in a function that cannot be running twice; and
/// not one array only (peel's and aos-to-soa's
/// form, where the side arrays are indexed directly). Allocations of a
/// constant count are judged against the block once the grouping gives
/// it (`ArraySource::Blocks::least`, checked in `Relayout::prepare_types`;
/// the library's allocations only where small arrays cannot share blocks).
/// (An allocation of fewer than half of `min`, the least per block, is
/// refused here already.)
pub fn blocks_allowed<'m>(cx: &OptContext<'m, '_>, s: TypeId, size: u64, min: u64) -> Result<ArraySource<'m>, String> {
    let name = cx.info.ptr.tm().struct_name(s).unwrap_or_default().to_string();
    let ty = cx.m.struct_type(&name).ok_or_else(|| format!("no LLVM type %{name}"))?;
    let mut least: Option<Least> = None;
    let mut least_library: Option<Least> = None;
    // A global array (of arrays) of it becomes blocks of its own, zero
    // like the original (the analysis leaves out initialized ones:
    // HasInitializerList; a lone instance is GlobalInstance).
    for g in cx.m.globals().filter(|g| g.global_value_type().is_some_and(|t| holds(t, ty))) {
        let t = g.global_value_type().expect("a global");
        if t == ty || g.initializer().is_none_or(|i| !i.is_null_or_undef()) {
            return Err(format!("@{} holds it, not as a zeroed array", g.name()));
        }
        let n = elements(t);
        if n.saturating_mul(2) < min {
            return Err(format!("@{} holds {n}: less than half a block (at least {min} elements)", g.name()));
        }
        keep_least(&mut least, n.saturating_mul(size), n, format!("global @{}", g.name()));
    }
    // A local array of it becomes blocks of its own on the stack: up to
    // a block more than the array and a block's alignment, so not in a
    // function that may call itself again, and not a large array.
    let mut locals = 0;
    for f in cx.m.functions().filter(|f| !f.is_declaration()) {
        for i in f.instructions().filter(|i| i.opcode() == Opcode::LLVMAlloca) {
            let Some(t) = i.allocated_type().filter(|t| holds(*t, ty)) else { continue };
            let at = format!("@{}", f.name());
            if t == ty || i.operand(0).and_then(|n| n.const_int_value()) != Some(1) {
                return Err(format!("a local instance in {at}, not an array"));
            }
            let n = elements(t);
            if n.saturating_mul(size) > LOCAL_ARRAY_BYTES {
                return Err(format!(
                    "a local array of {n} in {at}: over {LOCAL_ARRAY_BYTES} bytes (its blocks would take more stack)"
                ));
            }
            if n.saturating_mul(2) < min {
                return Err(format!("a local array of {n} in {at}: less than half a block (at least {min} elements)"));
            }
            if may_recurse(f) {
                return Err(format!("a local array in {at}, which may call itself (each call would take its blocks)"));
            }
            // (A thread's stack may be smaller than the main one's.)
            if let Some(why) = super::may_run_threads(cx.m) {
                return Err(format!("a local array in {at}, and the program may run threads ({why})"));
            }
            keep_least(&mut least, n.saturating_mul(size), n, format!("a local array of {n} in {at}"));
            locals += 1;
        }
    }
    // (Local arrays are not peel's: its side arrays are never on the stack.)
    if locals == 0 && split_allowed(cx, s).is_ok() {
        return Err("one array holds every object: peel's or aos-to-soa's form applies".into());
    }
    let sites: Vec<&AllocSite<'m>> = cx.info.ptr.allocations.iter().filter(|a| a.allocated == Some(s)).collect();
    if sites.is_empty() && least.is_none() && locals == 0 {
        return Err("no allocation of it".into());
    }
    for a in &sites {
        // A wrapper of malloc or calloc is given the blocks' size like the
        // library: the analysis recognises one only where its size reaches
        // nothing but the allocation (and a memset of the whole block), so
        // nothing else it does can tell. Not a realloc wrapper: it may
        // return a fresh block while the old array stays, where the move
        // after a realloc (`__dtrans_blocks_moved`) expects the old one's
        // bytes.
        let callee = a.call.called_function().map(|f| f.name()).unwrap_or_default();
        let library = ["malloc", "calloc", "realloc"].contains(&callee.as_str());
        let wrapper = matches!(a.kind, K::UserMalloc | K::UserMalloc0 | K::UserMallocArg(_) | K::UserCalloc);
        if !(wrapper || matches!(a.kind, K::Malloc | K::Calloc | K::Realloc) && library) {
            return Err(format!(
                "allocated by {:?} in @{} (blocks need the library's malloc, calloc or realloc, or a wrapper of \
                 malloc or calloc)",
                a.kind,
                function_name(a.call)
            ));
        }
        let count = constant_count_of(a.call, a.kind, size);
        // A fresh array in a loop: many small ones would each take a block.
        let fresh = a.kind != K::Realloc;
        if fresh && count.is_none() && a.call.parent_block().is_some_and(in_cycle) {
            return Err(format!(
                "allocated in a loop in @{} (many small arrays would each take a whole block)",
                function_name(a.call)
            ));
        }
        if let Some(n) = count {
            if n.saturating_mul(2) < min {
                return Err(format!(
                    "an allocation of {n} in @{}: less than half a block (at least {min} elements)",
                    function_name(a.call)
                ));
            }
            keep_least(
                if library && !wrapper { &mut least_library } else { &mut least },
                n.saturating_mul(size),
                n,
                format!("an allocation of {n} in @{}", function_name(a.call)),
            );
        }
    }
    for lib in ["memmove", "memset"] {
        if cx.m.function(lib).is_some_and(|f| !f.is_declaration()) {
            return Err(format!("`{lib}` is defined in the program (the blocks' code calls it)"));
        }
    }
    Ok(ArraySource::Blocks { least, least_library })
}

/// The largest local array `blocks` lays out (bytes in the original
/// layout): its blocks take up to a block and a block's alignment more.
const LOCAL_ARRAY_BYTES: u64 = 1 << 19;

/// Whether `f` may be running twice at once: its address is taken (a
/// library function given it may call it back), it reaches itself through
/// direct calls, or something it reaches calls through a pointer (which
/// may lead back to it).
fn may_recurse(f: dtrans_ir::Function<'_>) -> bool {
    if f.address_taken() {
        return true;
    }
    let mut seen = HashSet::default();
    let mut work = vec![f];
    while let Some(g) = work.pop() {
        for i in g.instructions().filter(|i| i.is_call()) {
            let Some(callee) = i.called_function() else {
                // (Inline assembly calls nothing.)
                if i.called_value().is_some_and(|v| v.kind() == ValueKind::InlineAsm) {
                    continue;
                }
                return true;
            };
            if callee == f {
                return true;
            }
            if !callee.is_declaration() && seen.insert(callee) {
                work.push(callee);
            }
        }
    }
    false
}

/// Keeps in `least` the array of a constant count asking for the fewest
/// bytes (`place` says where it is made).
fn keep_least(least: &mut Option<Least>, bytes: u64, n: u64, place: String) {
    if least.as_ref().is_none_or(|(b, _, _)| bytes < *b) {
        *least = Some((bytes, n, place));
    }
}

/// Whether storage of type `t` holds instances of `s` (in arrays at any
/// depth; structures holding it are NestedStruct, which the analysis's
/// verdict already excludes).
fn holds<'m>(t: dtrans_ir::Type<'m>, s: dtrans_ir::Type<'m>) -> bool {
    t == s || (t.kind() == dtrans_ir::TypeKind::LLVMArrayTypeKind && t.element_type().is_some_and(|e| holds(e, s)))
}

/// How many structures storage of type `t` (arrays of them) holds.
fn elements(t: dtrans_ir::Type<'_>) -> u64 {
    match t.element_type().filter(|_| t.kind() == dtrans_ir::TypeKind::LLVMArrayTypeKind) {
        Some(e) => t.len().unwrap_or(0).saturating_mul(elements(e)),
        None => 1,
    }
}

/// The home of an array resized by realloc (see the module's doc), or why
/// there is none.
fn resized<'m>(cx: &OptContext<'m, '_>, sites: &[&AllocSite<'m>]) -> Result<Value<'m>, String> {
    let calls: Vec<Instruction<'m>> = sites.iter().map(|a| a.call).collect();
    let mut homes: Vec<Value<'m>> = Vec::new();
    for a in sites {
        match a.kind {
            K::Realloc => {
                let old = a.call.call_arg(0).ok_or("a realloc without its pointer argument")?;
                // (A realloc of null is a malloc: the same rule.)
                if old.kind() == ValueKind::ConstantNull {
                    if !executes_once(a.call, 0) {
                        return Err("resized by realloc, and allocated by a realloc of null more than once".into());
                    }
                    continue;
                }
                let load = old.as_instruction().filter(|l| l.opcode() == Opcode::LLVMLoad);
                let home = load.and_then(|l| l.operand(0)).ok_or_else(|| {
                    format!("a realloc of {}, not of a pointer loaded from where the array is kept", describe(old))
                })?;
                if !homes.contains(&home) {
                    homes.push(home);
                }
            }
            K::Malloc | K::UserMalloc if executes_once(a.call, 0) => {}
            K::Malloc | K::UserMalloc => {
                return Err("resized by realloc, and allocated by malloc more than once".into())
            }
            k => return Err(format!("resized by realloc, and allocated by {k:?}")),
        }
    }
    let home = match homes.as_slice() {
        [h] => *h,
        [] => return Err("allocated by realloc of null only (each call may make another array)".into()),
        _ => return Err(format!("realloc of pointers kept in {} places (one place must keep the array)", homes.len())),
    };
    let what = describe(home);
    match home.kind() {
        ValueKind::GlobalVariable => {
            if !home.initializer().is_some_and(|v| v.kind() == ValueKind::ConstantNull) {
                return Err(format!("{what}, where the array is kept, is not null at first"));
            }
        }
        ValueKind::Instruction if home.as_instruction().is_some_and(|a| a.opcode() == Opcode::LLVMAlloca) => {
            if !executes_once(home.as_instruction().expect("checked"), 0) {
                return Err(format!(
                    "{what}, where the array is kept, is a local of a function that may run more than once"
                ));
            }
        }
        _ => return Err(format!("the array is kept in {what}, neither a global nor a local")),
    }
    for u in home.users() {
        let Some(i) = u.as_instruction() else {
            return Err(format!("the address of {what}, where the array is kept, is in a constant or an initializer"));
        };
        let lifetime = i.called_function().is_some_and(|f| f.name().starts_with("llvm.lifetime."));
        match i.opcode() {
            Opcode::LLVMLoad => {}
            // (A local's lifetime markers: it is in a function that runs once.)
            Opcode::LLVMCall if lifetime => {}
            Opcode::LLVMStore if i.operand(1) == Some(home) && i.operand(0) != Some(home) => {
                let v = i.operand(0).expect("stored value");
                if v.kind() == ValueKind::ConstantNull {
                    if !initializes(i, home) && !cleared_after_free(cx, i, home) {
                        return Err(format!(
                            "null is stored into {what} where its array may be live (not right after a free of it)"
                        ));
                    }
                } else if !v.as_instruction().is_some_and(|c| calls.contains(&c)) {
                    return Err(format!(
                        "{what}, where the array is kept, is given another pointer than its allocation"
                    ));
                }
            }
            _ => {
                return Err(format!(
                    "the address of {what}, where the array is kept, is used otherwise than to load and store"
                ))
            }
        }
    }
    // Each result is kept in the home on every path that goes on (a store
    // in the call's own block).
    for c in &calls {
        let kept = c.as_value().users().iter().any(|u| {
            u.as_instruction().is_some_and(|s| {
                s.opcode() == Opcode::LLVMStore && s.operand(1) == Some(home) && s.parent_block() == c.parent_block()
            })
        });
        if !kept {
            return Err(format!("an allocation in @{} is not always kept in {what}", function_name(*c)));
        }
    }
    Ok(home)
}

/// `@g`, or `%x in @f`, for the reasons given.
fn describe(v: Value<'_>) -> String {
    match v.as_instruction() {
        Some(i) if i.opcode() == Opcode::LLVMAlloca => {
            let name = v.name();
            let local = if name.is_empty() { "a local".to_string() } else { format!("%{name}") };
            format!("{local} in @{}", function_name(i))
        }
        Some(i) => format!("memory reached through a pointer in @{}", function_name(i)),
        None if v.is_global_value() => format!("@{}", v.name()),
        None => v.to_string(),
    }
}

pub(super) fn function_name(i: Instruction<'_>) -> String {
    i.parent_function().map(|f| f.name()).unwrap_or_default()
}

/// A store of null into a local `home` in the entry block of its
/// function, before any other store into it: its first value. (Only this
/// function stores into the home, and the entry block runs first and once
/// per call.)
fn initializes(store: Instruction<'_>, home: Value<'_>) -> bool {
    let Some(alloca) = home.as_instruction() else { return false };
    let entry = alloca.parent_function().and_then(|f| f.entry_block());
    if entry.is_none() || store.parent_block() != entry {
        return false;
    }
    let mut at = store.prev();
    while let Some(i) = at {
        if i.opcode() == Opcode::LLVMStore && i.operand(1) == Some(home) {
            return false;
        }
        at = i.prev();
    }
    true
}

/// A store of null into `home` that follows a free of the pointer loaded
/// from `home`, with no other call or store into `home` in between.
fn cleared_after_free<'m>(cx: &OptContext<'m, '_>, store: Instruction<'m>, home: Value<'m>) -> bool {
    let mut at = store.prev();
    while let Some(i) = at {
        if i.opcode() == Opcode::LLVMStore && i.operand(1) == Some(home) {
            return false;
        }
        if i.is_call() {
            let callee = i.called_function();
            if callee.is_some_and(|f| f.name().starts_with("llvm.")) {
                at = i.prev();
                continue;
            }
            let freed = match callee.and_then(|f| cx.info.ptr.mem_fns.kind(f)) {
                Some(MemFn::Free(k)) => Some(k.freed_arg()),
                _ => None,
            };
            let frees = freed.is_some();
            let arg = freed.and_then(|k| i.call_arg(k)).and_then(|p| p.as_instruction());
            return frees && arg.is_some_and(|l| l.opcode() == Opcode::LLVMLoad && l.operand(0) == Some(home));
        }
        at = i.prev();
    }
    false
}

/// The number of `size`-byte elements the library's `malloc` or `calloc`
/// `call` makes, when its size arguments are constants (for the split
/// passes, whose cost model was measured with what this gives).
pub fn constant_count(call: Instruction<'_>, size: u64) -> Option<u64> {
    let kind = match call.called_function()?.name().as_str() {
        "calloc" => K::Calloc,
        "malloc" => K::Malloc,
        _ => return None,
    };
    constant_count_of(call, kind, size)
}

/// The number of `size`-byte elements allocation `call` of kind `kind`
/// makes (a wrapper's too), when its size arguments are constants; `None`
/// for a realloc.
fn constant_count_of(call: Instruction<'_>, kind: K, size: u64) -> Option<u64> {
    let (op, count) = kind.size_args().filter(|_| !matches!(kind, K::Realloc | K::UserRealloc))?;
    let mut bytes = call.call_arg(op)?.const_uint_value()?;
    if let Some(c) = count {
        bytes = bytes.checked_mul(call.call_arg(c)?.const_uint_value()?)?;
    }
    (size > 0).then(|| bytes / size)
}

/// Whether instruction `i` runs at most once per run of the program (not
/// in a loop, in a `main` nothing calls or in a function called from
/// exactly one such place).
fn executes_once(i: Instruction<'_>, depth: u32) -> bool {
    let (Some(b), Some(f)) = (i.parent_block(), i.parent_function()) else { return false };
    if depth > 16 || in_cycle(b) {
        return false;
    }
    let users = f.as_value().users();
    if f.name() == "main" {
        // (A `main` that calls itself, or whose address is taken, may run
        // again.)
        return users.is_empty();
    }
    let [u] = users.as_slice() else { return false };
    match u.as_instruction() {
        Some(c) if c.is_call() && c.called_value() == Some(f.as_value()) => executes_once(c, depth + 1),
        _ => false,
    }
}

/// Whether block `b` can reach itself.
fn in_cycle(b: BasicBlock<'_>) -> bool {
    let mut seen = HashSet::default();
    let mut work: Vec<BasicBlock<'_>> = b.terminator().map(|t| t.successors()).unwrap_or_default();
    while let Some(x) = work.pop() {
        if x == b {
            return true;
        }
        if seen.insert(x) {
            work.extend(x.terminator().map(|t| t.successors()).unwrap_or_default());
        }
    }
    false
}
