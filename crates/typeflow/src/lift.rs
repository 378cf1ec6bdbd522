//! The lifter variant of a module: pointers turned into integers the way a
//! binary lifter (McSema, RetDec, remill-style) presents a program, so that
//! type propagation can be evaluated on what a decompiler sees.
//!
//! # What the transformation does
//!
//! Let `iN` be the integer of the pointer size (`i64`). For every pointer
//! (of address space 0) that a defined function computes:
//!
//! - **Signatures**: a defined function whose parameters or return type
//!   include a pointer is replaced by one with `iN` there (same name,
//!   attributes the new types can carry, linkage, body, `DISubprogram`);
//!   each pointer parameter is read through an `inttoptr` at entry. Every
//!   direct call to such a function and every indirect call is rebuilt with
//!   `iN` arguments (pointer variadic arguments included) and result.
//! - **Registers**: every pointer an instruction produces gets an `iN`
//!   twin. Loads of pointers become `load iN`; `phi` and `select` of
//!   pointers become `phi iN`/`select iN`; `getelementptr` becomes integer
//!   arithmetic (`base + index * size + offset`, sizes and field offsets
//!   from the data layout, indices sign-extended); pointer comparisons
//!   compare the twins; `ptrtoint` of a pointer is its twin and an existing
//!   `inttoptr` has its operand as twin. Anything else that produces a
//!   pointer (`alloca`, calls to declared functions such as `malloc`,
//!   `extractvalue`, ...) is followed by a `ptrtoint`.
//! - **Memory**: stores of pointers store the twin (`store iN`).
//! - **Uses**: every remaining use of a pointer value (the address of each
//!   load and store, arguments of declared functions and intrinsics,
//!   indirect callees, ...) gets its own `inttoptr` of the twin, placed right
//!   before the user: one cast per memory access, as in lifted code.
//! - **Debug information**: `#dbg_value` records of a pointer move to its
//!   twin (debug records do not type their locations), so the variable's
//!   truth lands on the integer. `#dbg_declare` stays on the `alloca`; the
//!   evaluation finds loads and stores of the variable through the
//!   `inttoptr(ptrtoint(alloca))` chain.
//!
//! - **Facts a binary does not hold** are forgotten (see `forget`):
//!   every instruction flag that states a fact about operands or result
//!   (`nsw`, `nuw`, `exact`, `disjoint`, `nneg`, a remaining GEP's
//!   `inbounds`, fast-math flags), every instruction metadata attachment
//!   but debug information (`!tbaa`, `!range`, `!nonnull`, `!noundef`,
//!   `!align`, `!llvm.loop`, ...), and the enum attributes of defined
//!   functions and of call sites (`signext`/`zeroext`, `noundef`,
//!   `nonnull`, `range`, `memory(...)`, ...). What stays is what machine
//!   code shows: the operations themselves, which exist as distinct
//!   instructions (`sdiv`/`udiv`, `ashr`/`lshr`, signed and unsigned
//!   comparisons, `sext`/`zext`, `sitofp`/`uitofp`, integer against
//!   floating-point arithmetic), the widths of memory accesses, type
//!   attributes (`byval(T)`, `sret(T)`: the calling convention's layout),
//!   and declared functions with their attributes (a lifter names imported
//!   library functions and knows their prototypes).
//!
//! Replaced instructions and functions are marked and erased at the end;
//! the result must pass LLVM's verifier. Functions with new signatures end
//! up at the end of the module, in their original order.
//!
//! # What it does not do
//!
//! A real lifter knows no allocas, no globals and no integer widths:
//! this one keeps every `alloca` (the stack frame stays split into
//! variables), uses global addresses as constants (`ptrtoint (ptr @g to
//! i64)` where an integer is needed, `@g` itself as the address of a load
//! or store), keeps non-pointer values at their own widths (an `int` is
//! still an `i32`, not the low half of a 64-bit register), keeps the
//! prototypes of declared functions (`malloc` still returns `ptr`) and
//! does not change vectors of pointers, pointers of other address spaces,
//! atomic loads and stores, `invoke`s, calls with operand bundles or the
//! pointer operands of `lifetime`/`invariant` intrinsics.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use dtrans_ir::{
    BasicBlock, Builder, EditError, Function, Instruction, Metadata, Module, Opcode, Type, TypeKind, Value, ValueKind,
};

/// The metadata kind that marks what the lifter replaced (erased at the end).
pub const DEAD_KIND: &str = "dtrans.lifter.dead";

/// What [`lift`] changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LiftReport {
    /// Functions given integer parameters or return types.
    pub signatures: usize,
    pub loads: usize,
    pub stores: usize,
    pub geps: usize,
    pub phis: usize,
    pub selects: usize,
    pub compares: usize,
    pub calls: usize,
    pub returns: usize,
    /// `inttoptr` casts placed before uses.
    pub int_to_ptr: usize,
    /// `ptrtoint` casts placed after pointer producers.
    pub ptr_to_int: usize,
    pub erased_instructions: usize,
    pub erased_functions: usize,
    /// Instructions whose flags (`nsw`, `nuw`, `exact`, `nneg`, ...) were
    /// cleared.
    pub flags: usize,
    /// Metadata attachments removed from instructions.
    pub metadata: usize,
    /// Enum attributes removed from defined functions and call sites.
    pub attributes: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum LiftError {
    #[error("lifting: {0}")]
    Edit(#[from] EditError),
    #[error("lifting: {0}")]
    Malformed(String),
}

/// Turns the pointers of `m` into integers (see the module documentation).
pub fn lift(m: &mut Module<'_>) -> Result<LiftReport, LiftError> {
    let kind = m.md_kind_id(DEAD_KIND);
    let mut report = {
        let mut l = Lifter::new(&*m, kind);
        l.run()?;
        l.report
    };
    let (insts, fns) = m.erase_marked(kind)?;
    report.erased_instructions = insts;
    report.erased_functions = fns;
    forget(m, &mut report);
    Ok(report)
}

/// Forgets what the IR says beyond machine code (the module documentation
/// lists it): in defined functions, instruction flags, metadata
/// attachments other than debug information (`!dbg` and `!DIAssignID`
/// stay: they hold the evaluation's truth), and enum attributes of the
/// functions and their call sites.
fn forget(m: &Module<'_>, report: &mut LiftReport) {
    let assign_id = m.md_kind_id("DIAssignID");
    for f in m.functions().filter(|f| !f.is_declaration()) {
        report.attributes += f.drop_attribute_facts();
        for inst in f.instructions() {
            report.flags += usize::from(inst.drop_value_flags());
            report.attributes += inst.drop_call_site_attribute_facts();
            let v = inst.as_value();
            for (kind, _) in v.metadata_attachments() {
                if kind != assign_id && v.set_metadata(kind, None) {
                    report.metadata += 1;
                }
            }
        }
    }
}

struct Lifter<'m, 'c> {
    m: &'m Module<'c>,
    b: Builder<'m>,
    iptr: Type<'m>,
    kind: u32,
    mark: Metadata<'m>,
    dead: HashSet<Value<'m>>,
    /// Casts the lifter made (their pointer operands are meant).
    ours: HashSet<Value<'m>>,
    twin: HashMap<Value<'m>, Value<'m>>,
    /// Pointer values with a twin, per function, in order of creation.
    twinned: Vec<Value<'m>>,
    /// `ptrtoint`s made for values that had no twin yet (unreachable code).
    fallbacks: Vec<(Value<'m>, Value<'m>)>,
    /// Functions with lifted signatures.
    rewritten: HashSet<Function<'m>>,
    report: LiftReport,
}

fn is_debug_intrinsic(inst: Instruction<'_>) -> bool {
    inst.is_call()
        && inst.called_value().and_then(|v| v.as_function()).is_some_and(|f| f.name().starts_with("llvm.dbg."))
}

/// Intrinsics whose pointer operands must stay what they are (an `alloca`
/// for `lifetime`, ...).
fn keeps_pointer_operands(inst: Instruction<'_>) -> bool {
    const KEEP: &[&str] = &[
        "llvm.dbg.",
        "llvm.lifetime.",
        "llvm.invariant.",
        "llvm.localescape",
        "llvm.experimental.",
        "llvm.stackprotector",
    ];
    inst.is_call()
        && inst.called_value().and_then(|v| v.as_function()).is_some_and(|f| {
            let n = f.name();
            KEEP.iter().any(|p| n.starts_with(p))
        })
}

/// Blocks in reverse post-order from the entry, then unreachable ones in
/// layout order: every definition outside a `phi` comes before its uses.
fn block_order<'m>(f: Function<'m>) -> Vec<BasicBlock<'m>> {
    let blocks: Vec<BasicBlock<'m>> = f.basic_blocks().collect();
    let Some(&entry) = blocks.first() else { return Vec::new() };
    let mut visited: HashSet<BasicBlock<'m>> = HashSet::default();
    let mut post = Vec::with_capacity(blocks.len());
    let succ = |b: BasicBlock<'m>| b.terminator().map(|t| t.successors()).unwrap_or_default();
    visited.insert(entry);
    let mut stack = vec![(entry, succ(entry), 0usize)];
    while let Some((b, s, i)) = stack.last_mut() {
        if *i < s.len() {
            let next = s[*i];
            *i += 1;
            if visited.insert(next) {
                let ns = succ(next);
                stack.push((next, ns, 0));
            }
        } else {
            post.push(*b);
            stack.pop();
        }
    }
    post.reverse();
    post.extend(blocks.into_iter().filter(|b| !visited.contains(b)));
    post
}

impl<'m, 'c> Lifter<'m, 'c> {
    fn new(m: &'m Module<'c>, kind: u32) -> Self {
        let bytes = m.data_layout().pointer_size();
        let bits = if bytes == 0 { 64 } else { bytes * 8 };
        let iptr = m.scalar_type(TypeKind::LLVMIntegerTypeKind, bits).expect("integer types exist");
        Lifter {
            m,
            b: m.builder(),
            iptr,
            kind,
            mark: m.md_tuple(&[]),
            dead: HashSet::default(),
            ours: HashSet::default(),
            twin: HashMap::default(),
            twinned: Vec::new(),
            fallbacks: Vec::new(),
            rewritten: HashSet::default(),
            report: LiftReport::default(),
        }
    }

    fn is_lifted_type(&self, t: Type<'m>) -> bool {
        t.pointer_address_space() == Some(0)
    }

    fn is_ptr(&self, v: Value<'m>) -> bool {
        self.is_lifted_type(v.ty())
    }

    fn lifted(&self, t: Type<'m>) -> Type<'m> {
        if self.is_lifted_type(t) {
            self.iptr
        } else {
            t
        }
    }

    fn lifted_fn_type(&self, fty: Type<'m>) -> Result<Type<'m>, LiftError> {
        let ret = fty.return_type().ok_or_else(|| LiftError::Malformed(format!("{fty} is not a function type")))?;
        let params: Vec<Type<'m>> = fty.param_types().into_iter().map(|t| self.lifted(t)).collect();
        Ok(self.m.function_type(self.lifted(ret), &params, fty.is_var_arg())?)
    }

    fn kill(&mut self, v: Value<'m>) {
        v.set_metadata(self.kind, Some(self.mark));
        self.dead.insert(v);
    }

    fn set_twin(&mut self, v: Value<'m>, x: Value<'m>) {
        if self.twin.insert(v, x).is_none() {
            self.twinned.push(v);
        }
    }

    /// The integer of pointer `v`, if known: its twin, or for a constant the
    /// constant `ptrtoint`.
    fn int_of(&self, v: Value<'m>) -> Option<Value<'m>> {
        if let Some(&x) = self.twin.get(&v) {
            return Some(x);
        }
        if v.is_constant() {
            return self.m.const_ptr_to_int(v, self.iptr).ok();
        }
        None
    }

    /// The integer of pointer `v` for a use at `before`: as [`int_of`], else
    /// a `ptrtoint` right before `before` (a value whose definition comes
    /// later in block order: unreachable code).
    fn int_at(&mut self, v: Value<'m>, before: Instruction<'m>) -> Result<Value<'m>, LiftError> {
        if let Some(x) = self.int_of(v) {
            return Ok(x);
        }
        self.b.position_before(before);
        self.b.set_debug_location_from(before);
        let x = self.b.ptr_to_int(v, self.iptr, "")?;
        self.ours.insert(x);
        self.fallbacks.push((v, x));
        self.report.ptr_to_int += 1;
        Ok(x)
    }

    fn run(&mut self) -> Result<(), LiftError> {
        let defined: Vec<Function<'m>> = self.m.functions().filter(|f| !f.is_declaration()).collect();
        let mut bodies = Vec::with_capacity(defined.len());
        for f in defined {
            bodies.push(self.signature(f)?);
        }
        for f in bodies {
            self.twinned.clear();
            self.body(f)?;
        }
        Ok(())
    }

    /// Phase 1: a function with pointers in its signature gets a twin with
    /// integers there; returns the function that now holds the body.
    fn signature(&mut self, f: Function<'m>) -> Result<Function<'m>, LiftError> {
        let fty = f.function_type();
        let nfty = self.lifted_fn_type(fty)?;
        if nfty == fty {
            return Ok(f);
        }
        let name = f.name();
        f.as_value().set_name(&format!("{name}.prelift"));
        let nf = self.m.add_function(&name, nfty)?;
        nf.take_body_from(f)?;
        for (k, md) in f.as_value().metadata_attachments() {
            nf.as_value().set_metadata(k, Some(md));
        }
        let first = nf
            .entry_block()
            .and_then(|b| b.instructions().next())
            .ok_or_else(|| LiftError::Malformed(format!("@{name} has an empty entry block")))?;
        self.b.clear_debug_location();
        for (old, new) in f.params().into_iter().zip(nf.params()) {
            let pname = old.name();
            old.set_name("");
            new.set_name(&pname);
            if old.ty() == new.ty() {
                old.replace_all_uses_with(new)?;
                continue;
            }
            self.b.position_before_with_records(first);
            let p = self.b.int_to_ptr(new, old.ty(), "")?;
            old.replace_all_uses_with(p)?;
            self.kill(p);
            self.set_twin(p, new);
        }
        f.as_value().replace_all_uses_with(nf.as_value())?;
        self.kill(f.as_value());
        self.rewritten.insert(nf);
        self.report.signatures += 1;
        Ok(nf)
    }

    /// Phase 2: the instructions of `f`, then the phis' incoming values,
    /// then the remaining uses of every pointer.
    fn body(&mut self, f: Function<'m>) -> Result<(), LiftError> {
        // Twins made by `signature` for this function's parameters.
        for p in f.params() {
            let entry_casts: Vec<Value<'m>> = p.users().into_iter().filter(|u| self.twin.contains_key(u)).collect();
            for c in entry_casts {
                if !self.twinned.contains(&c) {
                    self.twinned.push(c);
                }
            }
        }
        let insts: Vec<Instruction<'m>> = block_order(f).into_iter().flat_map(|b| b.instructions()).collect();
        let mut phis = Vec::new();
        for inst in insts {
            let v = inst.as_value();
            if self.dead.contains(&v) || self.ours.contains(&v) || is_debug_intrinsic(inst) {
                continue;
            }
            self.instruction(f, inst, &mut phis)?;
        }
        self.fill_phis(&phis)?;
        self.finish_uses()?;
        Ok(())
    }

    fn instruction(
        &mut self,
        f: Function<'m>,
        inst: Instruction<'m>,
        phis: &mut Vec<(Instruction<'m>, Instruction<'m>)>,
    ) -> Result<(), LiftError> {
        use Opcode as O;
        let v = inst.as_value();
        let op = |i: u32| inst.operand(i);
        let ptr_result = self.is_ptr(v);
        match inst.opcode() {
            O::LLVMLoad if ptr_result && !inst.is_atomic() => {
                let addr = op(0).ok_or_else(|| LiftError::Malformed("load without address".into()))?;
                self.b.position_before(inst);
                self.b.set_debug_location_from(inst);
                let nl = self.b.load(self.iptr, addr, "")?;
                if let Some(a) = inst.alignment() {
                    nl.set_alignment(a);
                }
                nl.set_volatile(inst.is_volatile());
                self.set_twin(v, nl.as_value());
                self.kill(v);
                self.report.loads += 1;
            }
            O::LLVMStore if !inst.is_atomic() && op(0).is_some_and(|x| self.is_ptr(x)) => {
                let (Some(val), Some(addr)) = (op(0), op(1)) else { return Ok(()) };
                let x = self.int_at(val, inst)?;
                self.b.position_before(inst);
                self.b.set_debug_location_from(inst);
                let ns = self.b.store(x, addr)?;
                if let Some(a) = inst.alignment() {
                    ns.set_alignment(a);
                }
                ns.set_volatile(inst.is_volatile());
                self.kill(v);
                self.report.stores += 1;
            }
            O::LLVMGetElementPtr if ptr_result => {
                let lowered = self.gep(inst)?;
                if !lowered {
                    self.after(inst)?;
                }
            }
            O::LLVMPHI if ptr_result => {
                self.b.position_before(inst);
                self.b.set_debug_location_from(inst);
                let np = self.b.phi(self.iptr, "")?;
                self.set_twin(v, np.as_value());
                self.kill(v);
                phis.push((inst, np));
                self.report.phis += 1;
            }
            O::LLVMSelect if ptr_result => {
                let (Some(c), Some(a), Some(bv)) = (op(0), op(1), op(2)) else { return self.after(inst) };
                match (c.ty().int_width() == Some(1), self.int_of(a), self.int_of(bv)) {
                    (true, Some(x), Some(y)) => {
                        self.b.position_before(inst);
                        self.b.set_debug_location_from(inst);
                        let s = self.b.select(c, x, y, "")?;
                        self.set_twin(v, s);
                        self.kill(v);
                        self.report.selects += 1;
                    }
                    _ => self.after(inst)?,
                }
            }
            O::LLVMICmp if op(0).is_some_and(|x| self.is_ptr(x)) => {
                let (Some(a), Some(bv), Some(pred)) = (op(0), op(1), inst.int_predicate()) else { return Ok(()) };
                let x = self.int_at(a, inst)?;
                let y = self.int_at(bv, inst)?;
                self.b.position_before(inst);
                self.b.set_debug_location_from(inst);
                let c = self.b.icmp(pred, x, y, "")?;
                v.replace_all_uses_with(c)?;
                self.kill(v);
                self.report.compares += 1;
            }
            O::LLVMPtrToInt if op(0).is_some_and(|x| self.is_ptr(x)) && v.ty() == self.iptr => {
                let Some(p) = op(0) else { return Ok(()) };
                let x = self.int_at(p, inst)?;
                v.replace_all_uses_with(x)?;
                self.kill(v);
            }
            O::LLVMIntToPtr if ptr_result && op(0).is_some_and(|x| x.ty() == self.iptr) => {
                let Some(x) = op(0) else { return Ok(()) };
                self.set_twin(v, x);
                self.kill(v);
            }
            O::LLVMCall if self.rebuilds(inst) => self.call(inst)?,
            O::LLVMRet if self.rewritten.contains(&f) && op(0).is_some_and(|x| self.is_ptr(x)) => {
                let (Some(p), Some(block)) = (op(0), inst.parent_block()) else { return Ok(()) };
                let x = self.int_at(p, inst)?;
                // The new `ret` goes after the old one, which is erased:
                // the block's terminator is then the new one.
                self.b.position_at_end(block);
                self.b.set_debug_location_from(inst);
                self.b.ret(Some(x))?;
                self.kill(v);
                self.report.returns += 1;
            }
            _ if ptr_result => self.after(inst)?,
            _ => {}
        }
        Ok(())
    }

    /// A twin for pointer `inst`: `ptrtoint` right after it.
    fn after(&mut self, inst: Instruction<'m>) -> Result<(), LiftError> {
        let Some(next) = inst.next() else { return Ok(()) };
        self.b.position_before_with_records(next);
        self.b.set_debug_location_from(inst);
        let x = self.b.ptr_to_int(inst.as_value(), self.iptr, "")?;
        self.ours.insert(x);
        self.set_twin(inst.as_value(), x);
        self.report.ptr_to_int += 1;
        Ok(())
    }

    /// `getelementptr` as integer arithmetic; false (nothing changed) for
    /// shapes left alone (vector GEPs, scalable or unsized types).
    fn gep(&mut self, inst: Instruction<'m>) -> Result<bool, LiftError> {
        let (Some(src), Some(base)) = (inst.gep_source_type(), inst.operand(0)) else { return Ok(false) };
        if !self.is_ptr(base) {
            return Ok(false);
        }
        let dl = self.m.data_layout();
        let scalable = |t: Type<'_>| t.kind() == TypeKind::LLVMScalableVectorTypeKind;
        let mut ty = src;
        let mut konst: i64 = 0;
        let mut terms: Vec<(Value<'m>, u64)> = Vec::new();
        for k in 1..inst.num_operands() {
            let Some(idx) = inst.operand(k) else { return Ok(false) };
            if idx.ty().int_width().is_none() {
                return Ok(false);
            }
            let size = if k == 1 {
                if scalable(ty) {
                    return Ok(false);
                }
                dl.alloc_size(ty)
            } else if ty.is_struct() {
                let Some(field) = idx.const_int_value().and_then(|i| u32::try_from(i).ok()) else { return Ok(false) };
                let Some(off) = dl.field_offset(ty, field) else { return Ok(false) };
                let Some(&fty) = ty.struct_fields().get(field as usize) else { return Ok(false) };
                konst = konst.wrapping_add(off as i64);
                ty = fty;
                continue;
            } else {
                let Some(elem) = ty.element_type().filter(|e| !scalable(*e) && !scalable(ty)) else { return Ok(false) };
                ty = elem;
                dl.alloc_size(elem)
            };
            let Some(size) = size else { return Ok(false) };
            match idx.const_int_value() {
                Some(c) => konst = konst.wrapping_add(c.wrapping_mul(size as i64)),
                None => terms.push((idx, size)),
            }
        }
        let bx = self.int_at(base, inst)?;
        self.b.position_before(inst);
        self.b.set_debug_location_from(inst);
        let bits = self.iptr.int_width().unwrap_or(64);
        let mut acc = bx;
        for (idx, size) in terms {
            let i = self.b.int_cast(idx, self.iptr, true, "")?;
            let scaled = if size == 1 { i } else { self.b.mul(i, self.m.const_int(bits, size as i64), "")? };
            acc = self.b.add(acc, scaled, "")?;
        }
        if konst != 0 {
            acc = self.b.add(acc, self.m.const_int(bits, konst), "")?;
        }
        let v = inst.as_value();
        self.set_twin(v, acc);
        self.kill(v);
        self.report.geps += 1;
        Ok(true)
    }

    /// Whether a call is rebuilt with integer arguments: calls to functions
    /// with lifted signatures and indirect calls, without bundles.
    fn rebuilds(&self, inst: Instruction<'m>) -> bool {
        let Some(callee) = inst.called_value() else { return false };
        let nargs = inst.call_arg_count().unwrap_or(0);
        if inst.num_operands() != nargs + 1 {
            return false;
        }
        match callee.as_function() {
            Some(f) => self.rewritten.contains(&f),
            None => callee.kind() != ValueKind::InlineAsm && self.is_ptr(callee),
        }
    }

    fn call(&mut self, inst: Instruction<'m>) -> Result<(), LiftError> {
        let (Some(cty), Some(callee)) = (inst.called_function_type(), inst.called_value()) else { return Ok(()) };
        let nty = self.lifted_fn_type(cty)?;
        let nargs = inst.call_arg_count().unwrap_or(0);
        let mut args = Vec::with_capacity(nargs as usize);
        let mut changed = nty != cty;
        for i in 0..nargs {
            let Some(a) = inst.operand(i) else { return Ok(()) };
            if self.is_ptr(a) {
                args.push(self.int_at(a, inst)?);
                changed = true;
            } else {
                args.push(a);
            }
        }
        let v = inst.as_value();
        if !changed {
            if self.is_ptr(v) {
                self.after(inst)?;
            }
            return Ok(());
        }
        self.b.position_before(inst);
        self.b.set_debug_location_from(inst);
        let nc = self.b.call(nty, callee, &args, "")?;
        if let Some(cc) = inst.call_conv() {
            nc.set_call_conv(cc);
        }
        let rty = v.ty();
        if self.is_ptr(v) {
            self.set_twin(v, nc.as_value());
        } else if !rty.is_void() {
            v.replace_all_uses_with(nc.as_value())?;
        }
        self.kill(v);
        self.report.calls += 1;
        Ok(())
    }

    fn fill_phis(&mut self, phis: &[(Instruction<'m>, Instruction<'m>)]) -> Result<(), LiftError> {
        let mut made: HashMap<(BasicBlock<'m>, Value<'m>), Value<'m>> = HashMap::default();
        for &(old, new) in phis {
            for (v, block) in old.incoming() {
                let x = match self.int_of(v) {
                    Some(x) => x,
                    None => match made.get(&(block, v)) {
                        Some(&x) => x,
                        None => {
                            let term = block
                                .terminator()
                                .ok_or_else(|| LiftError::Malformed("a block without terminator".into()))?;
                            let x = self.int_at(v, term)?;
                            made.insert((block, v), x);
                            x
                        }
                    },
                };
                new.add_incoming(x, block)?;
            }
        }
        Ok(())
    }

    /// Every use of a pointer with a twin that is not rewritten yet gets an
    /// `inttoptr` of the twin right before it; `#dbg_value`s move to the twin.
    fn finish_uses(&mut self) -> Result<(), LiftError> {
        // Fallback casts of values that turned out to have a twin.
        for (v, x) in std::mem::take(&mut self.fallbacks) {
            if let Some(&t) = self.twin.get(&v) {
                if self.dead.contains(&v) {
                    x.replace_all_uses_with(t)?;
                    self.kill(x);
                }
            }
        }
        let values = std::mem::take(&mut self.twinned);
        for &v in &values {
            let Some(&x) = self.twin.get(&v) else { continue };
            v.replace_debug_value_uses_with(x);
            for user in v.users() {
                let Some(u) = user.as_instruction() else { continue };
                if self.dead.contains(&user) || self.ours.contains(&user) || keeps_pointer_operands(u) {
                    continue;
                }
                let incoming = u.incoming();
                for k in 0..u.num_operands() {
                    if u.operand(k) != Some(v) {
                        continue;
                    }
                    let at = if u.opcode() == Opcode::LLVMPHI {
                        match incoming.get(k as usize).and_then(|(_, b)| b.terminator()) {
                            Some(t) => t,
                            None => continue,
                        }
                    } else {
                        u
                    };
                    self.b.position_before(at);
                    self.b.set_debug_location_from(at);
                    let p = self.b.int_to_ptr(x, v.ty(), "")?;
                    self.ours.insert(p);
                    u.set_operand(k, p)?;
                    self.report.int_to_ptr += 1;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
