//! What goes to standard error beside the output: diagnostics capped per game and file, notes
//! folded into one per file, and what `convert` says about the games it writes.

pub mod cap;
pub mod convert;
pub mod fold;
