//! The `pdnkit` command line: the library's `cli` module (feature `cli`), where each
//! subcommand lives in `cli/cmd/`.
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    pdnkit::cli::run()
}
