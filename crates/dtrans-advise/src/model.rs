//! What advice is made of: the facts the caller gathers from the module,
//! the analysis and the passes' report ([`Facts`]), and the advice built
//! from them ([`Advice`]), which the text, JSON and HTML outputs print.
use serde::Serialize;

/// Everything the advice needs, gathered by the caller (`dtrans advise`
/// reads it from the linked module before and after the passes).
#[derive(Clone, Debug, Default)]
pub struct Facts {
    pub structs: Vec<StructFacts>,
    /// The module is a whole program (else nothing changes).
    pub whole_program: bool,
}

#[derive(Clone, Debug, Default)]
pub struct StructFacts {
    /// The IR name without `%`: `struct.arc`.
    pub ir_name: String,
    /// The C tag from the debug information: `arc`.
    pub tag: Option<String>,
    /// Where the definition is (`file`, line).
    pub defined_at: Option<(String, u32)>,
    pub size: u64,
    pub fields: Vec<FieldFacts>,
    /// The passes' changes of this structure, in order (the first names
    /// it by `ir_name`, each later one by the previous one's new name).
    pub changes: Vec<Change>,
    /// Why each pass left it alone.
    pub rejected: Vec<(String, String)>,
    /// The safety conditions that forbid reordering or deleting fields,
    /// each with where it was set.
    pub blockers: Vec<Blocker>,
    /// Predicted traffic of the final layout relative to the original
    /// (the product of the passes' ratios).
    pub predicted: Option<f64>,
    /// The heaviest region, in words.
    pub hottest: Option<String>,
    /// Whether the program visits its objects in code at all.
    pub accessed: bool,
    /// A constant initializer other than zeros holds an object of it: a C
    /// brace initializer, which may be positional.
    pub initialized: bool,
    /// The C tags of the structures that hold it by value (their brace
    /// initializers hold it too).
    pub held_by: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct FieldFacts {
    pub name: String,
    /// The IR type, `i64`, `ptr`, `[16 x i8]`.
    pub ty: String,
    pub offset: u64,
    pub size: u64,
    pub read: bool,
    pub written: bool,
    /// Loop-weighted accesses (the analysis's estimate or profile).
    pub frequency: u64,
    /// Where the program writes it (`file:line`), the first few.
    pub writes: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Change {
    pub pass: String,
    pub detail: String,
    pub new_size: u64,
    /// The pass report's `new_layout`: `name: type @off (note)` and
    /// `[group] name: type @off` for fields moved to side records.
    pub new_layout: Vec<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Blocker {
    /// The condition's name, `AddressTaken`.
    pub condition: String,
    /// What it means, in words.
    pub words: String,
    /// Where it was set: `place (file:line): why`.
    pub sites: Vec<String>,
    /// How many places set it.
    pub count: usize,
}

/// The advice for a program.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Advice {
    pub whole_program: bool,
    pub structures: Vec<StructAdvice>,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// dtrans changes it: the advice is that change, in C.
    Change,
    /// dtrans would change it (it wastes bytes), but a condition forbids it.
    Blocked,
}

#[derive(Clone, Debug, Serialize)]
pub struct StructAdvice {
    pub name: String,
    /// `struct arc`, or the IR name when the debug information has none.
    pub c_name: String,
    /// `file:line`.
    pub defined_at: Option<String>,
    pub verdict: Verdict,
    pub size: u64,
    /// The size of the main record after the change.
    pub new_size: Option<u64>,
    /// What each pass does: `reorder-fields: padding removed`.
    pub passes: Vec<String>,
    /// The fields as they are.
    pub before: Vec<FieldView>,
    /// The records after the change: the main one first, then one per side
    /// group (parallel arrays).
    pub after: Vec<Record>,
    /// Fields the change removes, with why and where they are written.
    pub removed: Vec<Removed>,
    pub predicted: Option<f64>,
    pub hottest: Option<String>,
    pub blockers: Vec<Blocker>,
    /// Bytes a reorder would save (blocked structures).
    pub padding_saving: u64,
    /// The definition rewritten (filled by the caller from the sources).
    pub c_after: Option<String>,
    /// The definition as written.
    pub c_before: Option<String>,
    /// Why `--apply` leaves it alone, when it does.
    pub not_applied: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct FieldView {
    pub name: String,
    pub ty: String,
    pub offset: u64,
    pub size: u64,
    pub frequency: u64,
    pub read: bool,
    pub written: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Record {
    /// `None` for the main record; the side group's name otherwise.
    pub group: Option<String>,
    pub size: u64,
    pub fields: Vec<FieldView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Removed {
    pub name: String,
    /// `never read`, `always 0`.
    pub why: String,
    pub writes: Vec<String>,
}

/// What a safety condition means for a layout change, in words.
pub fn condition_words(c: &str) -> &'static str {
    match c {
        "BadCasting" => "a pointer to it is cast to or from another type, so its bytes are seen another way",
        "BadPtrManipulation" => "pointer arithmetic on it that does not step by whole objects or fields",
        "AmbiguousGEP" => "an address computation whose structure type is unclear",
        "VolatileData" => "a volatile access",
        "MismatchedElementAccess" => "a field read or written with another type or width",
        "WholeStructureReference" => "the whole object loaded, stored or passed by value",
        "UnsafePointerStore" => "a pointer to it stored where another type is expected",
        "BadMemFuncSize" => "a memcpy/memset whose size is not whole objects",
        "BadMemFuncManipulation" => "a memory function over parts of two different types",
        "AmbiguousPointerTarget" => "a pointer that may point to it or to something else",
        "UnsafePtrMerge" => "a phi or select merging pointers to it with other pointers",
        "AddressTaken" => "its address reaches code the analysis cannot see",
        "FieldAddressTaken" => "the address of a field is kept or passed on",
        "NoFieldsInStruct" => "it has no fields",
        "SystemObject" => "a C library type whose layout is fixed",
        "MismatchedArgUse" => "a pointer to it passed where a function expects another type",
        "HasVTable" | "HasCppHandling" => "C++ handling fixes its layout",
        "HasZeroSizedArray" => "a flexible array member at its end",
        "UnhandledUse" => "a use the analysis does not understand",
        "BadAllocSizeArg" => "an allocation whose size is not a multiple of it",
        "MergedByLinker" => "the linker merged it with another structure of the same body",
        "MemFuncPartialWrite" => "a memcpy/memset over part of it",
        _ => "a use that fixes its layout",
    }
}

/// One entry of a pass report's `new_layout`: (side group, field name,
/// IR type, offset).
pub fn parse_layout_entry(e: &str) -> Option<(Option<String>, String, String, u64)> {
    let (group, rest) = match e.strip_prefix('[') {
        Some(r) => {
            let (g, rest) = r.split_once("] ")?;
            (Some(g.to_string()), rest)
        }
        None => (None, e),
    };
    let (name, rest) = rest.split_once(": ")?;
    let at = rest.find(" @")?;
    let ty = rest[..at].to_string();
    let off: String = rest[at + 2..].chars().take_while(|c| c.is_ascii_digit()).collect();
    Some((group, name.to_string(), ty, off.parse().ok()?))
}

/// The size of a field of IR type `ty` in a new layout: an integer's
/// width (a narrowed field, an index), else `old`.
fn new_field_size(ty: &str, old: u64) -> u64 {
    match ty.strip_prefix('i').and_then(|b| b.parse::<u64>().ok()) {
        Some(bits) if bits % 8 == 0 => bits / 8,
        _ => old,
    }
}

/// The size of the padding a packed order (by decreasing alignment)
/// would remove.
fn padding_saving(s: &StructFacts) -> u64 {
    if s.fields.len() < 2 {
        return 0;
    }
    // Alignment taken as the largest power of two dividing the size, up
    // to 8 (what the ABI gives scalars; an aggregate's own alignment is
    // not known here, so it counts as 1: the estimate stays low).
    let align = |f: &FieldFacts| {
        if f.ty.starts_with('[') || f.ty.starts_with('{') || f.ty.starts_with('%') {
            1
        } else {
            (1u64 << f.size.trailing_zeros().min(3)).max(1)
        }
    };
    // In C the first field may move too (dtrans keeps it first only because
    // the IR no longer tells `&s->first` from `s`).
    let mut all: Vec<&FieldFacts> = s.fields.iter().collect();
    all.sort_by(|a, b| align(b).cmp(&align(a)).then(b.size.cmp(&a.size)));
    let (mut at, mut max) = (0u64, 1u64);
    for f in all {
        let a = align(f);
        at = at.div_ceil(a) * a + f.size;
        max = max.max(a);
    }
    let packed = at.div_ceil(max) * max;
    s.size.saturating_sub(packed)
}

fn view(f: &FieldFacts) -> FieldView {
    FieldView {
        name: f.name.clone(),
        ty: f.ty.clone(),
        offset: f.offset,
        size: f.size,
        frequency: f.frequency,
        read: f.read,
        written: f.written,
    }
}

/// The advice: a structure dtrans changes, with its final layout; a
/// structure the program visits that would lose padding or dead fields
/// but that a safety condition blocks, with the blockers.
pub fn build(facts: &Facts) -> Advice {
    let mut out = Vec::new();
    for s in &facts.structs {
        let c_name = match &s.tag {
            Some(t) => format!("struct {t}"),
            None => s.ir_name.clone(),
        };
        let defined_at = s.defined_at.as_ref().map(|(f, l)| format!("{f}:{l}"));
        let before: Vec<FieldView> = s.fields.iter().map(view).collect();
        let own: Vec<&Change> = s.changes.iter().filter(|c| !c.new_layout.is_empty()).collect();
        if let Some(last) = own.last() {
            let layout = resolved_layout(s, &own);
            let mut records: Vec<Record> = vec![Record { group: None, size: last.new_size, fields: Vec::new() }];
            let mut placed = Vec::new();
            for (group, name, ty, offset) in layout {
                let old = s.fields.iter().find(|f| f.name == name);
                let size = new_field_size(&ty, old.map_or(0, |f| f.size));
                let (frequency, read, written) = old.map_or((0, true, true), |f| (f.frequency, f.read, f.written));
                let fv = FieldView { name: name.clone(), ty, offset, size, frequency, read, written };
                placed.push(name);
                match records.iter_mut().find(|r| r.group == group) {
                    Some(r) => r.fields.push(fv),
                    None => records.push(Record { group, size: 0, fields: vec![fv] }),
                }
            }
            for r in records.iter_mut().filter(|r| r.group.is_some()) {
                let end = r.fields.iter().map(|f| f.offset + f.size).max().unwrap_or(0);
                let align = r.fields.iter().map(|f| (1u64 << f.size.trailing_zeros().min(3)).max(1)).max().unwrap_or(1);
                r.size = end.div_ceil(align) * align;
            }
            let removed = s
                .fields
                .iter()
                .filter(|f| !placed.contains(&f.name))
                .map(|f| Removed {
                    name: f.name.clone(),
                    why: own
                        .iter()
                        .find_map(|c| constant_of(&c.detail, &f.name))
                        .unwrap_or_else(|| "never read".to_string()),
                    writes: f.writes.clone(),
                })
                .collect();
            out.push(StructAdvice {
                name: s.ir_name.clone(),
                c_name,
                defined_at,
                verdict: Verdict::Change,
                size: s.size,
                new_size: Some(last.new_size),
                passes: own.iter().map(|c| format!("{}: {}", c.pass, c.detail)).collect(),
                before,
                after: records,
                removed,
                predicted: s.predicted,
                hottest: s.hottest.clone(),
                blockers: Vec::new(),
                padding_saving: 0,
                c_after: None,
                c_before: None,
                not_applied: None,
            });
            continue;
        }
        // Blocked: visited, wasting bytes, and a safety condition forbids
        // the change.
        let saving = padding_saving(s);
        let unread = s.fields.iter().any(|f| !f.read);
        if !s.accessed || s.blockers.is_empty() || (saving == 0 && !unread) {
            continue;
        }
        out.push(StructAdvice {
            name: s.ir_name.clone(),
            c_name,
            defined_at,
            verdict: Verdict::Blocked,
            size: s.size,
            new_size: None,
            passes: Vec::new(),
            before,
            after: Vec::new(),
            removed: s
                .fields
                .iter()
                .filter(|f| !f.read)
                .map(|f| Removed {
                    name: f.name.clone(),
                    why: "never read as a field".into(),
                    writes: f.writes.clone(),
                })
                .collect(),
            predicted: None,
            hottest: s.hottest.clone(),
            blockers: s.blockers.clone(),
            padding_saving: saving,
            c_after: None,
            c_before: None,
            not_applied: Some("blocked: dtrans cannot prove the change safe".into()),
        });
    }
    Advice { whole_program: facts.whole_program, structures: out }
}

/// The last change's layout with the source names of its fields: a pass
/// after the first may only know them as `fieldN`, the N-th field of the
/// structure the pass before made (whose debug information no longer
/// matches), so names are carried through the chain of changes.
fn resolved_layout(s: &StructFacts, own: &[&Change]) -> Vec<(Option<String>, String, String, u64)> {
    let mut current: Vec<String> = s.fields.iter().map(|f| f.name.clone()).collect();
    let mut layout = Vec::new();
    for c in own {
        layout = c
            .new_layout
            .iter()
            .filter_map(|e| parse_layout_entry(e))
            .map(|(g, name, ty, off)| {
                // (A side group is named after its first field.)
                let g = g.map(|g| source_name(&current, g));
                (g, source_name(&current, name), ty, off)
            })
            .collect();
        // The next pass sees the main record's fields, in this order.
        current = layout.iter().filter(|(g, ..)| g.is_none()).map(|(_, n, ..)| n.clone()).collect();
    }
    layout
}

/// `name`, or the source name of `fieldN` among `current`.
fn source_name(current: &[String], name: String) -> String {
    if current.contains(&name) {
        return name;
    }
    name.strip_prefix("field")
        .and_then(|k| k.parse::<usize>().ok())
        .and_then(|k| current.get(k).cloned())
        .unwrap_or(name)
}

/// `always V` for `name` in a delete-field detail (`a always 0; b never
/// read`).
fn constant_of(detail: &str, name: &str) -> Option<String> {
    detail.split("; ").find_map(|part| {
        let rest = part.strip_prefix(name)?.strip_prefix(" always ")?;
        Some(format!("always {rest}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_entries_parse() {
        assert_eq!(parse_layout_entry("cost: i64 @8"), Some((None, "cost".into(), "i64".into(), 8)));
        assert_eq!(
            parse_layout_entry("[cold] name: [16 x i8] @4"),
            Some((Some("cold".into()), "name".into(), "[16 x i8]".into(), 4))
        );
        assert_eq!(
            parse_layout_entry("sensor: i16 @0 (zero-extended to i64)"),
            Some((None, "sensor".into(), "i16".into(), 0))
        );
        assert_eq!(parse_layout_entry("garbage"), None);
    }

    fn f(name: &str, ty: &str, offset: u64, size: u64, read: bool) -> FieldFacts {
        FieldFacts { name: name.into(), ty: ty.into(), offset, size, read, written: true, ..Default::default() }
    }

    #[test]
    fn a_change_becomes_records_and_removed_fields() {
        let s = StructFacts {
            ir_name: "struct.s".into(),
            tag: Some("s".into()),
            size: 24,
            fields: vec![f("a", "i8", 0, 1, true), f("b", "i64", 8, 8, false), f("c", "i8", 16, 1, true)],
            changes: vec![Change {
                pass: "delete-field".into(),
                detail: "b never read".into(),
                new_size: 2,
                new_layout: vec!["a: i8 @0".into(), "c: i8 @1".into()],
            }],
            accessed: true,
            ..Default::default()
        };
        let a = build(&Facts { structs: vec![s], whole_program: true });
        let sa = &a.structures[0];
        assert_eq!(sa.c_name, "struct s");
        assert_eq!(sa.new_size, Some(2));
        assert_eq!(sa.after.len(), 1);
        assert_eq!(sa.after[0].fields.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["a", "c"]);
        assert_eq!(sa.removed.len(), 1);
        assert_eq!(sa.removed[0].name, "b");
        assert_eq!(sa.removed[0].why, "never read");
    }

    #[test]
    fn blocked_only_when_visited_and_wasteful() {
        let wasteful = StructFacts {
            ir_name: "struct.w".into(),
            size: 24,
            fields: vec![f("a", "i8", 0, 1, true), f("b", "i64", 8, 8, true), f("c", "i8", 16, 1, true)],
            blockers: vec![Blocker { condition: "AddressTaken".into(), ..Default::default() }],
            accessed: true,
            ..Default::default()
        };
        let tight = StructFacts {
            ir_name: "struct.t".into(),
            size: 16,
            fields: vec![f("a", "i64", 0, 8, true), f("b", "i64", 8, 8, true)],
            ..wasteful.clone()
        };
        let unvisited = StructFacts { ir_name: "struct.u".into(), accessed: false, ..wasteful.clone() };
        let a = build(&Facts { structs: vec![wasteful, tight, unvisited], whole_program: true });
        assert_eq!(a.structures.len(), 1, "{:?}", a.structures.iter().map(|s| &s.name).collect::<Vec<_>>());
        assert_eq!(a.structures[0].name, "struct.w");
        assert_eq!(a.structures[0].padding_saving, 8);
    }
}
