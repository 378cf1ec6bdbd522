//! Debug-info accessors against what clang-19 -g really emits.
use std::path::Path;
use std::process::Command;

use dtrans_ir::{dwarf, Context, DiType, Metadata, Module};

const C: &str = r#"
typedef struct node { int key; struct node *next; const char *name; double w[3]; unsigned flag : 1; } node_t;
node_t *head;
static int apply(int (*fn)(int), int x) { return fn(x); }
static int twice(int v) { return 2 * v; }
int main(void) {
  node_t n = {1, 0, "a", {0, 0, 0}, 1};
  head = &n;
  return apply(twice, n.key);
}
"#;

fn compile<'c>(ctx: &'c Context, tag: &str) -> Module<'c> {
    let dir = std::env::temp_dir().join(format!("dtrans-di-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("t.c");
    let out = dir.join("t.ll");
    std::fs::write(&src, C).unwrap();
    let st = Command::new("clang-19")
        .args(["-g", "-O0", "-S", "-emit-llvm", "-o"])
        .arg(&out)
        .arg(&src)
        .status()
        .expect("clang-19 runs (scripts/setup.sh installs it)");
    assert!(st.success());
    let m = Module::parse_file(ctx, Path::new(&out)).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    m
}

/// Strips typedefs and qualifiers.
fn strip(mut md: Metadata<'_>) -> Metadata<'_> {
    while let Some(DiType::Derived { tag, base: Some(b), .. }) = md.di_type() {
        if tag != dwarf::TAG_TYPEDEF && tag != dwarf::TAG_CONST_TYPE {
            break;
        }
        md = b;
    }
    md
}

#[test]
fn global_struct_members_and_pointees() {
    let ctx = Context::new();
    let m = compile(&ctx, "global");
    let head = m.globals().find(|g| g.name() == "head").unwrap();
    let tys = head.global_debug_types();
    assert_eq!(tys.len(), 1);
    assert_eq!(tys[0].0, "head");
    // node_t * -> typedef node_t -> struct node
    let Some(DiType::Derived { tag, base: Some(b), .. }) = tys[0].1.unwrap().di_type() else { panic!() };
    assert_eq!(tag, dwarf::TAG_POINTER_TYPE);
    let Some(DiType::Composite { tag, name, size_bits, elements, .. }) = strip(b).di_type() else { panic!() };
    assert_eq!((tag, name.as_str(), size_bits), (dwarf::TAG_STRUCTURE_TYPE, "node", 448));
    let members: Vec<(String, u64, u32)> = elements
        .iter()
        .map(|e| match e.unwrap().di_type() {
            Some(DiType::Derived { name, offset_bits, flags, .. }) => {
                (name, offset_bits, flags & dwarf::FLAG_BIT_FIELD)
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        members,
        [
            ("key".into(), 0, 0),
            ("next".into(), 64, 0),
            ("name".into(), 128, 0),
            ("w".into(), 192, 0),
            ("flag".into(), 384, dwarf::FLAG_BIT_FIELD)
        ]
    );
    // w: double[3]
    let Some(DiType::Derived { base: Some(w), .. }) = elements[3].unwrap().di_type() else { panic!() };
    let Some(DiType::Composite { tag, base: Some(elem), elements, .. }) = w.di_type() else { panic!() };
    assert_eq!(tag, dwarf::TAG_ARRAY_TYPE);
    assert!(matches!(elements[0].unwrap().di_type(), Some(DiType::Subrange { count: Some(3) })));
    assert!(
        matches!(elem.di_type(), Some(DiType::Basic { ref name, size_bits: 64, encoding: dwarf::ATE_FLOAT }) if name == "double")
    );
}

#[test]
fn subprograms_and_variables() {
    let ctx = Context::new();
    let m = compile(&ctx, "sub");
    let apply = m.function("apply").unwrap();
    let Some(DiType::Subroutine { types }) = apply.debug_type().unwrap().di_type() else { panic!() };
    assert_eq!(types.len(), 3, "int (int (*)(int), int)");
    let Some(DiType::Derived { tag: dwarf::TAG_POINTER_TYPE, base: Some(f), .. }) = types[1].unwrap().di_type() else {
        panic!()
    };
    assert!(matches!(f.di_type(), Some(DiType::Subroutine { ref types }) if types.len() == 2));
    let vars = apply.debug_variables();
    let names: Vec<_> = vars.iter().map(|v| (v.name.as_str(), v.is_declare)).collect();
    assert_eq!(names, [("fn", true), ("x", true)]);
    assert!(vars[0].location.unwrap().as_instruction().unwrap().allocated_type().unwrap().is_pointer());
    let main = m.function("main").unwrap();
    assert!(main.debug_variables().iter().any(|v| v.name == "n"));
}
