//! How a run goes: its inputs, their work in input order on threads, progress, the
//! output and its temporary files, and the exit code.

pub mod exit;
pub mod inputs;
pub mod ordered;
pub mod output;
pub mod progress;
pub mod scratch_records;
