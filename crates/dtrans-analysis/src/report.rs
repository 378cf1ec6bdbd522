//! `dtrans ptr-types` output: per defined function, each value with what
//! the analysis recovered. Values are named as `llvm-dis-19` prints them,
//! types in the specification's notation.
use dtrans_ir::{Module, Value};
use serde::Serialize;

use crate::ptr_types::{PtrTypes, ValueInfo};

#[derive(Serialize)]
pub struct Report {
    pub type_source: &'static str,
    pub functions: Vec<FunctionReport>,
    /// Per union `!intel.dtrans.unions` lists, the structures its storage
    /// may be (its members and what is at their start, through member
    /// unions): an anonymous union's name (`%union.anon.3`) is one the
    /// type reader or annotator made up, and this says what it holds.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub unions: std::collections::BTreeMap<String, Vec<String>>,
}

#[derive(Serialize)]
pub struct FunctionReport {
    pub name: String,
    pub values: Vec<ValueReport>,
    /// Allocation calls of the function (the allocation analysis).
    pub allocations: Vec<AllocReport>,
}

#[derive(Serialize)]
pub struct AllocReport {
    pub value: String,
    pub kind: crate::alloc::AllocKind,
    /// The allocated type, `null` if unknown or generic.
    pub allocated: Option<String>,
    pub size: crate::alloc::SizeVerdict,
}

#[derive(Serialize)]
pub struct ValueReport {
    pub value: String,
    pub declared: Vec<String>,
    pub usage: Vec<String>,
    pub dominant: Option<String>,
    /// `ValueInfo::prefix_type`: among ambiguous structures sharing a
    /// prefix, the one the value is declared as, or the base every one of
    /// them begins with that it is also used as.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prefix_type: Option<String>,
    /// `ValueInfo::used_as`: the one type the uses of a value with no
    /// other answer agree on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub used_as: Option<String>,
    pub elements: Vec<ElementReport>,
    /// `ValueInfo::union_views`: loaded from a union's storage whose
    /// members hold pointers to these types there.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub union_views: Vec<String>,
    pub unknown: bool,
    pub ambiguous: bool,
    pub reason: String,
}

#[derive(Serialize)]
pub struct ElementReport {
    #[serde(rename = "struct")]
    pub aggregate: String,
    pub field: u32,
}

/// Builds the report; `only` restricts it to one function (`f` or `@f`).
/// `None` if `only` names no defined function.
pub fn build<'m>(m: &'m Module<'_>, pt: &PtrTypes<'m>, only: Option<&str>) -> Option<Report> {
    let only = only.map(|s| s.strip_prefix('@').unwrap_or(s));
    let mut functions = Vec::new();
    for f in m.functions() {
        if f.is_declaration() || only.is_some_and(|o| o != f.name()) {
            continue;
        }
        let names = f.local_names();
        let mut values = Vec::new();
        let mut add = |v: Value<'m>| {
            let Some(info) = pt.info(v) else { return };
            if !v.ty().is_pointer() && info.all_types().is_empty() && info.unknown.is_none() {
                return;
            }
            let name = names.get(&v).cloned().unwrap_or_else(|| "%?".into());
            values.push(value_report(pt, name, info));
        };
        for p in f.params() {
            add(p);
        }
        for i in f.instructions() {
            add(i.as_value());
        }
        let allocations = pt
            .allocations
            .iter()
            .filter(|a| a.call.parent_function() == Some(f))
            .map(|a| AllocReport {
                value: dtrans_types::instruction_label(&names, a.call),
                kind: a.kind,
                allocated: a.allocated.map(|t| pt.tm().display(t).to_string()),
                size: a.size,
            })
            .collect();
        functions.push(FunctionReport { name: f.name(), values, allocations });
    }
    if only.is_some() && functions.is_empty() {
        return None;
    }
    let tm = pt.tm();
    let unions = pt
        .union_holds
        .iter()
        .map(|(u, holds)| {
            let mut holds: Vec<String> = holds.iter().map(|t| tm.display(*t).to_string()).collect();
            holds.sort();
            (tm.display(*u).to_string(), holds)
        })
        .collect();
    Some(Report { type_source: pt.source.as_str(), functions, unions })
}

fn value_report(pt: &PtrTypes<'_>, value: String, info: &ValueInfo) -> ValueReport {
    let tm = pt.tm();
    let show = |v: &[dtrans_types::TypeId]| v.iter().map(|t| tm.display(*t).to_string()).collect::<Vec<_>>();
    let reason = match (&info.unknown, &info.ambiguous) {
        (Some(u), Some(a)) => format!("{u}; {a}"),
        (Some(u), None) => u.clone(),
        (None, Some(a)) => a.clone(),
        (None, None) => String::new(),
    };
    ValueReport {
        value,
        declared: show(&info.declared),
        usage: show(&info.usage),
        dominant: info.dominant.map(|t| tm.display(t).to_string()),
        prefix_type: info.prefix_type.map(|t| tm.display(t).to_string()),
        used_as: info.used_as.map(|t| tm.display(t).to_string()),
        elements: info
            .elements
            .iter()
            .map(|e| ElementReport { aggregate: tm.display(e.aggregate).to_string(), field: e.field })
            .collect(),
        union_views: show(&info.union_views),
        unknown: info.unknown.is_some(),
        ambiguous: info.ambiguous.is_some(),
        reason,
    }
}

/// The text form, stable for FileCheck:
/// `  %p -> %struct.S* | declared: ... | usage: ... | elements: %struct.S@1`,
/// `-> ?` when there is no dominant type, then `| unknown: why` or
/// `| ambiguous: why`.
pub fn text(r: &Report) -> String {
    let mut out = format!("type source: {}\n", r.type_source);
    for f in &r.functions {
        out.push_str(&format!("function @{}\n", dtrans_ir::quote_ident(&f.name)));
        for v in &f.values {
            out.push_str(&format!("  {} -> {}", v.value, v.dominant.as_deref().unwrap_or("?")));
            if !v.declared.is_empty() {
                out.push_str(&format!(" | declared: {}", v.declared.join(", ")));
            }
            if !v.usage.is_empty() {
                out.push_str(&format!(" | usage: {}", v.usage.join(", ")));
            }
            if !v.elements.is_empty() {
                let e: Vec<String> = v.elements.iter().map(|e| format!("{}@{}", e.aggregate, e.field)).collect();
                out.push_str(&format!(" | elements: {}", e.join(", ")));
            }
            if !v.union_views.is_empty() {
                out.push_str(&format!(" | union of: {}", v.union_views.join(", ")));
            }
            if v.unknown {
                out.push_str(" | unknown");
            }
            if v.ambiguous {
                out.push_str(" | ambiguous");
            }
            if !v.reason.is_empty() {
                out.push_str(&format!(": {}", v.reason));
            }
            if let Some(b) = &v.prefix_type {
                out.push_str(&format!(" | prefix type: {b}"));
            }
            if let Some(u) = &v.used_as {
                out.push_str(&format!(" | used as: {u}"));
            }
            out.push('\n');
        }
        for a in &f.allocations {
            let size = serde_json::to_value(a.size).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
            out.push_str(&format!(
                "  allocation {} ({:?}): {}, size {}\n",
                a.value,
                a.kind,
                a.allocated.as_deref().unwrap_or("?"),
                size
            ));
        }
    }
    out
}
