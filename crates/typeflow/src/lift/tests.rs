//! Tests of the lifter variant: the result verifies, has no pointer
//! registers left where the documentation says so, and keeps the debug
//! information the evaluation needs.
use std::path::Path;
use std::process::Command;

use dtrans_ir::{Context, Module};

use super::*;
use crate::llvm::{BuildOptions, LlvmTypeFlow};

fn parse<'c>(ctx: &'c Context, src: &str) -> Module<'c> {
    let m = Module::parse_bytes(ctx, src.as_bytes(), Path::new("t.ll")).expect("test IR parses");
    m.verify().expect("test IR verifies");
    m
}

/// Lifts, verifies, and checks that the graph of the result is sound.
fn lifted(src: &str) -> (String, LiftReport) {
    let ctx = Context::new();
    let mut m = parse(&ctx, src);
    let r = lift(&mut m).unwrap();
    m.verify().unwrap_or_else(|e| panic!("{e}\n{}", m.to_ir_string()));
    let mut tf = LlvmTypeFlow::build(&m, BuildOptions::default()).unwrap();
    tf.verify().unwrap();
    tf.propagate();
    tf.verify().unwrap();
    drop(tf);
    (m.to_ir_string(), r)
}

/// The body of function `name` in printed IR.
fn body<'a>(ir: &'a str, name: &str) -> &'a str {
    let start = ir.find(&format!("@{name}(")).unwrap_or_else(|| panic!("no @{name} in\n{ir}"));
    let rest = &ir[start..];
    &rest[..rest.find("\n}\n").unwrap_or(rest.len())]
}

const MEMORY: &str = r#"
%S = type { i32, double, [4 x i16] }
@g = global ptr null
declare ptr @malloc(i64)

define ptr @next(ptr %p) {
  %f = getelementptr %S, ptr %p, i64 0, i32 1
  %q = load ptr, ptr %f
  store ptr %q, ptr @g
  ret ptr %q
}

define i16 @elem(ptr %p, i64 %i, i32 %j) {
  %f = getelementptr inbounds %S, ptr %p, i64 %i, i32 2, i32 %j
  %v = load i16, ptr %f
  ret i16 %v
}

define i1 @user(ptr %a, ptr %b, i1 %c) {
entry:
  %m = call ptr @malloc(i64 16)
  %n = call ptr @next(ptr %m)
  %s = select i1 %c, ptr %a, ptr %n
  br i1 %c, label %x, label %y
x:
  br label %y
y:
  %ph = phi ptr [ %s, %entry ], [ null, %x ]
  %e = icmp eq ptr %ph, %b
  ret i1 %e
}
"#;

#[test]
fn pointers_become_integers() {
    let (ir, r) = lifted(MEMORY);
    // Signatures: every pointer parameter and result is an i64.
    assert!(ir.contains("define i64 @next(i64 %p)"), "{ir}");
    assert!(ir.contains("define i16 @elem(i64 %p, i64 %i, i32 %j)"), "{ir}");
    assert!(ir.contains("define i1 @user(i64 %a, i64 %b, i1 %c)"), "{ir}");
    assert!(!ir.contains(".prelift"), "the old functions are gone");
    assert_eq!(r.signatures, 3);
    // A field access is an addition; a loaded pointer an i64; the stored one too.
    let next = body(&ir, "next");
    assert!(next.contains("add i64 %p, 8"), "{next}");
    assert!(next.contains("= load i64, ptr"), "{next}");
    assert!(next.contains("store i64"), "{next}");
    assert!(!next.contains("getelementptr"), "{next}");
    assert!(next.contains("ret i64"), "{next}");
    // Indices are scaled by the element sizes (24 bytes, 2 bytes), the
    // constant part added last, each access through its own inttoptr.
    let elem = body(&ir, "elem");
    assert!(elem.contains("mul i64 %i, 24"), "{elem}");
    assert!(elem.contains("sext i32 %j to i64"), "{elem}");
    assert!(elem.contains(", 16\n"), "{elem}");
    assert!(elem.contains("inttoptr i64"), "{elem}");
    // Calls: the rewritten callee takes the integer; malloc keeps its
    // prototype and its result gets a ptrtoint; select, phi and icmp work
    // on integers.
    let user = body(&ir, "user");
    assert!(user.contains("call ptr @malloc(i64 16)"), "{user}");
    assert!(user.contains("ptrtoint ptr %m to i64"), "{user}");
    assert!(user.contains("call i64 @next(i64"), "{user}");
    assert!(user.contains("select i1 %c, i64 %a, i64"), "{user}");
    assert!(user.contains("phi i64"), "{user}");
    assert!(user.contains("icmp eq i64"), "{user}");
    assert!(!user.contains("phi ptr") && !user.contains("icmp eq ptr"), "{user}");
    assert_eq!((r.loads, r.stores, r.geps, r.phis, r.selects, r.compares), (1, 1, 2, 1, 1, 1));
    assert!(r.calls >= 1 && r.returns >= 1 && r.int_to_ptr == 2 && r.ptr_to_int == 1, "{r:?}");
    assert!(r.erased_functions == 3 && r.erased_instructions > 0, "{r:?}");
}

#[test]
fn lifting_twice_changes_no_signature() {
    let ctx = Context::new();
    let mut m = parse(&ctx, MEMORY);
    lift(&mut m).unwrap();
    let r = lift(&mut m).unwrap();
    m.verify().unwrap();
    assert_eq!((r.signatures, r.loads, r.stores, r.phis, r.selects, r.compares, r.calls), (0, 0, 0, 0, 0, 0, 0));
}

#[test]
fn what_the_lifter_leaves_alone() {
    let src = r#"
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare ptr @thrower(ptr)
declare i32 @__gxx_personality_v0(...)

define i32 @f(<2 x ptr> %vp, ptr addrspace(1) %q, ptr %p) {
entry:
  %a = alloca [8 x i32]
  call void @llvm.lifetime.start.p0(i64 32, ptr %a)
  %vg = getelementptr i32, <2 x ptr> %vp, <2 x i64> <i64 1, i64 2>
  %x = extractelement <2 x ptr> %vg, i32 0
  %v = load i32, ptr %x
  %w = load i32, ptr addrspace(1) %q
  %l = load atomic ptr, ptr %p seq_cst, align 8
  store atomic ptr %l, ptr %p seq_cst, align 8
  call void @llvm.lifetime.end.p0(i64 32, ptr %a)
  ret i32 %v
dead:
  %self = getelementptr i8, ptr %self, i64 1
  %u = load i8, ptr %self
  br label %dead
}

define ptr @inv(ptr %p) personality ptr @__gxx_personality_v0 {
  %r = invoke ptr @thrower(ptr %p) to label %ok unwind label %bad
ok:
  ret ptr %r
bad:
  %lp = landingpad { ptr, i32 } cleanup
  %x = extractvalue { ptr, i32 } %lp, 0
  ret ptr %x
}
"#;
    let (ir, _) = lifted(src);
    let f = body(&ir, "f");
    assert!(f.contains("call void @llvm.lifetime.start.p0(i64 32, ptr %a)"), "{f}");
    assert!(f.contains("getelementptr i32, <2 x ptr> %vp"), "{f}");
    assert!(f.contains("load i32, ptr addrspace(1) %q"), "{f}");
    assert!(f.contains("load atomic ptr"), "{f}");
    assert!(f.contains("ptr addrspace(1) %q"), "{f}");
    // Unreachable code may refer to itself: the arithmetic does too.
    assert!(f.contains("add i64 %"), "{f}");
    let inv = body(&ir, "inv");
    assert!(inv.contains("invoke ptr @thrower(ptr"), "{inv}");
    assert!(inv.contains("ret i64"), "{inv}");
}

#[test]
fn debug_values_follow_the_integers() {
    let dir = std::env::temp_dir().join(format!("typeflow-lift-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let c = dir.join("t.c");
    let ll = dir.join("t.ll");
    std::fs::write(&c, "struct n { struct n *next; int v; };\nint sum(struct n *p) {\n  int s = 0;\n  for (; p; p = p->next) s += p->v;\n  return s;\n}\n").unwrap();
    let st = Command::new("clang-19").args(["-g", "-O2", "-S", "-emit-llvm", "-o"]).arg(&ll).arg(&c).status().unwrap();
    assert!(st.success());
    let ctx = Context::new();
    let mut m = Module::parse_file(&ctx, &ll).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    lift(&mut m).unwrap();
    m.verify().unwrap();
    let f = m.function("sum").unwrap();
    assert!(f.debug_type().is_some(), "the DISubprogram moved with the body");
    let p: Vec<_> = f.debug_variables().into_iter().filter(|v| v.name == "p" && !v.is_declare).collect();
    assert!(!p.is_empty());
    for v in &p {
        if let Some(loc) = v.location.filter(|l| !l.is_constant()) {
            assert_eq!(loc.ty().int_width(), Some(64), "p's #dbg_value is on its integer: {loc}");
        }
    }
    // The evaluation finds the same points as on the original.
    let e = crate::eval::evaluate(&m, None, false).unwrap();
    assert!(e.details.iter().any(|d| d.point.variable == "p" && d.point.truth.is_pointer()));
}
