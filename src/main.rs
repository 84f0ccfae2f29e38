//! The `pdnkit` command line: glue over the library. Each subcommand lives in `cli/`.
// Denied rather than forbidden: one call asks glibc's allocator for a single arena
// (`cli::memory::one_arena`, allowed there alone); the library forbids unsafe code.
#![deny(unsafe_code)]

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
