//! The `pdnkit` command line: glue over the library. Each subcommand lives in `cli/`.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
