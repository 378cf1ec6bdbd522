//! OptBaseTest (document 003, DTransOptBaseTest): every structure legal for
//! reordering is replaced by a copy with the same layout under the prefix
//! `__DDT_`, with its dependent types. It exercises OptBase without
//! changing any layout: programs must print the same, and the module must
//! differ only in type names (`tests/exec/names_only.sh`).
//!
//! Its steps are OptBase's defaults but for the two a pass must give: the
//! candidates (step 1) and their bodies (step 4), the old fields remapped
//! in the old order. Globals are mapped by LLVM's mapper, bodies remapped
//! by LLVM; nothing else changes (no layout moves, so TBAA and debug
//! information stay true).
use dtrans_analysis::info::Transform;
use dtrans_ir::{Module, Type};

use crate::optbase::{OptContext, OptError, OptPass, PassFactory};

pub const PREFIX: &str = "__DDT_";

pub struct OptBaseTest;

impl PassFactory for OptBaseTest {
    fn prefix(&self) -> &'static str {
        PREFIX
    }

    fn build<'m>(&self, _m: &'m Module<'_>) -> Box<dyn OptPass<'m> + 'm> {
        Box::new(TestPass)
    }
}

struct TestPass;

impl<'m> OptPass<'m> for TestPass {
    fn prepare_types(&mut self, cx: &mut OptContext<'m, '_>) -> Result<(), OptError> {
        let m = cx.m;
        let tm = cx.info.ptr.tm();
        let mut picked: Vec<Type<'m>> = Vec::new();
        for s in &cx.info.structs {
            let name = tm.struct_name(s.ty).unwrap_or_default().to_string();
            if let Some(why) = cx.rejection(s, Transform::ReorderFields) {
                cx.outcome.rejected.push((format!("%{name}"), why));
            } else if let Some(t) = m.struct_type(&name).filter(|t| !t.is_opaque_struct()) {
                picked.push(t);
            }
        }
        for t in picked {
            cx.add_own(t);
        }
        Ok(())
    }

    fn populate_types(&mut self, cx: &mut OptContext<'m, '_>) -> Result<(), OptError> {
        for (old, new) in cx.own.clone() {
            let fields: Vec<Type<'m>> = old.struct_fields().into_iter().map(|f| cx.remap(f)).collect();
            cx.own_bodies.push((new, fields, old.is_packed_struct()));
        }
        Ok(())
    }

    fn prepare_module(&mut self, cx: &mut OptContext<'m, '_>) -> Result<(), OptError> {
        let dl = cx.m.data_layout();
        for (old, new, dependent) in cx.replaced() {
            let size = dl.alloc_size(old);
            cx.outcome.changed.push(crate::optbase::Changed {
                name: format!("%{}", old.struct_name().unwrap_or_default()),
                new_name: format!("%{}", new.struct_name().unwrap_or_default()),
                size,
                new_size: dl.alloc_size(new),
                old_layout: Vec::new(),
                new_layout: Vec::new(),
                detail: if dependent { "holds a replaced structure".into() } else { "same layout".into() },
                dependent,
            });
        }
        Ok(())
    }
}
