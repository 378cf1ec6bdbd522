//! Tests of the evaluation: the metric on its own, and ground truth and
//! scores on small C functions compiled with `clang-19 -g`.
use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use dtrans_ir::{Context, Module};

use super::*;

const L: Lattice = Lattice { ptr_bits: 64 };

fn t(kind: K, bits: u32) -> ScalarType {
    ScalarType::new(kind, bits)
}

fn p(kind: K, bits: u32, pointers: u8) -> ScalarType {
    ScalarType { kind, bits, pointers }
}

/// Compiles C source with `clang-19 -g` at `opt` and parses the result.
fn compile<'c>(ctx: &'c Context, src: &str, opt: &str, tag: &str) -> Module<'c> {
    let dir = std::env::temp_dir().join(format!("typeflow-eval-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let c = dir.join("t.c");
    let ll = dir.join("t.ll");
    std::fs::write(&c, src).unwrap();
    let st = Command::new("clang-19")
        .args(["-g", opt, "-S", "-emit-llvm", "-o"])
        .arg(&ll)
        .arg(&c)
        .status()
        .expect("clang-19 runs (scripts/setup.sh installs it)");
    assert!(st.success());
    let m = Module::parse_file(ctx, Path::new(&ll)).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    m
}

#[test]
fn tie_levels_and_distances() {
    let d = |a, b| tie_distance(L, a, b);
    let s32 = t(K::Signed, 32);
    assert_eq!(d(s32, s32), 0);
    assert_eq!(d(t(K::Generic, 32), s32), 3);
    assert_eq!(d(t(K::PointerOrNumber, 32), s32), 2);
    assert_eq!(d(t(K::Number, 32), s32), 1);
    assert_eq!(d(t(K::Unsigned, 32), s32), 2, "siblings under number");
    assert_eq!(d(t(K::Float, 32), s32), 4, "float and int meet at the top");
    assert_eq!(d(t(K::Generic, 64), t(K::Float, 64)), 1);
    assert_eq!(d(t(K::Signed, 64), t(K::Float, 64)), 4);
    // Pointers: void * at level 2, any T * at 3.
    let ip = p(K::Signed, 32, 1);
    assert_eq!(d(L.pointer(), ip), 1);
    assert_eq!(d(t(K::Generic, 64), ip), 3);
    assert_eq!(d(t(K::PointerOrNumber, 64), ip), 2);
    assert_eq!(d(p(K::Unsigned, 32, 1), ip), 2);
    assert_eq!(d(p(K::Signed, 32, 2), ip), 2);
    assert_eq!(d(p(K::Generic, 32, 1), ip), 1, "different types are at least 1 apart");
    assert_eq!(d(t(K::Signed, 64), L.pointer()), 3);
    assert_eq!(d(t(K::Signed, 64), ip), 4);
    // No common ancestor across sizes: bottom.
    assert_eq!(d(t(K::Signed, 32), t(K::Signed, 64)), TIE_BOTTOM);
    // Symmetric.
    for a in [s32, ip, L.pointer(), t(K::Number, 32), t(K::Float, 32)] {
        for b in [s32, ip, L.pointer(), t(K::Number, 32), t(K::Float, 32)] {
            assert_eq!(d(a, b), d(b, a), "{a} {b}");
        }
    }
}

#[test]
fn kinds() {
    assert!(kind_matches(p(K::Unsigned, 8, 2), L.pointer()), "any pointer is a pointer");
    assert!(kind_matches(t(K::Signed, 32), t(K::Signed, 32)));
    assert!(!kind_matches(t(K::Signed, 32), t(K::Unsigned, 32)));
    assert!(!kind_matches(t(K::Number, 32), t(K::Number, 32)), "number never counts");
    assert!(!kind_matches(t(K::Generic, 64), t(K::Generic, 64)));
    assert!(!kind_matches(t(K::PointerOrNumber, 64), L.pointer()));
}

/// variable -> (origin, truth) of the points of a function.
fn truths(e: &Evaluation, function: &str) -> HashMap<(String, &'static str), String> {
    e.details
        .iter()
        .filter(|d| d.function == function)
        .map(|d| ((d.point.variable.clone(), d.point.origin.name()), d.point.truth.c_name()))
        .collect()
}

const TYPES: &str = r#"
typedef unsigned int u32;
enum color { RED, GREEN };
enum sign { NEG = -1, POS = 1 };
struct s { int a; double b; };
void sink(void *);
int f(const u32 *p, char **argv, struct s *ps, enum color c, enum sign g, _Bool b, float x) {
  volatile short vs = 1;
  unsigned char uc = 2;
  double arr[3] = {0};
  void *vp = (void *)p;
  int (*fp)(int) = 0;
  struct s local = {1, 2.0};
  sink((void *)&vs); sink(&uc); sink(arr); sink(vp); sink((void *)fp); sink(&local);
  return (int)*p + argv[0][0] + ps->a + (int)c + (int)g + b + (int)x;
}
"#;

#[test]
fn debug_types_map_to_scalar_types() {
    let ctx = Context::new();
    let m = compile(&ctx, TYPES, "-O0", "types");
    let e = evaluate(&m, None, false).unwrap();
    let tr = truths(&e, "@f");
    let get = |v: &str, o: &'static str| tr.get(&(v.to_string(), o)).map(String::as_str);
    // Parameters (unnamed at -O0) from the DISubroutineType.
    assert_eq!(get("parameter 0", "parameter"), Some("uint32_t *"), "typedef and const stripped");
    assert_eq!(get("parameter 1", "parameter"), Some("int8_t **"), "char is signed_char");
    assert_eq!(get("parameter 2", "parameter"), Some("void *"), "a struct pointee is unknown");
    assert_eq!(get("parameter 3", "parameter"), Some("uint32_t"), "enum: its underlying type");
    assert_eq!(get("parameter 4", "parameter"), Some("int32_t"));
    assert_eq!(get("parameter 5", "parameter"), None, "_Bool is an i1 parameter: size mismatch");
    assert_eq!(get("parameter 6", "parameter"), Some("float"));
    assert_eq!(get("return", "return"), Some("int32_t"));
    // Declared variables: the alloca points to the type, loads and stores have it.
    assert_eq!(get("p", "address"), Some("uint32_t **"));
    assert_eq!(get("p", "store"), Some("uint32_t *"));
    assert_eq!(get("p", "load"), Some("uint32_t *"));
    assert_eq!(get("b", "address"), Some("uint8_t *"), "_Bool in memory is a byte");
    assert_eq!(get("vs", "address"), Some("int16_t *"), "volatile stripped");
    assert_eq!(get("uc", "address"), Some("uint8_t *"));
    assert_eq!(get("vp", "address"), Some("void **"));
    assert_eq!(get("fp", "address"), Some("void **"), "a function pointer points to the unknown");
    assert_eq!(get("arr", "address"), None, "arrays are aggregates");
    assert_eq!(get("local", "address"), None, "structs are aggregates");
    assert!(e.skipped.aggregate >= 2, "{:?}", e.skipped);
    assert!(e.skipped.ir_mismatch >= 1, "{:?}", e.skipped);
}

const SMALL: &str = "int half(int x) { return x / 2; }\nunsigned third(unsigned *p) { return *p / 3u; }\n";

#[test]
fn three_modes_on_a_small_program() {
    let ctx = Context::new();
    let m = compile(&ctx, SMALL, "-O0", "small");
    let e = evaluate(&m, None, false).unwrap();
    // Per function: parameter, return, the alloca, the store of the
    // parameter into it and the load from it.
    assert_eq!(e.details.len(), 10);
    assert_eq!(e.skipped.total(), 0);
    let [none, seeds, full] = [&e.modes[0], &e.modes[1], &e.modes[2]];
    assert_eq!((none.mode, seeds.mode, full.mode), (Mode::NoPropagation, Mode::SeedsOnly, Mode::Full));
    // The IR says pointer for the five pointer points and nothing else.
    assert_eq!((none.kind_correct, none.exact, none.tie_total), (5, 0, 20));
    // Seeds sit on uses (operands of sdiv, udiv, addresses), not on these points.
    assert_eq!((seeds.kind_correct, seeds.exact, seeds.tie_total), (5, 0, 20));
    assert_eq!((full.kind_correct, full.exact, full.tie_total, full.casts), (10, 10, 0, 0));
    assert!(seeds.casts > none.casts, "seeds alone make casts");
    // Restricted to one function.
    let only = evaluate(&m, Some("@third"), false).unwrap();
    assert_eq!(only.details.len(), 5);
    assert!(only.details.iter().all(|d| d.function == "@third"));
    assert!(matches!(evaluate(&m, Some("nope"), false), Err(EvalError::NoSuchFunction(_))));
}

#[test]
fn values_and_expressions_at_o2() {
    let ctx = Context::new();
    let src = "struct pt { int a; int b; };\n\
               int h(int x) { struct pt v = {x, x + 1}; int y = v.a * v.b; return y ^ 5; }\n\
               unsigned long w(unsigned long n) { unsigned long k = n / 7; return k; }\n";
    let m = compile(&ctx, src, "-O2", "o2");
    let e = evaluate(&m, None, false).unwrap();
    let origins: Vec<(&str, &str)> =
        e.details.iter().map(|d| (d.point.variable.as_str(), d.point.origin.name())).collect();
    assert!(origins.contains(&("y", "value")), "{origins:?}");
    assert!(e.skipped.expression > 0, "the fragments of v: {:?}", e.skipped);
    let k = e.details.iter().find(|d| d.point.variable == "k").expect("k has a point");
    assert_eq!(k.point.truth.c_name(), "uint64_t");
    assert_eq!(k.predicted[2].c_name(), "uint64_t", "udiv says unsigned");
    // The JSON and text renderings agree on the counts.
    let j = json(&e);
    assert_eq!(j["points"], e.details.len());
    assert_eq!(j["modes"][2]["kind_correct"], e.modes[2].kind_correct);
    let txt = text(&e);
    assert!(txt.starts_with(&format!("eval: {} points", e.details.len())), "{txt}");
    // The modes, then the full mode's line per kind, the confusion's head
    // and one row per kind with points.
    let kinds = by_kind(&e)[2].iter().filter(|k| k.points > 0).count();
    assert_eq!(txt.lines().count(), 4 + 2 + kinds, "{txt}");
    let rows: usize = confusion(&e)[2].iter().map(|r| r.iter().sum::<usize>()).sum();
    assert_eq!(rows, e.details.len(), "every point in one cell");
}

#[test]
fn modules_without_debug_information_have_no_points() {
    let ctx = Context::new();
    let m = Module::parse_bytes(&ctx, b"define i32 @f(i32 %a) {\n  ret i32 %a\n}\n", Path::new("t.ll")).unwrap();
    let e = evaluate(&m, None, false).unwrap();
    assert!(e.details.is_empty());
    assert_eq!(e.modes.len(), 3);
    assert_eq!(e.modes[0].tie_distance(), 0.0);
    assert!(text(&e).contains("kind 0/0 (-)"));
}
