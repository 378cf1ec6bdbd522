//! `dtrans advise`: the facts of a program for `dtrans_advise` (the
//! analysis of the linked module, then what the default passes do to it)
//! and the output: text, JSON or HTML, and patched sources (`--apply`).
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context as _, Result};
use dtrans_advise::{Blocker, Change, Facts, FieldFacts, StructFacts};
use dtrans_analysis::{analysis_report, analyze, info::AnalysisInfo, prepare};
use dtrans_ir::{Context, Module, Opcode, Type, TypeKind};
use dtrans_transforms::pipeline::{self, PassOptions, Report};
use dtrans_types::read_module;

pub const HELP: &str = "\
Usage: dtrans advise [--format text|json|html] [-o FILE] [--apply DIR] ARGS...

Layout advice for the program that `dtrans cc ARGS` would build (its
sources and objects; or one linked .ll/.bc module): for each structure
dtrans changes, its definition rewritten as the passes lay it out (fields
reordered, dead fields removed with where they are written, hot and cold
parts as parallel arrays) with the predicted saving; for each structure
that wastes bytes but that dtrans cannot prove safe to change, the source
lines of what blocks it.

  --format F   text (default), json, or html (a self-contained page with
               each layout drawn as cache-line rows)
  -o FILE      write there instead of standard output
  --apply DIR  write copies of the sources (and the headers beside them)
               to DIR with the simple changes made (fields reordered, dead
               fields and their side-effect-free writes removed) where
               dtrans changes nothing else
";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Json,
    Html,
}

pub fn run(ctx: &'static Context, args: &[String]) -> Result<ExitCode> {
    let mut format = Format::Text;
    let mut output: Option<PathBuf> = None;
    let mut apply_dir: Option<PathBuf> = None;
    let mut rest = Vec::new();
    let mut i = 0;
    let value = |i: &mut usize, flag: &str| -> Result<String> {
        *i += 1;
        args.get(*i).cloned().ok_or_else(|| anyhow!("advise: {flag} needs a value"))
    };
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "-h" | "--help" => {
                print!("{HELP}");
                return Ok(ExitCode::SUCCESS);
            }
            "--format" => format = parse_format(&value(&mut i, a)?)?,
            "-o" => output = Some(PathBuf::from(value(&mut i, a)?)),
            "--apply" => apply_dir = Some(PathBuf::from(value(&mut i, a)?)),
            _ => {
                if let Some(v) = a.strip_prefix("--format=") {
                    format = parse_format(v)?;
                } else if let Some(v) = a.strip_prefix("--apply=") {
                    apply_dir = Some(PathBuf::from(v));
                } else if let Some(v) = a.strip_prefix("-o").filter(|v| !v.is_empty()) {
                    output = Some(PathBuf::from(v));
                } else {
                    rest.push(args[i].clone());
                }
            }
        }
        i += 1;
    }
    if rest.is_empty() {
        bail!("advise: no input (give the program's sources, objects, or one linked .ll/.bc module)");
    }
    // One linked module as it is; else what dtrans cc would link.
    let single = rest.len() == 1 && (rest[0].ends_with(".ll") || rest[0].ends_with(".bc"));
    let (module, sources, _guard) = if single {
        (PathBuf::from(&rest[0]), Vec::new(), None)
    } else {
        let mp = crate::cc::merged_program(&rest).context("advise")?;
        (mp.module.clone(), mp.sources.clone(), Some(mp))
    };
    let m = crate::load(ctx, &module)?;
    let (facts, m) = gather(m)?;
    let mut advice = dtrans_advise::build(&facts);
    crate::skip_teardown(m);
    dtrans_advise::apply::fill_sources(&mut advice, &facts);
    if let Some(dir) = &apply_dir {
        if sources.is_empty() {
            bail!("advise: --apply needs the program's C sources, not a linked module");
        }
        let applied = dtrans_advise::apply::apply(&mut advice, &facts, &sources, dir)
            .map_err(|e| anyhow!("advise: --apply {}: {e}", dir.display()))?;
        eprintln!("dtrans: advise: {} in {}", applied.summary(), dir.display());
    }
    let text = match format {
        Format::Text => dtrans_advise::text(&advice),
        Format::Json => serde_json::to_string_pretty(&advice)? + "\n",
        Format::Html => {
            let title = match sources.first() {
                Some(s) => format!("dtrans advise: {}", s.display()),
                None => format!("dtrans advise: {}", module.display()),
            };
            dtrans_advise::html::html(&advice, &title)
        }
    };
    match &output {
        Some(path) => write_whole(path, text.as_bytes())?,
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

fn parse_format(v: &str) -> Result<Format> {
    match v {
        "text" => Ok(Format::Text),
        "json" => Ok(Format::Json),
        "html" => Ok(Format::Html),
        other => bail!("advise: unknown format '{other}' (text, json or html)"),
    }
}

/// Whether `t` is or holds (by value) structure `s`.
fn holds(t: Type<'_>, s: &str, depth: u32) -> bool {
    if depth > 16 {
        return false;
    }
    match t.kind() {
        TypeKind::LLVMStructTypeKind => {
            t.struct_name().is_some_and(|n| n == s) || t.struct_fields().into_iter().any(|f| holds(f, s, depth + 1))
        }
        TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => {
            t.element_type().is_some_and(|e| holds(e, s, depth + 1))
        }
        _ => false,
    }
}

/// The facts: the analysis of the module as linked, then the default
/// passes run over it (the module is changed; it is returned to be
/// dropped by the caller).
fn gather<'c>(mut m: Module<'c>) -> Result<(Facts, Module<'c>)> {
    let exposed = pipeline::exposed_symbols(&m);
    let prepared = prepare(&mut m);
    let types = read_module(&m);
    let pt = analyze(&m, types, prepared.source);
    let info = AnalysisInfo::new(
        &m,
        pt,
        &prepared.union_members,
        dtrans_transforms::relayout::cost::CostModel::default().estimate(),
    );
    let rep = analysis_report::build(&info, None).ok_or_else(|| anyhow!("advise: no analysis report"))?;
    // Where each field is written: stores the analysis maps to it.
    let tm = info.ptr.tm();
    let mut writes: BTreeMap<(String, u32), Vec<String>> = BTreeMap::new();
    for f in m.functions().filter(|f| !f.is_declaration()) {
        for i in f.instructions() {
            if i.opcode() != Opcode::LLVMStore {
                continue;
            }
            let (Some(addr), Some(loc)) = (i.operand(1), i.debug_location()) else { continue };
            let Some(vi) = info.ptr.info(addr) else { continue };
            for e in &vi.elements {
                let name = tm.display(e.aggregate).to_string();
                let list = writes.entry((name, e.field)).or_default();
                let at = format!("{}:{}", loc.0, loc.1);
                if !list.contains(&at) {
                    list.push(at);
                }
            }
        }
    }
    drop(info);
    // Structures a constant initializer holds (C brace initializers).
    let initialized: Vec<String> = m
        .globals()
        .filter_map(|g| g.initializer())
        .filter(|c| !c.is_null_or_undef())
        .flat_map(|c| {
            m.struct_types_named()
                .into_iter()
                .filter_map(|(t, _)| t.struct_name())
                .filter(move |n| holds(c.ty(), n, 0))
                .collect::<Vec<_>>()
        })
        .collect();
    let composites = m.debug_composites();
    let mut structs = Vec::new();
    for s in &rep.structs {
        let ir_name = s.name.trim_start_matches('%').to_string();
        let Some(t) = m.struct_type(&ir_name) else { continue };
        let (di, names) = dtrans_transforms::relayout::debug_source(&m, &composites, t);
        let (tag, defined_at) = match di {
            Some(d) => {
                let tag = match d.di_type() {
                    Some(dtrans_ir::DiType::Composite { name, .. }) if !name.is_empty() => Some(name),
                    _ => None,
                };
                (tag, d.di_source().map(|(f, l)| (relative(&f), l)))
            }
            None => (None, None),
        };
        let fields = s
            .fields
            .iter()
            .enumerate()
            .map(|(k, f)| FieldFacts {
                name: names.get(k).cloned().unwrap_or_else(|| format!("field{k}")),
                ty: f.ty.clone(),
                offset: f.offset.unwrap_or(0),
                size: f.size.unwrap_or(0),
                read: f.read,
                written: f.written,
                frequency: f.frequency,
                writes: writes.get(&(s.name.clone(), k as u32)).cloned().unwrap_or_default(),
            })
            .collect();
        let mut blockers: Vec<Blocker> = Vec::new();
        for t in ["reorder-fields", "delete-field"] {
            let blocked = s.blocked_by.get(t).and_then(|v| v.as_array()).cloned().unwrap_or_default();
            for b in blocked.iter().filter_map(|b| b.as_str()) {
                if blockers.iter().any(|x| x.condition == b) {
                    continue;
                }
                let Some(c) = s.safety.iter().find(|c| c.condition == b) else { continue };
                let mut sites = vec![c.r#where.clone()];
                sites.extend(c.also.iter().cloned());
                blockers.push(Blocker {
                    condition: b.to_string(),
                    words: dtrans_advise::condition_words(b).to_string(),
                    sites,
                    count: c.count,
                });
            }
        }
        structs.push(StructFacts {
            ir_name: ir_name.clone(),
            tag,
            defined_at,
            size: s.size.unwrap_or(0),
            fields,
            blockers,
            accessed: !s.regions.is_empty(),
            initialized: initialized.contains(&ir_name),
            ..Default::default()
        });
    }
    // Which structures hold which by value (their initializers hold it).
    let tags: Vec<(String, Option<String>)> = structs.iter().map(|s| (s.ir_name.clone(), s.tag.clone())).collect();
    for s in &mut structs {
        for (holder, tag) in &tags {
            let Some(t) = m.struct_type(holder) else { continue };
            let inside = holder != &s.ir_name && t.struct_fields().into_iter().any(|f| holds(f, &s.ir_name, 0));
            if let (true, Some(tag)) = (inside, tag) {
                s.held_by.push(tag.clone());
            }
        }
    }
    let whole_program = rep.whole_program && exposed.is_empty();
    // What dtrans cc would do.
    let report = if whole_program {
        let passes: Vec<String> = pipeline::DEFAULT_PASSES.iter().map(|p| p.to_string()).collect();
        pipeline::run(&mut m, &pipeline::for_codegen(&passes), PassOptions::default()).context("advise: the passes")?
    } else {
        Report::default()
    };
    for s in &mut structs {
        follow(s, &report);
    }
    Ok((Facts { structs, whole_program }, m))
}

/// The passes' changes of `s` (followed through its new names), why they
/// left it alone, and the predicted traffic of the final layout.
fn follow(s: &mut StructFacts, report: &Report) {
    let mut names = vec![format!("%{}", s.ir_name)];
    for c in &report.changed {
        if names.last() == Some(&c.name) && !c.dependent {
            s.changes.push(Change {
                pass: c.pass.clone(),
                detail: c.detail.clone(),
                new_size: c.new_size.unwrap_or(0),
                new_layout: c.new_layout.clone(),
            });
            names.push(c.new.clone());
        } else if names.last() == Some(&c.name) {
            names.push(c.new.clone());
        }
    }
    for r in &report.rejected {
        if names.contains(&r.name) {
            s.rejected.push((r.pass.clone(), r.reason.clone()));
        }
    }
    let mut ratio = 1.0;
    let mut any = false;
    for p in report.predictions.iter().filter(|p| names.contains(&p.name)) {
        if s.hottest.is_none() {
            s.hottest = p.hot.clone();
        }
        if p.choice != "as is" {
            if let Some(l) = p.layouts.iter().skip(1).find(|l| l.kind == p.choice) {
                ratio *= l.ratio;
                any = true;
            }
        }
    }
    if any {
        s.predicted = Some(ratio);
    }
}

/// `path` relative to the current directory when it is inside it (as the
/// debug locations of a build from there name files).
fn relative(path: &str) -> String {
    match std::env::current_dir() {
        Ok(cwd) => Path::new(path).strip_prefix(&cwd).map_or(path.to_string(), |r| r.display().to_string()),
        Err(_) => path.to_string(),
    }
}

/// Writes `path` whole or not at all (a temporary file beside it, renamed).
fn write_whole(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = path.with_extension("advise-tmp");
    std::fs::write(&tmp, bytes).with_context(|| format!("advise: cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| {
        let _ = std::fs::remove_file(&tmp);
        format!("advise: cannot write {}", path.display())
    })
}
