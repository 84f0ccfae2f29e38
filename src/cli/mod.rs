//! Argument parsing and dispatch. Raw flags become a validated configuration before any
//! work starts; every subcommand returns the process exit code.

mod archive;
mod args;
mod canonical;
mod cap;
mod common;
mod config;
mod convert;
mod convert_messages;
mod dedupe;
mod fmt;
mod fold;
mod inputs;
mod memory;
mod merge;
mod ordered;
mod output;
mod parquet;
mod perft;
mod positions;
mod random;
mod report;
mod report_junit;
mod report_page;
mod report_sarif;
mod scratch_records;
mod select;
mod shell;
mod show;
mod split;
mod stats;
mod validate;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io;
use std::process::ExitCode;

/// Exit code: every game valid / the command did its job.
pub const EXIT_OK: u8 = 0;
/// Exit code: at least one game is invalid.
pub const EXIT_INVALID: u8 = 1;
/// Exit code: usage error, unreadable input or internal failure.
pub const EXIT_FAILURE: u8 = 2;

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
    Report(report_page::ReportArgs),
    Positions(positions::PositionsArgs),
    Select(Box<select::SelectArgs>),
    Dedupe(dedupe::DedupeArgs),
    Split(split::SplitArgs),
    Merge(merge::MergeArgs),
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
pub fn command() -> clap::Command {
    let command = Cli::command();
    let reading: Vec<&str> = command
        .get_subcommands()
        .filter(|c| c.get_arguments().any(|a| a.get_id() == "no_config"))
        .map(|c| c.get_name())
        .collect();
    let help = config::help(&reading);
    command.mut_subcommand("config", |c| c.after_long_help(help))
}

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
        Command::Report(args) => report_page::run(args),
        Command::Positions(args) => positions::run(args),
        Command::Select(args) => select::run(*args),
        Command::Dedupe(args) => dedupe::run(args),
        Command::Split(args) => split::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Config(args) => shell::config(args),
        Command::Completions(args) => shell::completions(args),
        Command::Man(args) => shell::man(args),
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

/// The exit code of a run that saw `invalid` invalid games and `unreadable` inputs it could
/// not read.
pub fn verdict(invalid: usize, unreadable: usize) -> u8 {
    if unreadable > 0 {
        EXIT_FAILURE
    } else if invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    }
}

/// Ends a run whose output failed with `e`: a closed standard output pipe (the reader of the
/// output has all it wants) ends quietly with the `verdict` of what was read; anything else is
/// the run's error.
pub fn closed_pipe(e: io::Error, verdict: u8) -> io::Result<u8> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Ok(verdict)
    } else {
        Err(e)
    }
}

/// Output format shared by the subcommands that report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
}

/// The game type of games without a GameType tag, as given (`--game-type`, `game-type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GameTypeArg {
    /// The board the game's FEN, squares and moves fit.
    Auto,
    #[value(name = "41", alias = "spantsiretti")]
    Spantsiretti,
    #[value(name = "25", alias = "russian")]
    Russian,
}

impl GameTypeArg {
    /// The variant forced (None for auto).
    pub fn variant(self) -> Option<pdnkit::Variant> {
        match self {
            GameTypeArg::Auto => None,
            GameTypeArg::Spantsiretti => Some(pdnkit::Variant::Spantsiretti),
            GameTypeArg::Russian => Some(pdnkit::Variant::Russian),
        }
    }

    /// Reads a name as the command line does (a config file's value).
    pub fn parse(name: &str) -> Result<GameTypeArg, String> {
        <GameTypeArg as clap::ValueEnum>::from_str(name, true).map_err(|_| {
            format!("\"{name}\" is not a game type: use auto, 41 or spantsiretti, 25 or russian")
        })
    }
}

/// The game type to play (perft, random).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum VariantArg {
    #[value(name = "41", alias = "spantsiretti")]
    Spantsiretti,
    #[value(name = "25", alias = "russian")]
    Russian,
}

impl VariantArg {
    pub fn variant(self) -> pdnkit::Variant {
        match self {
            VariantArg::Spantsiretti => pdnkit::Variant::Spantsiretti,
            VariantArg::Russian => pdnkit::Variant::Russian,
        }
    }
}
