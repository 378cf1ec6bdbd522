//! Whole-program cleanup before analysis: code no kept symbol can reach is
//! removed, so that its casts and escapes do not decide what the analysis
//! says of structures that the code which can run uses (issue 21: a real
//! program linked whole with a library kept the library's unused entry
//! points, and their casts made its hot structure AddressTaken).
use crate::{ffi, Module};

/// What [`Module::whole_program_cleanup`] removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cleanup {
    pub functions_before: usize,
    pub functions_after: usize,
    pub globals_before: usize,
    pub globals_after: usize,
}

impl Cleanup {
    pub fn functions_removed(&self) -> usize {
        self.functions_before.saturating_sub(self.functions_after)
    }

    pub fn globals_removed(&self) -> usize {
        self.globals_before.saturating_sub(self.globals_after)
    }
}

impl Module<'_> {
    /// Gives every definition whose name is not in `keep` internal linkage
    /// (LLVM's `internalize`: declarations, `llvm.*` globals and
    /// `llvm.used` members are left alone) and removes the functions and
    /// globals that no kept symbol reaches (LLVM's `globaldce`). Only for a
    /// whole program: a symbol used from outside the module and not kept
    /// would be lost. Takes `&mut self`: it deletes IR objects, so no handle
    /// may be alive.
    pub fn whole_program_cleanup(&mut self, keep: &[&str]) -> Cleanup {
        let ptrs: Vec<*const std::ffi::c_char> = keep.iter().map(|k| k.as_ptr().cast()).collect();
        let lens: Vec<usize> = keep.iter().map(|k| k.len()).collect();
        let mut counts = [0usize; 4];
        // SAFETY: `&mut self`, so no handle into the module is alive while
        // LLVM's passes delete functions and globals; `ptrs`/`lens` describe
        // `keep`'s strings, alive for the call; `counts` has the 4 slots the
        // shim writes.
        unsafe {
            ffi::dtrans_whole_program_cleanup(self.raw(), ptrs.as_ptr(), lens.as_ptr(), keep.len(), counts.as_mut_ptr())
        };
        Cleanup {
            functions_before: counts[0],
            functions_after: counts[1],
            globals_before: counts[2],
            globals_after: counts[3],
        }
    }
}
