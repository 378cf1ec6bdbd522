//! Text, JSON and DOT renderings of an LLVM type flow graph.
//!
//! Node ids are the graph's (module-wide, stable). Each undirected edge is
//! listed once, under the function that owns its lower-numbered end, or,
//! when only some functions are shown (`--function`), under the shown
//! function that owns one of its ends. An edge to another function's node
//! (a call, a return, a shared global) names that node as
//! `@function:label` in the text and DOT outputs.
use std::fmt::Write;

use serde_json::{json, Value as Json};

use crate::graph::{Edge, NodeId, NodeKind};
use crate::lattice::{PrimitiveKind, ScalarType};
use crate::llvm::{FunctionNodes, LlvmTypeFlow};
use crate::propagate::{edge_status, EdgeStatus, Stats};

#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error("no defined function named {0}")]
    NoSuchFunction(String),
}

/// The functions to show: all, or the one named `only` (with or without `@`).
fn selected<'a, 'm>(tf: &'a LlvmTypeFlow<'m>, only: Option<&str>) -> Result<Vec<&'a FunctionNodes<'m>>, OutputError> {
    let Some(name) = only else { return Ok(tf.functions().iter().collect()) };
    let bare = name.strip_prefix('@').unwrap_or(name);
    let v: Vec<_> = tf.functions().iter().filter(|f| f.function.name() == bare || f.name == name).collect();
    if v.is_empty() {
        return Err(OutputError::NoSuchFunction(name.to_string()));
    }
    Ok(v)
}

/// The edges listed under `f`, in order of their ends: those whose lower
/// end is in `f`, and those joining `f` to a function not shown.
fn edges_of(tf: &LlvmTypeFlow<'_>, f: &FunctionNodes<'_>, shown: &[&FunctionNodes<'_>]) -> Vec<Edge> {
    let g = tf.graph();
    // All shown (the usual case) or a few functions: either way a cheap test.
    let all = shown.len() == tf.functions().len();
    let is_shown = |id: NodeId| all || shown.iter().any(|s| s.nodes.contains(&id.0));
    let mut v = Vec::new();
    for a in f.nodes.clone().map(NodeId) {
        let Some(n) = g.node(a) else { continue };
        for nb in n.neighbors() {
            if nb.node > a || !is_shown(nb.node) {
                let (x, y, level) = if nb.node > a { (a, nb.node, nb.level) } else { (nb.node, a, -nb.level) };
                v.push(Edge { a: x, b: y, level, weak: nb.weak });
            }
        }
    }
    v.sort();
    v
}

/// The label of `id` as seen from function `f`: qualified when foreign.
fn label_from(tf: &LlvmTypeFlow<'_>, f: &FunctionNodes<'_>, id: NodeId) -> String {
    match tf.owner(id) {
        Some(o) if o.nodes == f.nodes => tf.label(id).to_string(),
        Some(o) => format!("{}:{}", o.name, tf.label(id)),
        None => format!("?{}", id.0),
    }
}

fn ty(tf: &LlvmTypeFlow<'_>, id: NodeId) -> ScalarType {
    tf.graph().ty(id).expect("listed nodes exist")
}

fn kind_name(k: NodeKind) -> &'static str {
    match k {
        NodeKind::Value => "value",
        NodeKind::Use => "use",
    }
}

/// `a -- b` with `*` on the pointer side of a dereference edge.
fn edge_text(tf: &LlvmTypeFlow<'_>, f: &FunctionNodes<'_>, e: Edge) -> String {
    let (sa, sb) = match e.level {
        1 => ("*", ""),
        -1 => ("", "*"),
        _ => ("", ""),
    };
    format!("{sa}{} -- {sb}{}", label_from(tf, f, e.a), label_from(tf, f, e.b))
}

fn add_status(s: &mut Stats, st: EdgeStatus) {
    s.edges += 1;
    match st {
        EdgeStatus::Same => {}
        EdgeStatus::Cast => s.casts += 1,
        EdgeStatus::Conflict => {
            s.casts += 1;
            s.conflicts += 1;
        }
    }
}

/// A stable dump for people and FileCheck:
///
/// ```text
/// function @func
///   value %a: generic32_t
///   use %c.0: generic32_t
///   ...
///   edge %a -- %c.0
///   edge store.0 -- *store.1          (store.1 points to what store.0 is)
///   cast %x.0 -- %y: int32_t | uint32_t (conflict)
///   summary: 6 nodes, 5 edges, 0 casts, 0 conflicts
/// total: 6 nodes, 5 edges, 0 casts, 0 conflicts
/// ```
///
/// A cast is an edge whose ends have different types; a conflict is a cast
/// that no refinement could remove.
pub fn text(tf: &LlvmTypeFlow<'_>, only: Option<&str>) -> Result<String, OutputError> {
    let g = tf.graph();
    let mut out = String::new();
    let mut total = Stats::default();
    let shown = selected(tf, only)?;
    for &f in &shown {
        let _ = writeln!(out, "function {}", f.name);
        for id in f.nodes.clone().map(NodeId) {
            let n = g.node(id).expect("listed nodes exist");
            let _ = writeln!(out, "  {} {}: {}", kind_name(n.kind), tf.label(id), n.body.ty);
        }
        let edges = edges_of(tf, f, &shown);
        let mut s = Stats { nodes: f.nodes.len(), ..Stats::default() };
        let mut casts = Vec::new();
        for &e in &edges {
            let _ = writeln!(out, "  edge {}", edge_text(tf, f, e));
            let st = edge_status(g, e);
            add_status(&mut s, st);
            if st != EdgeStatus::Same {
                casts.push((e, st));
            }
        }
        for (e, st) in casts {
            let note = if st == EdgeStatus::Conflict { " (conflict)" } else { "" };
            let _ = writeln!(out, "  cast {}: {} | {}{note}", edge_text(tf, f, e), ty(tf, e.a), ty(tf, e.b));
        }
        let _ = writeln!(out, "  summary: {}", stats_text(&s));
        total.nodes += s.nodes;
        total.edges += s.edges;
        total.casts += s.casts;
        total.conflicts += s.conflicts;
    }
    let _ = writeln!(out, "total: {}", stats_text(&total));
    Ok(out)
}

fn stats_text(s: &Stats) -> String {
    format!("{} nodes, {} edges, {} casts, {} conflicts", s.nodes, s.edges, s.casts, s.conflicts)
}

/// `{"functions":[{"name","nodes":[{"id","kind","label","type"}],"edges":[[id,id],...]}]}`
pub fn json(tf: &LlvmTypeFlow<'_>, only: Option<&str>) -> Result<Json, OutputError> {
    let g = tf.graph();
    let shown = selected(tf, only)?;
    let functions: Vec<Json> = shown
        .iter()
        .map(|f| {
            let nodes: Vec<Json> = f
                .nodes
                .clone()
                .map(NodeId)
                .map(|id| {
                    let n = g.node(id).expect("listed nodes exist");
                    json!({"id": id.0, "kind": kind_name(n.kind), "label": tf.label(id), "type": n.body.ty.c_name()})
                })
                .collect();
            let edges: Vec<Json> = edges_of(tf, f, &shown).into_iter().map(|e| json!([e.a.0, e.b.0])).collect();
            json!({"name": f.function.name(), "nodes": nodes, "edges": edges})
        })
        .collect();
    Ok(json!({ "functions": functions }))
}

fn fill(t: ScalarType) -> &'static str {
    if t.is_pointer() {
        return "#ffc078";
    }
    match t.kind {
        PrimitiveKind::Generic => "#e0e0e0",
        PrimitiveKind::PointerOrNumber => "#fff3b0",
        PrimitiveKind::Number => "#ffe08a",
        PrimitiveKind::Signed => "#9ecbff",
        PrimitiveKind::Unsigned => "#a8e6a3",
        PrimitiveKind::Float => "#ffb3c6",
        PrimitiveKind::Pointer => "#ffc078",
    }
}

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Graphviz: one cluster per function; values are ellipses, uses boxes,
/// filled by type (grey generic, yellow pointer-or-number/number, blue
/// signed, green unsigned, pink float, orange pointers). Dereference edges
/// are dashed with `*` at the pointer end, weak edges (across calls)
/// dotted; casts are red, conflicts bold red.
pub fn dot(tf: &LlvmTypeFlow<'_>, only: Option<&str>) -> Result<String, OutputError> {
    let g = tf.graph();
    let funcs = selected(tf, only)?;
    let mut out = String::from("graph typeflow {\n  node [fontname=\"monospace\", style=filled];\n");
    let mut shown = std::collections::HashSet::new();
    for (k, f) in funcs.iter().enumerate() {
        let _ = writeln!(out, "  subgraph \"cluster_{k}\" {{\n    label=\"{}\";", dot_escape(&f.name));
        for id in f.nodes.clone().map(NodeId) {
            let n = g.node(id).expect("listed nodes exist");
            let shape = if n.kind == NodeKind::Value { "ellipse" } else { "box" };
            let label = format!("{}\\n{}", dot_escape(tf.label(id)), dot_escape(&n.body.ty.c_name()));
            let _ =
                writeln!(out, "    n{} [label=\"{label}\", shape={shape}, fillcolor=\"{}\"];", id.0, fill(n.body.ty));
            shown.insert(id);
        }
        out.push_str("  }\n");
    }
    for f in &funcs {
        for e in edges_of(tf, f, &funcs) {
            for end in [e.a, e.b] {
                if shown.insert(end) {
                    // A node of a function not shown: drawn plain, qualified.
                    let _ = writeln!(
                        out,
                        "  n{} [label=\"{}\", shape=plaintext, style=\"\"];",
                        end.0,
                        dot_escape(&label_from(tf, f, end))
                    );
                }
            }
            let mut attrs = Vec::new();
            match e.level {
                1 => attrs.push("style=dashed, taillabel=\"*\"".to_string()),
                -1 => attrs.push("style=dashed, headlabel=\"*\"".to_string()),
                _ if e.weak => attrs.push("style=dotted".to_string()),
                _ => {}
            }
            match edge_status(g, e) {
                EdgeStatus::Same => {}
                EdgeStatus::Cast => attrs.push("color=red".into()),
                EdgeStatus::Conflict => attrs.push("color=red, penwidth=2.5".into()),
            }
            let a = if attrs.is_empty() { String::new() } else { format!(" [{}]", attrs.join(", ")) };
            let _ = writeln!(out, "  n{} -- n{}{a};", e.a.0, e.b.0);
        }
    }
    out.push_str("}\n");
    Ok(out)
}
