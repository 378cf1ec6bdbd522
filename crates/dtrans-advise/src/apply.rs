//! The sources rewritten: each definition as the advice lays it out (for
//! the outputs, [`fill_sources`]), and `--apply DIR` ([`apply`]): copies
//! of the sources and the headers beside them with the simple changes made.
//!
//! `--apply` changes a structure only when everything dtrans does to it
//! is moving and removing fields (reorder-fields, delete-field of fields
//! never read), its definition is in the copied sources exactly once, no
//! constant initializer holds it (a brace initializer may be positional:
//! it would follow the new order), and every write of a removed field is
//! a statement of its own without side effects (removed with it).
//! Anything else is left as written, with the reason (`not_applied`).
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::model::{Advice, Facts, StructAdvice, Verdict};
use crate::source::{self, CStruct};

/// The passes whose changes C source says by itself.
const SIMPLE: [&str; 2] = ["reorder-fields", "delete-field"];

/// `file:line` split at its last colon.
fn file_line(at: &str) -> Option<(&str, u32)> {
    let (f, l) = at.rsplit_once(':')?;
    Some((f, l.parse().ok()?))
}

/// `struct TAG` in C for a side group's record.
fn side_name(tag: &str, group: &str) -> String {
    format!("{tag}_{group}")
}

/// The declaration of `name` alone, from the member that declares it.
fn declaration(cs: &CStruct, name: &str) -> Option<String> {
    let m = cs.members.iter().find(|m| m.names.iter().any(|n| n == name))?;
    let k = m.names.iter().position(|n| n == name)?;
    Some(format!("    {} {};", m.base, m.declarators.get(k)?))
}

/// The definition rewritten for `s` (a change): the main record's fields
/// in order, removed and moved fields as comments, then one structure per
/// side record.
fn rewritten(text: &str, cs: &CStruct, s: &StructAdvice, tag: &str) -> Result<String, String> {
    let main: Vec<String> =
        s.after.first().map(|r| r.fields.iter().map(|f| f.name.clone()).collect()).unwrap_or_default();
    let mut removed: Vec<(String, String)> = s.removed.iter().map(|r| (r.name.clone(), r.why.clone())).collect();
    for r in s.after.iter().skip(1) {
        let g = r.group.as_deref().unwrap_or("side");
        for f in &r.fields {
            removed.push((f.name.clone(), format!("moved to struct {}, a parallel array", side_name(tag, g))));
        }
    }
    let mut out = source::rewrite_definition(text, cs, &main, &removed)?;
    for r in s.after.iter().skip(1) {
        let g = r.group.as_deref().unwrap_or("side");
        out.push_str(&format!(
            ";\n\n/* One per element of the array of struct {tag}, at the same index. */\nstruct {} {{\n",
            side_name(tag, g)
        ));
        for f in &r.fields {
            let d = declaration(cs, &f.name).ok_or_else(|| format!("no declaration of {} found", f.name))?;
            out.push_str(&d);
            out.push('\n');
        }
        out.push('}');
    }
    Ok(note_narrowed(&out, s))
}

/// The narrower integer compress-fields gives each field, from its
/// detail (`sensor 0..999 in u16`, `key in i32, checked when stored`,
/// `level 0..15 in 4 bits of a u8 (with flags)`; what follows `; ` says
/// what was not done), as C: (field, `unsigned short` or `a 4-bit
/// bit-field`, the values).
fn narrowed(s: &StructAdvice) -> Vec<(String, String, String)> {
    let c_type = |w: &str| match w {
        "u8" => Some("unsigned char"),
        "i8" => Some("signed char"),
        "u16" => Some("unsigned short"),
        "i16" => Some("short"),
        "u32" => Some("unsigned int"),
        "i32" => Some("int"),
        _ => None,
    };
    let mut out = Vec::new();
    for p in s.passes.iter().filter_map(|p| p.strip_prefix("compress-fields: ")) {
        let p = p.split("; ").next().unwrap_or("");
        for part in split_outside_parens(p) {
            let words: Vec<&str> = part.split(' ').collect();
            match words.as_slice() {
                [name, range, "in", w] => {
                    if let Some(t) = c_type(w) {
                        out.push((name.to_string(), t.to_string(), format!("its values are {range}")));
                    }
                }
                [name, range, "in", n, "bit" | "bits", "of", "a", _, ..] => {
                    let signed = if range.starts_with('-') { "signed" } else { "unsigned" };
                    let t = format!("a {n}-bit {signed} bit-field");
                    out.push((name.to_string(), t, format!("its values are {range}")));
                }
                [name, "in", w, ..] => {
                    if let Some(t) = c_type(w.trim_end_matches(',')) {
                        out.push((name.to_string(), t.to_string(), "checked when stored".to_string()));
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// `text` cut at each `, ` that is not inside parentheses.
fn split_outside_parens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    let bytes = text.as_bytes();
    for (k, b) in bytes.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b',' if depth == 0 && bytes.get(k + 1) == Some(&b' ') => {
                out.push(&text[start..k]);
                start = k + 2;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// `def` with a comment after the declaration of each narrowed field
/// saying the type that holds its values (the declaration itself stays:
/// arithmetic on a narrower type may differ, so that change is the
/// programmer's).
fn note_narrowed(def: &str, s: &StructAdvice) -> String {
    let notes = narrowed(s);
    if notes.is_empty() {
        return def.to_string();
    }
    let declares = |line: &str, name: &str| {
        let code = line.split("/*").next().unwrap_or("").split("//").next().unwrap_or("");
        code.contains(';') && code.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == name)
    };
    let mut out = String::new();
    for line in def.split_inclusive('\n') {
        let (body, nl) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        out.push_str(body);
        if let Some((_, t, why)) = notes.iter().find(|(n, ..)| declares(body, n)) {
            out.push_str(&format!(" /* dtrans: fits {t} ({why}) */"));
        }
        out.push_str(nl);
    }
    out
}

/// Fills `c_before` and, for changes, `c_after` from the definitions in
/// the source files the debug information names; where that fails, the
/// reason goes to `not_applied`.
pub fn fill_sources(advice: &mut Advice, facts: &Facts) {
    for s in &mut advice.structures {
        let Some(f) = facts.structs.iter().find(|f| f.ir_name == s.name) else { continue };
        let (Some(tag), Some((file, line))) = (&f.tag, &f.defined_at) else {
            s.not_applied.get_or_insert_with(|| "the debug information does not say where it is defined".into());
            continue;
        };
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                s.not_applied.get_or_insert_with(|| format!("cannot read {file}: {e}"));
                continue;
            }
        };
        let cs = match source::find_struct(&text, tag, Some(*line)) {
            Ok(c) => c,
            Err(e) => {
                s.not_applied.get_or_insert(e);
                continue;
            }
        };
        s.c_before = Some(text[cs.start..cs.end].to_string());
        if matches!(s.verdict, Verdict::Change) {
            match rewritten(&text, &cs, s, tag) {
                Ok(c) => s.c_after = Some(c),
                Err(e) => {
                    s.not_applied.get_or_insert(e);
                }
            }
        }
    }
}

/// What `--apply` did.
#[derive(Debug, Default)]
pub struct Applied {
    /// Structures changed in the copies (`struct arc`).
    pub changed: Vec<String>,
    /// Structures left as written, with why.
    pub left: Vec<(String, String)>,
    /// Files written.
    pub files: usize,
}

impl Applied {
    pub fn summary(&self) -> String {
        let mut s = format!("{} structure(s) changed", self.changed.len());
        if !self.changed.is_empty() {
            s.push_str(&format!(" ({})", self.changed.join(", ")));
        }
        if !self.left.is_empty() {
            let left: Vec<String> = self.left.iter().map(|(n, why)| format!("{n}: {why}")).collect();
            s.push_str(&format!(", left as written: {}", left.join("; ")));
        }
        s.push_str(&format!(", {} file(s) written", self.files));
        s
    }
}

/// The copies: the sources and every `.h` file of their directories
/// (other `.c` files there are not the program's), keyed by the
/// original's canonical path, with where each goes under `dir` (its path
/// relative to the current directory, or under the directory's name when
/// outside it).
fn copies(sources: &[PathBuf], dir: &Path) -> Result<BTreeMap<PathBuf, (PathBuf, String)>, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("no current directory: {e}"))?;
    let mut out = BTreeMap::new();
    let given: Vec<PathBuf> = sources.iter().filter_map(|s| s.canonicalize().ok()).collect();
    for src in sources {
        let canon = src.canonicalize().map_err(|e| format!("{}: {e}", src.display()))?;
        let parent = canon.parent().ok_or_else(|| format!("{}: no directory", src.display()))?.to_path_buf();
        let rel = match parent.strip_prefix(&cwd) {
            Ok(r) => r.to_path_buf(),
            Err(_) => PathBuf::from(parent.file_name().unwrap_or_default()),
        };
        let entries = std::fs::read_dir(&parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        for e in entries.flatten() {
            let p = e.path();
            let wanted = p.extension().is_some_and(|x| x == "h") || given.contains(&p);
            if !wanted || !p.is_file() || out.contains_key(&p) {
                continue;
            }
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            let dest = dir.join(&rel).join(e.file_name());
            out.insert(p, (dest, text));
        }
    }
    Ok(out)
}

/// The copy of the file the debug information calls `name`.
fn find_copy<'a>(files: &'a BTreeMap<PathBuf, (PathBuf, String)>, name: &str) -> Option<&'a PathBuf> {
    let canon = Path::new(name).canonicalize().ok()?;
    files.keys().find(|k| **k == canon)
}

/// Why `s` cannot be applied, from the advice and the facts alone.
fn refusal(s: &StructAdvice, facts: &Facts) -> Option<String> {
    if !matches!(s.verdict, Verdict::Change) {
        return Some("blocked".into());
    }
    let f = facts.structs.iter().find(|f| f.ir_name == s.name)?;
    let other: Vec<&str> = f.changes.iter().map(|c| c.pass.as_str()).filter(|p| !SIMPLE.contains(p)).collect();
    if !other.is_empty() {
        return Some(format!("{} changes more than the order of its fields (build with dtrans cc)", other.join(", ")));
    }
    if f.initialized {
        return Some("a brace initializer holds it (a positional one would follow the new order)".into());
    }
    if let Some(r) = s.removed.iter().find(|r| r.why != "never read") {
        return Some(format!("{} is read ({}): its reads would have to change too", r.name, r.why));
    }
    None
}

/// Identifiers of `text` (a rough C lexing: letters, digits, `_`).
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty())
}

/// The typedef names of `struct TAG` in `text` (`typedef struct TAG T;`,
/// `typedef struct TAG {...} T, *PT;`).
fn aliases(text: &str, tag: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(k) = text[at..].find("typedef") {
        let start = at + k;
        at = start + 7;
        let rest = &text[start..];
        let Some(end) = rest.find(';') else { break };
        let mut decl = &rest[..end];
        if !words(decl).collect::<Vec<_>>().windows(2).any(|w| w == ["struct", tag]) {
            continue;
        }
        // A body: what follows its matching brace.
        if let Some(open) = decl.find('{') {
            let mut depth = 0i32;
            let mut close = None;
            for (i, c) in rest[open..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            close = Some(open + i);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let Some(close) = close else { continue };
            let after = &rest[close + 1..];
            decl = &after[..after.find(';').unwrap_or(after.len())];
        } else {
            decl = decl.rsplit_once(tag).map_or("", |(_, d)| d);
        }
        out.extend(words(decl).filter(|w| *w != "const" && *w != "volatile").map(String::from));
    }
    out
}

/// Why a reorder or removal in C would change what `names` (a structure
/// as `struct TAG` or its typedef names, and the structures holding it)
/// mean in the copies, if anything does: a brace initializer or compound
/// literal (positional ones follow the new order), `offsetof`.
fn layout_in_source(files: &BTreeMap<PathBuf, (PathBuf, String)>, names: &[String]) -> Option<String> {
    for (path, (_, text)) in files {
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !comment_line(l)) {
            let ws: Vec<&str> = words(line).collect();
            let mentions = names.iter().any(|name| match name.strip_prefix("struct ") {
                Some(t) => ws.windows(2).any(|w| w == ["struct", t]),
                None => ws.contains(&name.as_str()),
            });
            if !mentions {
                continue;
            }
            let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            let literal = names.iter().any(|name| squeezed.contains(&format!("({}){{", name.replace(' ', ""))));
            if squeezed.contains("={") || literal || ws.contains(&"offsetof") {
                return Some(format!(
                    "{}:{}: a brace initializer, compound literal or offsetof (would follow the new order)",
                    path.display(),
                    n + 1
                ));
            }
        }
    }
    None
}

/// Whether a line is (the start or the middle of) a comment only.
fn comment_line(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("//") || t.starts_with("/*") || t.starts_with('*')
}

/// How many times `text` reads or writes a field named `field` (`.field`,
/// `->field`).
fn accesses(text: &str, field: &str) -> usize {
    text.match_indices(field)
        .filter(|(i, _)| {
            let before = text[..*i].trim_end();
            let ends = text[i + field.len()..].chars().next().is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            let starts = text[..*i].chars().next_back().is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            ends && starts && (before.ends_with('.') || before.ends_with("->"))
        })
        .count()
}

/// Why line `text` is not one whose write of `field` may simply go: more
/// than one access of a field so named (another structure's may be among
/// them), a macro (its expansion is not seen), a volatile object.
fn unsafe_write_line(text: &str, field: &str, macros: &[String], volatiles: &[String]) -> Option<String> {
    if accesses(text, field) > 1 {
        return Some(format!("more than one access of a field named {field} on the line"));
    }
    if let Some(m) = words(text).find(|w| macros.iter().any(|m| m == w)) {
        return Some(format!("the macro {m} on the line"));
    }
    if let Some(v) = words(text).find(|w| volatiles.iter().any(|x| x == w)) {
        return Some(format!("{v}, declared volatile, on the line"));
    }
    None
}

/// One structure applied to the copies `files`: its removed fields'
/// writes deleted, its definition rewritten. `shifts`: per file, the
/// lines added (or taken) after an original line by definitions already
/// rewritten, so that later line numbers still find their statements.
fn apply_one(
    files: &mut BTreeMap<PathBuf, (PathBuf, String)>,
    s: &StructAdvice,
    facts: &Facts,
    shifts: &mut Vec<(PathBuf, u32, i64)>,
) -> Result<(), String> {
    let f = facts.structs.iter().find(|f| f.ir_name == s.name).ok_or("no facts")?;
    let tag = f.tag.as_deref().ok_or("no C tag")?;
    // Its names in C: the tag, its typedefs, the structures holding it.
    let mut names = vec![format!("struct {tag}")];
    for (_, text) in files.values() {
        names.extend(aliases(text, tag));
    }
    names.extend(f.held_by.iter().map(|t| format!("struct {t}")));
    if let Some(why) = layout_in_source(files, &names) {
        return Err(why);
    }
    let macros: Vec<String> = files
        .values()
        .flat_map(|(_, t)| t.lines())
        .filter(|l| !comment_line(l))
        .filter_map(|l| l.trim_start().strip_prefix('#').map(str::trim_start))
        .filter_map(|l| l.strip_prefix("define"))
        .filter_map(|l| words(l).next().map(String::from))
        .collect();
    // (Roughly: every name on a line declaring something volatile.)
    const KEYWORDS: &[&str] = &[
        "static", "extern", "volatile", "const", "register", "unsigned", "signed", "char", "short", "int", "long",
        "float", "double", "void", "struct", "union",
    ];
    let volatiles: Vec<String> = files
        .values()
        .flat_map(|(_, t)| t.lines())
        .filter(|l| !comment_line(l) && words(l).any(|w| w == "volatile"))
        .flat_map(|l| words(l).filter(|w| !KEYWORDS.contains(w)).map(String::from).collect::<Vec<_>>())
        .collect();
    let moved = |file: &Path, line: u32, shifts: &[(PathBuf, u32, i64)]| -> u32 {
        let d: i64 = shifts.iter().filter(|(p, end, _)| p == file && *end < line).map(|(_, _, d)| d).sum();
        (i64::from(line) + d).max(1) as u32
    };
    let (def_file, def_line) = f.defined_at.clone().ok_or("no place of definition")?;
    let def = find_copy(files, &def_file)
        .ok_or_else(|| format!("defined in {def_file}, outside the sources' directories"))?
        .clone();
    // Defined once in all the copies.
    let defs = files.values().filter(|(_, t)| source::find_struct(t, tag, None).is_ok()).count();
    let several =
        files.values().any(|(_, t)| source::find_struct(t, tag, None).is_err_and(|e| e.contains("more than one")));
    if defs > 1 || several {
        return Err(format!("struct {tag} is defined more than once in the sources"));
    }
    let mut work = files.clone();
    // The writes, last line first (a statement over several lines moves
    // those after it).
    let mut writes: Vec<(PathBuf, u32, String)> = Vec::new();
    for r in &s.removed {
        for w in &r.writes {
            let (file, line) = file_line(w).ok_or_else(|| format!("a write at {w}"))?;
            let copy = find_copy(&work, file).ok_or_else(|| format!("{} is written in {file}, not copied", r.name))?;
            writes.push((copy.clone(), moved(copy, line, shifts), r.name.clone()));
        }
    }
    writes.sort_by_key(|w| std::cmp::Reverse(w.1));
    writes.dedup();
    for (file, line, name) in writes {
        let entry = work.get_mut(&file).expect("a copy");
        let text = entry.1.lines().nth(line as usize - 1).unwrap_or("");
        if let Some(why) = unsafe_write_line(text, &name, &macros, &volatiles) {
            return Err(format!("the write of {name} at {}:{line}: {why}", file.display()));
        }
        entry.1 = source::remove_write(&entry.1, line, &name)
            .map_err(|e| format!("the write of {name} at {}:{line}: {e}", file.display()))?;
    }
    let entry = work.get_mut(&def).expect("a copy");
    let line = moved(&def, def_line, shifts);
    let cs = source::find_struct(&entry.1, tag, Some(line)).or_else(|_| source::find_struct(&entry.1, tag, None))?;
    let order: Vec<String> =
        s.after.first().map(|r| r.fields.iter().map(|f| f.name.clone()).collect()).unwrap_or_default();
    let removed: Vec<(String, String)> = s.removed.iter().map(|r| (r.name.clone(), r.why.clone())).collect();
    let before_lines = entry.1.lines().count() as i64;
    let end_line = entry.1[..cs.end].lines().count() as u32;
    entry.1 = source::rewrite(&entry.1, &cs, &order, &removed)?;
    let delta = entry.1.lines().count() as i64 - before_lines;
    // No removed field may be named in the copies any more (a write the
    // analysis did not see, a read in code it found unreachable).
    for r in &s.removed {
        for (path, (_, text)) in &work {
            if let Some(n) = text.lines().position(|l| !comment_line(l) && accesses(l, &r.name) > 0) {
                return Err(format!("{} is still used at {}:{} after its writes went", r.name, path.display(), n + 1));
            }
        }
    }
    *files = work;
    if delta != 0 {
        // (In original line numbers: the definition's own end, moved back.)
        let original_end = i64::from(end_line)
            - shifts.iter().filter(|(p, e, _)| *p == def && *e < end_line).map(|(_, _, d)| d).sum::<i64>();
        shifts.push((def, original_end.max(0) as u32, delta));
    }
    Ok(())
}

/// Writes the copies of the sources and headers to `dir`, with each
/// structure that can be applied changed; the others get their reason in
/// `not_applied`.
pub fn apply(advice: &mut Advice, facts: &Facts, sources: &[PathBuf], dir: &Path) -> Result<Applied, String> {
    let mut files = copies(sources, dir)?;
    let mut done = Applied::default();
    let mut shifts = Vec::new();
    for s in &mut advice.structures {
        if !matches!(s.verdict, Verdict::Change) {
            continue;
        }
        let why = match refusal(s, facts) {
            Some(w) => Err(w),
            None => apply_one(&mut files, s, facts, &mut shifts),
        };
        match why {
            Ok(()) => {
                s.not_applied = None;
                done.changed.push(s.c_name.clone());
            }
            Err(w) => {
                done.left.push((s.c_name.clone(), w.clone()));
                s.not_applied = Some(w);
            }
        }
    }
    for (dest, text) in files.values() {
        if let Some(p) = dest.parent() {
            std::fs::create_dir_all(p).map_err(|e| format!("{}: {e}", p.display()))?;
        }
        std::fs::write(dest, text).map_err(|e| format!("{}: {e}", dest.display()))?;
        done.files += 1;
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{StructAdvice, Verdict};

    fn advice(passes: &[&str]) -> StructAdvice {
        StructAdvice {
            name: "struct.s".into(),
            c_name: "struct s".into(),
            defined_at: None,
            verdict: Verdict::Change,
            size: 32,
            new_size: Some(8),
            passes: passes.iter().map(|p| p.to_string()).collect(),
            before: Vec::new(),
            after: Vec::new(),
            removed: Vec::new(),
            predicted: None,
            hottest: None,
            blockers: Vec::new(),
            padding_saving: 0,
            c_after: None,
            c_before: None,
            not_applied: None,
        }
    }

    #[test]
    fn narrowed_fields_get_a_note_on_their_declaration() {
        let s = advice(&[
            "delete-field: x never read",
            "compress-fields: sensor 0..999 in u16, delta -5..5 in i8, key in i32, checked when stored",
        ]);
        let def = "struct s {\n  long sensor; /* id */\n  long delta, other;\n  long key;\n  long sensor_count;\n}";
        let out = note_narrowed(def, &s);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[1], "  long sensor; /* id */ /* dtrans: fits unsigned short (its values are 0..999) */");
        assert_eq!(lines[2], "  long delta, other; /* dtrans: fits signed char (its values are -5..5) */");
        assert_eq!(lines[3], "  long key; /* dtrans: fits int (checked when stored) */");
        assert_eq!(lines[4], "  long sensor_count;", "a longer name is another field");
        // Nothing narrowed: the definition as it was.
        assert_eq!(note_narrowed(def, &advice(&["reorder-fields: padding removed"])), def);
        // Fields packed into a word, and what was not done after `; `.
        let s = advice(&[
            "compress-fields: level 0..15 in 4 bits of a u8 (with flags, mood), flags 0..1 in 1 bit of a u8 (with \
             level, mood), mood -2..1 in 2 bits of a u8 (with level, flags), weight 1..100 in u8; not bit-packed: x",
        ]);
        let def = "struct t {\n  int level;\n  int flags;\n  int mood;\n  long weight;\n}";
        let out = note_narrowed(def, &s);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[1], "  int level; /* dtrans: fits a 4-bit unsigned bit-field (its values are 0..15) */");
        assert_eq!(lines[2], "  int flags; /* dtrans: fits a 1-bit unsigned bit-field (its values are 0..1) */");
        assert_eq!(lines[3], "  int mood; /* dtrans: fits a 2-bit signed bit-field (its values are -2..1) */");
        assert_eq!(lines[4], "  long weight; /* dtrans: fits unsigned char (its values are 1..100) */");
    }
}
