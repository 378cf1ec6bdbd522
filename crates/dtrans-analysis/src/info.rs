//! AnalysisInfo (document 001's DTransAnalysisInfo): the types, the
//! recovered pointer types, the safety data and the field information of a
//! module, and the one table that says which conditions forbid which
//! transformation.
use dtrans_ir::Module;
use dtrans_types::{DType, TypeId};

use crate::fields::{analyze_fields, FieldInfo};
use crate::layout::{struct_fields, Layout};
use crate::ptr_types::PtrTypes;
use crate::regions::{FrequencyEstimate, Region};
use crate::safety::{analyze_safety, Condition, SafetyData, WholeProgram};

/// The layout transformations whose legality the analysis decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Transform {
    ReorderFields,
    DeleteField,
    AosToSoa,
    Peel,
}

impl Transform {
    pub const ALL: [Transform; 4] =
        [Transform::ReorderFields, Transform::DeleteField, Transform::AosToSoa, Transform::Peel];

    pub fn name(self) -> &'static str {
        match self {
            Transform::ReorderFields => "reorder-fields",
            Transform::DeleteField => "delete-field",
            Transform::AosToSoa => "aos-to-soa",
            Transform::Peel => "peel",
        }
    }

    /// The conditions that make the transformation illegal for a structure.
    ///
    /// Every transformation here changes where fields are, so it needs
    /// every access to the structure found and understood: no cast, no
    /// arithmetic, no escape to code it cannot see, no byte-wise copy it
    /// cannot rewrite, no layout fixed from outside (system types, C++
    /// handling, flexible arrays, no fields at all), no allocation whose
    /// size it cannot rewrite. Nesting is fine for reordering and deletion:
    /// a container's layout is recomputed from its nested structure's new
    /// one (dependent types, document 003), and byte offsets into nested
    /// fields are resolved through the nesting path. A structure nested in
    /// another cannot be split into arrays (NestedStruct: a nested instance
    /// is not in an array of its own); the structure that holds it can
    /// (ContainsNestedStruct does not forbid it): a field that is a
    /// structure, an array or a complex number moves to its side array as
    /// one unit, and every access inside it is reached from the field's
    /// new address (`dtrans-transforms`, `relayout/plan.rs`), unless the
    /// nested structure changes in the same pass (refused there).
    /// Instances on the stack, in globals and pointers held anywhere
    /// are fine for reordering and deletion: their accesses are rewritten.
    pub fn forbidding(self) -> Vec<Condition> {
        use Condition::*;
        const COMMON: &[Condition] = &[
            BadCasting,
            BadPtrManipulation,
            AmbiguousGEP,
            VolatileData,
            MismatchedElementAccess,
            WholeStructureReference,
            UnsafePointerStore,
            BadMemFuncSize,
            BadMemFuncManipulation,
            AmbiguousPointerTarget,
            UnsafePtrMerge,
            AddressTaken,
            NoFieldsInStruct,
            SystemObject,
            MismatchedArgUse,
            HasVTable,
            HasCppHandling,
            HasZeroSizedArray,
            UnhandledUse,
            BadAllocSizeArg,
            MergedByLinker,
        ];
        match self {
            // Reordering moves fields: static initializers are rewritten
            // with them (OptBase's global hooks, document 003). A field
            // whose address is taken stays
            // that field's address (offsets from it would be
            // BadPtrManipulation, escapes to unseen code AddressTaken). A
            // memset or copy over a run of whole fields
            // (MemFuncPartialWrite) is allowed: the transformation splits
            // it into one per field (document 001).
            Transform::ReorderFields => COMMON.to_vec(),
            // Deleting a field removes its accesses: a field whose address
            // is taken may be accessed through memory where the analysis
            // does not see which field it is, so it stays.
            Transform::DeleteField => [COMMON, &[FieldAddressTaken]].concat(),
            // Splitting the structure into arrays needs every instance in
            // one array: no instances on the stack or alone in globals, no
            // initialized global instances, no field addresses, no partial
            // writes over several fields (one inside a single field is
            // not forbidding: see `AnalysisInfo::legal`), not nested in
            // another structure. This is the safety part only: that all
            // instances are in one array (one allocation, or one global
            // array: GlobalArray is allowed here), and every pointer stays
            // inside it, is the transformation's own legality check
            // (`dtrans-transforms`, `relayout/sites.rs`).
            Transform::AosToSoa | Transform::Peel => [
                COMMON,
                &[
                    FieldAddressTaken,
                    MemFuncPartialWrite,
                    HasInitializerList,
                    GlobalInstance,
                    LocalInstance,
                    NestedStruct,
                ],
            ]
            .concat(),
        }
    }
}

/// One structure: layout, conditions, fields.
pub struct StructInfo {
    pub ty: TypeId,
    pub size: Option<u64>,
    pub align: Option<u64>,
    /// Offset and size of each field.
    pub layout: Vec<(Option<u64>, Option<u64>)>,
    pub safety: SafetyData,
    pub fields: Vec<FieldInfo>,
    /// Where and how the program visits its objects (the cost model's
    /// input).
    pub regions: Vec<Region>,
}

pub struct AnalysisInfo<'m> {
    pub ptr: PtrTypes<'m>,
    pub whole_program: WholeProgram,
    /// Every named structure with a body, sorted by name.
    pub structs: Vec<StructInfo>,
}

impl<'m> AnalysisInfo<'m> {
    /// Runs the safety analysis and field information over a module whose
    /// pointer types are recovered.
    /// `union_members`: structures that are members of a source union
    /// ([`crate::Prepared`]); `est`: the static frequency estimate (the
    /// cost model's).
    pub fn new(m: &'m Module<'_>, ptr: PtrTypes<'m>, union_members: &[String], est: FrequencyEstimate) -> Self {
        let (mut safety, whole_program) = analyze_safety(m, &ptr, union_members);
        let (mut fields, mut regions) = analyze_fields(m, &ptr, est);
        let mut layout = Layout::new(m);
        let tm = ptr.tm();
        let mut ids: Vec<TypeId> = tm.structs().iter().copied().filter(|s| struct_fields(tm, *s).is_some()).collect();
        ids.sort_by_key(|s| tm.struct_name(*s).unwrap_or_default().to_string());
        let mut structs = Vec::new();
        for s in ids {
            let n = struct_fields(tm, s).map_or(0, |f| f.len());
            let lay = (0..n as u32)
                .map(|k| {
                    let f = struct_fields(tm, s).and_then(|f| f.get(k as usize).copied());
                    (layout.field_offset(tm, s, k), f.and_then(|f| layout.size(tm, f)))
                })
                .collect();
            let ir = layout.ir_type(tm, s);
            let safety = safety.remove(&s).unwrap_or_default();
            let mut fields = fields.remove(&s).unwrap_or_else(|| vec![FieldInfo::default(); n]);
            // Values and allocators are only known where every write is
            // seen: a structure the analysis cannot follow, or a program
            // that is not whole, may be written anywhere.
            let blind = !whole_program.ok()
                || safety.conditions.keys().any(|c| c.spreads_by_value() || *c == Condition::FieldAddressTaken);
            if blind {
                let types = struct_fields(tm, s).unwrap_or(&[]);
                for (f, t) in fields.iter_mut().zip(types) {
                    f.single_value = crate::fields::SingleValue::Multiple;
                    if matches!(tm.get(*t), DType::Pointer(_)) {
                        f.single_alloc = crate::fields::SingleAlloc::Bottom;
                    }
                }
            }
            structs.push(StructInfo {
                ty: s,
                size: layout.size(tm, s),
                align: ir.and_then(|t| m.data_layout().abi_align(t)).map(u64::from),
                layout: lay,
                safety,
                fields,
                regions: regions.remove(&s).unwrap_or_default(),
            });
        }
        AnalysisInfo { ptr, whole_program, structs }
    }

    /// Whether `t` may be applied to structure `s`; the conditions that
    /// forbid it otherwise (empty with `false`: the program is not whole).
    ///
    /// MemFuncPartialWrite forbids splitting only when some partial write
    /// covers more than one of the structure's fields: a memset or copy
    /// inside one field (a nested structure copied whole, part of an
    /// array) stays inside that field wherever the field goes; the pass
    /// reaches it through the field's new address or refuses the call.
    pub fn legal(&self, s: &StructInfo, t: Transform) -> (bool, Vec<Condition>) {
        self.legal_with(s, t, false)
    }

    /// `legal`, and with `local_arrays` LocalInstance does not forbid
    /// splitting when every local instance is in a local array of a
    /// constant count (`SafetyData::lone_local`): the `blocks` pass gives
    /// such an array blocks of its own on the stack.
    pub fn legal_with(&self, s: &StructInfo, t: Transform, local_arrays: bool) -> (bool, Vec<Condition>) {
        let split = matches!(t, Transform::AosToSoa | Transform::Peel);
        let excused = |c: Condition| {
            (split && c == Condition::MemFuncPartialWrite && !s.safety.partial_write_across_fields)
                || (split && local_arrays && c == Condition::LocalInstance && !s.safety.lone_local)
        };
        let blocking: Vec<Condition> =
            t.forbidding().into_iter().filter(|c| s.safety.has(*c) && !excused(*c)).collect();
        (blocking.is_empty() && self.whole_program.ok(), blocking)
    }

    pub fn struct_name(&self, s: &StructInfo) -> String {
        self.ptr.tm().display(s.ty).to_string()
    }

    pub fn is_struct(&self, t: TypeId) -> bool {
        matches!(self.ptr.tm().get(t), DType::Struct(_))
    }
}

/// Look up by name (`%struct.S` or `struct.S`).
pub fn find_struct<'a>(info: &'a AnalysisInfo<'_>, name: &str) -> Option<&'a StructInfo> {
    let want = name.strip_prefix('%').unwrap_or(name);
    info.structs.iter().find(|s| info.ptr.tm().struct_name(s.ty) == Some(want))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn condition_names_are_the_specification_names() {
        for c in Condition::ALL {
            assert_eq!(c.name(), format!("{c:?}"), "the printed name is the enum's, as in document 001");
        }
        let mut names: Vec<&str> = Condition::ALL.iter().map(|c| c.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 32, "30 conditions of document 001, BadAllocSizeArg and MergedByLinker, each once");
    }

    #[test]
    fn every_transformation_forbids_the_casts_and_escapes() {
        for t in Transform::ALL {
            let f = t.forbidding();
            for c in
                [Condition::BadCasting, Condition::AddressTaken, Condition::UnhandledUse, Condition::BadAllocSizeArg]
            {
                assert!(f.contains(&c), "{} must forbid {}", t.name(), c.name());
            }
        }
        // Splitting into arrays needs every instance in one allocation.
        for t in [Transform::AosToSoa, Transform::Peel] {
            assert!(t.forbidding().contains(&Condition::GlobalInstance));
            assert!(t.forbidding().contains(&Condition::LocalInstance));
        }
        assert!(!Transform::ReorderFields.forbidding().contains(&Condition::LocalInstance));
        assert!(Transform::DeleteField.forbidding().contains(&Condition::FieldAddressTaken));
    }
}
