//! Argument parsing and dispatch. Raw flags become a validated configuration before any
//! work starts; every subcommand returns the process exit code.

mod common;
mod convert;
mod inputs;
mod memory;
mod ordered;
mod output;
mod perft;
mod random;
mod report;
mod report_page;
mod show;
mod stats;
mod validate;

use clap::{Parser, Subcommand};
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
    Perft(perft::PerftArgs),
    Random(random::RandomArgs),
    Stats(stats::StatsArgs),
    Show(show::ShowArgs),
    Report(report_page::ReportArgs),
}

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Validate(args) => validate::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Show(args) => show::run(args),
        Command::Random(args) => random::run(args),
        Command::Report(args) => report_page::run(args),
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

/// Game type given on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GameTypeArg {
    #[value(name = "41")]
    Spantsiretti,
    #[value(name = "25")]
    Russian,
}

impl GameTypeArg {
    pub fn variant(self) -> pdnkit::Variant {
        match self {
            GameTypeArg::Spantsiretti => pdnkit::Variant::Spantsiretti,
            GameTypeArg::Russian => pdnkit::Variant::Russian,
        }
    }
}
