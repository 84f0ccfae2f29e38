//! One file per command: its arguments, and its `run`, which returns the process exit code.
//! What several commands share lives beside `cmd/`: `archive.rs`, `format/`, `stderr/`, `print/`
//! and `run/`.

pub mod convert;
pub mod dedupe;
pub mod fmt;
pub mod lsp;
pub mod merge;
pub mod perft;
pub mod positions;
pub mod random;
pub mod report;
pub mod select;
pub mod shell;
pub mod show;
pub mod split;
pub mod stats;
pub mod validate;
