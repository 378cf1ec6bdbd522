//! `dtrans analyze` output: for people, a summary and per structure a
//! `pahole`-like layout with field information, the safety conditions with
//! where each was set, and the legality of each transformation; for
//! programs, the JSON of DESIGN.md.
use std::fmt::Write;

use serde::Serialize;

use crate::fields::{FieldInfo, SingleAlloc, SingleValue, ValueRange};
use crate::info::{AnalysisInfo, Transform};
use crate::regions::Walk;
use crate::safety::Condition;

const CACHE_LINE: u64 = 64;

#[derive(Serialize)]
pub struct Report {
    pub type_source: &'static str,
    pub whole_program: bool,
    pub whole_program_reasons: Vec<String>,
    /// What `--whole-program` removed before the analysis (absent without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cleanup: Option<CleanupReport>,
    pub structs: Vec<StructReport>,
}

/// Functions and global variables removed as unreachable from the kept
/// symbols.
#[derive(Serialize, Clone, Copy)]
pub struct CleanupReport {
    pub functions_removed: usize,
    pub globals_removed: usize,
}

#[derive(Serialize)]
pub struct StructReport {
    pub name: String,
    pub size: Option<u64>,
    pub align: Option<u64>,
    pub fields: Vec<FieldReport>,
    pub safety: Vec<SafetyReport>,
    pub legal: serde_json::Map<String, serde_json::Value>,
    /// Per transformation, the conditions that forbid it.
    pub blocked_by: serde_json::Map<String, serde_json::Value>,
    /// Where and how the program visits its objects ([`crate::regions`]).
    pub regions: Vec<RegionReport>,
}

#[derive(Serialize)]
pub struct RegionReport {
    pub function: String,
    pub line: Option<u32>,
    pub depth: u32,
    pub walk: Walk,
    pub visits: f64,
    /// Per field accessed: its index and accesses per visit.
    pub fields: Vec<(u32, f64)>,
    pub profile: bool,
}

#[derive(Serialize)]
pub struct FieldReport {
    pub index: usize,
    #[serde(rename = "type")]
    pub ty: String,
    pub offset: Option<u64>,
    pub size: Option<u64>,
    pub read: bool,
    pub written: bool,
    pub complex_use: bool,
    pub frequency: u64,
    /// `"no-value"`, `"multiple"`, or the constant.
    pub single_value: serde_json::Value,
    /// `"top"`, `"bottom"`, or `@function`.
    pub single_alloc_function: serde_json::Value,
    /// The values stored in an integer field, signed: `"no-value"`,
    /// `"any"`, or `"LO..HI"` (what compress-fields reads).
    pub range: String,
}

#[derive(Serialize)]
pub struct SafetyReport {
    pub condition: &'static str,
    pub r#where: String,
    /// How many places set it (the report shows the first few).
    pub count: usize,
    pub also: Vec<String>,
}

/// Builds the report; `only` restricts it to one structure.
pub fn build(info: &AnalysisInfo<'_>, only: Option<&str>) -> Option<Report> {
    let tm = info.ptr.tm();
    let mut structs = Vec::new();
    for s in &info.structs {
        let name = info.struct_name(s);
        if only.is_some_and(|o| o.strip_prefix('%').unwrap_or(o) != name.trim_start_matches('%')) {
            continue;
        }
        let fields_t = crate::layout::struct_fields(tm, s.ty).unwrap_or(&[]);
        let fields = s
            .fields
            .iter()
            .enumerate()
            .map(|(k, f)| field_report(k, tm.display(fields_t[k]).to_string(), s.layout[k], f))
            .collect();
        let safety = s
            .safety
            .conditions
            .iter()
            .map(|(c, (sites, n))| SafetyReport {
                condition: c.name(),
                r#where: sites.first().map(|x| x.to_string()).unwrap_or_default(),
                count: *n,
                also: sites.iter().skip(1).map(|x| x.to_string()).collect(),
            })
            .collect();
        let mut legal = serde_json::Map::new();
        let mut blocked_by = serde_json::Map::new();
        for t in Transform::ALL {
            let (ok, blocking) = info.legal(s, t);
            legal.insert(t.name().into(), ok.into());
            blocked_by.insert(t.name().into(), blocking.iter().map(|c| c.name()).collect::<Vec<_>>().into());
        }
        let regions = s
            .regions
            .iter()
            .map(|r| RegionReport {
                function: r.function.clone(),
                line: r.line,
                depth: r.depth,
                walk: r.walk,
                visits: r.visits,
                fields: r.fields.iter().map(|(f, w)| (*f, round3(w / r.visits))).collect(),
                profile: r.profile,
            })
            .collect();
        structs.push(StructReport { name, size: s.size, align: s.align, fields, safety, legal, blocked_by, regions });
    }
    if only.is_some() && structs.is_empty() {
        return None;
    }
    Some(Report {
        type_source: info.ptr.source.as_str(),
        whole_program: info.whole_program.ok(),
        whole_program_reasons: info.whole_program.reasons.clone(),
        cleanup: None,
        structs,
    })
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn field_report(index: usize, ty: String, lay: (Option<u64>, Option<u64>), f: &FieldInfo) -> FieldReport {
    FieldReport {
        index,
        ty,
        offset: lay.0,
        size: lay.1,
        read: f.read,
        written: f.written,
        complex_use: f.complex_use,
        frequency: f.frequency,
        single_value: match &f.single_value {
            SingleValue::NoValue => "no-value".into(),
            SingleValue::Multiple => "multiple".into(),
            SingleValue::Single(c) => serde_json::json!({ "single": c }),
        },
        single_alloc_function: match &f.single_alloc {
            SingleAlloc::Top => "top".into(),
            SingleAlloc::Bottom => "bottom".into(),
            SingleAlloc::Single(c) => serde_json::json!({ "single": c }),
        },
        range: match f.range {
            ValueRange::NoValue => "no-value".into(),
            ValueRange::Any => "any".into(),
            ValueRange::Within(lo, hi) => format!("{lo}..{hi}"),
        },
    }
}

/// The text form: a summary, then each structure.
pub fn text(r: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "type source: {}", r.type_source);
    let _ = writeln!(out, "whole program: {}", if r.whole_program { "yes" } else { "no" });
    for why in &r.whole_program_reasons {
        let _ = writeln!(out, "  not whole: {why}");
    }
    if let Some(c) = r.cleanup {
        let _ =
            writeln!(out, "removed as unreachable: {} functions, {} globals", c.functions_removed, c.globals_removed);
    }
    let _ = writeln!(out, "structures: {}", r.structs.len());
    for t in Transform::ALL {
        let n = r.structs.iter().filter(|s| s.legal[t.name()] == true).count();
        let _ = writeln!(out, "  legal for {}: {n}", t.name());
    }
    // The conditions that block the most structures (any transformation).
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for c in Condition::ALL {
        let n = r
            .structs
            .iter()
            .filter(|s| s.blocked_by.values().any(|v| v.as_array().is_some_and(|a| a.iter().any(|x| x == c.name()))))
            .count();
        if n > 0 {
            counts.push((c.name(), n));
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    if !counts.is_empty() {
        let list: Vec<String> = counts.iter().take(6).map(|(c, n)| format!("{c} ({n})")).collect();
        let _ = writeln!(out, "  blocking most: {}", list.join(", "));
    }
    for s in &r.structs {
        out.push('\n');
        struct_text(&mut out, s);
    }
    out
}

fn struct_text(out: &mut String, s: &StructReport) {
    let size = s.size.map_or("?".into(), |x| x.to_string());
    let align = s.align.map_or("?".into(), |x| x.to_string());
    let _ = writeln!(out, "{} (size {size}, align {align})", s.name);
    let _ = writeln!(
        out,
        "  {:>6} {:>5}  {:<28} {:<4} {:>6}  {:<14} alloc",
        "offset", "size", "field", "use", "freq", "value"
    );
    let mut end = 0u64;
    let mut line = 0u64;
    for f in &s.fields {
        if let Some(off) = f.offset {
            if off > end {
                let _ = writeln!(out, "  {:>6} {:>5}  /* hole */", end, off - end);
            }
            if off / CACHE_LINE != line {
                line = off / CACHE_LINE;
                let _ = writeln!(out, "  /* cache line {line} (byte {}) */", line * CACHE_LINE);
            }
            end = off + f.size.unwrap_or(0);
        }
        let usage = format!(
            "{}{}{}",
            if f.read { "r" } else { "-" },
            if f.written { "w" } else { "-" },
            if f.complex_use { "c" } else { "-" }
        );
        let _ = writeln!(
            out,
            "  {:>6} {:>5}  {:<28} {:<4} {:>6}  {:<14} {}",
            f.offset.map_or("?".into(), |x| x.to_string()),
            f.size.map_or("?".into(), |x| x.to_string()),
            format!("{}: {}", f.index, f.ty),
            usage,
            f.frequency,
            lattice(&f.single_value),
            lattice(&f.single_alloc_function),
        );
    }
    if let Some(size) = s.size {
        if size > end {
            let _ = writeln!(out, "  {:>6} {:>5}  /* padding */", end, size - end);
        }
    }
    if s.safety.is_empty() {
        let _ = writeln!(out, "  safety: no conditions");
    } else {
        let _ = writeln!(out, "  safety:");
        for c in &s.safety {
            let more = if c.count > 1 + c.also.len() {
                format!(" (+{} more)", c.count - 1 - c.also.len())
            } else {
                String::new()
            };
            let _ = writeln!(out, "    {}: {}{more}", c.condition, c.r#where);
            for a in &c.also {
                let _ = writeln!(out, "      also {a}");
            }
        }
    }
    let legal: Vec<String> = Transform::ALL
        .iter()
        .map(|t| {
            let blocked = s.blocked_by[t.name()].as_array().cloned().unwrap_or_default();
            if s.legal[t.name()] == true {
                format!("{} yes", t.name())
            } else if blocked.is_empty() {
                format!("{} no (not a whole program)", t.name())
            } else {
                let names: Vec<String> = blocked.iter().filter_map(|b| b.as_str().map(String::from)).collect();
                format!("{} no ({})", t.name(), names.join(", "))
            }
        })
        .collect();
    let _ = writeln!(out, "  legal: {}", legal.join("; "));
    for r in &s.regions {
        let at = match (r.line, r.depth) {
            (_, 0) => "outside loops".to_string(),
            (Some(l), d) => format!("loop at line {l}, depth {d}"),
            (None, d) => format!("loop at depth {d}"),
        };
        let fields: Vec<String> = r.fields.iter().map(|(f, a)| format!("{f} x{a}")).collect();
        let _ = writeln!(
            out,
            "  visited: {} in @{} ({at}), {} visits{}: fields {}",
            r.walk,
            r.function,
            r.visits,
            if r.profile { " (profile)" } else { "" },
            fields.join(", ")
        );
    }
}

fn lattice(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Object(o) => o.get("single").and_then(|x| x.as_str()).unwrap_or("?").to_string(),
        _ => "?".into(),
    }
}
