//! The `pdnkit` command line: the library's `cli` module (feature `cli`), where each
//! subcommand lives in `cli/cmd/`.
#![forbid(unsafe_code)]

/// Results made on one thread are freed on another (the workers' games, the printing
/// thread's writes): glibc's arenas serialise that on a lock, mimalloc does not.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    pdnkit::cli::run()
}
