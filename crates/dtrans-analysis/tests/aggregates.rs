//! Aggregate fields (a nested structure, an array, a complex number) in
//! the analysis: accesses inside them count as accesses of the field, a
//! vector read of a complex number is no mismatched access, and what
//! forbids splitting a structure that holds them.
use std::path::Path;

use dtrans_analysis::info::{find_struct, AnalysisInfo, Transform};
use dtrans_analysis::safety::Condition;
use dtrans_analysis::{analyze, prepare};
use dtrans_ir::{Context, Module};
use dtrans_types::read_module;

fn with_info(src: &str, check: impl FnOnce(&AnalysisInfo<'_>)) {
    let ctx = Context::new();
    let mut m = Module::parse_bytes(&ctx, src.as_bytes(), Path::new("t.ll")).expect("test IR parses");
    let prepared = prepare(&mut m);
    let types = read_module(&m);
    let pt = analyze(&m, types, prepared.source);
    // (The cost model's static estimate; these tests do not look at it.)
    let est = dtrans_analysis::regions::FrequencyEstimate { loop_weight: 32, max_depth: 6 };
    let info = AnalysisInfo::new(&m, pt, &prepared.union_members, est);
    check(&info);
}

// %struct.R = { i64, { double, double }, %struct.P, [16 x i8], i64 }
// (offsets 0, 8, 24, 40, 56; 64 bytes), %struct.P = { i32, i32, double }.
const TYPES: &str = r#"
%struct.P = type { i32, i32, double }
%struct.R = type { i64, { double, double }, %struct.P, [16 x i8], i64 }
!intel.dtrans.types = !{!0, !1}
!0 = !{!"S", %struct.P zeroinitializer, i32 3, !10, !10, !11}
!1 = !{!"S", %struct.R zeroinitializer, i32 5, !12, !13, !14, !15, !12}
!10 = !{i32 0, i32 0}
!11 = !{double 0.0, i32 0}
!12 = !{i64 0, i32 0}
!13 = !{!"L", i32 2, !11, !11}
!14 = !{%struct.P zeroinitializer, i32 0}
!15 = !{!"A", i32 16, !16}
!16 = !{i8 0, i32 0}
!20 = !{%struct.R zeroinitializer, i32 1}
!30 = distinct !{!20}
"#;

fn module(body: &str) -> String {
    format!(
        r#"{TYPES}
declare ptr @malloc(i64)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
define void @f(ptr "intel_dtrans_func_index"="1" %r) !intel.dtrans.func.type !30 {{
entry:
{body}
  ret void
}}
define i32 @main() {{
  %a = call ptr @malloc(i64 6400)
  call void @f(ptr %a)
  ret i32 0
}}
"#
    )
}

#[test]
fn reads_inside_aggregate_fields_count_for_the_field() {
    // The imaginary part by typed steps, a nested field by a byte offset
    // into the field's middle, a character of the array at a variable
    // index: each is a read of the field that holds it.
    let src = module(
        r#"  %z = getelementptr %struct.R, ptr %r, i64 3, i32 1
  %im = getelementptr { double, double }, ptr %z, i32 0, i32 1
  %x = load double, ptr %im
  %w = getelementptr i8, ptr %r, i64 32
  %y = load double, ptr %w
  %n = getelementptr %struct.R, ptr %r, i64 0, i32 3
  %c = getelementptr [16 x i8], ptr %n, i64 0, i64 5
  %ch = load i8, ptr %c"#,
    );
    with_info(&src, |info| {
        let r = find_struct(info, "struct.R").expect("R");
        for k in 1..4 {
            assert!(r.fields[k].read, "field {k} of R is read through a place inside it");
            assert!(r.fields[k].frequency > 0, "field {k} is counted");
        }
        assert!(!r.fields[0].read && !r.fields[4].read, "the scalar fields around them are not");
        let p = find_struct(info, "struct.P").expect("P");
        assert!(p.fields[2].read, "the nested structure's own field is read too");
    });
}

#[test]
fn a_memset_inside_one_field_does_not_forbid_splitting_and_one_over_two_does() {
    // A memset of the nested structure alone: MemFuncPartialWrite, inside
    // one field. ContainsNestedStruct does not forbid splitting either.
    let inside = module(
        r#"  %p = getelementptr %struct.R, ptr %r, i64 0, i32 2
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 16, i1 false)"#,
    );
    with_info(&inside, |info| {
        let r = find_struct(info, "struct.R").expect("R");
        assert!(r.safety.has(Condition::MemFuncPartialWrite), "a partial write of R");
        assert!(r.safety.has(Condition::ContainsNestedStruct));
        assert!(!r.safety.partial_write_across_fields, "inside the field P");
        for t in [Transform::Peel, Transform::AosToSoa] {
            assert_eq!(info.legal(r, t), (true, vec![]), "{} is legal for R", t.name());
        }
        let p = find_struct(info, "struct.P").expect("P");
        let (ok, why) = info.legal(p, Transform::Peel);
        assert!(!ok && why.contains(&Condition::NestedStruct), "a nested structure is never split");
    });
    // From the nested structure over the array after it: two fields.
    let across = module(
        r#"  %p = getelementptr %struct.R, ptr %r, i64 0, i32 2
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 32, i1 false)"#,
    );
    with_info(&across, |info| {
        let r = find_struct(info, "struct.R").expect("R");
        assert!(r.safety.partial_write_across_fields);
        for t in [Transform::Peel, Transform::AosToSoa] {
            assert_eq!(info.legal(r, t), (false, vec![Condition::MemFuncPartialWrite]), "{}", t.name());
        }
        assert!(info.legal(r, Transform::ReorderFields).0, "reordering splits it per field");
    });
}

#[test]
fn a_vector_over_a_complex_number_reads_that_field() {
    // `load <2 x double>` of the complex field: its two scalars (no
    // mismatch); the same over the nested structure's two ints and its
    // double does not fit lanes; a vector over two fields of R does not.
    let pair = module(
        r#"  %z = getelementptr %struct.R, ptr %r, i64 0, i32 1
  %v = load <2 x double>, ptr %z"#,
    );
    with_info(&pair, |info| {
        let r = find_struct(info, "struct.R").expect("R");
        assert!(!r.safety.has(Condition::MismatchedElementAccess), "lanes are the pair's parts");
    });
    let ints = module(
        r#"  %p = getelementptr %struct.R, ptr %r, i64 0, i32 2
  %v = load <2 x i32>, ptr %p"#,
    );
    with_info(&ints, |info| {
        let p = find_struct(info, "struct.P").expect("P");
        assert!(p.safety.has(Condition::MismatchedElementAccess), "two fields of P read at once");
    });
    let two = module(r#"  %v = load <2 x i64>, ptr %r"#);
    with_info(&two, |info| {
        let r = find_struct(info, "struct.R").expect("R");
        assert!(r.safety.has(Condition::MismatchedElementAccess), "fields 0 and 1 of R at once");
    });
}
