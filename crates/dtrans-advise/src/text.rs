//! The text of `dtrans advise` (the default format): per structure what
//! to change and why, or what blocks it, with source lines.
use std::fmt::Write;

use crate::model::{Advice, Record, StructAdvice, Verdict};

fn record_line(r: &Record) -> String {
    let fields: Vec<String> = r.fields.iter().map(|f| format!("{} @{} ({})", f.name, f.offset, f.size)).collect();
    match &r.group {
        None => format!("main record, {} bytes: {}", r.size, fields.join(", ")),
        Some(g) => format!("side record {g} (a parallel array), {} bytes: {}", r.size, fields.join(", ")),
    }
}

fn one(out: &mut String, s: &StructAdvice) {
    let at = s.defined_at.as_deref().map_or(String::new(), |a| format!(" ({a})"));
    match s.verdict {
        Verdict::Change => {
            let new = s.new_size.map_or("?".to_string(), |n| n.to_string());
            let _ = writeln!(out, "{}{at}: change it, {} -> {new} bytes", s.c_name, s.size);
            for p in &s.passes {
                let _ = writeln!(out, "  {p}");
            }
        }
        Verdict::Blocked => {
            let mut what = Vec::new();
            if s.padding_saving > 0 {
                what.push(format!("{} bytes of padding a reorder would remove", s.padding_saving));
            }
            if !s.removed.is_empty() {
                let names: Vec<&str> = s.removed.iter().map(|r| r.name.as_str()).collect();
                what.push(format!("never read as fields: {}", names.join(", ")));
            }
            let _ = writeln!(out, "{}{at}: worth changing ({}), but blocked:", s.c_name, what.join("; "));
            for b in &s.blockers {
                let _ = writeln!(out, "  {}: {}", b.condition, b.words);
                for site in &b.sites {
                    let _ = writeln!(out, "    at {site}");
                }
                if b.count > b.sites.len() {
                    let _ = writeln!(out, "    (+{} more)", b.count - b.sites.len());
                }
            }
        }
    }
    if let Some(p) = s.predicted {
        let hot = s.hottest.as_deref().map_or(String::new(), |h| format!("; hottest: {h}"));
        let _ = writeln!(out, "  predicted memory traffic: {p:.2} of now{hot}");
    }
    if matches!(s.verdict, Verdict::Change) {
        for r in &s.removed {
            let writes = match r.writes.len() {
                0 => "never written".to_string(),
                1..=8 => format!("written at {}", r.writes.join(", ")),
                n => format!("written at {} and {} more places", r.writes[..8].join(", "), n - 8),
            };
            let _ = writeln!(out, "  removed: {} ({}; {writes})", r.name, r.why);
        }
        for r in &s.after {
            let _ = writeln!(out, "  {}", record_line(r));
        }
    }
    if let Some(c) = &s.c_after {
        let _ = writeln!(out, "  as C:");
        for l in c.lines() {
            let _ = writeln!(out, "    {l}");
        }
    }
    if let Some(n) = &s.not_applied {
        if matches!(s.verdict, Verdict::Change) {
            let _ = writeln!(out, "  --apply leaves it alone: {n}");
        }
    }
}

/// The advice as text: one block per structure, changes first.
pub fn text(a: &Advice) -> String {
    let mut out = String::new();
    if !a.whole_program {
        let _ = writeln!(out, "not a whole program: dtrans changes nothing (see `dtrans analyze`)");
    }
    if a.structures.is_empty() {
        let _ = writeln!(out, "no structure to change: none that dtrans changes, none wasting bytes and blocked");
    }
    for s in a.structures.iter().filter(|s| matches!(s.verdict, Verdict::Change)) {
        one(&mut out, s);
    }
    for s in a.structures.iter().filter(|s| matches!(s.verdict, Verdict::Blocked)) {
        one(&mut out, s);
    }
    out
}
