//! The `pdnkit` command line: argument parsing and dispatch. Raw flags become a validated
//! configuration before any work starts; every subcommand returns the process exit code.

mod archive;
mod args;
mod cmd;
mod config;
mod format;
mod print;
mod run;
mod stderr;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use cmd::{
    convert, dedupe, fmt, lsp, merge, perft, positions, random, report, select, shell, show, split,
    stats, validate,
};
use run::exit::{EXIT_FAILURE, EXIT_OK};
use run::output;
use std::io;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "pdnkit",
    version,
    about = "Validate, convert and analyse PDN archives of Spantsiretti (10x8, GameType 41) \
             and Russian draughts (8x8, GameType 25)",
    long_about = None,
    after_help = "Exit codes: 0 all games valid, 1 at least one game invalid, \
                  2 usage error, unreadable input or internal failure."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Validate(validate::ValidateArgs),
    Convert(convert::ConvertArgs),
    Fmt(fmt::FmtArgs),
    Perft(perft::PerftArgs),
    Random(random::RandomArgs),
    Stats(stats::StatsArgs),
    Show(show::ShowArgs),
    Report(report::ReportArgs),
    Positions(positions::PositionsArgs),
    Select(Box<select::SelectArgs>),
    Dedupe(dedupe::DedupeArgs),
    Split(split::SplitArgs),
    Merge(merge::MergeArgs),
    Lsp(lsp::LspArgs),
    /// Print the path and the keys of the pdnkit.toml in effect (`pdnkit help config`
    /// documents every key).
    Config(shell::ConfigArgs),
    /// Print a completion script for a shell (bash, zsh, fish, powershell).
    #[command(after_help = "Install, for example:\n  \
        pdnkit completions bash > ~/.local/share/bash-completion/completions/pdnkit\n  \
        pdnkit completions zsh > ~/.zfunc/_pdnkit   # with fpath+=~/.zfunc in ~/.zshrc\n  \
        pdnkit completions fish > ~/.config/fish/completions/pdnkit.fish")]
    Completions(shell::CompletionsArgs),
    /// Print the man page (roff) of pdnkit or of one of its commands.
    #[command(after_help = "Install, for example:\n  \
        pdnkit man > ~/.local/share/man/man1/pdnkit.1\n  \
        pdnkit man validate > ~/.local/share/man/man1/pdnkit-validate.1")]
    Man(shell::ManArgs),
}

/// The command line definition (for completions and man pages too), with `help config`
/// naming the commands that read pdnkit.toml: those that take `--no-config`.
fn command() -> clap::Command {
    let command = Cli::command();
    let reading: Vec<&str> = command
        .get_subcommands()
        .filter(|c| c.get_arguments().any(|a| a.get_id() == "no_config"))
        .map(|c| c.get_name())
        .collect();
    let help = config::help(&reading);
    command.mut_subcommand("config", |c| c.after_long_help(help))
}

/// Runs the command line on the process's arguments (the `pdnkit` binary's `main`).
///
/// ```no_run
/// fn main() -> std::process::ExitCode {
///     pdnkit::cli::run()
/// }
/// ```
pub fn run() -> ExitCode {
    output::fail_writes_past_the_size_limit();
    let cli = Cli::from_arg_matches(&command().get_matches()).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Validate(args) => validate::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Fmt(args) => fmt::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Show(args) => show::run(args),
        Command::Random(args) => random::run(args),
        Command::Report(args) => report::run(args),
        Command::Positions(args) => positions::run(args),
        Command::Select(args) => select::run(*args),
        Command::Dedupe(args) => dedupe::run(args),
        Command::Split(args) => split::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Lsp(args) => lsp::run(args),
        Command::Config(args) => shell::config(args),
        Command::Completions(args) => shell::completions(args, command()),
        Command::Man(args) => shell::man(args, command()),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(EXIT_OK),
        Err(e) => {
            output::tell_error(&e.to_string());
            ExitCode::from(EXIT_FAILURE)
        }
    }
}
