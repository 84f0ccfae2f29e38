//! How a run goes: its inputs, their work in input order on threads, progress, memory, the
//! output and its temporary files, and the exit code.

pub mod exit;
pub mod inputs;
pub mod memory;
pub mod ordered;
pub mod output;
pub mod progress;
pub mod scratch_records;
