//! `dtrans advise`: layout advice in C source for code that cannot be
//! built with dtrans (issue 26). The caller (the `dtrans` binary) gathers
//! [`Facts`] from the linked program: the analysis's field information
//! and safety conditions with their source lines, the passes' report (what
//! `dtrans cc` would change), the definitions' places from the debug
//! information. This crate turns them into [`Advice`]: per structure the
//! layout before and after, the fields removed and where they are written,
//! the blockers of a structure that would be worth changing, the
//! definition rewritten in C ([`source`]); and prints it as text, JSON or a
//! self-contained HTML page with the layouts drawn as cache-line rows
//! ([`html`]). [`apply`] writes patched copies of the sources for the
//! simple cases (reorder, removal of dead fields).
#![forbid(unsafe_code)]
#![warn(unreachable_pub)]

pub mod apply;
pub mod html;
mod model;
pub mod source;
mod text;

pub use model::{
    build, condition_words, parse_layout_entry, Advice, Blocker, Change, Facts, FieldFacts, FieldView, Record, Removed,
    StructAdvice, StructFacts, Verdict,
};
pub use text::text;
