//! Output of `dtrans types` (text and JSON, per DESIGN.md's contract).
use std::collections::HashMap;
use std::fmt::Write;

use dtrans_ir::{Function, Instruction};
use dtrans_types::{instruction_label, struct_ref, ModuleTypes, StructSource};
use serde_json::{json, Value as Json};

/// Labels of the instructions of one function, computed once per function.
struct Labels<'a, 'm> {
    types: &'a ModuleTypes<'m>,
    names: HashMap<Function<'m>, HashMap<dtrans_ir::Value<'m>, String>>,
}

impl<'a, 'm> Labels<'a, 'm> {
    fn new(types: &'a ModuleTypes<'m>) -> Self {
        Labels { types, names: HashMap::new() }
    }

    /// (`@function`, `%label`) of an instruction.
    fn of(&mut self, inst: Instruction<'m>) -> (String, String) {
        let Some(f) = inst.parent_function() else { return ("?".into(), "?".into()) };
        let names = self.names.entry(f).or_insert_with(|| f.local_names());
        (self.types.label(f.as_value()), instruction_label(names, inst))
    }
}

pub fn text(t: &ModuleTypes<'_>) -> String {
    let tm = &t.tm;
    let mut out = String::new();
    for (id, source) in &t.structs {
        let note = if *source == StructSource::Ir { " ; no metadata" } else { "" };
        let _ = writeln!(out, "{}{note}", tm.struct_definition(*id));
    }
    for (f, ty) in &t.functions {
        let _ = writeln!(out, "function {}: {}", t.label(f.as_value()), tm.display(*ty));
    }
    for (g, ty) in &t.globals {
        let _ = writeln!(out, "global {}: {}", t.label(*g), tm.display(*ty));
    }
    let mut labels = Labels::new(t);
    for (kind, list) in [("alloca", &t.allocas), ("call", &t.calls)] {
        for (inst, ty) in list {
            let (f, l) = labels.of(*inst);
            let _ = writeln!(out, "{kind} {l} in {f}: {}", tm.display(*ty));
        }
    }
    for tw in &t.twins {
        let _ = writeln!(
            out,
            "merged by the linker: {} field {}: metadata {}, IR {} (same body)",
            tm.display(tw.holder),
            tw.field,
            tm.display(tw.source),
            tm.display(tw.ir)
        );
    }
    for d in &t.diagnostics {
        let _ = writeln!(out, "diagnostic: {d}");
    }
    out
}

pub fn json<'m>(t: &ModuleTypes<'m>) -> Json {
    let tm = &t.tm;
    let ty = |id| tm.display(id).to_string();
    let structs: Vec<Json> = t
        .structs
        .iter()
        .map(|(id, source)| {
            let body = tm.struct_body(*id).cloned().unwrap_or_default();
            json!({
                "name": struct_ref(tm.struct_name(*id).unwrap_or_default()),
                "fields": body.fields.clone().unwrap_or_default().into_iter().map(ty).collect::<Vec<_>>(),
                "opaque": body.fields.is_none(),
                "packed": body.packed,
                "source": if *source == StructSource::Metadata { "metadata" } else { "ir" },
            })
        })
        .collect();
    let functions: Vec<Json> =
        t.functions.iter().map(|(f, id)| json!({"name": t.label(f.as_value()), "type": ty(*id)})).collect();
    let globals: Vec<Json> = t.globals.iter().map(|(g, id)| json!({"name": t.label(*g), "type": ty(*id)})).collect();
    let mut labels = Labels::new(t);
    let mut insts = |list: &[(Instruction<'m>, dtrans_types::TypeId)]| -> Vec<Json> {
        list.iter()
            .map(|(i, id)| {
                let (f, l) = labels.of(*i);
                json!({"function": f, "name": l, "type": ty(*id)})
            })
            .collect()
    };
    let allocas = insts(&t.allocas);
    let calls = insts(&t.calls);
    json!({
        "structs": structs,
        "functions": functions,
        "globals": globals,
        "allocas": allocas,
        "calls": calls,
        "diagnostics": t.diagnostics,
    })
}
