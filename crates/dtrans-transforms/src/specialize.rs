//! specialize-calls: an indirect call through a function-pointer field
//! that only ever holds one function becomes a direct call of it, which
//! LLVM can then inline (document 001's Field Single Value information
//! used as it was meant to: to devirtualize).
//!
//! A call is specialized when its callee is loaded from field `f` of a
//! structure `S` (the load's address is that field, by the pointer type
//! analysis) and:
//! - `S` passes the safety verdict of delete-field, which trusts the same
//!   information to replace a field's reads by its one value (no write the
//!   analysis cannot see: no cast, memset/memcpy of it, escape to code it
//!   does not see);
//! - the field has no complex use (its address only loaded and stored);
//! - its Single Value is one function, `@F`: every store of it and every
//!   initializer stores `@F` (a zeroed object, from calloc or a zero
//!   initializer, holds null, which makes the value several).
//!
//! Only the call's callee changes; the load stays for its other uses (a
//! test against null, a store elsewhere). The call keeps its function
//! type, so a call through a pointer of another type stays as it was
//! meant.
//!
//! Otherwise (the structure is not safe, or the field holds several
//! values), when the functions the program stores in the field (stores
//! the analysis maps to it, and constant initializers of the structure)
//! are one to [`MAX_GUARDED`], each call is promoted with a guard (LLVM's
//! `promoteCallWithIfThenElse`): `fp == @F ? @F(args) : fp(args)`, one
//! comparison per function, the indirect call kept last. That is right
//! whatever the field holds (a store the analysis missed only reaches the
//! indirect call), so it needs no safety verdict; the candidates only
//! decide what is fast. Only functions defined in the module are called
//! directly (a library function's body cannot be inlined, and a direct
//! call of one the analysis does not know would make the program not
//! whole to the layout passes that follow).
use dtrans_analysis::fields::SingleValue;
use dtrans_analysis::info::{AnalysisInfo, Transform};
use dtrans_analysis::regions::FrequencyEstimate;
use dtrans_analysis::{analyze, TypeSource};
use dtrans_ir::{Module, Opcode, Type, Value, ValueKind};
use dtrans_types::read_module;
use serde::{Deserialize, Serialize};

use crate::optbase::OptError;

/// Calls through one field made direct.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Specialized {
    /// The structure, `%struct.ops`.
    pub name: String,
    /// The field's name (from debug information) or `fieldN`.
    pub field: String,
    /// The function every call now calls, `@add`.
    pub function: String,
    /// Calls changed.
    pub calls: usize,
    /// Calls compared with the functions (`function` lists them) rather
    /// than replaced: the indirect call stays as the last case.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub guarded: bool,
    /// Made direct by prototype (the one function of the call's type whose
    /// address the program takes), not by the field's value.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_prototype: bool,
    /// Of those calls, how many were then inlined (allocation shims).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub inlined: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The most functions a guarded call compares with.
pub const MAX_GUARDED: usize = 4;

/// What the pass did: calls made direct per field, and per structure or
/// field the reason calls through it were left alone.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub specialized: Vec<Specialized>,
    pub rejected: Vec<(String, String)>,
    /// Why no call was made direct by prototype: the first thing that makes
    /// the module not a whole program (`None` when it is one).
    pub not_whole: Option<String>,
}

/// Runs the pass over `m` (types from `source`, as `prepare` found them).
pub fn run(
    m: &Module<'_>,
    source: TypeSource,
    union_members: &[String],
    est: FrequencyEstimate,
) -> Result<Outcome, OptError> {
    let pt = analyze(m, read_module(m), source);
    let info = AnalysisInfo::new(m, pt, union_members, est);
    let tm = info.ptr.tm();
    let composites = m.debug_composites();
    let mut out = Outcome::default();
    // By prototype first: those calls are direct for the field rule below.
    // (Where the program is not whole enough, the field rule alone.)
    let proto = match by_prototype(m) {
        Ok(p) => p,
        Err(why) => {
            out.not_whole = Some(why);
            Vec::new()
        }
    };
    let mut direct: Vec<(dtrans_ir::Instruction<'_>, usize)> = Vec::new();
    for (call, target) in &proto {
        let (name, field) = holder_of(m, &info, &composites, *call);
        let function = format!("@{}", target.name());
        call.set_operand(call.num_operands() - 1, target.as_value())?;
        let at =
            match out.specialized.iter().position(|sp| sp.name == name && sp.field == field && sp.function == function)
            {
                Some(at) => at,
                None => {
                    out.specialized.push(Specialized {
                        name,
                        field,
                        function,
                        calls: 0,
                        guarded: false,
                        by_prototype: true,
                        inlined: 0,
                    });
                    out.specialized.len() - 1
                }
            };
        out.specialized[at].calls += 1;
        direct.push((*call, at));
    }
    // (structure index, field) -> (function, calls)
    let mut done: Vec<(usize, u32, String, usize)> = Vec::new();
    let mut refused: Vec<(usize, String)> = Vec::new();
    // Calls not made direct: (call, structure index, field, why).
    let mut guarded = Vec::new();
    // Calls made direct by the field rule.
    let mut fielded = Vec::new();
    for f in m.functions().filter(|f| !f.is_declaration()) {
        for i in indirect_calls(f) {
            let Some(callee) = i.called_value() else { continue };
            let Some(load) = callee.as_instruction().filter(|l| l.opcode() == Opcode::LLVMLoad) else { continue };
            let Some(addr) = load.operand(0) else { continue };
            let Some(vi) = info.ptr.info(addr) else { continue };
            let [e] = vi.elements.as_slice() else { continue };
            let Some(k) = info.structs.iter().position(|s| s.ty == e.aggregate) else { continue };
            let s = &info.structs[k];
            let Some(fi) = s.fields.get(e.field as usize) else { continue };
            let (ok, blocking) = info.legal(s, Transform::DeleteField);
            let why = if !ok {
                Some(if blocking.is_empty() {
                    "not a whole program".to_string()
                } else {
                    blocking.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
                })
            } else if fi.complex_use {
                Some(format!("field {} has a complex use", e.field))
            } else {
                match &fi.single_value {
                    SingleValue::Single(v) if v.starts_with('@') => None,
                    SingleValue::Single(v) => Some(format!("field {} always holds {v}, not a function", e.field)),
                    _ => Some(format!("field {} holds several values", e.field)),
                }
            };
            if let Some(why) = why {
                guarded.push((i, k, e.field, why));
                continue;
            }
            let SingleValue::Single(v) = &fi.single_value else { continue };
            // (A library function: its body cannot be inlined, and a
            // direct call of an unknown one would make the program not
            // whole to the passes after this one.)
            let Some(target) = m.function(&v[1..]).filter(|t| !t.is_declaration()) else {
                let why = format!("field {} holds {v}, a library function", e.field);
                if !refused.iter().any(|(r, w)| *r == k && *w == why) {
                    refused.push((k, why));
                }
                continue;
            };
            let callee_op = i.num_operands() - 1;
            i.set_operand(callee_op, target.as_value())?;
            fielded.push((i, k, e.field));
            match done.iter_mut().find(|d| d.0 == k && d.1 == e.field) {
                Some(d) => d.3 += 1,
                None => done.push((k, e.field, v.clone(), 1)),
            }
        }
    }
    // Guarded promotion, after the walk (it splits blocks).
    // (structure index, field) -> the functions stored in it, if known.
    let mut candidates: std::collections::BTreeMap<(usize, u32), Option<Vec<String>>> = Default::default();
    let mut guarded_done: Vec<(usize, u32, String, usize)> = Vec::new();
    for (call, k, field, why) in guarded {
        let key = (k, field);
        let fns = candidates
            .entry(key)
            .or_insert_with(|| {
                let name = tm.struct_name(info.structs[k].ty).unwrap_or_default().to_string();
                m.struct_type(&name).and_then(|t| stored_functions(m, &info, k, t, field))
            })
            .clone();
        let Some(fns) = fns.clone().filter(|f| !f.is_empty() && f.len() <= MAX_GUARDED) else {
            let why = match &fns {
                Some(f) if f.len() > MAX_GUARDED => {
                    format!("{why}; {} functions stored, more than {MAX_GUARDED}", f.len())
                }
                _ => why,
            };
            if !refused.iter().any(|(r, w)| *r == k && *w == why) {
                refused.push((k, why));
            }
            continue;
        };
        // Each promotion leaves the indirect call on the other path: the
        // next function is compared there.
        let mut promoted: Vec<&str> = Vec::new();
        for name in &fns {
            // Library functions stay behind the indirect call (see above).
            let Some(target) = m.function(name.trim_start_matches('@')).filter(|t| !t.is_declaration()) else {
                continue;
            };
            if call.promote_call_guarded(target)?.is_some() {
                promoted.push(name);
            }
        }
        if !promoted.is_empty() {
            let list = promoted.join(", ");
            match guarded_done.iter_mut().find(|d| d.0 == k && d.1 == field) {
                Some(d) => d.3 += 1,
                None => guarded_done.push((k, field, list, 1)),
            }
        }
    }
    let all = done.into_iter().map(|d| (d, false)).chain(guarded_done.into_iter().map(|d| (d, true)));
    // (structure index, field) -> its entry, for the calls made direct.
    let mut entry_of: Vec<((usize, u32), usize)> = Vec::new();
    for ((k, field, function, calls), guarded) in all {
        if !guarded {
            entry_of.push(((k, field), out.specialized.len()));
        }
        let name = tm.struct_name(info.structs[k].ty).unwrap_or_default().to_string();
        let field_name = m
            .struct_type(&name)
            .and_then(|t| crate::relayout::field_names(m, &composites, t).get(field as usize).cloned())
            .unwrap_or_else(|| format!("field{field}"));
        out.specialized.push(Specialized {
            name: format!("%{name}"),
            field: field_name,
            function,
            calls,
            guarded,
            by_prototype: false,
            inlined: 0,
        });
    }
    // Allocation shims now called directly are inlined, last: inlining
    // deletes the call, which the analysis above may still name.
    let fielded = fielded
        .into_iter()
        .filter_map(|(i, k, field)| entry_of.iter().find(|(key, _)| *key == (k, field)).map(|(_, at)| (i, *at)));
    for (call, at) in direct.into_iter().chain(fielded) {
        let shim = call.called_function().is_some_and(alloc_shim);
        if shim && call.opcode() == Opcode::LLVMCall && call.inline_call() {
            out.specialized[at].inlined += 1;
        }
    }
    for (k, why) in refused {
        let name = format!("%{}", tm.struct_name(info.structs[k].ty).unwrap_or_default());
        if !out.specialized.iter().any(|s| s.name == name) {
            out.rejected.push((name, why));
        }
    }
    Ok(out)
}

/// The functions the program stores in field `field` of structure `t`
/// (analysis index `k`): stores the pointer analysis maps to the field,
/// and constant initializers of globals holding the structure. `None`
/// when a stored value is neither a function nor null (a pointer from
/// elsewhere: the candidates would say nothing of it). Sorted, each once.
fn stored_functions<'m>(
    m: &'m Module<'_>,
    info: &AnalysisInfo<'m>,
    k: usize,
    t: Type<'m>,
    field: u32,
) -> Option<Vec<String>> {
    let s = info.structs[k].ty;
    let mut out: Vec<String> = Vec::new();
    let mut take = |v: Value<'m>| -> bool {
        match v.kind() {
            ValueKind::Function => {
                let n = format!("@{}", v.name());
                if !out.contains(&n) {
                    out.push(n);
                }
                true
            }
            ValueKind::ConstantNull | ValueKind::Undef | ValueKind::Poison => true,
            _ => false,
        }
    };
    for f in m.functions().filter(|f| !f.is_declaration()) {
        for i in f.instructions().filter(|i| i.opcode() == Opcode::LLVMStore) {
            let (Some(v), Some(p)) = (i.operand(0), i.operand(1)) else { continue };
            let Some(vi) = info.ptr.info(p) else { continue };
            if vi.elements.iter().any(|e| e.aggregate == s && e.field == field) && !take(v) {
                return None;
            }
        }
    }
    for g in m.globals() {
        if let Some(init) = g.initializer() {
            if !initializer_functions(init, t, field, &mut take, 0) {
                return None;
            }
        }
    }
    out.sort();
    Some(out)
}

/// Walks a constant for structures of type `t` and gives `take` their
/// field `field`; false when `take` refused a value.
fn initializer_functions<'m>(
    c: Value<'m>,
    t: Type<'m>,
    field: u32,
    take: &mut impl FnMut(Value<'m>) -> bool,
    depth: u32,
) -> bool {
    if depth > 8 || c.kind() != ValueKind::ConstantAggregate {
        return true;
    }
    if c.ty() == t {
        return c.aggregate_element(field).is_none_or(&mut *take);
    }
    let n = c.num_operands();
    (0..n).all(|i| c.aggregate_element(i).is_none_or(|e| initializer_functions(e, t, field, take, depth + 1)))
}

/// The indirect calls of a whole program that can reach one function only,
/// with it (see the module comment); `Err` says why the program is not
/// one where this holds.
fn by_prototype<'m>(m: &'m Module<'_>) -> Result<Vec<(dtrans_ir::Instruction<'m>, dtrans_ir::Function<'m>)>, String> {
    if !m.functions().any(|f| indirect_calls(f).next().is_some()) {
        return Ok(Vec::new());
    }
    for f in m.functions().filter(|f| !f.is_declaration()) {
        if !f.as_value().has_local_linkage() && f.name() != "main" {
            return Err(format!("@{} is visible outside the module", f.name()));
        }
    }
    if let Some(f) = dtrans_analysis::libfuncs::first_unknown_declaration(m) {
        return Err(format!("@{} has no body and dtrans does not know it", f.name()));
    }
    // Global variables of the C library (streams, getopt's); any other
    // from outside may hold a function the module does not show.
    const GLOBALS: &[&str] = &[
        "stdin",
        "stdout",
        "stderr",
        "optarg",
        "optind",
        "opterr",
        "optopt",
        "environ",
        "__environ",
        "timezone",
        "daylight",
        "tzname",
        "signgam",
    ];
    for g in m.globals().filter(|g| g.kind() == ValueKind::GlobalVariable) {
        let name = g.name();
        if g.initializer().is_none() && !GLOBALS.contains(&name.as_str()) {
            return Err(format!("@{name} is a global variable from outside the module"));
        }
        if g.initializer().is_some() && !g.has_local_linkage() && !name.starts_with("llvm.") {
            return Err(format!("@{name} is visible outside the module"));
        }
    }
    // Functions whose address the program takes: any use but as the callee
    // of a call. (Inline assembly may make pointers the module does not
    // show.)
    let taken: Vec<dtrans_ir::Function<'m>> = m.functions().filter(|f| f.address_taken()).collect();
    let mut out = Vec::new();
    for f in m.functions().filter(|f| !f.is_declaration()) {
        for i in indirect_calls(f) {
            let Some(callee) = i.called_value() else { continue };
            if callee.kind() == ValueKind::InlineAsm {
                if asm_calls_nothing(callee) {
                    continue;
                }
                return Err(format!("@{} has inline assembly", f.name()));
            }
            if callee.is_constant() {
                continue; // null, undef: undefined to call
            }
            let Some(fty) = i.called_function_type() else { continue };
            if fty.is_var_arg() {
                continue;
            }
            let arity = fty.param_types().len();
            let ret = fty.return_type();
            // Coarser than C's compatibility (parameter types are not
            // compared), so every function the call may reach is here.
            let mut reach = taken.iter().filter(|t| {
                let tt = t.function_type();
                tt.return_type() == ret
                    && (tt.param_types().len() == arity || (tt.is_var_arg() && tt.param_types().len() <= arity))
            });
            // Functions with identical bodies (one static helper compiled
            // into two files: Brotli's `DefaultAllocFunc`) are one: calling
            // either computes the same.
            let Some(target) = reach.next() else { continue };
            if !reach.all(|other| target.identical_to(*other)) {
                continue;
            }
            // Of the call's own type, so the call needs no cast; a library
            // function only if it is an allocation or free function (any
            // other would be one the analyses see called directly).
            let known = !target.is_declaration() || dtrans_analysis::alloc::classify_library(*target).is_some();
            if target.function_type() == fty && known {
                out.push((i, *target));
            }
        }
    }
    Ok(out)
}

/// The calls and invokes of `f` that call no function directly (through a
/// pointer, or inline assembly).
fn indirect_calls<'m>(f: dtrans_ir::Function<'m>) -> impl Iterator<Item = dtrans_ir::Instruction<'m>> {
    f.instructions()
        .filter(|i| matches!(i.opcode(), Opcode::LLVMCall | Opcode::LLVMInvoke) && i.called_function().is_none())
}

/// Inline assembly that cannot reach a function: every statement one of
/// a few that do not transfer control (`cpuid`, `nop`, alignment
/// directives, fences, counters: zstd's and libdeflate's CPU probes).
/// Raw bytes could encode a call: only `xgetbv`'s encoding is accepted
/// (`.byte 0x0f, 0x01, 0xd0`, libdeflate's spelling for old assemblers).
fn asm_calls_nothing(asm: dtrans_ir::Value<'_>) -> bool {
    const PLAIN: &[&str] =
        &["cpuid", "nop", "pause", "xgetbv", "rdtsc", "rdtscp", "lfence", "mfence", "sfence", ".p2align", ".align"];
    asm.inline_asm_string().is_some_and(|text| {
        text.split(['\n', ';']).map(str::trim).filter(|s| !s.is_empty()).all(|s| {
            let op = s.split_whitespace().next().unwrap_or_default().to_ascii_lowercase();
            let xgetbv = || s.split_whitespace().collect::<String>().eq_ignore_ascii_case(".byte0x0f,0x01,0xd0");
            PLAIN.contains(&op.as_str()) || (op == ".byte" && xgetbv())
        })
    })
}

/// What a call's callee was loaded from, for the report: a structure's
/// field (`%struct.bz_stream`, `bzalloc`), a global variable (`@hook`,
/// empty), or neither (both empty).
fn holder_of<'m>(
    m: &'m Module<'_>,
    info: &AnalysisInfo<'m>,
    composites: &[dtrans_ir::Metadata<'m>],
    call: dtrans_ir::Instruction<'m>,
) -> (String, String) {
    let load = call.called_value().and_then(|c| c.as_instruction()).filter(|l| l.opcode() == Opcode::LLVMLoad);
    let Some(addr) = load.and_then(|l| l.operand(0)) else { return (String::new(), String::new()) };
    let (name, k) = match info.ptr.info(addr).map(|vi| vi.elements.as_slice()) {
        Some([e]) => (info.ptr.tm().struct_name(e.aggregate).unwrap_or_default().to_string(), e.field),
        // A global structure's first field is the global's address.
        _ => match addr.global_value_type().filter(|t| t.is_struct() && addr.kind() == ValueKind::GlobalVariable) {
            Some(t) if t.struct_name().is_some() => (t.struct_name().unwrap_or_default(), 0),
            _ if addr.kind() == ValueKind::GlobalVariable => return (format!("@{}", addr.name()), String::new()),
            _ => return (String::new(), String::new()),
        },
    };
    let field = m
        .struct_type(&name)
        .and_then(|t| crate::relayout::field_names(m, composites, t).get(k as usize).cloned())
        .unwrap_or_else(|| format!("field{k}"));
    (format!("%{name}"), field)
}

/// A small function that calls the library's allocation or free functions
/// and no function of the program's: an allocator hook's default
/// (`default_bzalloc`, `zcalloc`), inlined where it is now called directly.
fn alloc_shim(f: dtrans_ir::Function<'_>) -> bool {
    if f.is_declaration() || f.function_type().is_var_arg() {
        return false;
    }
    let insts: Vec<_> = f.instructions().collect();
    if insts.len() > 40 || f.basic_blocks().count() > 6 {
        return false;
    }
    let mut allocates = false;
    for i in insts.iter().filter(|i| i.is_call()) {
        let Some(c) = i.called_function() else { return false };
        if !c.is_declaration() {
            return false;
        }
        allocates |= dtrans_analysis::alloc::classify_library(c).is_some();
    }
    allocates
}
