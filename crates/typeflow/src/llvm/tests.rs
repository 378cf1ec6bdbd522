//! Tests of the LLVM frontend against real LLVM 19 modules.
use std::collections::HashMap;
use std::path::Path;

use dtrans_ir::{Context, Module};

use super::*;
use crate::graph::VerifyError;
use crate::output;

fn parse<'c>(ctx: &'c Context, src: &str) -> Module<'c> {
    let m = Module::parse_bytes(ctx, src.as_bytes(), Path::new("t.ll")).expect("test IR parses");
    m.verify().expect("test IR verifies");
    m
}

/// The text dump after building (and maybe propagating), verifying the
/// graph at each step.
fn dump_with(src: &str, seeds: bool, propagate: bool) -> String {
    let ctx = Context::new();
    let m = parse(&ctx, src);
    let mut tf = LlvmTypeFlow::build(&m, BuildOptions { seeds }).unwrap();
    tf.verify().unwrap();
    if propagate {
        tf.propagate();
        tf.verify().unwrap();
    }
    output::text(&tf, None).unwrap()
}

fn dump(src: &str) -> String {
    dump_with(src, true, true)
}

fn edges(text: &str) -> Vec<&str> {
    text.lines().filter_map(|l| l.strip_prefix("  edge ")).collect()
}

/// label -> type, for the nodes of all functions (labels qualified by function).
fn types(text: &str) -> HashMap<String, String> {
    let mut f = String::new();
    let mut out = HashMap::new();
    for l in text.lines() {
        if let Some(name) = l.strip_prefix("function ") {
            f = name.to_string();
        } else if let Some(rest) = l.strip_prefix("  value ").or_else(|| l.strip_prefix("  use ")) {
            let (label, ty) = rest.split_once(": ").unwrap();
            out.insert(format!("{f}:{label}"), ty.to_string());
        }
    }
    out
}

fn ty<'a>(t: &'a HashMap<String, String>, key: &str) -> &'a str {
    t.get(key).unwrap_or_else(|| panic!("no node {key} in {t:?}"))
}

const BINARY: &str = "define i32 @func(i32 %a, i32 %b) {\n  %c = add i32 %a, %b\n  ret i32 %c\n}\n";
const COMPARISON: &str = "define i1 @func(i32 %a, i32 %b) {\n  %c = icmp eq i32 %a, %b\n  ret i1 %c\n}\n";
const LOCAL: &str = "define i32 @func(i32 %a) {\n  %local = alloca i32\n  store i32 %a, ptr %local\n  %c = load i32, ptr %local\n  ret i32 %c\n}\n";

#[test]
fn document_binary_operation() {
    let d = dump(BINARY);
    assert_eq!(edges(&d), ["%a -- %c.0", "%b -- %c.1", "%c.0 -- %c", "%c.1 -- %c", "%c -- ret.0"], "{d}");
    assert!(d.contains("summary: 6 nodes, 5 edges, 0 casts, 0 conflicts"), "{d}");
}

#[test]
fn document_comparison() {
    let d = dump(COMPARISON);
    assert_eq!(edges(&d), ["%a -- %c.0", "%b -- %c.1", "%c.0 -- %c.1", "%c -- ret.0"], "{d}");
}

#[test]
fn document_local_variable() {
    let d = dump(LOCAL);
    assert_eq!(
        edges(&d),
        ["%a -- store.0", "%local -- store.1", "%local -- %c.0", "store.0 -- *store.1", "*%c.0 -- %c", "%c -- ret.0"],
        "{d}"
    );
    let t = types(&d);
    assert_eq!(ty(&t, "@func:%local"), "generic32_t *");
    assert_eq!(ty(&t, "@func:store.1"), "generic32_t *");
    assert_eq!(ty(&t, "@func:%c"), "generic32_t");
}

#[test]
fn json_lists_each_edge_once() {
    let ctx = Context::new();
    let m = parse(&ctx, LOCAL);
    let tf = LlvmTypeFlow::build(&m, BuildOptions::default()).unwrap();
    let j = output::json(&tf, None).unwrap();
    let f = &j["functions"][0];
    assert_eq!(f["name"], "func");
    assert_eq!(f["nodes"].as_array().unwrap().len(), 7);
    assert_eq!(f["nodes"][1], serde_json::json!({"id": 1, "kind": "value", "label": "%local", "type": "void *"}));
    assert_eq!(f["nodes"][3]["label"], "store.1");
    assert_eq!(f["nodes"][3]["kind"], "use");
    assert_eq!(f["edges"], serde_json::json!([[0, 2], [1, 3], [1, 4], [2, 3], [4, 5], [5, 6]]));
    assert!(output::json(&tf, Some("nope")).is_err());
    assert!(output::json(&tf, Some("@func")).is_ok());
}

#[test]
fn labels_of_unnamed_values_and_repeated_opcodes() {
    let d = dump("define void @f(ptr %0, i32 %1) {\n  store i32 %1, ptr %0\n  %3 = add i32 %1, 1\n  store i32 %3, ptr %0\n  ret void\n}\n");
    assert_eq!(
        edges(&d),
        [
            "%0 -- store#1.1",
            "%0 -- store#2.1",
            "%1 -- store#1.0",
            "%1 -- %3.0",
            "store#1.0 -- *store#1.1",
            "%3.0 -- %3",
            "%3.1 -- %3",
            "%3 -- store#2.0",
            "store#2.0 -- *store#2.1"
        ],
        "{d}"
    );
}

#[test]
fn calls_join_arguments_to_parameters_and_returns_to_results() {
    let src = "define i32 @callee(i32 %x) {\n  %y = sdiv i32 %x, 2\n  ret i32 %y\n}\n\
               define i32 @caller(i32 %a) {\n  %r = call i32 @callee(i32 %a)\n  %s = add i32 %r, 1\n  ret i32 %s\n}\n";
    let d = dump(src);
    let e = edges(&d);
    assert!(e.contains(&"%x -- @caller:%r.0"), "{d}");
    assert!(e.contains(&"ret.0 -- @caller:%r"), "{d}");
    // The callee operand of a direct call has no node.
    assert!(!d.contains("%r.1"), "{d}");
    let t = types(&d);
    for n in ["@callee:%x", "@callee:%y", "@caller:%a", "@caller:%r", "@caller:%s", "@caller:ret.0"] {
        assert_eq!(ty(&t, n), "int32_t", "{n}\n{d}");
    }
}

#[test]
fn several_returns_are_chained() {
    let src = "define i32 @f(i1 %c, i32 %a, i32 %b) {\n  br i1 %c, label %t, label %e\nt:\n  ret i32 %a\ne:\n  ret i32 %b\n}\n";
    let d = dump(src);
    assert!(edges(&d).contains(&"ret#1.0 -- ret#2.0"), "{d}");
    // The branch condition is a use too.
    assert!(edges(&d).contains(&"%c -- br.0"), "{d}");
}

#[test]
fn declared_functions_share_their_prototype_and_seed_from_libc() {
    let src = "declare i64 @strlen(ptr)\n\
               define i64 @f(ptr %s, ptr %t) {\n  %a = call i64 @strlen(ptr %s)\n  %b = call i64 @strlen(ptr %t)\n  %c = add i64 %a, %b\n  ret i64 %c\n}\n";
    let d = dump(src);
    let e = edges(&d);
    assert!(e.contains(&"%a.0 -- %b.0"), "{d}");
    assert!(e.contains(&"%a -- %b"), "{d}");
    let t = types(&d);
    assert_eq!(ty(&t, "@f:%s"), "int8_t *");
    assert_eq!(ty(&t, "@f:%c"), "uint64_t");
    assert_eq!(ty(&t, "@f:ret.0"), "uint64_t");
}

#[test]
fn printf_formats_seed_the_variadic_arguments() {
    let src = "@.str = private constant [10 x i8] c\"%d %u %s\\0A\\00\"\n\
               declare i32 @printf(ptr, ...)\n\
               define void @f(i32 %a, i32 %b, ptr %s) {\n  %r = call i32 (ptr, ...) @printf(ptr @.str, i32 %a, i32 %b, ptr %s)\n  ret void\n}\n";
    let t = types(&dump(src));
    assert_eq!(ty(&t, "@f:%a"), "int32_t");
    assert_eq!(ty(&t, "@f:%b"), "uint32_t");
    assert_eq!(ty(&t, "@f:%s"), "int8_t *");
    assert_eq!(ty(&t, "@f:%r"), "int32_t");
}

#[test]
fn uses_of_the_same_global_are_chained_across_functions() {
    let src = "@g = global i32 0\n\
               define void @w(i32 %a) {\n  store i32 %a, ptr @g\n  ret void\n}\n\
               define i32 @r() {\n  %v = load i32, ptr @g\n  %q = udiv i32 %v, 3\n  ret i32 %q\n}\n";
    let d = dump(src);
    assert!(edges(&d).contains(&"store.1 -- @r:%v.0"), "{d}");
    let t = types(&d);
    assert_eq!(ty(&t, "@w:%a"), "uint32_t");
    assert_eq!(ty(&t, "@w:store.1"), "uint32_t *");
}

#[test]
fn getelementptr_shapes() {
    let src = "%struct.S = type { i32, double }\n\
               define double @f(ptr %p, ptr %q, ptr %a, i64 %i, ptr %b) {\n\
               %f1 = getelementptr %struct.S, ptr %p, i32 0, i32 1\n\
               %f2 = getelementptr %struct.S, ptr %q, i64 %i, i32 1\n\
               %e = getelementptr i32, ptr %a, i64 %i\n\
               %x = load i32, ptr %e\n\
               %s = sdiv i32 %x, 7\n\
               %o = getelementptr inbounds i8, ptr %b, i64 8\n\
               %d = load double, ptr %f1\n\
               ret double %d\n}\n";
    let d = dump(src);
    let e = edges(&d);
    // A field access does not join base and result; the same field is chained.
    assert!(!e.contains(&"%f1.0 -- %f1"), "{d}");
    assert!(e.contains(&"%f1 -- %f2"), "{d}");
    // Pointer arithmetic over elements does.
    assert!(e.contains(&"%e.0 -- %e"), "{d}");
    // A constant byte offset does not.
    assert!(!e.contains(&"%o.0 -- %o"), "{d}");
    let t = types(&d);
    assert_eq!(ty(&t, "@f:%a"), "int32_t *");
    assert_eq!(ty(&t, "@f:%f2"), "double *");
    assert_eq!(ty(&t, "@f:%e.1"), "number64_t");
    assert_eq!(ty(&t, "@f:%p"), "void *");
}

#[test]
fn seeds_can_be_turned_off() {
    let src = "define i32 @f(i32 %a, i32 %b) {\n  %c = sdiv i32 %a, %b\n  ret i32 %c\n}\n";
    assert_eq!(ty(&types(&dump_with(src, true, false)), "@f:%c"), "int32_t");
    assert_eq!(ty(&types(&dump_with(src, true, false)), "@f:%a"), "generic32_t");
    assert_eq!(ty(&types(&dump_with(src, true, true)), "@f:%a"), "int32_t");
    assert_eq!(ty(&types(&dump_with(src, false, true)), "@f:%a"), "generic32_t");
}

#[test]
fn everything_else_builds_verifies_and_propagates() {
    // Vectors, aggregates, switch, select, phi, invoke/landingpad, indirect
    // and variadic calls, inline asm, atomics, intrinsics, casts, freeze,
    // constant expressions, unnamed values.
    let src = r#"
%pair = type { i32, i64 }
@tbl = global [4 x i32] zeroinitializer
@fp = global ptr null
declare i32 @__gxx_personality_v0(...)
declare void @may_throw(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare i32 @llvm.smax.i32(i32, i32)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
declare double @llvm.fmuladd.f64(double, double, double)

define i32 @vec(<4 x i32> %v, i32 %k) {
  %e = extractelement <4 x i32> %v, i32 %k
  %w = insertelement <4 x i32> %v, i32 %e, i32 0
  %s = shufflevector <4 x i32> %v, <4 x i32> %w, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  %r = extractelement <4 x i32> %s, i64 1
  ret i32 %r
}

define %pair @agg(i32 %a, i64 %b) {
  %1 = insertvalue %pair undef, i32 %a, 0
  %2 = insertvalue %pair %1, i64 %b, 1
  %3 = extractvalue %pair %2, 0
  ret %pair %2
}

define i32 @flow(i32 %x, ptr %p, ptr %q) personality ptr @__gxx_personality_v0 {
entry:
  switch i32 %x, label %d [ i32 0, label %a
                            i32 1, label %b ]
a:
  %f = load ptr, ptr @fp
  %c1 = call i32 %f(i32 %x)
  br label %d
b:
  invoke void @may_throw(i32 %x) to label %d unwind label %lp
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
d:
  %m = phi i32 [ %x, %entry ], [ %c1, %a ], [ 7, %b ]
  %fr = freeze i32 %m
  %sel = select i1 true, i32 %fr, i32 3
  %old = atomicrmw add ptr %p, i32 %sel seq_cst
  %cx = cmpxchg ptr %p, i32 %old, i32 5 seq_cst seq_cst
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 16, i1 false)
  %mx = call i32 @llvm.smax.i32(i32 %old, i32 2)
  %ov = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %mx, i32 1)
  %el = getelementptr [4 x i32], ptr @tbl, i64 0, i64 2
  %ld = load i32, ptr getelementptr ([4 x i32], ptr @tbl, i64 0, i64 1)
  %pi = ptrtoint ptr %p to i64
  %ip = inttoptr i64 %pi to ptr
  %t = trunc i64 %pi to i32
  %asm = call i32 asm "mov $1, $0", "=r,r"(i32 %t)
  %fd = sitofp i32 %asm to double
  %fm = call double @llvm.fmuladd.f64(double %fd, double %fd, double 1.0)
  %fi = fptoui double %fm to i32
  %va = call i32 (i32, ...) @vararg(i32 1, i32 %fi, double %fm)
  ret i32 %va
}

define i32 @vararg(i32 %n, ...) {
  ret i32 %n
}
"#;
    let d = dump(src);
    assert!(d.contains("function @vec") && d.contains("function @agg") && d.contains("function @flow"), "{d}");
    let e = edges(&d);
    assert!(e.contains(&"%c1.1 -- %fr.0") || !e.is_empty());
    assert!(e.contains(&"%old -- %cx.1"), "{d}");
    assert!(e.contains(&"%ov.0 -- %ov.1"), "{d}");
    assert!(e.contains(&"%pi.0 -- %pi") && e.contains(&"%ip.0 -- %ip"), "{d}");
    // The variadic call joins only the fixed parameter.
    assert!(e.contains(&"%va.0 -- @vararg:%n"), "{d}");
    let t = types(&d);
    assert_eq!(ty(&t, "@flow:%mx"), "int32_t");
    assert_eq!(ty(&t, "@flow:%fi"), "uint32_t");
    assert_eq!(ty(&t, "@flow:%asm"), "int32_t");
}

#[test]
fn verify_rejects_a_use_cut_from_its_operand() {
    let ctx = Context::new();
    let m = parse(&ctx, BINARY);
    let mut tf = LlvmTypeFlow::build(&m, BuildOptions::default()).unwrap();
    let f = m.function("func").unwrap();
    let a = tf.value_node(f.params()[0]).unwrap();
    let add = f.instructions().next().unwrap();
    let c0 = tf.use_node(add, 0).unwrap();
    tf.graph.remove_edge(a, c0);
    let e = tf.verify().unwrap_err();
    assert!(
        matches!(&e.0[..], [VerifyError::Frontend { node, message }] if *node == c0 && message.contains("not joined to its operand")),
        "{e}"
    );
}

#[test]
fn verify_rejects_a_use_joined_to_an_unrelated_value() {
    let ctx = Context::new();
    let m = parse(&ctx, BINARY);
    let mut tf = LlvmTypeFlow::build(&m, BuildOptions::default()).unwrap();
    let f = m.function("func").unwrap();
    let b = tf.value_node(f.params()[1]).unwrap();
    let add = f.instructions().next().unwrap();
    let c0 = tf.use_node(add, 0).unwrap();
    tf.graph.add_edge(b, c0).unwrap();
    let e = tf.verify().unwrap_err();
    assert!(
        e.0.iter()
            .any(|x| matches!(x, VerifyError::Frontend { message, .. } if message.contains("unrelated value %b"))),
        "{e}"
    );
}

#[test]
fn verify_rejects_a_broken_source_map_and_structure() {
    let ctx = Context::new();
    let m = parse(&ctx, BINARY);
    let mut tf = LlvmTypeFlow::build(&m, BuildOptions::default()).unwrap();
    let f = m.function("func").unwrap();
    let add = f.instructions().next().unwrap();
    let c0 = tf.use_node(add, 0).unwrap();
    let c1 = tf.use_node(add, 1).unwrap();
    // The map from IR uses back to nodes no longer agrees.
    tf.uses.insert((add, 0), c1);
    // And a half edge.
    tf.graph.push_half_edge(c0, c1, 0);
    let e = tf.verify().unwrap_err();
    assert!(
        e.0.iter().any(|x| matches!(x, VerifyError::Frontend { message, .. } if message.contains("does not map back"))),
        "{e}"
    );
    assert!(e.0.iter().any(|x| matches!(x, VerifyError::Asymmetric { .. })), "{e}");
}

#[test]
fn use_types_cover_every_use() {
    let ctx = Context::new();
    let m = parse(&ctx, LOCAL);
    let mut tf = LlvmTypeFlow::build(&m, BuildOptions::default()).unwrap();
    tf.propagate();
    let uses = tf.use_types();
    assert_eq!(uses.len(), 4);
    assert!(uses.iter().all(|(i, k, _)| tf.use_node(*i, *k).is_some()));
    assert_eq!(tf.value_types().len(), 3);
}

#[test]
fn labels_ignore_debug_intrinsics() {
    let src = "define void @f(i32 %a, ptr %p) {\n  call void @llvm.dbg.value(metadata i32 %a, metadata !1, metadata !DIExpression())\n  store i32 %a, ptr %p\n  ret void\n}\n\
               declare void @llvm.dbg.value(metadata, metadata, metadata)\n!llvm.module.flags = !{!0}\n!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n!1 = !{}\n";
    let ctx = Context::new();
    // Not a valid debug variable: parse without verifying.
    let m = Module::parse_bytes(&ctx, src.as_bytes(), Path::new("t.ll")).unwrap();
    let tf = LlvmTypeFlow::build(&m, BuildOptions::default()).unwrap();
    tf.verify().unwrap();
    let d = output::text(&tf, None).unwrap();
    assert!(d.contains("use store.0: generic32_t"), "{d}");
    assert!(!d.contains("call"), "{d}");
}
