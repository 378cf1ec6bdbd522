//! Unit tests of the PtrTypeAnalyzer's lattice and worklist on small
//! modules, and of the allocation analysis.
use std::path::Path;

use dtrans_analysis::{alloc, analyze, prepare_types, AllocKind, MemFn, PtrTypes, SizeVerdict};
use dtrans_ir::{Context, Module, Value};
use dtrans_types::read_module;

fn with_analysis(src: &str, check: impl FnOnce(&Module<'_>, &PtrTypes<'_>)) {
    let ctx = Context::new();
    let mut m = Module::parse_bytes(&ctx, src.as_bytes(), Path::new("t.ll")).expect("test IR parses");
    let source = prepare_types(&mut m);
    let types = read_module(&m);
    let pt = analyze(&m, types, source);
    check(&m, &pt);
}

/// The value named `%name` in function `f`.
fn value<'m>(m: &'m Module<'_>, f: &str, name: &str) -> Value<'m> {
    let f = m.function(f).expect("function");
    let names = f.local_names();
    names.into_iter().find(|(_, n)| n == name).map(|(v, _)| v).expect("value")
}

fn dominant(m: &Module<'_>, pt: &PtrTypes<'_>, f: &str, name: &str) -> Option<String> {
    let info = pt.info(value(m, f, name)).expect("analyzed");
    info.dominant.map(|t| pt.tm().display(t).to_string())
}

const TYPES: &str = r#"
%struct.S = type { i32, ptr }
%struct.T = type { i64, %struct.S }
!intel.dtrans.types = !{!0, !1}
!0 = !{!"S", %struct.S zeroinitializer, i32 2, !10, !11}
!1 = !{!"S", %struct.T zeroinitializer, i32 2, !12, !13}
!10 = !{i32 0, i32 0}
!11 = !{%struct.S zeroinitializer, i32 1}
!12 = !{i64 0, i32 0}
!13 = !{%struct.S zeroinitializer, i32 0}
!20 = !{%struct.S zeroinitializer, i32 1}
"#;

#[test]
fn worklist_reaches_a_fixed_point_around_a_loop() {
    // The list walk: the phi's type comes back around the loop from the
    // load of field 1 (`%struct.S*`), and the argument seeds it.
    let src = format!(
        r#"{TYPES}
define i32 @walk(ptr "intel_dtrans_func_index"="1" %s) !intel.dtrans.func.type !30 {{
entry:
  br label %loop
loop:
  %p = phi ptr [ %s, %entry ], [ %next, %loop ]
  %f = getelementptr %struct.S, ptr %p, i64 0, i32 1
  %next = load ptr, ptr %f
  %c = icmp eq ptr %next, null
  br i1 %c, label %done, label %loop
done:
  ret i32 0
}}
!30 = distinct !{{!20}}
"#
    );
    with_analysis(&src, |m, pt| {
        assert_eq!(dominant(m, pt, "walk", "%p").as_deref(), Some("%struct.S*"));
        assert_eq!(dominant(m, pt, "walk", "%next").as_deref(), Some("%struct.S*"));
        assert_eq!(dominant(m, pt, "walk", "%f").as_deref(), Some("%struct.S**"));
        let f = pt.info(value(m, "walk", "%f")).unwrap();
        assert_eq!(f.elements.len(), 1);
        assert_eq!(f.elements[0].field, 1);
    });
}

#[test]
fn types_flow_into_callees_and_back_out() {
    // @get has no metadata: its parameter learns `%struct.T*` from the
    // caller, and its result (a byte offset 8 into it: field 1, an S)
    // flows back to the call.
    let src = format!(
        r#"{TYPES}
define internal ptr @get(ptr %t) {{
  %s = getelementptr inbounds i8, ptr %t, i64 8
  ret ptr %s
}}
define void @caller() {{
  %t = alloca %struct.T
  %r = call ptr @get(ptr %t)
  ret void
}}
"#
    );
    with_analysis(&src, |m, pt| {
        assert_eq!(dominant(m, pt, "get", "%t").as_deref(), Some("%struct.T*"));
        assert_eq!(dominant(m, pt, "get", "%s").as_deref(), Some("%struct.S*"));
        assert_eq!(dominant(m, pt, "caller", "%r").as_deref(), Some("%struct.S*"));
    });
}

#[test]
fn an_escaping_function_keeps_its_own_parameter_types() {
    let src = format!(
        r#"{TYPES}
@fp = global ptr @take
define internal void @take(ptr %p) {{
  ret void
}}
define void @caller() {{
  %t = alloca %struct.T
  call void @take(ptr %t)
  ret void
}}
"#
    );
    with_analysis(&src, |m, pt| {
        let p = pt.info(value(m, "take", "%p")).unwrap();
        assert!(p.declared.is_empty(), "a caller's type must not reach an escaping callee");
        assert!(p.unknown.is_some());
    });
}

#[test]
fn two_structures_make_a_value_ambiguous_and_generic_ones_do_not() {
    let src = format!(
        r#"{TYPES}
declare ptr @malloc(i64)
define void @f(i1 %c) {{
  %m = call ptr @malloc(i64 16)
  store i32 1, ptr %m
  %a = alloca %struct.S
  %b = alloca %struct.T
  %x = select i1 %c, ptr %a, ptr %b
  %y = select i1 %c, ptr %a, ptr %m
  ret void
}}
"#
    );
    with_analysis(&src, |m, pt| {
        let x = pt.info(value(m, "f", "%x")).unwrap();
        // T starts with an i64, not an S: neither explains the other.
        assert!(x.dominant.is_none() && x.ambiguous.is_some());
        // i8* from malloc and i32* from the store are explained by S*.
        assert_eq!(dominant(m, pt, "f", "%y").as_deref(), Some("%struct.S*"));
    });
}

#[test]
fn integer_arithmetic_on_a_pointer_is_unknown() {
    let src = format!(
        r#"{TYPES}
define void @f(ptr %q) {{
  %a = alloca %struct.S
  %i = ptrtoint ptr %a to i64
  %j = add i64 %i, 4
  %p = inttoptr i64 %j to ptr
  %same = inttoptr i64 %i to ptr
  ret void
}}
"#
    );
    with_analysis(&src, |m, pt| {
        let p = pt.info(value(m, "f", "%p")).unwrap();
        assert!(p.unknown.is_some() && p.dominant.is_none());
        assert_eq!(dominant(m, pt, "f", "%same").as_deref(), Some("%struct.S*"));
        assert_eq!(dominant(m, pt, "f", "%i").as_deref(), Some("%struct.S*"));
    });
}

#[test]
fn a_pointer_stored_into_itself_stays_bounded() {
    // Each round would add one more pointer level without the depth bound.
    let src = r#"
define void @f() {
  %a = alloca ptr
  store ptr %a, ptr %a
  %l = load ptr, ptr %a
  store ptr %l, ptr %l
  ret void
}
"#;
    with_analysis(src, |m, pt| {
        let a = pt.info(value(m, "f", "%a")).unwrap();
        assert!(a.all_types().len() < 32);
    });
}

#[test]
fn byte_offsets_resolve_at_any_depth_and_back_to_the_container() {
    // T = { i64, S = { i32, ptr } }: byte 16 of T is S's field 1; back 8
    // bytes from T's field 1 is T (container_of, from a field's start).
    let src = format!(
        r#"{TYPES}
define void @f() {{
  %t = alloca %struct.T
  %inner = getelementptr inbounds i8, ptr %t, i64 16
  %s = getelementptr inbounds i8, ptr %t, i64 8
  %back = getelementptr inbounds i8, ptr %s, i64 -8
  %pad = getelementptr inbounds i8, ptr %t, i64 12
  ret void
}}
"#
    );
    with_analysis(&src, |m, pt| {
        assert_eq!(dominant(m, pt, "f", "%inner").as_deref(), Some("%struct.S**"));
        assert_eq!(dominant(m, pt, "f", "%s").as_deref(), Some("%struct.S*"));
        assert_eq!(dominant(m, pt, "f", "%back").as_deref(), Some("%struct.T*"));
        // Byte 12 is padding inside S (after its i32): nothing is there.
        let pad = pt.info(value(m, "f", "%pad")).unwrap();
        assert!(pad.unknown.is_some() && pad.dominant.is_none());
    });
}

#[test]
fn allocation_functions_by_name_and_prototype_and_wrappers_by_body() {
    let src = r#"
declare ptr @malloc(i64)
declare void @free(ptr)
declare i32 @calloc(i32)
define internal ptr @xmalloc(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  %c = icmp eq ptr %p, null
  br i1 %c, label %fail, label %ok
fail:
  ret ptr null
ok:
  ret ptr %p
}
define internal void @xfree(ptr %p) {
  call void @free(ptr %p)
  ret void
}
define internal ptr @leaks(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  store ptr %p, ptr @g
  ret ptr %p
}
@g = global ptr null
define void @use(i64 %n) {
  %a = call ptr @xmalloc(i64 48)
  %b = call ptr @malloc(i64 %n)
  %k = mul i64 %n, 24
  %c = call ptr @malloc(i64 %k)
  ret void
}
"#;
    let ctx = Context::new();
    let m = Module::parse_bytes(&ctx, src.as_bytes(), Path::new("t.ll")).unwrap();
    let fns = alloc::MemFns::find(&m);
    let kind = |n: &str| fns.kind(m.function(n).unwrap());
    assert_eq!(kind("malloc"), Some(MemFn::Alloc(AllocKind::Malloc)));
    assert_eq!(kind("calloc"), None, "wrong prototype");
    assert_eq!(kind("xmalloc"), Some(MemFn::Alloc(AllocKind::UserMalloc)));
    assert_eq!(kind("xfree"), Some(MemFn::Free(dtrans_analysis::FreeKind::UserFree)));
    assert_eq!(kind("leaks"), None, "the pointer escapes to a global before it is returned");
    let calls: Vec<_> = m.function("use").unwrap().instructions().filter(|i| i.is_call()).collect();
    assert_eq!(alloc::check_size(calls[0], AllocKind::UserMalloc, 24), SizeVerdict::Multiple);
    assert_eq!(alloc::check_size(calls[0], AllocKind::UserMalloc, 32), SizeVerdict::NotMultiple);
    assert_eq!(alloc::check_size(calls[1], AllocKind::Malloc, 24), SizeVerdict::Unknown);
    assert_eq!(alloc::check_size(calls[2], AllocKind::Malloc, 24), SizeVerdict::Multiple);
    assert_eq!(alloc::check_size(calls[2], AllocKind::Malloc, 8), SizeVerdict::Multiple);
    assert_eq!(alloc::check_size(calls[2], AllocKind::Malloc, 16), SizeVerdict::Unknown);
}

#[test]
fn wrappers_with_the_size_or_the_freed_pointer_at_another_parameter() {
    let src = r#"
declare ptr @malloc(i64)
declare ptr @realloc(ptr, i64)
declare void @free(ptr)
declare void @exit(i32)
%struct.mgr = type { ptr, i64 }
define internal ptr @mgr_alloc(ptr %m, i64 %n) {
  %opaque = load ptr, ptr %m
  %p = call ptr @malloc(i64 %n)
  %c = icmp eq ptr %p, null
  br i1 %c, label %fail, label %ok
fail:
  call void @exit(i32 1)
  unreachable
ok:
  ret ptr %p
}
define internal void @mgr_free(ptr %m, ptr %p) {
  %opaque = load ptr, ptr %m
  call void @free(ptr %p)
  ret void
}
define internal ptr @counts(ptr %m, i64 %n) {
  %u = getelementptr %struct.mgr, ptr %m, i64 0, i32 1
  store i64 %n, ptr %u
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}
define internal ptr @two_sizes(i32 %tag, i64 %a, i64 %b) {
  %p = call ptr @malloc(i64 %a)
  ret ptr %p
}
define internal void @frees_both(ptr %a, ptr %b) {
  call void @free(ptr %a)
  call void @free(ptr %b)
  ret void
}
define internal ptr @grow(ptr %p, i64 %n) {
  %q = call ptr @realloc(ptr %p, i64 %n)
  ret ptr %q
}
"#;
    let ctx = Context::new();
    let m = Module::parse_bytes(&ctx, src.as_bytes(), Path::new("t.ll")).unwrap();
    let fns = alloc::MemFns::find(&m);
    let kind = |n: &str| fns.kind(m.function(n).unwrap());
    use dtrans_analysis::FreeKind;
    assert_eq!(kind("mgr_alloc"), Some(MemFn::Alloc(AllocKind::UserMallocArg(1))));
    assert_eq!(AllocKind::UserMallocArg(1).size_args(), Some((1, None)));
    assert_eq!(kind("mgr_free"), Some(MemFn::Free(FreeKind::UserFreeArg(1))));
    assert_eq!(FreeKind::UserFreeArg(1).freed_arg(), 1);
    assert_eq!(kind("counts"), None, "the size is also stored");
    assert_eq!(kind("two_sizes"), Some(MemFn::Alloc(AllocKind::UserMallocArg(1))), "only %a reaches malloc");
    assert_eq!(kind("frees_both"), Some(MemFn::Free(FreeKind::UserFree)), "parameter 0 first");
    assert_eq!(kind("grow"), Some(MemFn::Alloc(AllocKind::UserRealloc)));
}
